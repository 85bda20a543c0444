// Applies a ModelPatch (src/shared/modelPatch.ts) to a model spec. Pure data work on a copy: the
// caller re-validates the result with the engine and keeps the old model when anything is wrong,
// so a change is all or nothing.
import { getItemType, ITEM_KINDS, KIND_LIST_KEY, type ItemKind, type ItemSpec, type ModelSpec } from '../core'
import type { JsonObject } from '../core'
import type { ModelListKey, ModelPatch, ModelPatchOperation } from '../shared/modelPatch'
import { MODEL_LIST_KEYS } from '../shared/modelPatch'
import { ApiError } from '../shared/protocol'

export interface PatchableDocument {
  model: ModelSpec
  simulationSettings: JsonObject
}

const KIND_OF_LIST = Object.fromEntries(ITEM_KINDS.map((kind) => [KIND_LIST_KEY[kind], kind])) as Record<
  ModelListKey,
  ItemKind
>

export function applyModelPatch(doc: PatchableDocument, patch: ModelPatch): PatchableDocument {
  if (!Array.isArray(patch)) throw new ApiError('invalid-params', 'applyChange expects {patch: [operations]}')
  const next: PatchableDocument = structuredClone(doc)
  patch.forEach((operation, index) => applyOperation(next, operation, `patch[${index}]`))
  return next
}

function applyOperation(doc: PatchableDocument, operation: ModelPatchOperation, where: string): void {
  if (operation?.op === 'settings') {
    if (!isObject(operation.simulationSettings))
      throw new ApiError('invalid-params', `${where}: "settings" expects simulationSettings: {...}`)
    doc.simulationSettings = operation.simulationSettings
    return
  }
  const list = listOf(doc, operation, where)
  switch (operation.op) {
    case 'add':
      if (
        !isObject(operation.item) ||
        typeof operation.item.type !== 'string' ||
        typeof operation.item.name !== 'string'
      )
        throw new ApiError('invalid-params', `${where}: "add" expects item: {type, name, ...parameters}`)
      list.push(operation.item as ItemSpec)
      return
    case 'modify': {
      const item = list[indexOf(list, operation, where)]
      for (const key of ['type', 'name'])
        if (operation.set && key in operation.set)
          throw new ApiError(
            'invalid-params',
            `${where}: "${key}" cannot be modified (use rename, or delete and add)`,
          )
      Object.assign(item, operation.set ?? {})
      for (const key of operation.unset ?? []) delete item[key]
      return
    }
    case 'delete':
      list.splice(indexOf(list, operation, where), 1)
      return
    case 'rename':
      renameItem(doc, operation.kind, list[indexOf(list, operation, where)], operation.newName, where)
      return
    default:
      throw new ApiError(
        'invalid-params',
        `${where}: unknown operation ${JSON.stringify((operation as { op?: unknown })?.op)}; expected add, modify, delete, rename or settings`,
      )
  }
}

function listOf(doc: PatchableDocument, operation: { kind?: unknown }, where: string): ItemSpec[] {
  if (!MODEL_LIST_KEYS.includes(operation?.kind as ModelListKey))
    throw new ApiError('invalid-params', `${where}: kind must be one of ${MODEL_LIST_KEYS.join(', ')}`)
  return doc.model[operation.kind as ModelListKey]
}

function indexOf(list: ItemSpec[], operation: { kind: ModelListKey; name: string }, where: string): number {
  const index = list.findIndex((item) => item.name === operation.name)
  if (index < 0) throw new ApiError('not-found', `${where}: no item "${operation.name}" in ${operation.kind}`)
  return index
}

/** Renames the item and rewrites every reference parameter (ref, refList) that names it. */
function renameItem(
  doc: PatchableDocument,
  listKey: ModelListKey,
  item: ItemSpec,
  newName: string,
  where: string,
): void {
  if (typeof newName !== 'string' || newName === '')
    throw new ApiError('invalid-params', `${where}: "rename" expects newName: a non-empty string`)
  const oldName = item.name
  const renamedKind = KIND_OF_LIST[listKey]
  item.name = newName
  for (const kind of ITEM_KINDS) {
    for (const other of doc.model[KIND_LIST_KEY[kind]]) {
      const definition = getItemType(kind, other.type)
      for (const [key, spec] of Object.entries(definition?.parameters ?? {})) {
        if (spec.type === 'ref' && spec.kind === renamedKind && other[key] === oldName) other[key] = newName
        const value = other[key]
        if (spec.type === 'refList' && spec.kind === renamedKind && Array.isArray(value))
          other[key] = value.map((entry) => (entry === oldName ? newName : entry))
      }
    }
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
