// Validation of an edit: the items a patch touches and the items that reference them, checked as the
// file reader checks them (resolve.ts, the same three passes and messages) against the rest of the
// model, which was valid before. The rest of the model is only read, never re-validated.
import type { ModelView, ResolvedItem } from './definition'
import { KIND_OF_LIST, MODEL_LIST_KEYS, type EditableProject, type ModelPatch } from './patch'
import { getItemType } from './registry'
import {
  checkItem,
  crossItemProblems,
  resolvedItem,
  resolveItemReferences,
  type CheckedItem,
  type ItemLookup,
} from './resolve'
import { resolveSettings } from './settings'
import { KIND_LIST_KEY, type ItemKind, type ItemSpec, type ModelListKey, type Problem } from './types'

/** Every problem of the items `patch` touched in `next` (the project after the patch); [] when valid. */
export function validateEdit(next: EditableProject, patch: ModelPatch): Problem[] {
  const problems: Problem[] = []
  if (patch.some((operation) => operation.op === 'setting'))
    for (const p of resolveSettings(next.simulationSettings).problems) problems.push(p)
  // Settings alone touch no item (a study's case sets a few, each validated as an edit of its own).
  if (patch.every((operation) => operation.op === 'setting')) return problems
  const touched = touchedItems(next, patch)
  const lookup = lookupOf(next)
  const view = new LazyModelView(next, lookup)
  const checked: CheckedItem[] = []
  for (const kind of MODEL_LIST_KEYS) {
    const itemKind = KIND_OF_LIST[kind]
    for (const index of touched[kind]) {
      const own: Problem[] = []
      const item = checkItem(itemKind, next.model[kind][index], index, `model.${kind}`, own, (name) =>
        lookup.otherIndex(itemKind, name, index),
      )
      if (item?.values && own.length === 0) resolveItemReferences(item as CheckedItem, lookup, own)
      if (own.length === 0) checked.push(item as CheckedItem)
      for (const p of own) problems.push(p)
    }
  }
  // As the reader does: cross-item checks only once every item's parameters and references hold.
  if (problems.length > 0) return problems
  for (const item of checked)
    for (const p of crossItemProblems(item, resolvedItem(item), view)) problems.push(p)
  return problems
}

/**
 * Indices (in `next`) of the items the patch added, modified or renamed, and of every item that
 * references one of them or a deleted item by name; references by index into a list that gained or
 * lost items may point elsewhere now, so their items are checked too.
 */
export function touchedItems(next: EditableProject, patch: ModelPatch): Record<ModelListKey, Set<number>> {
  const names = Object.fromEntries(MODEL_LIST_KEYS.map((kind) => [kind, new Set<string>()])) as Record<
    ModelListKey,
    Set<string>
  >
  const reordered = new Set<ModelListKey>()
  for (const operation of patch) {
    if (operation.op === 'setting') continue
    if (operation.op === 'add') names[operation.kind].add(operation.item.name)
    else names[operation.kind].add(operation.name)
    if (operation.op === 'rename') names[operation.kind].add(operation.newName)
    if (operation.op === 'add' || operation.op === 'delete') reordered.add(operation.kind)
  }
  const touched = Object.fromEntries(MODEL_LIST_KEYS.map((kind) => [kind, new Set<number>()])) as Record<
    ModelListKey,
    Set<number>
  >
  // Per item type, its reference parameters into the lists the patch changed (most types have none).
  const changed = (target: ModelListKey) => names[target].size > 0 || reordered.has(target)
  for (const kind of MODEL_LIST_KEYS) {
    const relevant = new Map<string, ReferenceParameter[]>()
    next.model[kind].forEach((item, index) => {
      let refs = relevant.get(item.type)
      if (!refs) {
        refs = referenceParameters(KIND_OF_LIST[kind], item.type).filter(({ target }) => changed(target))
        relevant.set(item.type, refs)
      }
      if (names[kind].has(item.name) || (refs.length > 0 && refersTo(item, refs, names, reordered)))
        touched[kind].add(index)
    })
  }
  return touched
}

