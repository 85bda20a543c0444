// The Modes tab's requests: computeModes (modal analysis of the open model at a chosen state, by the
// engine's src/core/linear, answered with the table and the shapes over all ODE2 coordinates) and
// writeModeResults (a mode's motion as a results file), and the motion both draw:
// q(theta) = q0 + a Re(phi e^{i theta}) = q0 + a (Re phi cos theta - Im phi sin theta).

/**
 * Where to linearize: the static equilibrium, the initial state, the paused or finished run's state, or a
 * time of a run.
 */
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
  /** The eigensolver: dense, or sparse shift-invert for a few modes of a large model (docs/engine.md). */
  method: 'dense' | 'sparse'
  modes: ModeRow[]
}

/** One cycle of mode `mode` (its index in the last computeModes answer) written as a results file. */
export interface ModeResultsRequest {
  path: string
  mode: number
  /** a in q0 + a Re(phi e^{i theta}) (the shape's largest entry is 1). */
  amplitude: number
}

/** Writes q0 + amplitude Re(phi e^{i theta}) into out (no allocation: called every animation frame). */
export function shapeAt(
  out: Float64Array,
  q0: readonly number[],
  mode: ModeRow,
  amplitude: number,
  theta: number,
): Float64Array {
  const c = amplitude * Math.cos(theta),
    s = amplitude * Math.sin(theta)
  const im = mode.shapeImaginary
  for (let j = 0; j < out.length; j++) out[j] = q0[j] + c * mode.shape[j] - (im ? s * im[j] : 0)
  return out
}
