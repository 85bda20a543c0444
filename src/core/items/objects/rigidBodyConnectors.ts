// Spring-dampers measured in the frame of marker 0 (Exudyn's formulations):
//
// ConnectorRigidBodySpringDamper: six springs and dampers between two rigid markers. With the joint
// frames A_J0 = A_m0 rotationMarker0, A_J1 = A_m1 rotationMarker1,
//   u = [A_J0^T (p1 - p0); theta],  theta = Tait-Bryan xyz angles of A_J0^T A_J1,
//   v = [A_J0^T (v1 - v0); A_J0^T (w1 - w0)],
//   [f; m] = stiffness (u - offset) + damping v      (local, in J0)
// and the global force A_J0 f and torque A_J0 m act on marker 1 (through its position and rotation
// Jacobians), their negatives on marker 0. As in Exudyn this is not the derivative of a potential
// for coupled large rotations (the torque acts about A_J0's axes, not along dtheta/dq); about one axis
// it is exact. The Newton Jacobian is the local numerical one (6 x (n0 + n1) entries, cheap).
//
// ConnectorLinearSpringDamper: one spring-damper along d = A_m0 axisMarker0:
//   dx = d . (p1 - p0), dv = d . (v1 - v0), f = stiffness (dx - offset) + damping (dv - velocityOffset) + force
// and f d acts on marker 1, -f d on marker 0 (position Jacobians only: no torque from the turning
// axis, as in Exudyn). Motion across d is not resisted.
import type { ItemDefinition, ResolvedItem } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'
import { matTVec3, matVec3 } from '../../math/vec3'
import { taitBryanFromRotation } from '../../math/rotations'
import type { FrameKinematics, MarkerComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { DEFAULT_COLORS, colorOr, type Graphics } from '../../system/graphics'
import { markerProvides, requireMarkers, V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common'
import { checkJointFrames, JointFrameConnector, jointFrameParams } from './jointFrames'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from './springsAndDistance'
import { TwoMarkerConnector } from './twoMarkerConnector'

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

  constructor(
    markers: MarkerComputation[],
    private readonly stiffness: Float64Array,
    private readonly damping: Float64Array,
    rotationMarker0: Float64Array,
    rotationMarker1: Float64Array,
    private readonly offset: Float64Array,
    private readonly active: boolean,
  ) {
    super(markers, rotationMarker0, rotationMarker1)
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

class LinearSpringDamper extends TwoMarkerConnector {
  readonly nAE = 0
  readonly outputVariables = ['DisplacementLocal', 'VelocityLocal', 'ForceLocal']
  private readonly A = new Float64Array(9)
  private readonly axis = new Float64Array(3)
  private readonly force3 = new Float64Array(3)
  private displacement = 0
  private speed = 0

  constructor(
    markers: MarkerComputation[],
    private readonly axisMarker0: Float64Array,
    private readonly k: number,
    private readonly d: number,
    private readonly offset: number,
    private readonly velocityOffset: number,
    private readonly constantForce: number,
    private readonly active: boolean,
  ) {
    super(markers)
  }

  /** The scalar force f at s (0 when inactive); leaves the global axis in this.axis. */
  private scalarForce(s: SystemState): number {
    this.gather(s)
    ;(this.k0 as FrameKinematics).rotationMatrix(s, this.A)
    matVec3(this.A, this.axisMarker0, this.axis)
    const a = this.axis
    this.displacement =
      a[0] * (this.p1[0] - this.p0[0]) + a[1] * (this.p1[1] - this.p0[1]) + a[2] * (this.p1[2] - this.p0[2])
    this.speed =
      a[0] * (this.v1[0] - this.v0[0]) + a[1] * (this.v1[1] - this.v0[1]) + a[2] * (this.v1[2] - this.v0[2])
    if (!this.active) return 0
    return (
      this.k * (this.displacement - this.offset) +
      this.d * (this.speed - this.velocityOffset) +
      this.constantForce
    )
  }

  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.active) return
    const f = this.scalarForce(s)
    this.jacobians(s)
    for (let i = 0; i < 3; i++) this.force3[i] = f * this.axis[i]
    this.addForcePair(this.force3, out)
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    const f = this.scalarForce(s)
    if (variable === 'DisplacementLocal') out[0] = this.displacement
    else if (variable === 'VelocityLocal') out[0] = this.speed
    else if (variable === 'ForceLocal') out[0] = f
    else return 0
    return 1
  }
}

const markersOf = (it: ResolvedItem, ctx: { marker(i: number): MarkerComputation }): MarkerComputation[] =>
  it.params.refs('markerNumbers').map((m) => ctx.marker(m))

const SPRING_VISUALIZATION: ParamSchema = { ...visualizationParams(V_DRAW_SIZE), ...V_COLOR }

/** A helix (or, drawn as an actuator, a cylinder) between the two markers. */
function drawSpring(
  it: ResolvedItem,
  c: TwoMarkerConnector,
  s: SystemState,
  g: Graphics,
  asCylinder: boolean,
): void {
  if (!it.params.bool('Vshow')) return
  const [from, to] = c.endPoints(s)
  const color = colorOr(it.params.vector('Vcolor') as unknown as number[], DEFAULT_COLORS.connector)
  const size = it.params.number('VdrawSize')
  const radius = size > 0 ? size / 2 : 0.03
  if (asCylinder) g.add({ shape: 'cylinder', from, to, radius, color })
  else g.add({ shape: 'helix', from, to, radius, turns: 8, color })
}

export const ObjectConnectorRigidBodySpringDamper: ItemDefinition<'object'> = {
  kind: 'object',
  type: 'ConnectorRigidBodySpringDamper',
  exudynName: 'ObjectConnectorRigidBodySpringDamper',
  doc: 'A 6-DOF spring-damper between two rigid markers, measured in the joint frame J0 = A_m0 rotationMarker0: relative displacement A_J0^T (p1 - p0) and rotation (Tait-Bryan xyz angles of A_J0^T A_J1) against the 6x6 stiffness (minus offset), relative velocity and angular velocity in J0 against the 6x6 damping; the resulting force and torque act along J0 on marker 1 and reversed on marker 0. A penalty rigid joint or bushing. User functions and the data node of Exudyn are not offered.',
  parameters: {
    ...MARKER_PAIR,
    stiffness: {
      type: 'matrix',
      rows: 6,
      cols: 6,
      default: ZERO6,
      unit: 'N/m, N m/rad',
      doc: 'stiffness of the translational (rows/columns 0..2, local x, y, z) and rotational (3..5, about x, y, z) springs, coupled terms off the diagonal',
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
      p.matrix('stiffness'),
      p.matrix('damping'),
      p.matrix('rotationMarker0'),
      p.matrix('rotationMarker1'),
      p.vector('offset'),
      p.bool('activeConnector'),
    )
  },
  visualize: (it, c, s, g) => drawSpring(it, c as RigidBodySpringDamper, s, g, false),
}

export const ObjectConnectorLinearSpringDamper: ItemDefinition<'object'> = {
  kind: 'object',
  type: 'ConnectorLinearSpringDamper',
  exudynName: 'ObjectConnectorLinearSpringDamper',
  doc: "A spring-damper along the axis d = A_m0 axisMarker0 of marker 0's frame: dx = d . (p1 - p0), f = stiffness (dx - offset) + damping (d . (v1 - v0) - velocityOffset) + force, acting as f d on marker 1 and -f d on marker 0. Motion across the axis is not resisted (use it inside a prismatic joint). Marker 0 needs an orientation, marker 1 a position.",
  parameters: {
    ...MARKER_PAIR,
    stiffness: { type: 'number', default: 0, unit: 'N/m', doc: 'spring stiffness k' },
    damping: { type: 'number', default: 0, unit: 'N s/m', doc: 'damping coefficient d' },
    axisMarker0: {
      type: 'vector',
      size: 3,
      default: [1, 0, 0],
      doc: 'axis of the spring-damper in the frame of marker 0 (unit vector; it turns with marker 0)',
    },
    offset: {
      type: 'number',
      default: 0,
      unit: 'm',
      doc: 'displacement at which the spring force is zero (usable as a position input)',
    },
    velocityOffset: {
      type: 'number',
      default: 0,
      unit: 'm/s',
      doc: 'relative velocity at which the damping force is zero',
    },
    force: { type: 'number', default: 0, unit: 'N', doc: 'constant force added to the spring-damper force' },
    ...ACTIVE_CONNECTOR,
    ...visualizationParams({
      ...V_DRAW_SIZE,
      VdrawAsCylinder: {
        type: 'boolean',
        default: false,
        doc: 'draw a cylinder (an actuator) instead of a helix',
        visualization: true,
      },
    }),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  check: (it, m) => {
    const out = [...requireMarkers(it, m, 'markerNumbers', 'position')]
    const m0 = it.params.refs('markerNumbers')[0]
    if (!markerProvides(m, m0, 'orientation'))
      out.push({
        parameter: 'markerNumbers[0]',
        message: `marker "${m.item('marker', m0).name}" provides no orientation; the axis is given in marker 0's frame (use a rigid marker, e.g. BodyRigid on ground)`,
      })
    const a = it.params.vector('axisMarker0')
    if (Math.abs(Math.hypot(a[0], a[1], a[2]) - 1) > 1e-10)
      out.push({
        parameter: 'axisMarker0',
        message: `expected a unit vector, got length ${Math.hypot(a[0], a[1], a[2])}`,
      })
    return out
  },
  build: (it, ctx) => {
    const p = it.params
    return new LinearSpringDamper(
      markersOf(it, ctx),
      p.vector('axisMarker0'),
      p.number('stiffness'),
      p.number('damping'),
      p.number('offset'),
      p.number('velocityOffset'),
      p.number('force'),
      p.bool('activeConnector'),
    )
  },
  visualize: (it, c, s, g) =>
    drawSpring(it, c as LinearSpringDamper, s, g, it.params.bool('VdrawAsCylinder')),
}
