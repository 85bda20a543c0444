// One definition per item type, in three parts (Exudyn's three-part items; docs/engine.md):
//   management    - parameters (schema) and cross-item checks;
//   computation   - build(): the typed-array class the solver calls;
//   visualization - visualize(): neutral graphics data for the current state.
import { compactCopy } from '../math/packedArrays'
import type { ParamSchema, ParamSpec } from './parameters'
import type { ItemKind, JsonValue } from './types'
import type {
  LoadComputation,
  MarkerComputation,
  NodeComputation,
  ObjectComputation,
} from '../system/computation'
import type { SensorComputation } from '../system/sensorComputation'
import type { SystemState } from '../system/state'
import type { Graphics } from '../system/graphics'

/**
 * Names of the parameters of schema S whose spec is of one of the types T (any name for a plain ParamSchema).
 */
export type ParamNames<S extends ParamSchema, T extends ParamSpec['type']> = {
  [N in keyof S & string]: [Extract<S[N], { type: T }>] extends [never] ? never : N
}[keyof S & string]

/**
 * Validated parameters of one item, defaults filled in and references resolved to indices. With the
 * definition's schema as S, a wrong name or an accessor of the wrong type is a compile error.
 */
export class ItemParams<out S extends ParamSchema = ParamSchema> {
  /** Made on the first color() call: most items of a large model are never drawn by the engine. */
  private colors: Map<string, { fallback: number[]; color: number[] }> | undefined
  constructor(readonly values: Readonly<Record<string, JsonValue>>) {}
  number<N extends ParamNames<S, 'number'>>(name: N): number {
    return this.values[name] as number
  }
  integer<N extends ParamNames<S, 'integer'>>(name: N): number {
    return this.values[name] as number
  }
  bool<N extends ParamNames<S, 'boolean'>>(name: N): boolean {
    return this.values[name] as boolean
  }
  string<N extends ParamNames<S, 'string' | 'enum' | 'expression'>>(name: N): string {
    return this.values[name] as string
  }
  /**
   * A packed copy (math/packedArrays): a view into a shared chunk, not a buffer of its own per vector
   * (each small ArrayBuffer costs ~200 B on and off V8's heap; a lattice has 10^4 nodes).
   */
  vector<N extends ParamNames<S, 'vector'>>(name: N): Float64Array {
    return compactCopy(this.values[name] as number[])
  }
  /**
   * Row-major copy of a matrix parameter. Indexed loops: each joint's load and build calls this in the
   * interpreter (src/node/tiering.ts), where flat() and Float64Array.from took ~10 ms of perf3D's load.
   */
  matrix<N extends ParamNames<S, 'matrix'>>(name: N): Float64Array {
    const rows = this.values[name] as number[][]
    let size = 0
    for (let i = 0; i < rows.length; i++) size += rows[i].length
    const out = new Float64Array(size)
    for (let i = 0, k = 0; i < rows.length; i++) {
      const row = rows[i]
      for (let j = 0; j < row.length; j++) out[k++] = row[j]
    }
    return out
  }
  /** A resolved reference: the 0-based index of the referenced item (-1: none, optional ones only). */
  ref<N extends ParamNames<S, 'ref'>>(name: N): number {
    return this.values[name] as number
  }
  refs<N extends ParamNames<S, 'refList'>>(name: N): number[] {
    return (this.values[name] as number[]).slice()
  }
  /**
   * The colour to draw with: the parameter, or fallback where it is Exudyn's "default colour"
   * [-1, -1, -1, -1]. Made once per item and fallback, as visualize runs every frame: shared, never
   * modified (like the DEFAULT_COLORS fallbacks).
   */
  color<N extends ParamNames<S, 'color'>>(name: N, fallback: number[]): number[] {
    const colors = (this.colors ??= new Map())
    const cached = colors.get(name)
    if (cached && cached.fallback === fallback) return cached.color
    const c = this.values[name] as number[]
    const color = c[0] < 0 ? fallback : c.slice()
    colors.set(name, { fallback, color })
    return color
  }
  raw<N extends keyof S & string>(name: N): JsonValue {
    return this.values[name]
  }
  /**
   * Parameters with `changes` over these: the values given keep their defaults (which the values
   * inherit from the definition's, so a spread of `values` would lose them).
   */
  withValues(changes: Record<string, JsonValue>): ItemParams<S> {
    const values = Object.create(Object.getPrototypeOf(this.values) as object | null) as Record<
      string,
      JsonValue
    >
    return new ItemParams<S>(Object.assign(values, this.values, changes))
  }
}

export interface ResolvedItem<S extends ParamSchema = ParamSchema> {
  kind: ItemKind
  index: number
  name: string
  type: string
  params: ItemParams<S>
}

/** Read access to the resolved model, for cross-item checks. */
export interface ModelView {
  item(kind: ItemKind, index: number): ResolvedItem
  count(kind: ItemKind): number
}

/** Builds computations of other items on demand (nodes, bodies, markers), memoized. */
export interface BuildContext extends ModelView {
  node(index: number): NodeComputation
  object(index: number): ObjectComputation
  marker(index: number): MarkerComputation
  load(index: number): LoadComputation
  /** Experimental flags in force (after Exudyn's PyExperimental; docs/engine.md). */
  readonly experimental: ReadonlySet<string>
}

export type ComputationOf<K extends ItemKind> = K extends 'node'
  ? NodeComputation
  : K extends 'object'
    ? ObjectComputation
    : K extends 'marker'
      ? MarkerComputation
      : K extends 'load'
        ? LoadComputation
        : SensorComputation

export interface ItemDefinition<K extends ItemKind = ItemKind, S extends ParamSchema = ParamSchema> {
  kind: K
  /** Type string as in the project file (Exudyn's short name, e.g. "MassPoint"). */
  type: string
  /** Exudyn's full class name (e.g. "ObjectMassPoint"), for docs and users coming from Exudyn. */
  exudynName: string
  doc: string
  parameters: S
  /**
   * Whether everything the item carries from step to step is in the state vectors or saved by its
   * internal-state hooks (docs/file-formats.md, "Checkpoint support"); a string gives the reason it is not.
   */
  supportsCheckpoint: true | string
  /**
   * What the item offers to markers, checked before anything is built: a body (markers can attach at
   * a local position), a position (nodes with a position), an orientation (rigid nodes and bodies).
   */
  traits?: { body?: boolean; position?: boolean; orientation?: boolean }
  /** Cross-item checks (types of referenced items, sizes); returns messages about named parameters. */
  // NoInfer: S comes from `parameters` alone, so a shared helper typed for any schema does not widen it.
  check?(item: ResolvedItem<NoInfer<S>>, model: ModelView): { parameter: string; message: string }[]
  build(item: ResolvedItem<NoInfer<S>>, ctx: BuildContext): ComputationOf<K>
  visualize?(
    item: ResolvedItem<NoInfer<S>>,
    computation: ComputationOf<K>,
    s: SystemState,
    out: Graphics,
  ): void
}

export type AnyItemDefinition = { [K in ItemKind]: ItemDefinition<K> }[ItemKind]

/** An item definition whose parameter accessors are checked against its own schema (S is inferred). */
export function defineItem<K extends ItemKind, S extends ParamSchema>(
  def: ItemDefinition<K, S>,
): ItemDefinition<K, S> {
  return def
}
