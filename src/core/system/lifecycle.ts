// Per-item initialization stages after Chrono's (docs/engine.md): an item is initialized
// once, in two phases; an item added later is initialized alone; resetInitialization() is the only
// way to record a reference configuration again.
import type { ResolvedItem } from '../model/definition'
import type { SystemState } from './state'

export type InitStage = 'NONE' | 'STRUCTURE' | 'STATE'

/** Optional lifecycle hooks of a computation object. */
export interface LifecycleHooks {
  /**
   * Phase 1: allocate, precompute constants, record the reference configuration. Must not change the state.
   */
  setupInitial?(): void
  /** Phase 2: set initial conditions into the state (runs after every pending item finished phase 1). */
  setupInitialState?(s: SystemState): void
  /**
   * Takes the item's parameters marked `live` (src/core/model/parameters.ts); the build calls it
   * too, so an item changed in place computes exactly as one built with the new values.
   */
  setParameters?(item: ResolvedItem): void
  /** Auxiliary data from the current state (may run many times per step). */
  update?(s: SystemState): void
  /**
   * Internal state outside the state vectors (e.g. counted full turns), for checkpoints
   * (docs/file-formats.md, "Internal state hooks"). The block's length is fixed by the item's structure;
   * loading gets exactly the block saveInternalState returned and runs after the state vectors are scattered.
   */
  saveInternalState?(): Float64Array
  loadInternalState?(block: Float64Array): void
  /** Layout version of the internal-state block (default 1); bump it when the block changes. */
  readonly internalStateVersion?: number
}
