// A model change as a list of operations on item dictionaries, addressed by kind list and name (the
// names the project file uses for references). Applying one copies only what it touches (the lists
// it changes and the items in them) and returns the inverse patch, so undo costs what the change did.
import { inputBoundsProblem } from './inputBounds'
import { getItemType } from './registry'
import { settingsPathProblem } from './settings'
import { ITEM_KINDS, KIND_LIST_KEY, type ItemKind, type ItemSpec, type JsonObject } from './types'
import type { JsonValue, ModelListKey, ModelSpec, Problem } from './types'

export const MODEL_LIST_KEYS: readonly ModelListKey[] = ['nodes', 'objects', 'markers', 'loads', 'sensors']

export const KIND_OF_LIST = Object.fromEntries(
  ITEM_KINDS.map((kind) => [KIND_LIST_KEY[kind], kind]),
) as Record<ModelListKey, ItemKind>

export type ModelPatchOperation =
  /** Inserts an item into its kind's list at `index` (default: appends). */
  | { op: 'add'; kind: ModelListKey; item: ItemSpec; index?: number }
  /** Sets parameters (and removes those in `unset`, so they take their defaults). */
  | { op: 'modify'; kind: ModelListKey; name: string; set?: Record<string, JsonValue>; unset?: string[] }
  /** Removes an item; a change that leaves references to it dangling is rejected by validation. */
  | { op: 'delete'; kind: ModelListKey; name: string }
  /** Renames an item and every reference to it. */
  | { op: 'rename'; kind: ModelListKey; name: string; newName: string }
  /** Sets one simulation setting, or a whole section, by its path ("timeIntegration.endTime"). */
  | { op: 'setting'; path: string; value: JsonValue }
  /** Removes one setting or section from the settings tree: its defaults apply. */
  | { op: 'setting'; path: string; unset: true }

export type ModelPatch = ModelPatchOperation[]

/** What edits change: the model lists and the simulation settings (name and view are not edits). */
export interface EditableProject {
  model: ModelSpec
  simulationSettings: JsonObject
}

/**
 * A patch that cannot be applied at all (wrong shape, unknown item or setting); `problem.path` names the
 * operation, or the setting a `setting` operation names but the schema does not have.
 */
export class PatchError extends Error {
  constructor(
    readonly problem: Problem,
    /** 'not-found' when the operation names an item the model does not have. */
    readonly reason: 'invalid' | 'not-found' = 'invalid',
  ) {
    super(`${problem.path}: ${problem.message}`)
  }
}

/**
 * Applies `patch` to a copy of `doc` that shares every untouched list and item; returns it and the inverse.
 */
export function applyPatch<T extends EditableProject>(
  doc: T,
  patch: ModelPatch,
): { doc: T; inverse: ModelPatch } {
  if (!Array.isArray(patch)) throw new PatchError({ path: 'patch', message: 'expected a list of operations' })
  // The bounds of a loaded file (depth, string and list lengths), before anything walks the values.
  const tooLarge = inputBoundsProblem(patch as unknown as JsonValue, 'patch')
  if (tooLarge) throw new PatchError(tooLarge)
  const next = { ...doc, model: { ...doc.model } }
  const copied = new Set<ModelListKey>()
  const writable = (kind: ModelListKey): ItemSpec[] => {
    if (!copied.has(kind)) next.model[kind] = next.model[kind].slice()
    copied.add(kind)
    return next.model[kind]
  }
  const inverse: ModelPatch = []
  patch.forEach((operation, index) => inverse.unshift(...applyOperation(next, operation, writable, index)))
  return { doc: next, inverse }
}

function applyOperation(
  doc: EditableProject,
  operation: ModelPatchOperation,
  writable: (kind: ModelListKey) => ItemSpec[],
  index: number,
): ModelPatch {
  const where = `patch[${index}]`
  const fail = (message: string, reason?: 'not-found'): never => {
    throw new PatchError({ path: where, message }, reason)
  }
  if (operation?.op === 'setting') return [applySetting(doc, operation, fail)]
  if (!MODEL_LIST_KEYS.includes(operation?.kind)) fail(`kind must be one of ${MODEL_LIST_KEYS.join(', ')}`)
  const kind = operation.kind
  const find = (name: string): number => {
    const at = doc.model[kind].findIndex((item) => item.name === name)
    return at >= 0 ? at : fail(`no item "${name}" in ${kind}`, 'not-found')
  }
  switch (operation.op) {
    case 'add': {
      const { item, index: at } = operation
      if (!isObject(item) || typeof item.type !== 'string' || typeof item.name !== 'string')
        fail('"add" expects item: {type, name, ...parameters}')
      const list = writable(kind)
      if (at !== undefined && !(Number.isInteger(at) && at >= 0 && at <= list.length))
        fail(`"add" expects index: an integer from 0 to ${list.length}`)
      list.splice(at ?? list.length, 0, item)
      return [{ op: 'delete', kind, name: item.name }]
    }
    case 'modify': {
      for (const key of ['type', 'name'])
        if (operation.set && key in operation.set)
          fail(`"${key}" cannot be modified (use rename, or delete and add)`)
      const at = find(operation.name)
      const list = writable(kind)
      const before = list[at]
      const merged: ItemSpec = { ...before, ...(operation.set ?? {}) }
      for (const key of operation.unset ?? []) delete merged[key]
      list[at] = inDefinitionOrder(kind, merged)
      return [modifyOperation(kind, list[at], before)]
    }
    case 'delete': {
      const at = find(operation.name)
      const [item] = writable(kind).splice(at, 1)
      return [{ op: 'add', kind, item, index: at }]
    }
    case 'rename': {
      const { name, newName } = operation
      if (typeof newName !== 'string' || newName === '') fail('"rename" expects newName: a non-empty string')
      const list = writable(kind)
      const at = find(name)
      list[at] = { ...list[at], name: newName }
      rewriteReferences(doc, kind, name, newName, writable)
      return [{ op: 'rename', kind, name: newName, newName: name }]
    }
    default:
      return fail(
        `unknown operation ${JSON.stringify((operation as { op?: unknown })?.op)}; expected add, modify, ` +
          `delete, rename or setting`,
      )
  }
}

