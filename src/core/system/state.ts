// The system state: flat Float64Arrays indexed by the global coordinate numbers that assembly
// assigned (the LTG map). ODE2 coordinates are displacements from each node's reference coordinates,
// as in Exudyn. A checkpoint is this state plus items' internal state and the integrator's state.

/** The state's vectors by name, in the order checkpoints store them. */
export const STATE_VECTORS = ['q', 'v', 'a', 'y', 'yDot', 'lambda', 'data'] as const
export type StateVectors = Record<(typeof STATE_VECTORS)[number], Float64Array>

export class SystemState implements StateVectors {
  /**
   * Time. Its first value is NaN and the constructor sets 0: V8 gives a field the representation of
   * the first value stored in it, and a field that starts as the small integer 0 changes representation
   * at its first fraction, which deprecates the object's hidden class and throws away the code compiled
   * for it (perf3D: the first step's time deoptimized the code of the initial accelerations and aborted
   * compilations of the step's). Solver fields that will hold fractions start the same way.
   */
  t = NaN
  /** ODE2 displacement coordinates, velocities and accelerations. */
  q: Float64Array
  v: Float64Array
  a: Float64Array
  /** ODE1 coordinates and their time derivatives. */
  y: Float64Array
  yDot: Float64Array
  /** Lagrange multipliers (one per algebraic equation). */
  lambda: Float64Array
  /** Data coordinates (switching states, history), committed at the end of a step. */
  data: Float64Array

  constructor(nODE2: number, nODE1: number, nAE: number, nData: number) {
    this.t = 0
    this.q = new Float64Array(nODE2)
    this.v = new Float64Array(nODE2)
    this.a = new Float64Array(nODE2)
    this.y = new Float64Array(nODE1)
    this.yDot = new Float64Array(nODE1)
    this.lambda = new Float64Array(nAE)
    this.data = new Float64Array(nData)
  }

  copyFrom(o: SystemState): void {
    this.t = o.t
    this.q.set(o.q)
    this.v.set(o.v)
    this.a.set(o.a)
    this.y.set(o.y)
    this.yDot.set(o.yDot)
    this.lambda.set(o.lambda)
    this.data.set(o.data)
  }
}
