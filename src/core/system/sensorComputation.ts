import type { SystemState } from './state'
import type { LifecycleHooks } from './lifecycle'

/** A sensor evaluates its output variable from the current state into out; returns the count. */
export interface SensorComputation extends LifecycleHooks {
  /** Number of values per output row. */
  readonly size: number
  readonly outputVariableType: string
  /** True when the output may read Lagrange multipliers (reaction forces of a constraint object). */
  readonly readsMultipliers?: boolean
  evaluate(s: SystemState, out: Float64Array): void
  setupLTG(): void
}
