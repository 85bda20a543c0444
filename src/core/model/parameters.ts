// Parameter schema of item definitions (the "management" part): type, default, unit, range, doc and
// reference rules. Validation of a value against its spec lives here, so the file format, the
// property editor and the docs all follow the same definition.
import type { ItemKind, JsonObject, JsonValue } from './types'

interface ParamBase {
  doc: string
  unit?: string
  /** Belongs to visualization only (never affects the numbers). */
  visualization?: boolean
  /**
   * Changes without reassembly (Exudyn's parameters that need no new Assemble): the compiled item
   * takes the new value in place (its computation's setParameters) and a paused run goes on with it.
   * Absent: structural, a change rebuilds the system.
   */
  live?: boolean
  /**
   * Changes in place on a system whose run starts again from its initial state (a study's next case,
   * src/core/study/caseSystem.ts), never in a running one (a solver keeps it, e.g. a constant mass
   * matrix): the computation's setParameters takes it. Absent: as `live` says.
   */
  atRunStart?: boolean
  /**
   * A mass property (mass, inertia, centre of mass, mass per length): a change rebuilds the system
   * with new mass-matrix values and nothing else (the same coordinates, equations and reference
   * configuration), so a checkpoint of the old model loads into the new one (what-if branches).
   */
  massProperty?: boolean
}

export interface NumberParam extends ParamBase {
  type: 'number'
  default?: number
  min?: number
  max?: number
  /** min is exclusive (value must be > min). */
  exclusiveMin?: boolean
}
export interface IntegerParam extends ParamBase {
  type: 'integer'
  default?: number
  min?: number
  max?: number
}
export interface BooleanParam extends ParamBase {
  type: 'boolean'
  default?: boolean
  /** Values the engine cannot honour yet: a clear error instead of silently ignoring them. */
  unsupported?: boolean
}
export interface StringParam extends ParamBase {
  type: 'string'
  default?: string
}
export interface EnumParam extends ParamBase {
  type: 'enum'
  values: readonly string[]
  default?: string
}
/** A vector of fixed length (size) or any length (size undefined). */
export interface VectorParam extends ParamBase {
  type: 'vector'
  size?: number
  default?: number[]
  /** Names of the components of a fixed-size vector, in order (editor labels, e.g. Jxx ... Jxy). */
  components?: readonly string[]
  /** A vector of fixed length whose length must match something else; checked by the item. */
  min?: number
}
/** rows x cols matrix as nested arrays, row by row. */
export interface MatrixParam extends ParamBase {
  type: 'matrix'
  rows: number
  cols: number
  default?: number[][]
}
/** RGBA colour, each 0..1; [-1,-1,-1,-1] means "default colour" as in Exudyn. */
export interface ColorParam extends ParamBase {
  type: 'color'
  default?: number[]
}
/** A reference to another item by name or 0-based index. */
export interface RefParam extends ParamBase {
  type: 'ref'
  kind: ItemKind
  /** Allowed type strings of the referenced item; any if omitted. */
  types?: readonly string[]
  default?: string | number
  /** May name no item: -1 (Exudyn's invalid index) then, which must be the default. */
  optional?: true
}
export interface RefListParam extends ParamBase {
  type: 'refList'
  kind: ItemKind
  size?: number
  types?: readonly string[]
  default?: (string | number)[]
}
/**
 * A time function: a safe arithmetic expression in t (see core/model/expression.ts), or an empty string
 * for none. Used by time-dependent loads and drives; with variables, a user function of those names
 * (a spring force of its displacement and velocity).
 */
export interface ExpressionParam extends ParamBase {
  type: 'expression'
  default?: string
  /**
   * Number of components the expression list must have (1 = a single expression string); 'list': a
   * list of any length, which the item's check holds to its own count (one per coordinate).
   */
  size?: number | 'list'
  /** The names the expression may use; absent: t only (a time function). */
  variables?: readonly string[]
}

/**
 * Exudyn's graphicsData: a list of graphics dictionaries ({type: 'TriangleList', ...}). Here only the
 * list shape is checked; the entries' keys are checked by the item that draws them.
 */
export interface GraphicsListParam extends ParamBase {
  type: 'graphicsList'
  /** A list of such lists, one per link (Exudyn's BodyGraphicsDataList). */
  perLink?: boolean
  default?: JsonValue[]
}

/** A list of fixed-size vectors or matrices (Exudyn's Vector3DList, Matrix3DList), any length. */
export interface ListParam extends ParamBase {
  type: 'list'
  entry: { type: 'vector'; size: number } | { type: 'matrix'; rows: number; cols: number }
  default?: JsonValue[]
}

