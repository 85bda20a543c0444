// ConnectorTorsionalSpringDamper (Exudyn's ObjectConnectorTorsionalSpringDamper): a torsional spring
// and damper about the z axis of the joint frames J0 = A_m0 rotationMarker0 and J1 = A_m1 rotationMarker1
// of two rigid markers (used with a revolute joint that keeps the z axes aligned):
//   phi = angle of J1 about z relative to J0, continuous beyond +-pi (full turns counted)
//   omega = z0 . (w1 - w0),   T = stiffness (phi - offset) + damping (omega - velocityOffset) + torque
// and the generalized forces f_lhs = +G1^T (T z0) on marker 1, -G0^T (T z0) on marker 0 (dphi/dq =
// z0^T (G1 - G0)). Full turns are internal state (seed 004): atan2 gives the angle in (-pi, pi]; the
// number of turns and the angle of the last accepted step are committed in postStep, and every
// evaluation takes the branch next to that angle, so the angle may change by up to pi per step.
// Checkpoints save both numbers (Exudyn keeps them in an optional data node instead).
import type { ItemDefinition, ResolvedItem } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'
import { matMul3, matTMul3 } from '../../math/vec3'
import type { FrameKinematics, MarkerComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { requireMarkers, visualizationParams } from '../common'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from './springsAndDistance'
import { TwoMarkerConnector } from './twoMarkerConnector'

const TWO_PI = 2 * Math.PI

class TorsionalSpringDamper extends TwoMarkerConnector {
  readonly nAE = 0
  readonly internalStateVersion = 1
  readonly outputVariables = ['Rotation', 'AngularVelocityLocal', 'Torque']
  /** Committed at the end of each accepted step: full turns and the atan2 angle in (-pi, pi]. */
  private turns = 0
  private lastAngle = 0
  private readonly f0: FrameKinematics
  private readonly f1: FrameKinematics
  private readonly A = new Float64Array(9)
  private readonly frame0 = new Float64Array(9)
  private readonly frame1 = new Float64Array(9)
  private readonly rel = new Float64Array(9)
  private readonly w0 = new Float64Array(3)
  private readonly w1 = new Float64Array(3)
  private G0 = new Float64Array(0)
  private G1 = new Float64Array(0)

  constructor(
    markers: MarkerComputation[],
    private readonly rotationMarker0: Float64Array,
    private readonly rotationMarker1: Float64Array,
    private readonly k: number,
    private readonly d: number,
    private readonly offset: number,
    private readonly velocityOffset: number,
    private readonly constantTorque: number,
    private readonly active: boolean,
  ) {
    super(markers)
    this.f0 = this.k0 as FrameKinematics
    this.f1 = this.k1 as FrameKinematics
  }

  override setupLTG(): void {
    super.setupLTG()
    if (this.G0.length !== 3 * this.n0) this.G0 = new Float64Array(3 * this.n0)
    if (this.G1.length !== 3 * this.n1) this.G1 = new Float64Array(3 * this.n1)
  }

  setupInitialState(s: SystemState): void {
    this.turns = 0
    this.lastAngle = this.principalAngle(s)
  }

  /** Joint frames J0, J1 (global, into frame0, frame1) and the angle of J1 about z0 in (-pi, pi]. */
  private principalAngle(s: SystemState): number {
    this.f0.rotationMatrix(s, this.A)
    matMul3(this.A, this.rotationMarker0, this.frame0)
    this.f1.rotationMatrix(s, this.A)
    matMul3(this.A, this.rotationMarker1, this.frame1)
    matTMul3(this.frame0, this.frame1, this.rel)
    return Math.atan2(this.rel[3], this.rel[0])
  }

  /** Full turns of the branch next to the last accepted angle. */
  private turnsAt(angle: number): number {
    const jump = angle - this.lastAngle
    return this.turns + (jump > Math.PI ? -1 : jump < -Math.PI ? 1 : 0)
  }

  rotation(s: SystemState): number {
    const a = this.principalAngle(s)
    return a + TWO_PI * this.turnsAt(a)
  }

  /** z0 . (w1 - w0); needs frame0 (J0) from principalAngle. */
  private relativeAngularVelocity(s: SystemState): number {
    this.f0.angularVelocity(s, this.w0)
    this.f1.angularVelocity(s, this.w1)
    return this.frame0[2] * (this.w1[0] - this.w0[0]) + this.frame0[5] * (this.w1[1] - this.w0[1]) + this.frame0[8] * (this.w1[2] - this.w0[2])
  }

  private torque(s: SystemState): number {
    const phi = this.rotation(s)
    return this.k * (phi - this.offset) + this.d * (this.relativeAngularVelocity(s) - this.velocityOffset) + this.constantTorque
  }

  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.active) return
    const T = this.torque(s)
    const tx = T * this.frame0[2], ty = T * this.frame0[5], tz = T * this.frame0[8]
    this.f0.rotationJacobian(s, this.G0)
    this.f1.rotationJacobian(s, this.G1)
    const n0 = this.n0, n1 = this.n1, G0 = this.G0, G1 = this.G1
    for (let j = 0; j < n0; j++) out[j] -= G0[j] * tx + G0[n0 + j] * ty + G0[2 * n0 + j] * tz
    for (let j = 0; j < n1; j++) out[n0 + j] += G1[j] * tx + G1[n1 + j] * ty + G1[2 * n1 + j] * tz
  }

  postStep(s: SystemState): void {
    const a = this.principalAngle(s)
    this.turns = this.turnsAt(a)
    this.lastAngle = a
  }

  saveInternalState(): Float64Array {
    return Float64Array.of(this.turns, this.lastAngle)
  }
  loadInternalState(block: Float64Array): void {
    this.turns = block[0]
    this.lastAngle = block[1]
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    if (variable === 'Rotation') out[0] = this.rotation(s)
    else if (variable === 'AngularVelocityLocal') {
      this.principalAngle(s)
      out[0] = this.relativeAngularVelocity(s)
    } else if (variable === 'Torque') out[0] = this.active ? this.torque(s) : 0
    else return 0
    return 1
  }
}

