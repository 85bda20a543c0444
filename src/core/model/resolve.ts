// Validation and reference resolution of a model spec against the item registry. Every problem is
// collected (not only the first), each naming the item kind, name, type, parameter and what was
// expected. Nothing is returned half-resolved: either a complete ResolvedModel or the problems.
import { ItemParams, type ModelView, type ResolvedItem } from './definition'
import { checkParamValue, cloneJson, type ParamSchema, type ParamSpec } from './parameters'
import { getItemType, itemTypes } from './registry'
import { expressionProblem } from './expression'
import { echo, shorten } from './inputBounds'
import { suggest } from './suggest'
import { ITEM_KINDS, KIND_LIST_KEY, type ItemKind, type JsonValue, type Problem } from './types'

export class ResolvedModel implements ModelView {
  /**
   * byName: per kind, name -> index, built on the first lookup (a scan per lookup made large models
   * quadratic).
   */
  constructor(
    readonly items: Record<ItemKind, ResolvedItem[]>,
    private readonly byName: Partial<Record<ItemKind, Map<string, number>>> = {},
  ) {}
  /** A model of `items`, which have this model's names at the same indices (its name index is shared). */
  withItems(items: Record<ItemKind, ResolvedItem[]>): ResolvedModel {
    return new ResolvedModel(items, this.byName)
  }
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

export function itemLabel(
  kind: ItemKind,
  name: string | undefined,
  type: string | undefined,
  index: number,
): string {
  const n = name !== undefined ? echo(name) : `#${index}`
  return `${kind} ${n}${type ? ` (${shorten(type)})` : ''}`
}

/** One item after pass 1: its parameters checked, defaults filled in, references not yet resolved. */
export interface CheckedItem {
  kind: ItemKind
  index: number
  name: string
  type: string
  values: Record<string, JsonValue>
  readonly path: string
  readonly label: string
}

/**
 * What pass 1 returns for an item: its path and label are made only when a message needs them (a large
 * model's items are mostly valid; the two strings were ~200 B per item, held through the load).
 */
class CheckedRecord {
  constructor(
    readonly kind: ItemKind,
    readonly index: number,
    readonly name: string,
    /** The path of the item's list, e.g. "model.objects". */
    private readonly listPath: string,
    /** The type as written, for the label, when it is a string. */
    private readonly typeText: string | undefined,
    readonly type?: string,
    readonly values?: Record<string, JsonValue>,
  ) {}
  get label(): string {
    return itemLabel(this.kind, this.name, this.typeText, this.index)
  }
  get path(): string {
    return `${this.listPath}[${this.index}]`
  }
}

/** A definition's parameters as [key, spec] pairs, made once per definition instead of once per item. */
const parameterEntries = new WeakMap<ParamSchema, [string, ParamSpec][]>()
export function entriesOf(parameters: ParamSchema): [string, ParamSpec][] {
  let entries = parameterEntries.get(parameters)
  if (!entries) parameterEntries.set(parameters, (entries = Object.entries(parameters)))
  return entries
}

/** A definition's default values, shared by the resolved values of its items (a prototype, no members). */
const parameterDefaults = new WeakMap<ParamSchema, Record<string, JsonValue>>()
function defaultsOf(parameters: ParamSchema): Record<string, JsonValue> {
  let defaults = parameterDefaults.get(parameters)
  if (!defaults) {
    defaults = Object.create(null) as Record<string, JsonValue>
    for (const [key, p] of entriesOf(parameters))
      if (p.default !== undefined) defaults[key] = p.default as JsonValue
    parameterDefaults.set(parameters, defaults)
  }
  return defaults
}

/** How references find their targets: by name or 0-based index, within one kind. */
export interface ItemLookup {
  find(kind: ItemKind, ref: string | number): { index: number; name: string; type: string } | undefined
  names(kind: ItemKind): string[]
}

/**
 * Validates a model spec and resolves references; all problems at once. `owned`: the spec is the
 * caller's to give away (a freshly parsed file), so the resolved values may share its lists.
 */
export function resolveModel(spec: unknown, basePath = 'model', owned = false): ResolveResult {
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
        message:
          `unknown list ${echo(key)}; expected nodes, objects, markers, loads or ` +
          `sensors${suggest(key, [...allowedLists])}`,
      })
  }
  const pending: Record<ItemKind, CheckedItem[]> = { node: [], object: [], marker: [], load: [], sensor: [] }
  const indexOfName = {} as Record<ItemKind, Map<string, number>>

  // Pass 1: types, names, parameter shapes and defaults.
  for (const kind of ITEM_KINDS) {
    const listKey = KIND_LIST_KEY[kind]
    const list = spec[listKey] ?? []
    if (!Array.isArray(list)) {
      problems.push({ path: `${basePath}.${listKey}`, message: `expected a list of ${kind} dictionaries` })
      continue
    }
    const names = (indexOfName[kind] = new Map<string, number>())
    const listPath = `${basePath}.${listKey}`
    list.forEach((raw, index) => {
      const checked = checkItem(
        kind,
        raw,
        index,
        listPath,
        problems,
        (name) => {
          const other = names.get(name)
          names.set(name, index)
          return other
        },
        owned,
      )
      if (checked?.values) pending[kind].push(checked as CheckedItem)
    })
  }
  if (problems.length > 0) return { ok: false, problems }

  // Pass 2: references (name or index) to indices, with the referenced type checked. Without problems
  // every item is pending, at its index, and its name is unique.
  const lookup: ItemLookup = {
    find: (kind, ref) => pending[kind][typeof ref === 'number' ? ref : (indexOfName[kind].get(ref) ?? -1)],
    names: (kind) => pending[kind].map((p) => p.name),
  }
  for (const kind of ITEM_KINDS) for (const it of pending[kind]) resolveItemReferences(it, lookup, problems)
  if (problems.length > 0) return { ok: false, problems }

  const items = {} as Record<ItemKind, ResolvedItem[]>
  for (const kind of ITEM_KINDS) items[kind] = pending[kind].map(resolvedItem)
  const model = new ResolvedModel(items)

  // Pass 3: cross-item checks of each definition.
  for (const kind of ITEM_KINDS)
    for (const it of pending[kind])
      for (const p of crossItemProblems(it, model.item(kind, it.index), model)) problems.push(p)
  if (problems.length > 0) return { ok: false, problems }
  return { ok: true, model }
}