function refersTo(
  item: ItemSpec,
  refs: ReferenceParameter[],
  names: Record<ModelListKey, Set<string>>,
  reordered: Set<ModelListKey>,
): boolean {
  for (const { key, target } of refs) {
    const value = item[key]
    for (const entry of Array.isArray(value) ? value : [value])
      if (typeof entry === 'string' ? names[target].has(entry) : reordered.has(target)) return true
  }
  return false
}

/** A reference parameter of an item type and the list it points into. */
interface ReferenceParameter {
  key: string
  target: ModelListKey
}

/** Per item definition: its reference parameters (found once per type). */
const REFERENCE_PARAMETERS = new WeakMap<object, ReferenceParameter[]>()

function referenceParameters(kind: ItemKind, type: string): ReferenceParameter[] {
  const definition = getItemType(kind, type)
  if (!definition) return []
  let found = REFERENCE_PARAMETERS.get(definition)
  if (!found) {
    found = []
    for (const [key, param] of Object.entries(definition.parameters))
      if (param.type === 'ref' || param.type === 'refList')
        found.push({ key, target: KIND_LIST_KEY[param.kind] })
    REFERENCE_PARAMETERS.set(definition, found)
  }
  return found
}

/** Name and index lookups over the project; each kind's name index is built when first asked. */
function lookupOf(doc: EditableProject): ItemLookup & {
  otherIndex(kind: ItemKind, name: string, index: number): number | undefined
} {
  const byName: Partial<Record<ItemKind, Map<string, number>>> = {}
  const scans: Partial<Record<ItemKind, number>> = {}
  const list = (kind: ItemKind) => doc.model[KIND_LIST_KEY[kind]]
  /**
   * The first index of an item named `name` (the one a reference by name finds). The first few
   * lookups of a kind scan its list (an edit touches a few items); more build its name index.
   */
  function firstIndexOf(kind: ItemKind, name: string): number | undefined {
    const index = byName[kind]
    if (index) return index.get(name)
    scans[kind] = (scans[kind] ?? 0) + 1
    if (scans[kind] > SCANS_BEFORE_INDEX) return (byName[kind] = firstIndexByName(list(kind))).get(name)
    const at = list(kind).findIndex((item) => item.name === name)
    return at >= 0 ? at : undefined
  }
  return {
    find(kind, ref) {
      const index = typeof ref === 'number' ? ref : firstIndexOf(kind, ref)
      const item = index === undefined ? undefined : list(kind)[index]
      return item && index !== undefined ? { index, name: item.name, type: item.type } : undefined
    },
    names: (kind) => list(kind).map((item) => item.name),
    otherIndex(kind, name, index) {
      const first = firstIndexOf(kind, name)
      return first !== undefined && first < index ? first : undefined
    },
  }
}

/** Name lookups of one kind answered by scanning its list before its name index is built. */
const SCANS_BEFORE_INDEX = 16

function firstIndexByName(list: ItemSpec[]): Map<string, number> {
  const map = new Map<string, number>()
  list.forEach((item, index) => {
    if (!map.has(item.name)) map.set(item.name, index)
  })
  return map
}

/** The model as cross-item checks read it: each item resolved when first asked for. */
class LazyModelView implements ModelView {
  private readonly resolved: Partial<Record<ItemKind, Map<number, ResolvedItem>>> = {}
  constructor(
    private readonly doc: EditableProject,
    private readonly lookup: ItemLookup,
  ) {}
  count(kind: ItemKind): number {
    return this.doc.model[KIND_LIST_KEY[kind]].length
  }
  item(kind: ItemKind, index: number): ResolvedItem {
    const cache = (this.resolved[kind] ??= new Map())
    let item = cache.get(index)
    if (!item) {
      // Items outside the edit were valid before; problems found here belong to a touched item's check.
      const ignored: Problem[] = []
      const raw = this.doc.model[KIND_LIST_KEY[kind]][index]
      const checked = checkItem(kind, raw, index, '', ignored, () => undefined) as CheckedItem
      resolveItemReferences(checked, this.lookup, ignored)
      item = resolvedItem(checked)
      cache.set(index, item)
    }
    return item
  }
}