type SettingOperation = Extract<ModelPatchOperation, { op: 'setting' }>

/** "section.key", keys without dots or blanks (as `mbs run --set` takes them). */
const SETTINGS_PATH = /^[^.\s]+(\.[^.\s]+)*$/

/**
 * Sets or removes the setting at the operation's path on the settings as they are now (so edits sent
 * back to back compose), copying only the sections on the path; returns the inverse, which restores
 * exactly the previous value: the old value, or the removal of what the edit created.
 */
function applySetting(
  doc: EditableProject,
  operation: SettingOperation,
  fail: (message: string) => never,
): SettingOperation {
  const { path } = operation
  if (typeof path !== 'string' || !SETTINGS_PATH.test(path))
    fail('"setting" expects path: a settings path such as "timeIntegration.endTime"')
  const { value, unset } = operation as { value?: JsonValue; unset?: unknown }
  if (unset === undefined ? value === undefined : unset !== true || value !== undefined)
    fail(`"setting" ${path} expects either value: a JSON value, or unset: true`)
  const keys = path.split('.')
  const problem = settingsPathProblem(keys)
  if (problem) throw new PatchError(problem)
  const settings: JsonObject = { ...doc.simulationSettings }
  let section = settings
  /** The first section on the path the edit creates: undoing it removes that section. */
  let created: string | undefined
  for (const [i, key] of keys.slice(0, -1).entries()) {
    const child = section[key]
    const prefix = keys.slice(0, i + 1).join('.')
    if (child === undefined) {
      // Nothing to remove: the model stays as it is, and so does the inverse.
      if (unset) return { op: 'setting', path, unset: true }
      created ??= prefix
    } else if (!isObject(child))
      fail(`"simulationSettings.${prefix}" is not a dictionary, so it has no key "${keys[i + 1]}"`)
    section = section[key] = { ...(child as JsonObject | undefined) }
  }
  const key = keys[keys.length - 1]
  const before = section[key]
  if (value === undefined) delete section[key]
  else section[key] = value
  doc.simulationSettings = settings
  if (created !== undefined) return { op: 'setting', path: created, unset: true }
  return before === undefined ? { op: 'setting', path, unset: true } : { op: 'setting', path, value: before }
}

/** The modify operation that turns item `from` into `to` (same name and type). */
export function modifyOperation(kind: ModelListKey, from: ItemSpec, to: ItemSpec): ModelPatchOperation {
  const set: Record<string, JsonValue> = {}
  const unset: string[] = []
  for (const [key, value] of Object.entries(to))
    if (key !== 'type' && key !== 'name' && from[key] !== value) set[key] = value
  for (const key of Object.keys(from)) if (!(key in to)) unset.push(key)
  return { op: 'modify', kind, name: to.name, set, ...(unset.length ? { unset } : {}) }
}

/** type, name, then the parameters in the order of the item's definition (the canonical file order). */
function inDefinitionOrder(kind: ModelListKey, item: ItemSpec): ItemSpec {
  const definition = getItemType(KIND_OF_LIST[kind], item.type)
  if (!definition) return item
  const ordered: ItemSpec = { type: item.type, name: item.name }
  for (const key of Object.keys(definition.parameters)) if (key in item) ordered[key] = item[key]
  for (const key of Object.keys(item)) if (!(key in ordered)) ordered[key] = item[key]
  return ordered
}

/** Rewrites every reference parameter (ref, refList) that names the renamed item. */
function rewriteReferences(
  doc: EditableProject,
  renamedList: ModelListKey,
  oldName: string,
  newName: string,
  writable: (kind: ModelListKey) => ItemSpec[],
): void {
  const renamedKind = KIND_OF_LIST[renamedList]
  for (const kind of MODEL_LIST_KEYS) {
    doc.model[kind].forEach((item, at) => {
      const parameters = getItemType(KIND_OF_LIST[kind], item.type)?.parameters ?? {}
      let rewritten: ItemSpec | undefined
      for (const [key, param] of Object.entries(parameters)) {
        if ((param.type !== 'ref' && param.type !== 'refList') || param.kind !== renamedKind) continue
        const value = item[key]
        if (param.type === 'ref' && value === oldName) (rewritten ??= { ...item })[key] = newName
        if (param.type === 'refList' && Array.isArray(value) && value.includes(oldName))
          (rewritten ??= { ...item })[key] = value.map((entry) => (entry === oldName ? newName : entry))
      }
      if (rewritten) writable(kind)[at] = rewritten
    })
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