export const resolvedItem = (it: CheckedItem): ResolvedItem => ({
  kind: it.kind,
  index: it.index,
  name: it.name,
  type: it.type,
  params: new ItemParams(it.values),
})

/**
 * Pass 1 for one item: its type, name and parameter shapes (defaults from the definition); `otherNamed`
 * gives the index of another item of the kind with the name, if any; listPath is the path of its list
 * ("model.objects"); `owned`: raw's values may be kept instead of copied. Returns the item's name and
 * label even when its type is unknown (`values` then missing), or undefined when it is not a dictionary.
 */
export function checkItem(
  kind: ItemKind,
  raw: unknown,
  index: number,
  listPath: string,
  problems: Problem[],
  otherNamed: (name: string) => number | undefined,
  owned = false,
): (Omit<CheckedItem, 'values' | 'type'> & Partial<Pick<CheckedItem, 'values' | 'type'>>) | undefined {
  const path = `${listPath}[${index}]`
  if (!isPlainObject(raw)) {
    problems.push({ path, message: `${kind} #${index}: expected a dictionary with "type" and "name"` })
    return undefined
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
  const typeText = typeof type === 'string' ? type : undefined
  const named = new CheckedRecord(kind, index, finalName, listPath, typeText)
  const other = otherNamed(finalName)
  if (other !== undefined)
    problems.push({
      path: `${path}.name`,
      message:
        `${named.label}: the name is already used by ${kind} #${other}; ` +
        'names must be unique within a kind',
    })
  if (typeof type !== 'string') {
    problems.push({ path: `${path}.type`, message: `${named.label}: expected a type string` })
    return named
  }
  const def = getItemType(kind, type)
  if (!def) {
    const known = itemTypes(kind).map((d) => d.type)
    problems.push({
      path: `${path}.type`,
      message:
        `${named.label}: unknown ${kind} type ${echo(type)}${suggest(type, known)}; known types: ` +
        `${known.join(', ')}`,
    })
    return named
  }
  // The parameters given; the defaults come from the definition's defaults through the prototype,
  // shared by all items of the type: resolved values are read-only (ItemParams hands out copies of
  // vectors and lists), and a copy of every default per item was most of a large model's resolved size.
  const values = Object.create(defaultsOf(def.parameters)) as Record<string, JsonValue>
  const rawKeys = Object.keys(raw)
  for (let k = 0; k < rawKeys.length; k++) {
    const key = rawKeys[k]
    if (key === 'type' || key === 'name') continue
    const v = raw[key]
    // Own keys only: "constructor" or "__proto__" must not find Object.prototype's members.
    const p = Object.hasOwn(def.parameters, key) ? def.parameters[key] : undefined
    if (!p) {
      problems.push({
        path: `${path}.${shorten(key)}`,
        message: `${named.label}: unknown parameter ${echo(key)}${suggest(key, Object.keys(def.parameters))}`,
      })
      continue
    }
    const msg = checkParamValue(p, v) ?? expressionCheck(p, v)
    if (msg) problems.push({ path: `${path}.${key}`, message: `${named.label}, parameter ${key}: ${msg}` })
    else values[key] = owned ? v : cloneJson(v)
  }
  // Indexed loops over the entries here and below: a model's load runs in the interpreter
  // (src/node/tiering.ts), where for-of and [key, p] destructuring allocate an iterator result each.
  const entries = entriesOf(def.parameters)
  for (let e = 0; e < entries.length; e++) {
    const key = entries[e][0]
    const p = entries[e][1]
    if (p.default === undefined && !(key in raw))
      problems.push({
        path: `${path}.${key}`,
        message: `${named.label}, parameter ${key}: required (${p.doc})`,
      })
  }
  return new CheckedRecord(kind, index, finalName, listPath, typeText, type, values)
}

/** Pass 2 for one item: its references (name or index) to indices, with the referenced type checked. */
export function resolveItemReferences(it: CheckedItem, lookup: ItemLookup, problems: Problem[]): void {
  const entries = entriesOf(getItemType(it.kind, it.type)!.parameters)
  for (let e = 0; e < entries.length; e++) {
    const key = entries[e][0]
    const p = entries[e][1]
    if (p.type === 'ref') {
      if (p.optional && it.values[key] === -1) continue
      const r = resolveRef(it.values[key] as string | number, p.kind, p.types, lookup)
      if (typeof r === 'string')
        problems.push({ path: `${it.path}.${key}`, message: `${it.label}, parameter ${key}: ${r}` })
      else it.values[key] = r
    } else if (p.type === 'refList') {
      const list = it.values[key] as (string | number)[]
      it.values[key] = list.map((ref, i) => {
        const r = resolveRef(ref, p.kind, p.types, lookup)
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

/** Pass 3 for one item: the cross-item checks of its definition. */
export function crossItemProblems(it: CheckedItem, item: ResolvedItem, model: ModelView): Problem[] {
  const found = getItemType(it.kind, it.type)!.check?.(item, model)
  if (!found || found.length === 0) return []
  return found.map((c) => ({
    path: `${it.path}.${c.parameter}`,
    message: `${it.label}, parameter ${c.parameter}: ${c.message}`,
  }))
}

function expressionCheck(p: ParamSpec, v: JsonValue): string | undefined {
  if (p.type !== 'expression') return undefined
  const list = Array.isArray(v) ? v : [v]
  for (const e of list) {
    if (e === '') continue
    const m = expressionProblem(e as string | number, p.variables)
    if (m) return m
  }
  return undefined
}

function resolveRef(
  ref: string | number,
  kind: ItemKind,
  types: readonly string[] | undefined,
  lookup: ItemLookup,
): number | string {
  const target = lookup.find(kind, ref)
  if (!target) {
    const what = typeof ref === 'number' ? `index ${ref}` : echo(ref)
    const names = lookup.names(kind)
    return (
      `no ${kind} ${what}${typeof ref === 'string' ? suggest(ref, names) : ''} (the model has ` +
      `${names.length} ${kind}${names.length === 1 ? '' : 's'})`
    )
  }
  if (types && !types.includes(target.type))
    return `${kind} "${target.name}" is a ${target.type}; expected one of: ${types.join(', ')}`
  return target.index
}
