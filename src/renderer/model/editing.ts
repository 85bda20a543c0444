// Model edits as pure functions from one project spec to the next; the store validates the result
// with the engine before it becomes the model.
import { cloneJson, getItemType, type ItemSpec, type JsonValue, type ModelListKey } from '../../core'
import { KIND_OF_LIST, LIST_KEYS, sameRef, type ItemRef, type ProjectSpec } from './projectSpec'

/** A reference parameter of one item that names another. */
export interface Reference {
  from: ItemRef
  parameter: string
  to: ItemRef
}

/** Every reference in the model (ref and refList parameters, by name or 0-based index). */
export function allReferences(spec: ProjectSpec): Reference[] {
  const references: Reference[] = []
  for (const kind of LIST_KEYS) {
    for (const item of spec.model[kind]) {
      const definition = getItemType(KIND_OF_LIST[kind], item.type)
      for (const [parameter, param] of Object.entries(definition?.parameters ?? {})) {
        if (param.type !== 'ref' && param.type !== 'refList') continue
        const targetKind = LIST_KEYS.find((key) => KIND_OF_LIST[key] === param.kind)!
        const value = item[parameter]
        const targets = param.type === 'ref' ? [value] : Array.isArray(value) ? value : []
        for (const target of targets) {
          const name = targetName(spec, targetKind, target)
          if (name !== undefined)
            references.push({ from: { kind, name: item.name }, parameter, to: { kind: targetKind, name } })
        }
      }
    }
  }
  return references
}

function targetName(spec: ProjectSpec, kind: ModelListKey, value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return spec.model[kind][value]?.name
  return undefined
}

/** Items outside `refs` that reference any of them (what a delete would leave dangling). */
export function referencesTo(spec: ProjectSpec, refs: ItemRef[]): Reference[] {
  const inSet = (ref: ItemRef) => refs.some((r) => sameRef(r, ref))
  return allReferences(spec).filter((reference) => inSet(reference.to) && !inSet(reference.from))
}

/** A name not used in the kind's list: base, or base plus the first free number. */
export function uniqueName(
  spec: ProjectSpec,
  kind: ModelListKey,
  base: string,
  taken: Set<string> = new Set(),
): string {
  const used = new Set([...spec.model[kind].map((item) => item.name), ...taken])
  if (!used.has(base)) return base
  const stem = base.replace(/\d+$/, '')
  for (let n = 1; ; n++) if (!used.has(`${stem}${n}`)) return `${stem}${n}`
}

// JSON copies: specs may come through Vue proxies, which structuredClone refuses.
const cloneSpec = (spec: ProjectSpec): ProjectSpec =>
  cloneJson(spec as unknown as JsonValue) as unknown as ProjectSpec

export function addItems(spec: ProjectSpec, items: { kind: ModelListKey; item: ItemSpec }[]): ProjectSpec {
  const next = cloneSpec(spec)
  for (const { kind, item } of items) next.model[kind].push(cloneJson(item))
  return next
}

/** Sets parameters of one item; `undefined` removes a parameter (it takes its default). */
export function setParameters(
  spec: ProjectSpec,
  ref: ItemRef,
  values: Record<string, JsonValue | undefined>,
): ProjectSpec {
  const next = cloneSpec(spec)
  const item = next.model[ref.kind].find((i) => i.name === ref.name)
  if (!item) throw new Error(`No ${KIND_OF_LIST[ref.kind]} named "${ref.name}"`)
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete item[key]
    else item[key] = value
  }
  return next
}

/** Deletes items together with everything that references them, transitively (the caller warns first). */
export function deleteItems(spec: ProjectSpec, refs: ItemRef[]): ProjectSpec {
  const doomed = [...refs]
  for (let grew = true; grew;) {
    const more = referencesTo(spec, doomed).map((reference) => reference.from)
    const fresh = more.filter(
      (ref, i) => !doomed.some((d) => sameRef(d, ref)) && more.findIndex((m) => sameRef(m, ref)) === i,
    )
    doomed.push(...fresh)
    grew = fresh.length > 0
  }
  const next = cloneSpec(spec)
  for (const kind of LIST_KEYS)
    next.model[kind] = next.model[kind].filter(
      (item) => !doomed.some((d) => sameRef(d, { kind, name: item.name })),
    )
  return next
}

/** Everything deleteItems would remove besides `refs` themselves. */
export function dependentsOf(spec: ProjectSpec, refs: ItemRef[]): ItemRef[] {
  const after = deleteItems(spec, refs)
  return LIST_KEYS.flatMap((kind) =>
    spec.model[kind]
      .filter((item) => !after.model[kind].some((i) => i.name === item.name))
      .map((item) => ({ kind, name: item.name }))
      .filter((ref) => !refs.some((r) => sameRef(r, ref))),
  )
}

/** Copies items under fresh names ("name" -> "name1"); returns the new spec and the copies. */
export function duplicateItems(spec: ProjectSpec, refs: ItemRef[]): { spec: ProjectSpec; copies: ItemRef[] } {
  const taken = new Map<ModelListKey, Set<string>>(LIST_KEYS.map((kind) => [kind, new Set()]))
  const additions = refs.flatMap((ref) => {
    const item = spec.model[ref.kind].find((i) => i.name === ref.name)
    if (!item) return []
    const name = uniqueName(spec, ref.kind, `${item.name}1`, taken.get(ref.kind))
    taken.get(ref.kind)!.add(name)
    return [{ kind: ref.kind, item: { ...cloneJson(item), name } }]
  })
  return {
    spec: addItems(spec, additions),
    copies: additions.map(({ kind, item }) => ({ kind, name: item.name })),
  }
}

/** Renames an item and every reference that names it. */
export function renameItem(spec: ProjectSpec, ref: ItemRef, newName: string): ProjectSpec {
  const next = cloneSpec(spec)
  const incoming = allReferences(spec).filter((reference) => sameRef(reference.to, ref))
  for (const { from, parameter } of incoming) {
    const item = next.model[from.kind].find((i) => i.name === (sameRef(from, ref) ? ref.name : from.name))!
    const value = item[parameter]
    const rename = (entry: JsonValue) => (entry === ref.name ? newName : entry)
    item[parameter] = Array.isArray(value) ? value.map(rename) : rename(value)
  }
  const item = next.model[ref.kind].find((i) => i.name === ref.name)
  if (item) item.name = newName
  return next
}

/** A new item of a type with what it needs: fitting references picked, required numbers set to 1. */
export function newItemOfType(spec: ProjectSpec, kind: ModelListKey, type: string): ItemSpec {
  const definition = getItemType(KIND_OF_LIST[kind], type)
  if (!definition) throw new Error(`Unknown ${KIND_OF_LIST[kind]} type "${type}"`)
  const item: ItemSpec = { type, name: uniqueName(spec, kind, type.charAt(0).toLowerCase() + type.slice(1)) }
  for (const [key, param] of Object.entries(definition.parameters)) {
    if (param.default !== undefined) continue
    if (param.type === 'ref' || param.type === 'refList') {
      const targetKind = LIST_KEYS.find((k) => KIND_OF_LIST[k] === param.kind)!
      const options = spec.model[targetKind]
        .filter((i) => !param.types || param.types.includes(i.type))
        .map((i) => i.name)
      if (param.type === 'ref') item[key] = options[0] ?? ''
      else item[key] = Array.from({ length: param.size ?? 2 }, (_, i) => options[i] ?? options[0] ?? '')
    } else if (param.type === 'number' || param.type === 'integer') item[key] = 1
  }
  return item
}
