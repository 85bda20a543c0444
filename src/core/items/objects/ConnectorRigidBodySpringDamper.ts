import { taitBryanFromRotation } from '../../math/rotations'
import { TWO_MARKER_WORK, type TwoMarkerWork } from '../common/twoMarkerConnector'
import { matTVec3, matVec3 } from '../../math/vec3'
import { defineItem } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'
import type { MarkerComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common/itemFields'
import { checkJointFrames, JointFrameConnector, jointFrameParams } from '../common/jointFrames'
import { requireMarkers, markersOf } from '../common/markerChecks'
import { drawSpring } from '../common/springDrawing'

const ZERO6 = Array.from({ length: 6 }, () => [0, 0, 0, 0, 0, 0])

class RigidBodySpringDamper extends JointFrameConnector {
  readonly nAE = 0
  readonly outputVariables = [
    'DisplacementLocal',
    'VelocityLocal',
    'Rotation',
    'AngularVelocityLocal',
    'ForceLocal',
    'TorqueLocal',
  ]
  private readonly d = new Float64Array(3)
  /** Local displacement/rotation u, velocity v and force/torque f (6 each) of the last evaluation. */
  private readonly u = new Float64Array(6)
  private readonly v = new Float64Array(6)
  private readonly f = new Float64Array(6)
  private readonly fGlobal = new Float64Array(3)
  readonly noPotential: string | undefined

  constructor(
    markers: MarkerComputation[],
    work: TwoMarkerWork,
    private readonly stiffness: Float64Array,
    private readonly damping: Float64Array,
    rotationMarker0: Float64Array,
    rotationMarker1: Float64Array,
    private readonly offset: Float64Array,
    private readonly active: boolean,
  ) {
    super(markers, work, rotationMarker0, rotationMarker1)
    for (let r = 0; r < 6; r++)
      for (let c = 0; c < r; c++)
        if (stiffness[6 * r + c] !== stiffness[6 * c + r])
          this.noPotential = `has a stiffness that is not symmetric (entries [${r}][${c}] and [${c}][${r}])`
  }

  /** u, v and the local force/torque f at s; leaves A_J0 in AJ0. */
  private evaluate(s: SystemState): void {
    this.gather(s)
    this.updateJointFrames(s)
    const d = this.d,
      u = this.u,
      v = this.v
    for (let i = 0; i < 3; i++) d[i] = this.p1[i] - this.p0[i]
    matTVec3(this.AJ0, d, u)
    for (let i = 0; i < 3; i++) d[i] = this.v1[i] - this.v0[i]
    matTVec3(this.AJ0, d, v)
    taitBryanFromRotation(this.rel, d)
    u.set(d, 3)
    this.relativeAngularVelocityLocal(s, d)
    v.set(d, 3)
    const K = this.stiffness,
      D = this.damping
    for (let r = 0; r < 6; r++) {
      let sum = 0
      for (let c = 0; c < 6; c++) sum += K[6 * r + c] * (u[c] - this.offset[c]) + D[6 * r + c] * v[c]
      this.f[r] = this.active ? sum : 0
    }
  }

  /**
   * V = 1/2 (u - offset)^T K (u - offset). The torques K (angles - offset) are its gradient for small
   * relative rotations only (Exudyn's law acts on Tait-Bryan angles), and only a symmetric K has one.
   */
  potentialEnergy(s: SystemState): number {
    if (!this.active) return 0
    this.evaluate(s)
    const K = this.stiffness,
      u = this.u,
      o = this.offset
    let e = 0
    for (let r = 0; r < 6; r++) for (let c = 0; c < 6; c++) e += (u[r] - o[r]) * K[6 * r + c] * (u[c] - o[c])
    return 0.5 * e
  }

  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.active) return
    this.evaluate(s)
    this.jacobians(s)
    matVec3(this.AJ0, this.f.subarray(0, 3), this.fGlobal)
    this.addForcePair(this.fGlobal, out)
    matVec3(this.AJ0, this.f.subarray(3, 6), this.fGlobal)
    this.addTorquePair(s, this.fGlobal, out)
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    this.evaluate(s)
    const part = (x: Float64Array, at: number): number => (out.set(x.subarray(at, at + 3)), 3)
    switch (variable) {
      case 'DisplacementLocal':
        return part(this.u, 0)
      case 'Rotation':
        return part(this.u, 3)
      case 'VelocityLocal':
        return part(this.v, 0)
      case 'AngularVelocityLocal':
        return part(this.v, 3)
      case 'ForceLocal':
        return part(this.f, 0)
      case 'TorqueLocal':
        return part(this.f, 3)
      default:
        return 0
    }
  }
}

const SPRING_VISUALIZATION = { ...visualizationParams(V_DRAW_SIZE), ...V_COLOR } satisfies ParamSchema

export const ObjectConnectorRigidBodySpringDamper = defineItem({
  kind: 'object',
  type: 'ConnectorRigidBodySpringDamper',
  exudynName: 'ObjectConnectorRigidBodySpringDamper',
  doc:
    'A 6-DOF spring-damper between two rigid markers, measured in the joint frame J0 = A_m0 ' +
    'rotationMarker0: relative displacement A_J0^T (p1 - p0) and rotation (Tait-Bryan xyz angles of ' +
    'A_J0^T A_J1) against the 6x6 stiffness (minus offset), relative velocity and angular velocity in J0 ' +
    'against the 6x6 damping; the resulting force and torque act along J0 on marker 1 and reversed on ' +
    'marker 0. A penalty rigid joint or bushing. User functions and the data node of Exudyn are not ' +
    'offered.',
  parameters: {
    ...MARKER_PAIR,
    stiffness: {
      type: 'matrix',
      rows: 6,
      cols: 6,
      default: ZERO6,
      unit: 'N/m, N m/rad',
      doc:
        'stiffness of the translational (rows/columns 0..2, local x, y, z) and rotational (3..5, about ' +
        'x, y, z) springs, coupled terms off the diagonal',
    },
    damping: {
      type: 'matrix',
      rows: 6,
      cols: 6,
      default: ZERO6,
      unit: 'N s/m, N m s/rad',
      doc: 'damping against the local relative velocity (0..2) and angular velocity (3..5)',
    },
    ...jointFrameParams('springs act along its axes'),
    offset: {
      type: 'vector',
      size: 6,
      default: [0, 0, 0, 0, 0, 0],
      unit: 'm, rad',
      doc: 'relative displacement and rotation at which the springs are unloaded',
    },
    ...ACTIVE_CONNECTOR,
    ...SPRING_VISUALIZATION,
  },
  supportsCheckpoint: true,
  check: (it, m) => [...requireMarkers(it, m, 'markerNumbers', 'orientation'), ...checkJointFrames(it)],
  build: (it, ctx) => {
    const p = it.params
    return new RigidBodySpringDamper(
      markersOf(it, ctx),
      TWO_MARKER_WORK.of(ctx),
      p.matrix('stiffness'),
      p.matrix('damping'),
      p.matrix('rotationMarker0'),
      p.matrix('rotationMarker1'),
      p.vector('offset'),
      p.bool('activeConnector'),
    )
  },
  visualize: (it, c, s, g) => drawSpring(it, c as RigidBodySpringDamper, s, g, false),
})
