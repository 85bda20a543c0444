// One definition per item type, in three parts (seed 003, "The three-fold split"):
//   management    - parameters (schema) and cross-item checks;
//   computation   - build(): the typed-array class the solver calls;
//   visualization - visualize(): neutral graphics data for the current state.
import type { ParamSchema } from './parameters'
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

/** Validated parameters of one item, defaults filled in and references resolved to indices. */
export class ItemParams {
  constructor(readonly values: Readonly<Record<string, JsonValue>>) {}
  number(name: string): number {
    return this.values[name] as number
  }
  integer(name: string): number {
    return this.values[name] as number
  }
  bool(name: string): boolean {
    return this.values[name] as boolean
  }
  string(name: string): string {
    return this.values[name] as string
  }
  vector(name: string): Float64Array {
    return Float64Array.from(this.values[name] as number[])
  }
  /** Row-major copy of a matrix parameter. */
  matrix(name: string): Float64Array {
    return Float64Array.from((this.values[name] as number[][]).flat())
  }
  /** A resolved reference: the 0-based index of the referenced item. */
  ref(name: string): number {
    return this.values[name] as number
  }
  refs(name: string): number[] {
    return (this.values[name] as number[]).slice()
  }
  raw(name: string): JsonValue {
    return this.values[name]
  }
}

export interface ResolvedItem {
  kind: ItemKind
  index: number
  name: string
  type: string
  params: ItemParams
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
  /** Experimental flags in force (seed 003, "PyExperimental"). */
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

export interface ItemDefinition<K extends ItemKind = ItemKind> {
  kind: K
  /** Type string as in the project file (Exudyn's short name, e.g. "MassPoint"). */
  type: string
  /** Exudyn's full class name (e.g. "ObjectMassPoint"), for docs and users coming from Exudyn. */
  exudynName: string
  doc: string
  parameters: ParamSchema
  /**
   * Whether everything the item carries from step to step is in the state vectors or saved by its
   * internal-state hooks (seed 004, "Checkpoint support"); a string gives the reason it is not.
   */
  supportsCheckpoint: true | string
  /**
   * What the item offers to markers, checked before anything is built: a body (markers can attach at
   * a local position), a position (nodes with a position), an orientation (rigid nodes and bodies).
   */
  traits?: { body?: boolean; position?: boolean; orientation?: boolean }
  /** Cross-item checks (types of referenced items, sizes); returns messages about named parameters. */
  check?(item: ResolvedItem, model: ModelView): { parameter: string; message: string }[]
  build(item: ResolvedItem, ctx: BuildContext): ComputationOf<K>
  visualize?(item: ResolvedItem, computation: ComputationOf<K>, s: SystemState, out: Graphics): void
}

export type AnyItemDefinition = { [K in ItemKind]: ItemDefinition<K> }[ItemKind]