/** A list of names (e.g. experimental flags). */
export interface StringListParam extends ParamBase {
  type: 'stringList'
  default?: string[]
}

export type ParamSpec =
  | NumberParam
  | IntegerParam
  | BooleanParam
  | StringParam
  | EnumParam
  | VectorParam
  | MatrixParam
  | ColorParam
  | RefParam
  | RefListParam
  | ExpressionParam
  | StringListParam
  | GraphicsListParam
  | ListParam

export type ParamSchema = Record<string, ParamSpec>

function describeValue(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return `an array of length ${v.length}`
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`
  return `${typeof v} ${String(v)}`
}

function finiteNumberProblem(v: unknown): string | undefined {
  if (typeof v !== 'number') return `expected a number, got ${describeValue(v)}`
  if (!Number.isFinite(v)) return `expected a finite number, got ${String(v)}`
  return undefined
}

function rangeProblem(
  v: number,
  spec: { min?: number; max?: number; exclusiveMin?: boolean },
  unit?: string,
): string | undefined {
  const u = unit ? ` ${unit}` : ''
  if (spec.min !== undefined) {
    if (spec.exclusiveMin ? !(v > spec.min) : !(v >= spec.min))
      return `expected a value ${spec.exclusiveMin ? '>' : '>='} ${spec.min}${u}, got ${v}`
  }
  if (spec.max !== undefined && !(v <= spec.max)) return `expected a value <= ${spec.max}${u}, got ${v}`
  return undefined
}

function numberArrayProblem(v: unknown, size: number | undefined, what: string): string | undefined {
  if (!Array.isArray(v)) return `expected ${what}, got ${describeValue(v)}`
  if (size !== undefined && v.length !== size) return `expected ${what}, got an array of length ${v.length}`
  for (let i = 0; i < v.length; i++) {
    const p = finiteNumberProblem(v[i])
    if (p) return `component ${i}: ${p}`
  }
  return undefined
}

/** "3-vectors", "3x3 matrices": what one entry of a list parameter is. */
export function listEntryText(entry: ListParam['entry']): string {
  return entry.type === 'vector' ? `${entry.size}-vectors` : `${entry.rows}x${entry.cols} matrices`
}

/**
 * Checks a value against its spec (references are only checked for form here; the model resolves
 * them). Returns a message saying what was expected, or undefined when the value is valid.
 */
export function checkParamValue(spec: ParamSpec, v: JsonValue): string | undefined {
  switch (spec.type) {
    case 'number':
      return finiteNumberProblem(v) ?? rangeProblem(v as number, spec, spec.unit)
    case 'integer':
      if (typeof v !== 'number' || !Number.isInteger(v)) return `expected an integer, got ${describeValue(v)}`
      return rangeProblem(v, spec)
    case 'boolean':
      if (typeof v !== 'boolean') return `expected true or false, got ${describeValue(v)}`
      if (spec.unsupported && v !== spec.default)
        return `the value ${v} is not supported yet (only ${spec.default})`
      return undefined
    case 'string':
      return typeof v === 'string' ? undefined : `expected a string, got ${describeValue(v)}`
    case 'enum':
      if (typeof v !== 'string' || !spec.values.includes(v))
        return (
          `expected one of ${spec.values.map((s) => JSON.stringify(s)).join(', ')}, got ` +
          `${describeValue(v)}`
        )
      return undefined
    case 'vector':
      return numberArrayProblem(
        v,
        spec.size,
        spec.size !== undefined ? `a vector of ${spec.size} numbers` : 'a vector of numbers',
      )
    case 'color': {
      const p = numberArrayProblem(v, 4, 'an RGBA colour [r, g, b, a]')
      if (p) return p
      const c = v as number[]
      if (c.every((x) => x === -1) || c.every((x) => x >= 0 && x <= 1)) return undefined
      return 'expected colour components between 0 and 1 (or [-1, -1, -1, -1] for the default colour)'
    }
    case 'matrix': {
      if (!Array.isArray(v) || v.length !== spec.rows)
        return `expected a ${spec.rows}x${spec.cols} matrix as ${spec.rows} rows, got ${describeValue(v)}`
      for (let i = 0; i < spec.rows; i++) {
        const p = numberArrayProblem(v[i], spec.cols, `a row of ${spec.cols} numbers`)
        if (p) return `row ${i}: ${p}`
      }
      return undefined
    }
    case 'ref':
      if (typeof v === 'string' && v.length > 0) return undefined
      if (typeof v === 'number' && Number.isInteger(v) && (v >= 0 || (v === -1 && spec.optional)))
        return undefined
      return (
        `expected the name or 0-based index of a ${spec.kind}${spec.optional ? ' (or -1 for none)' : ''}, ` +
        `got ${describeValue(v)}`
      )
    case 'refList': {
      if (!Array.isArray(v))
        return `expected a list of ${spec.kind} names or indices, got ${describeValue(v)}`
      if (spec.size !== undefined && v.length !== spec.size)
        return `expected ${spec.size} ${spec.kind} references, got ${v.length}`
      for (let i = 0; i < v.length; i++) {
        const e = v[i]
        const ok =
          (typeof e === 'string' && e.length > 0) || (typeof e === 'number' && Number.isInteger(e) && e >= 0)
        if (!ok)
          return `entry ${i}: expected the name or 0-based index of a ${spec.kind}, got ${describeValue(e)}`
      }
      return undefined
    }
    case 'graphicsList': {
      if (spec.perLink) {
        if (!Array.isArray(v))
          return `expected a list of graphics lists (one per link), got ${describeValue(v)}`
        for (let i = 0; i < v.length; i++) {
          const p = checkParamValue({ type: 'graphicsList', doc: '' }, v[i])
          if (p) return `link ${i}: ${p}`
        }
        return undefined
      }
      if (!Array.isArray(v)) return `expected a list of graphics dictionaries, got ${describeValue(v)}`
      const bad = v.findIndex((e) => e === null || typeof e !== 'object' || Array.isArray(e))
      return bad >= 0
        ? `entry ${bad}: expected a graphics dictionary such as {"type": "Sphere", ...}, got ` +
            `${describeValue(v[bad])}`
        : undefined
    }
    case 'list': {
      if (!Array.isArray(v)) return `expected a list of ${listEntryText(spec.entry)}, got ${describeValue(v)}`
      for (let i = 0; i < v.length; i++) {
        const p = checkParamValue({ ...spec.entry, doc: '' }, v[i])
        if (p) return `entry ${i}: ${p}`
      }
      return undefined
    }
    case 'stringList':
      return Array.isArray(v) && v.every((e) => typeof e === 'string')
        ? undefined
        : `expected a list of names (strings), got ${describeValue(v)}`
    case 'expression': {
      const size = spec.size ?? 1
      if (size === 1)
        return typeof v === 'string'
          ? undefined
          : `expected an expression string in ${(spec.variables ?? ['t']).join(', ')}, got ` +
              `${describeValue(v)}`
      if (typeof v === 'string' && v === '') return undefined
      if (
        !Array.isArray(v) ||
        (size !== 'list' && v.length !== size) ||
        !v.every((e) => typeof e === 'string' || typeof e === 'number')
      )
        return (
          `expected a list of ${size === 'list' ? '' : `${size} `}expressions` +
          `${spec.variables ? '' : ' in t'} (strings or numbers), or "" for none`
        )
      return undefined
    }
  }
}

/** A deep copy of a JSON default so items never share mutable arrays. */
export function cloneJson<T extends JsonValue>(v: T): T {
  if (v === null || typeof v !== 'object') return v
  // Most values are flat lists of numbers (vectors, colours, references): one slice, no stack.
  if (Array.isArray(v) && isFlat(v)) return v.slice() as T
  // Iterative (an explicit stack of containers to fill, as from, to pairs), so no nesting depth
  // overflows the stack; flat lists inside (matrix rows) are sliced on the way.
  const root = Array.isArray(v) ? [] : {}
  const stack: (JsonValue[] | JsonObject)[] = [v, root]
  while (stack.length > 0) {
    const to = stack.pop()!
    const from = stack.pop()!
    if (Array.isArray(from)) {
      for (let i = 0; i < from.length; i++) (to as JsonValue[]).push(copyChild(from[i], stack))
      continue
    }
    const keys = Object.keys(from)
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]
      const value = copyChild(from[key], stack)
      // defineProperty for "__proto__" (JSON allows the key): it stays an own property, not the prototype.
      if (key === '__proto__')
        Object.defineProperty(to, key, { value, enumerable: true, writable: true, configurable: true })
      else (to as JsonObject)[key] = value
    }
  }
  return root as T
}

/** child itself (a scalar), a slice (a flat list) or an empty container queued on stack to be filled. */
function copyChild(child: JsonValue, stack: (JsonValue[] | JsonObject)[]): JsonValue {
  if (child === null || typeof child !== 'object') return child
  if (Array.isArray(child) && isFlat(child)) return child.slice()
  const copy = Array.isArray(child) ? [] : {}
  stack.push(child, copy)
  return copy
}

function isFlat(list: readonly JsonValue[]): boolean {
  for (let i = 0; i < list.length; i++) if (list[i] !== null && typeof list[i] === 'object') return false
  return true
}
