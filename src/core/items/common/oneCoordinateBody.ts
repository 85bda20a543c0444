// One-coordinate bodies on a Node1D (Exudyn's ObjectMass1D and ObjectRotationalMass1D): a mass
// moving along the local x-axis of a fixed frame, and a rotor turning about the local z-axis.
//   Mass1D:           m q'' = f,  position = referencePosition + referenceRotation [p0, 0, 0]^T + local
//   RotationalMass1D: J phi'' = tau,  rotation = referenceRotation RotZ(phi)
// with p0 (phi) = node reference + displacement. The equations have no f_lhs: only a constant 1x1 mass.
import type { ResolvedItem } from '../../model/definition'
import type { NodeComputation, ObjectComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'

/** Base of both: one coordinate, constant mass (inertia), fixed reference frame. */
export abstract class OneCoordinateBody implements ObjectComputation {
  readonly ltgODE2 = new Int32Array(1)
  readonly nAE = 0
  readonly nData = 0
  aeIndex = 0
  dataIndex = 0
  readonly constantMassMatrix = true
  readonly outputVariables = ['KineticEnergy']
  constructor(
    protected readonly node: NodeComputation,
    /** Mass (kg) or inertia (kg m^2). */
    protected readonly inertia: number,
    protected readonly referencePosition: Float64Array,
    protected readonly referenceRotation: Float64Array,
  ) {}
  setupLTG(): void {
    this.ltgODE2[0] = this.node.ode2Index
  }
  computeMassMatrix(_s: SystemState, out: Float64Array): void {
    out[0] = this.inertia
  }
  /** Total coordinate p0 = reference + displacement. */
  protected coordinate(s: SystemState): number {
    return this.node.reference[0] + s.q[this.ltgODE2[0]]
  }
  output(variable: string, s: SystemState, out: Float64Array): number {
    if (variable !== 'KineticEnergy') return 0
    const v = s.v[this.ltgODE2[0]]
    out[0] = 0.5 * this.inertia * v * v
    return 1
  }
}

export const FRAME_PARAMS = {
  nodeNumber: {
    type: 'ref' as const,
    kind: 'node' as const,
    types: ['Node1D'],
    doc: 'the Node1D that carries the coordinate',
  },
  referencePosition: {
    type: 'vector' as const,
    size: 3,
    default: [0, 0, 0],
    unit: 'm',
    doc: 'position of the body frame',
  },
  referenceRotation: {
    type: 'matrix' as const,
    rows: 3,
    cols: 3,
    default: [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
    doc: 'constant rotation matrix of the body frame (body to global)',
  },
}

export function frameArgs(it: ResolvedItem): [Float64Array, Float64Array] {
  return [it.params.vector('referencePosition'), it.params.matrix('referenceRotation')]
}
