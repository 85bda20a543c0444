// Connectors between two rigid markers, measured in joint frames (as Exudyn's rigid-body connectors):
//   A_J0 = A_m0 rotationMarker0,  A_J1 = A_m1 rotationMarker1,  A_rel = A_J0^T A_J1
// and their derivatives: the relative angular velocity in J0, A_J0^T (w1 - w0), and the rotation
// Jacobians G0, G1 (w = G q'), through which a torque pair acts on the two markers.
import { matMul3, matTMul3, matTVec3 } from '../../math/vec3'
import type { ResolvedItem } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'
import type { FrameKinematics, MarkerComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { TwoMarkerConnector, type TwoMarkerWork } from './twoMarkerConnector'

/** A two-marker connector whose markers both have a frame: rotation Jacobians and torque pairs. */
export abstract class RigidMarkerConnector extends TwoMarkerConnector {
  protected readonly f0: FrameKinematics
  protected readonly f1: FrameKinematics
  protected G0 = new Float64Array(0)
  protected G1 = new Float64Array(0)

  constructor(markers: MarkerComputation[], work: TwoMarkerWork) {
    super(markers, work)
    this.f0 = this.k0 as FrameKinematics
    this.f1 = this.k1 as FrameKinematics
  }

  override setupLTG(): void {
    super.setupLTG()
    if (this.G0.length !== 3 * this.n0) this.G0 = new Float64Array(3 * this.n0)
    if (this.G1.length !== 3 * this.n1) this.G1 = new Float64Array(3 * this.n1)
  }

  /** out[local] += G1^T T on marker 1 and -G0^T T on marker 0: a global torque T on marker 1, -T on 0. */
  protected addTorquePair(s: SystemState, T: Float64Array, out: Float64Array): void {
    this.f0.rotationJacobian(s, this.G0)
    this.f1.rotationJacobian(s, this.G1)
    const n0 = this.n0,
      n1 = this.n1,
      G0 = this.G0,
      G1 = this.G1
    for (let j = 0; j < n0; j++) out[j] -= G0[j] * T[0] + G0[n0 + j] * T[1] + G0[2 * n0 + j] * T[2]
    for (let j = 0; j < n1; j++) out[n0 + j] += G1[j] * T[0] + G1[n1 + j] * T[1] + G1[2 * n1 + j] * T[2]
  }
}

/** A rigid-marker connector with joint frames J0, J1 fixed in the markers' frames. */
export abstract class JointFrameConnector extends RigidMarkerConnector {
  /** Global joint frames and A_J0^T A_J1 of the last updateJointFrames. */
  protected readonly AJ0 = new Float64Array(9)
  protected readonly AJ1 = new Float64Array(9)
  protected readonly rel = new Float64Array(9)
  private readonly A = new Float64Array(9)
  private readonly w0 = new Float64Array(3)
  private readonly w1 = new Float64Array(3)

  constructor(
    markers: MarkerComputation[],
    work: TwoMarkerWork,
    private readonly rotationMarker0: Float64Array,
    private readonly rotationMarker1: Float64Array,
  ) {
    super(markers, work)
  }

  /** AJ0, AJ1 and rel = AJ0^T AJ1 at s. */
  protected updateJointFrames(s: SystemState): void {
    this.f0.rotationMatrix(s, this.A)
    matMul3(this.A, this.rotationMarker0, this.AJ0)
    this.f1.rotationMatrix(s, this.A)
    matMul3(this.A, this.rotationMarker1, this.AJ1)
    matTMul3(this.AJ0, this.AJ1, this.rel)
  }

  /** out (3) = A_J0^T (w1 - w0), the relative angular velocity in J0; needs AJ0 from updateJointFrames. */
  protected relativeAngularVelocityLocal(s: SystemState, out: Float64Array): void {
    this.f0.angularVelocity(s, this.w0)
    this.f1.angularVelocity(s, this.w1)
    for (let i = 0; i < 3; i++) this.w1[i] -= this.w0[i]
    matTVec3(this.AJ0, this.w1, out)
  }
}

const IDENTITY = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]

/** rotationMarker0 and rotationMarker1; `j0Role` says what the connector does along J0's axes. */
export function jointFrameParams(j0Role: string) {
  return {
    rotationMarker0: {
      type: 'matrix',
      rows: 3,
      cols: 3,
      default: IDENTITY,
      doc: `joint frame J0 in the frame of marker 0; ${j0Role}`,
    },
    rotationMarker1: {
      type: 'matrix',
      rows: 3,
      cols: 3,
      default: IDENTITY,
      doc: 'joint frame J1 in the frame of marker 1',
    },
  } satisfies ParamSchema
}

/** Problems with a 3x3 rotation parameter that is not orthonormal (to 1e-6, rounding in typed files). */
function orthonormal(it: ResolvedItem, name: string): { parameter: string; message: string }[] {
  const R = it.params.matrix(name)
  const RtR = new Float64Array(9)
  matTMul3(R, R, RtR)
  let err = 0
  for (let i = 0; i < 9; i++) err = Math.max(err, Math.abs(RtR[i] - (i % 4 === 0 ? 1 : 0)))
  return err > 1e-6
    ? [
        {
          parameter: name,
          message: `expected an orthonormal rotation matrix (R^T R = I), deviation ${err.toExponential(2)}`,
        },
      ]
    : []
}

/** The orthonormality problems of rotationMarker0 and rotationMarker1. */
export const checkJointFrames = (it: ResolvedItem): { parameter: string; message: string }[] => [
  ...orthonormal(it, 'rotationMarker0'),
  ...orthonormal(it, 'rotationMarker1'),
]