const IDENTITY = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]

const JOINT_FRAMES: ParamSchema = {
  rotationMarker0: { type: 'matrix', rows: 3, cols: 3, default: IDENTITY, doc: 'joint frame J0 in the frame of marker 0; the spring acts about its z axis' },
  rotationMarker1: { type: 'matrix', rows: 3, cols: 3, default: IDENTITY, doc: 'joint frame J1 in the frame of marker 1' },
}

function orthonormal(it: ResolvedItem, name: string): { parameter: string; message: string }[] {
  const R = it.params.matrix(name)
  const RtR = new Float64Array(9)
  matTMul3(R, R, RtR)
  let err = 0
  for (let i = 0; i < 9; i++) err = Math.max(err, Math.abs(RtR[i] - (i % 4 === 0 ? 1 : 0)))
  return err > 1e-6 ? [{ parameter: name, message: `expected an orthonormal rotation matrix (R^T R = I), deviation ${err.toExponential(2)}` }] : []
}

export const ObjectConnectorTorsionalSpringDamper: ItemDefinition<'object'> = {
  kind: 'object',
  type: 'ConnectorTorsionalSpringDamper',
  exudynName: 'ObjectConnectorTorsionalSpringDamper',
  doc: 'Torsional spring-damper about the z axis of the joint frames of two rigid markers: T = stiffness (phi - offset) + damping (omega - velocityOffset) + torque, with the angle phi continuous beyond +-pi (full turns are counted as internal state and saved in checkpoints). Use it with a revolute joint that aligns the z axes.',
  parameters: {
    ...MARKER_PAIR,
    stiffness: { type: 'number', default: 0, unit: 'N m/rad', doc: 'torsional stiffness' },
    damping: { type: 'number', default: 0, unit: 'N m s/rad', doc: 'torsional damping' },
    offset: { type: 'number', default: 0, unit: 'rad', doc: 'angle at which the spring torque is zero (may exceed pi: turns count)' },
    velocityOffset: { type: 'number', default: 0, unit: 'rad/s', doc: 'relative angular velocity at which the damping torque is zero' },
    torque: { type: 'number', default: 0, unit: 'N m', doc: 'constant torque added to the spring-damper torque' },
    ...JOINT_FRAMES,
    ...ACTIVE_CONNECTOR,
    ...visualizationParams(),
  },
  supportsCheckpoint: true,
  check: (it, m) => [...requireMarkers(it, m, 'markerNumbers', 'orientation'), ...orthonormal(it, 'rotationMarker0'), ...orthonormal(it, 'rotationMarker1')],
  build: (it, ctx) => {
    const p = it.params
    const markers = p.refs('markerNumbers').map((i) => ctx.marker(i))
    return new TorsionalSpringDamper(markers, p.matrix('rotationMarker0'), p.matrix('rotationMarker1'), p.number('stiffness'), p.number('damping'), p.number('offset'), p.number('velocityOffset'), p.number('torque'), p.bool('activeConnector'))
  },
}
