// Validation and reference resolution of a model spec against the item registry. Every problem is
// collected (not only the first), each naming the item kind, name, type, parameter and what was
// expected. Nothing is returned half-resolved: either a complete ResolvedModel or the problems.
import { ItemParams, type ModelView, type ResolvedItem } from './definition'
import { checkParamValue, cloneJson, type ParamSpec } from './parameters'
import { getItemType, itemTypes } from './registry'
import { expressionProblem } from './expression'
import { ITEM_KINDS, KIND_LIST_KEY, type ItemKind, type JsonValue, type Problem } from './types'

export class ResolvedModel implements ModelView {
  /** Per kind, name -> index, built on the first lookup (a scan per lookup made large models quadratic). */
  private readonly byName: Partial<Record<ItemKind, Map<string, number>>> = {}
  constructor(readonly items: Record<ItemKind, ResolvedItem[]>) {}
  item(kind: ItemKind, index: number): ResolvedItem {
    return this.items[kind][index]
  }
  count(kind: ItemKind): number {
    return this.items[kind].length
  }
  /** Index of the item named `name` of a kind, or -1. */
  indexOf(kind: ItemKind, name: string): number {
    const names = (this.byName[kind] ??= new Map(this.items[kind].map((item, index) => [item.name, index])))
    return names.get(name) ?? -1
  }
}

export type ResolveResult = { ok: true; model: ResolvedModel } | { ok: false; problems: Problem[] }

function isPlainObject(v: unknown): v is Record<string, JsonValue> {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
}

