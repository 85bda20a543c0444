// The edits a user makes, as commands: each reads the project, touches nothing, and returns the patch
// (src/core/model/patch.ts) with its inverse for the items it changes. Validation is separate
// (validateEdit.ts), so an owner checks the result before it becomes the model.
import { getItemType } from './registry'
import { cloneJson } from './parameters'
import {
  applyPatch,
  KIND_OF_LIST,
  MODEL_LIST_KEYS,
  modifyOperation,
  PatchError,
  type EditableProject,
  type ModelPatch,
} from './patch'
import { referencesTo, sameRef, uniqueName, type ItemRef } from './references'
import { resizeTreeLinks } from '../items/common/kinematicTreeLinks'
import type { ItemSpec, JsonValue, ModelListKey } from './types'

/** One undoable edit: what it does (for the Edit menu and the log), the patch and its inverse. */
export interface Edit {
  label: string
  patch: ModelPatch
  inverse: ModelPatch
}

function edit(doc: EditableProject, label: string, patch: ModelPatch): Edit {
  return { label, patch, inverse: applyPatch(doc, patch).inverse }
}

function itemOf(doc: EditableProject, ref: ItemRef): ItemSpec {
  const item = doc.model[ref.kind].find((i) => i.name === ref.name)
  if (!item)
    throw new PatchError(
      { path: ref.kind, message: `no ${KIND_OF_LIST[ref.kind]} named "${ref.name}"` },
      'not-found',
    )
  return item
}

export function addItems(
  doc: EditableProject,
  additions: { kind: ModelListKey; item: ItemSpec }[],
  label = `Add ${additions.map(({ item }) => item.name).join(', ')}`,
): Edit {
  return edit(
    doc,
    label,
    additions.map(({ kind, item }) => ({ op: 'add', kind, item: cloneJson(item) })),
  )
}

/** Sets parameters of one item; `undefined` removes a parameter (it takes its default). */
export function setParameters(
  doc: EditableProject,
  ref: ItemRef,
  values: Record<string, JsonValue | undefined>,
): Edit {
  itemOf(doc, ref)
  const set: Record<string, JsonValue> = {}
  const unset: string[] = []
  for (const [key, value] of Object.entries(values))
    if (value === undefined) unset.push(key)
    else set[key] = cloneJson(value)
  return edit(doc, `Set ${Object.keys(values).join(', ')} of ${ref.name}`, [
    { op: 'modify', kind: ref.kind, name: ref.name, set, ...(unset.length ? { unset } : {}) },
  ])
}

/** `refs` and everything that references them, transitively: what a delete removes. */
function doomedBy(doc: EditableProject, refs: ItemRef[]): ItemRef[] {
  const doomed = [...refs]
  for (let grew = true; grew;) {
    const more = referencesTo(doc, doomed).map((reference) => reference.from)
    const fresh = more.filter(
      (ref, i) => !doomed.some((d) => sameRef(d, ref)) && more.findIndex((m) => sameRef(m, ref)) === i,
    )
    for (const ref of fresh) doomed.push(ref)
    grew = fresh.length > 0
  }
  return doomed
}

/** Everything deleteItems would remove besides `refs` themselves. */
export function dependentsOf(doc: EditableProject, refs: ItemRef[]): ItemRef[] {
  return doomedBy(doc, refs).slice(refs.length)
}

/** Deletes items together with everything that references them, transitively (the caller warns first). */
export function deleteItems(doc: EditableProject, refs: ItemRef[]): Edit {
  refs.forEach((ref) => itemOf(doc, ref))
  const doomed = doomedBy(doc, refs)
  const dependents = doomed.length - refs.length
  const names = refs.map((r) => r.name).join(', ')
  const label = `Delete ${names}${dependents > 0 ? ` and ${dependents} dependent items` : ''}`
  return edit(
    doc,
    label,
    doomed.map(({ kind, name }) => ({ op: 'delete', kind, name })),
  )
}

