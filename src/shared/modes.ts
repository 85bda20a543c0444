// The Modes tab's request (computeModes): modal analysis of the open model at a chosen state, by the
// engine's src/core/linear, answered with the table and the shapes over all ODE2 coordinates.

/** Where to linearize: the static equilibrium, the initial state, the paused or finished run's state, or a time of a run. */
export type ModesPoint = 'static' | 'initial' | 'current' | number

export interface ModesRequest {
  at: ModesPoint
  /** Keep the lowest count modes (all by default). */
  count?: number
  /** First-order problem with the damping and gyroscopic matrix D (damping ratios, complex shapes). */
  damped?: boolean
}

export interface ModeRow {
  /** Hz; 0 for rigid-body modes. */
  frequency: number
  /** Damped problem only (else null). */
  dampingRatio: number | null
  rigidBody: boolean
  unstable: boolean
  /** Nodes by their share of the mode's kinetic energy, largest first. */
  dominant: { item: string; share: number }[]
  /** Re(phi) over all ODE2 coordinates, largest entry 1. */
  shape: number[]
  /** Im(phi) of a complex (damped) mode, else null. */
  shapeImaginary: number[] | null
}

export interface ModesResult {
  at: ModesPoint
  /** Simulated time of the linearization state. */
  time: number
  /** ODE2 coordinates q at that state: the shapes oscillate about them. */
  coordinates: number[]
  /** The solver process's model revision (SolverStatus.revision) the modes belong to. */
  revision: number
  modes: ModeRow[]
}
