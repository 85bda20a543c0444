// ConnectorTorsionalSpringDamper (Exudyn's ObjectConnectorTorsionalSpringDamper): a torsional spring
// and damper about the z axis of the joint frames J0 = A_m0 rotationMarker0 and J1 = A_m1 rotationMarker1
// of two rigid markers (used with a revolute joint that keeps the z axes aligned):
//   phi = angle of J1 about z relative to J0, continuous beyond +-pi (full turns counted)
//   omega = z0 . (w1 - w0),   T = stiffness (phi - offset) + damping (omega - velocityOffset) + torque
// (or T = springTorqueUserFunction(t, phi, omega, stiffness, damping, offset), Exudyn's arguments)
// and the generalized forces f_lhs = +G1^T (T z0) on marker 1, -G0^T (T z0) on marker 0 (dphi/dq =
// z0^T (G1 - G0)). Full turns are internal state (checkpointed): atan2 gives the angle in (-pi, pi]; the
// number of turns and the angle of the last accepted step are committed in postStep, and every
// evaluation takes the branch next to that angle, so the angle may change by up to pi per step.
// Checkpoints save both numbers. With a data node (nodeNumber, Exudyn's layout: 1 coordinate, the
// continuous angle of the last accepted step phi_prev) the branch is Exudyn's instead: atan2's angle a
// plus 2 pi round((phi_prev - a) / 2 pi) where |a - phi_prev| > pi; for steps below pi both rules take
// the same number of turns, and the angle is a + 2 pi k either way, so the results are bitwise equal.
import { TWO_MARKER_WORK, type TwoMarkerWork } from '../common/twoMarkerConnector'
import { defineItem } from '../../model/definition'
import { compileFunction, type VariableFunction } from '../../model/expression'
import { evaluateLaw } from '../common/userLaw'
import type { MarkerComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { visualizationParams } from '../common/itemFields'
import { checkJointFrames, JointFrameConnector, jointFrameParams } from '../common/jointFrames'
import { requireMarkers } from '../common/markerChecks'
import { dataNodeOf, dataNodeParam, dataNodeProblems } from '../common/dataNode'
import type { NodeComputation } from '../../system/computation'

const TWO_PI = 2 * Math.PI
const DATA_LAYOUT = '[continuous angle of the last step]'

/** Exudyn 1.11's arguments of springTorqueUserFunction after (mbs, t, itemNumber), with t first. */
const USER_FUNCTION_VARIABLES = [
  't',
  'rotation',
  'angularVelocity',
  'stiffness',
  'damping',
  'offset',
] as const

class TorsionalSpringDamper extends JointFrameConnector {
  readonly nAE = 0
  readonly internalStateVersion = 1
  readonly outputVariables = ['Rotation', 'AngularVelocityLocal', 'Torque']
  /** Committed at the end of each accepted step: full turns and the atan2 angle in (-pi, pi]. */
  private turns = 0
  private lastAngle = 0
  /** Relative angular velocity in J0 and the global torque T z0. */
  private readonly omega = new Float64Array(3)
  private readonly torque3 = new Float64Array(3)
  private readonly userArguments = new Float64Array(USER_FUNCTION_VARIABLES.length)
  readonly noPotential: string | undefined

  constructor(
    markers: MarkerComputation[],
    work: TwoMarkerWork,
    rotationMarker0: Float64Array,
    rotationMarker1: Float64Array,
    private readonly k: number,
    private readonly d: number,
    private readonly offset: number,
    private readonly velocityOffset: number,
    private readonly constantTorque: number,
    private readonly active: boolean,
    private readonly userFunction: VariableFunction | undefined,
    private readonly dataNode: NodeComputation | undefined,
  ) {
    super(markers, work, rotationMarker0, rotationMarker1)
    if (userFunction) this.noPotential = 'has a springTorqueUserFunction, whose potential is not known'
  }

  /** The data node's continuous angle (its initial value is the node's initialCoordinates). */
  private angleAt = -1
  override setupLTG(): void {
    super.setupLTG()
    this.angleAt = this.dataNode ? this.dataNode.dataIndex : -1
  }

  setupInitialState(s: SystemState): void {
    this.turns = 0
    this.lastAngle = this.principalAngle(s)
  }

  /** Joint frames J0, J1 (global, into AJ0, AJ1) and the angle of J1 about z0 in (-pi, pi]. */
  private principalAngle(s: SystemState): number {
    this.updateJointFrames(s)
    return Math.atan2(this.rel[3], this.rel[0])
  }

  /** Full turns of the branch next to the last accepted angle. */
  private turnsAt(angle: number): number {
    const jump = angle - this.lastAngle
    return this.turns + (jump > Math.PI ? -1 : jump < -Math.PI ? 1 : 0)
  }

  rotation(s: SystemState): number {
    const a = this.principalAngle(s)
    if (this.angleAt < 0) return a + TWO_PI * this.turnsAt(a)
    const previous = s.data[this.angleAt]
    if (!(Math.abs(a - previous) > Math.PI)) return a
    // C's round(): halves away from zero, as Exudyn.
    const x = (previous - a) / TWO_PI
    return a + TWO_PI * (Math.sign(x) * Math.round(Math.abs(x)))
  }

  /** z0 . (w1 - w0); needs AJ0 (J0) from principalAngle. */
  private relativeAngularVelocity(s: SystemState): number {
    this.relativeAngularVelocityLocal(s, this.omega)
    return this.omega[2]
  }

  private torque(s: SystemState): number {
    const phi = this.rotation(s)
    if (this.userFunction) {
      const omega = this.relativeAngularVelocity(s)
      return evaluateLaw(this.userFunction, this.userArguments, s.t, phi, omega, this.k, this.d, this.offset)
    }
    return (
      this.k * (phi - this.offset) +
      this.d * (this.relativeAngularVelocity(s) - this.velocityOffset) +
      this.constantTorque
    )
  }

  /** V = k/2 (phi - offset)^2 + torque (phi - offset); the damper's torque has none. */
  potentialEnergy(s: SystemState): number {
    if (!this.active) return 0
    const e = this.rotation(s) - this.offset
    return e * (0.5 * this.k * e + this.constantTorque)
  }

  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.active) return
    const T = this.torque(s)
    for (let i = 0; i < 3; i++) this.torque3[i] = T * this.AJ0[3 * i + 2]
    this.addTorquePair(s, this.torque3, out)
  }

  postStep(s: SystemState): void {
    if (this.angleAt >= 0) {
      s.data[this.angleAt] = this.rotation(s)
      return
    }
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

export const ObjectConnectorTorsionalSpringDamper = defineItem({
  kind: 'object',
  type: 'ConnectorTorsionalSpringDamper',
  exudynName: 'ObjectConnectorTorsionalSpringDamper',
  doc:
    'Torsional spring-damper about the z axis of the joint frames of two rigid markers: T = stiffness ' +
    '(phi - offset) + damping (omega - velocityOffset) + torque, with the angle phi continuous beyond ' +
    '+-pi (full turns are counted as internal state and saved in checkpoints, or with nodeNumber kept ' +
    'in a GenericData node as the continuous angle, as Exudyn), or springTorqueUserFunction. Use it ' +
    'with a revolute joint that aligns the z axes.',
  parameters: {
    ...MARKER_PAIR,
    ...dataNodeParam(`1 coordinate, ${DATA_LAYOUT}, whose initial value picks the initial turn`),
    stiffness: { type: 'number', default: 0, unit: 'N m/rad', doc: 'torsional stiffness' },
    damping: { type: 'number', default: 0, unit: 'N m s/rad', doc: 'torsional damping' },
    offset: {
      type: 'number',
      default: 0,
      unit: 'rad',
      doc: 'angle at which the spring torque is zero (may exceed pi: turns count)',
    },
    velocityOffset: {
      type: 'number',
      default: 0,
      unit: 'rad/s',
      doc: 'relative angular velocity at which the damping torque is zero',
    },
    torque: {
      type: 'number',
      default: 0,
      unit: 'N m',
      doc: 'constant torque added to the spring-damper torque',
    },
    springTorqueUserFunction: {
      type: 'expression',
      default: '',
      variables: USER_FUNCTION_VARIABLES,
      doc:
        'optional torque law replacing the linear one, an expression in t, rotation (phi, turns counted), ' +
        'angularVelocity (omega), stiffness, damping and offset, e.g. "stiffness*rotation + ' +
        '0.1*stiffness*rotation^3"; "" for none',
    },
    ...jointFrameParams('the spring acts about its z axis'),
    ...ACTIVE_CONNECTOR,
    ...visualizationParams(),
  },
  supportsCheckpoint: true,
  check: (it, m) => [
    ...requireMarkers(it, m, 'markerNumbers', 'orientation'),
    ...checkJointFrames(it),
    ...dataNodeProblems(it, m, 1, DATA_LAYOUT),
  ],
  build: (it, ctx) => {
    const p = it.params
    const markers = p.refs('markerNumbers').map((i) => ctx.marker(i))
    return new TorsionalSpringDamper(
      markers,
      TWO_MARKER_WORK.of(ctx),
      p.matrix('rotationMarker0'),
      p.matrix('rotationMarker1'),
      p.number('stiffness'),
      p.number('damping'),
      p.number('offset'),
      p.number('velocityOffset'),
      p.number('torque'),
      p.bool('activeConnector'),
      p.string('springTorqueUserFunction') === ''
        ? undefined
        : compileFunction(p.string('springTorqueUserFunction'), USER_FUNCTION_VARIABLES),
      dataNodeOf(it, ctx),
    )
  },
})
