// Common computation of nodes: reference coordinates, initial displacement and velocity, global
// offsets; phase 2 writes the initial conditions into the state.
import type { NodeComputation, PointKinematics } from '../../system/computation'
import type { SystemState } from '../../system/state'

export abstract class NodeBase implements NodeComputation {
  ode2Index = 0
  ode1Index = 0
  dataIndex = 0
  readonly nODE1: number = 0
  readonly nData: number = 0
  abstract readonly kinematics?: PointKinematics

  constructor(
    readonly nODE2: number,
    readonly reference: Float64Array,
    readonly initialDisplacement: Float64Array,
    readonly initialVelocity: Float64Array,
  ) {}

  setupInitialState(s: SystemState): void {
    for (let i = 0; i < this.nODE2; i++) {
      s.q[this.ode2Index + i] = this.initialDisplacement[i]
      s.v[this.ode2Index + i] = this.initialVelocity[i]
      s.a[this.ode2Index + i] = 0
    }
  }

  abstract onOffsetsAssigned(): void
}

/** A node whose coordinates have no position in space (Node1D, GenericODE2). */
export class PositionlessNode extends NodeBase {
  readonly kinematics = undefined
  onOffsetsAssigned(): void {}
}