/** Copies items under fresh names ("name" -> "name1"), appended; `copies` names them. */
export function duplicateItems(doc: EditableProject, refs: ItemRef[]): Edit & { copies: ItemRef[] } {
  const taken = new Map<ModelListKey, Set<string>>(MODEL_LIST_KEYS.map((kind) => [kind, new Set()]))
  const additions = refs.map((ref) => {
    const item = itemOf(doc, ref)
    const name = uniqueName(doc, ref.kind, `${item.name}1`, taken.get(ref.kind))
    taken.get(ref.kind)!.add(name)
    return { kind: ref.kind, item: { ...item, name } }
  })
  return {
    ...addItems(doc, additions, `Duplicate ${refs.map((r) => r.name).join(', ')}`),
    copies: additions.map(({ kind, item }) => ({ kind, name: item.name })),
  }
}

/** Renames an item and every reference that names it. */
export function renameItem(doc: EditableProject, ref: ItemRef, newName: string): Edit {
  itemOf(doc, ref)
  if (newName !== ref.name && doc.model[ref.kind].some((item) => item.name === newName))
    throw new PatchError({
      path: `${ref.kind}.${ref.name}.name`,
      message:
        `${KIND_OF_LIST[ref.kind]} "${ref.name}": the name "${newName}" is already used; names must be ` +
        `unique within a kind`,
    })
  return edit(doc, `Rename ${ref.name} to ${newName}`, [
    { op: 'rename', kind: ref.kind, name: ref.name, newName },
  ])
}

/**
 * Sets one simulation setting by its path ("timeIntegration.endTime"), on the settings as the owner has
 * them when it applies the patch; `undefined` removes it (its default applies).
 */
export function setSetting(doc: EditableProject, path: string, value: JsonValue | undefined): Edit {
  return edit(doc, `Set ${path}`, [
    value === undefined
      ? { op: 'setting', path, unset: true }
      : { op: 'setting', path, value: cloneJson(value) },
  ])
}

/** Appends a link to a KinematicTree (tree lists and node coordinates together; see treeLinks.ts). */
export const addTreeLink = (doc: EditableProject, ref: ItemRef): Edit =>
  treeLinkEdit(doc, ref, 'add', `Add a link to ${ref.name}`)

/** Removes the last link of a KinematicTree and its coordinates. */
export const removeTreeLink = (doc: EditableProject, ref: ItemRef): Edit =>
  treeLinkEdit(doc, ref, 'remove', `Remove the last link of ${ref.name}`)

function treeLinkEdit(doc: EditableProject, ref: ItemRef, change: 'add' | 'remove', label: string): Edit {
  const tree = itemOf(doc, ref)
  if (tree.type !== 'KinematicTree')
    throw new PatchError({ path: ref.kind, message: `no KinematicTree named "${ref.name}"` }, 'not-found')
  const nodeRef = tree.nodeNumber
  const node =
    typeof nodeRef === 'number'
      ? doc.model.nodes[nodeRef]
      : doc.model.nodes.find((item) => item.name === nodeRef)
  const resized = resizeTreeLinks(tree, node, change)
  if (typeof resized === 'string')
    throw new PatchError({ path: `objects.${ref.name}.jointTypes`, message: resized })
  const patch: ModelPatch = [modifyOperation('objects', tree, resized.tree)]
  if (node && resized.node) patch.push(modifyOperation('nodes', node, resized.node))
  return edit(doc, label, patch)
}

/** A new item of a type with what it needs: fitting references picked, required numbers set to 1. */
export function newItemOfType(doc: EditableProject, kind: ModelListKey, type: string): ItemSpec {
  const definition = getItemType(KIND_OF_LIST[kind], type)
  if (!definition) throw new Error(`Unknown ${KIND_OF_LIST[kind]} type "${type}"`)
  const item: ItemSpec = { type, name: uniqueName(doc, kind, type.charAt(0).toLowerCase() + type.slice(1)) }
  for (const [key, param] of Object.entries(definition.parameters)) {
    if (param.default !== undefined) continue
    if (param.type === 'ref' || param.type === 'refList') {
      const targetKind = MODEL_LIST_KEYS.find((k) => KIND_OF_LIST[k] === param.kind)!
      const options = doc.model[targetKind]
        .filter((i) => !param.types || param.types.includes(i.type))
        .map((i) => i.name)
      if (param.type === 'ref') item[key] = options[0] ?? ''
      else item[key] = Array.from({ length: param.size ?? 2 }, (_, i) => options[i] ?? options[0] ?? '')
    } else if (param.type === 'number' || param.type === 'integer') item[key] = 1
  }
  return item
}