/** Levenshtein distance, for "did you mean" hints on misspelt parameters and types. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) d[0][j] = j
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
  return d[a.length][b.length]
}

export function suggest(word: string, candidates: readonly string[]): string {
  let best = ''
  let bestD = Infinity
  for (const c of candidates) {
    const dist = editDistance(word.toLowerCase(), c.toLowerCase())
    if (dist < bestD) {
      bestD = dist
      best = c
    }
  }
  return bestD <= Math.max(2, Math.floor(word.length / 3)) ? ` (did you mean "${best}"?)` : ''
}

export function itemLabel(
  kind: ItemKind,
  name: string | undefined,
  type: string | undefined,
  index: number,
): string {
  const n = name !== undefined ? `"${name}"` : `#${index}`
  return `${kind} ${n}${type ? ` (${type})` : ''}`
}

interface Pending {
  kind: ItemKind
  index: number
  name: string
  type: string
  values: Record<string, JsonValue>
  path: string
  label: string
}

/** Validates a model spec and resolves references; all problems at once. */
export function resolveModel(spec: unknown, basePath = 'model'): ResolveResult {
  const problems: Problem[] = []
  if (!isPlainObject(spec))
    return {
      ok: false,
      problems: [
        {
          path: basePath,
          message: 'expected an object with the lists nodes, objects, markers, loads, sensors',
        },
      ],
    }
  const allowedLists = new Set(Object.values(KIND_LIST_KEY))
  for (const key of Object.keys(spec)) {
    if (!allowedLists.has(key as never))
      problems.push({
        path: `${basePath}.${key}`,
        message: `unknown list "${key}"; expected nodes, objects, markers, loads or sensors${suggest(key, [...allowedLists])}`,
      })
  }
  const pending: Record<ItemKind, Pending[]> = { node: [], object: [], marker: [], load: [], sensor: [] }

  // Pass 1: types, names, parameter shapes and defaults.
  for (const kind of ITEM_KINDS) {
    const listKey = KIND_LIST_KEY[kind]
    const list = spec[listKey] ?? []
    if (!Array.isArray(list)) {
      problems.push({ path: `${basePath}.${listKey}`, message: `expected a list of ${kind} dictionaries` })
      continue
    }
    const names = new Map<string, number>()
    list.forEach((raw, index) => {
      const path = `${basePath}.${listKey}[${index}]`
      if (!isPlainObject(raw)) {
        problems.push({ path, message: `${kind} #${index}: expected a dictionary with "type" and "name"` })
        return
      }
      const type = raw.type
      const rawName = raw.name
      const name = typeof rawName === 'string' && rawName.length > 0 ? rawName : undefined
      if (rawName !== undefined && name === undefined)
        problems.push({
          path: `${path}.name`,
          message: `${itemLabel(kind, undefined, undefined, index)}: expected a non-empty string name`,
        })
      const finalName = name ?? `${kind}${index}`
      const label = itemLabel(kind, finalName, typeof type === 'string' ? type : undefined, index)
      if (names.has(finalName))
        problems.push({
          path: `${path}.name`,
          message: `${label}: the name is already used by ${kind} #${names.get(finalName)}; names must be unique within a kind`,
        })
      names.set(finalName, index)
      if (typeof type !== 'string') {
        problems.push({ path: `${path}.type`, message: `${label}: expected a type string` })
        return
      }
      const def = getItemType(kind, type)
      if (!def) {
        const known = itemTypes(kind).map((d) => d.type)
        problems.push({
          path: `${path}.type`,
          message: `${label}: unknown ${kind} type "${type}"${suggest(type, known)}; known types: ${known.join(', ')}`,
        })
        return
      }
      const values: Record<string, JsonValue> = {}
      for (const [key, v] of Object.entries(raw)) {
        if (key === 'type' || key === 'name') continue
        const p = def.parameters[key]
        if (!p) {
          problems.push({
            path: `${path}.${key}`,
            message: `${label}: unknown parameter "${key}"${suggest(key, Object.keys(def.parameters))}`,
          })
          continue
        }
        const msg = checkParamValue(p, v) ?? expressionCheck(p, v)
        if (msg) problems.push({ path: `${path}.${key}`, message: `${label}, parameter ${key}: ${msg}` })
        else values[key] = cloneJson(v)
      }
      for (const [key, p] of Object.entries(def.parameters)) {
        if (key in raw) continue
        if (p.default === undefined)
          problems.push({
            path: `${path}.${key}`,
            message: `${label}, parameter ${key}: required (${p.doc})`,
          })
        else values[key] = cloneJson(p.default as JsonValue)
      }
      pending[kind].push({ kind, index, name: finalName, type, values, path, label })
    })
  }
  if (problems.length > 0) return { ok: false, problems }

  // Pass 2: references (name or index) to indices, with the referenced type checked.
  const byName = {} as Record<ItemKind, Map<string, Pending>>
  for (const kind of ITEM_KINDS) byName[kind] = new Map(pending[kind].map((p) => [p.name, p]))
  for (const kind of ITEM_KINDS) {
    for (const it of pending[kind]) {
      const def = getItemType(kind, it.type)!
      for (const [key, p] of Object.entries(def.parameters)) {
        if (p.type === 'ref') {
          const r = resolveRef(it.values[key] as string | number, p.kind, p.types, pending, byName)
          if (typeof r === 'string')
            problems.push({ path: `${it.path}.${key}`, message: `${it.label}, parameter ${key}: ${r}` })
          else it.values[key] = r
        } else if (p.type === 'refList') {
          const list = it.values[key] as (string | number)[]
          it.values[key] = list.map((ref, i) => {
            const r = resolveRef(ref, p.kind, p.types, pending, byName)
            if (typeof r === 'string') {
              problems.push({
                path: `${it.path}.${key}[${i}]`,
                message: `${it.label}, parameter ${key}[${i}]: ${r}`,
              })
              return -1
            }
            return r
          })
        }
      }
    }
  }
  if (problems.length > 0) return { ok: false, problems }

  const items = {} as Record<ItemKind, ResolvedItem[]>
  for (const kind of ITEM_KINDS)
    items[kind] = pending[kind].map((p) => ({
      kind,
      index: p.index,
      name: p.name,
      type: p.type,
      params: new ItemParams(p.values),
    }))
  const model = new ResolvedModel(items)

  // Pass 3: cross-item checks of each definition.
  for (const kind of ITEM_KINDS) {
    for (const it of pending[kind]) {
      const def = getItemType(kind, it.type)!
      for (const c of def.check?.(model.item(kind, it.index), model) ?? [])
        problems.push({
          path: `${it.path}.${c.parameter}`,
          message: `${it.label}, parameter ${c.parameter}: ${c.message}`,
        })
    }
  }
  if (problems.length > 0) return { ok: false, problems }
  return { ok: true, model }
}

function expressionCheck(p: ParamSpec, v: JsonValue): string | undefined {
  if (p.type !== 'expression') return undefined
  const list = Array.isArray(v) ? v : [v]
  for (const e of list) {
    if (e === '') continue
    const m = expressionProblem(e as string | number)
    if (m) return m
  }
  return undefined
}

function resolveRef(
  ref: string | number,
  kind: ItemKind,
  types: readonly string[] | undefined,
  pending: Record<ItemKind, Pending[]>,
  byName: Record<ItemKind, Map<string, Pending>>,
): number | string {
  const list = pending[kind]
  const target = typeof ref === 'number' ? list[ref] : byName[kind].get(ref)
  if (!target) {
    const what = typeof ref === 'number' ? `index ${ref}` : `"${ref}"`
    const names = list.map((p) => p.name)
    return `no ${kind} ${what}${typeof ref === 'string' ? suggest(ref, names) : ''} (the model has ${list.length} ${kind}${list.length === 1 ? '' : 's'})`
  }
  if (types && !types.includes(target.type))
    return `${kind} "${target.name}" is a ${target.type}; expected one of: ${types.join(', ')}`
  return target.index
}
