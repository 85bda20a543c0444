// JointRollingDisc (Exudyn's ObjectJointRollingDisc): a rigid disc (marker 1, at the disc centre) rolls
// without slipping on the plane of marker 0 (normal n = A0 planeNormal). With the disc axis
// w1 = A1 discAxis, the longitudinal direction w2 = (w1 x n)/|w1 x n| and w3 = w1 x w2 (from the centre
// to the contact point), the contact point is pC = p1 + r w3 and the equations are Exudyn's, all on
// velocity level (no slip is non-holonomic; the normal one is kept with them so C_q' is one matrix):
//   g = vC1 - vC0 = (v1 + w1 x r w3) - (v0 + w0 x (pC - p0))   (global x, y, z components; free axes dropped)
// which is linear in the velocities: dg/dq' = [-(J0 + G0 x (pC - p0)) | J1 + G1 x r w3] column-wise.
// The multipliers are minus the contact force on the disc (global components).
import { TWO_MARKER_WORK, type TwoMarkerWork } from '../common/twoMarkerConnector'
import { cross, matVec3 } from '../../math/vec3'
import { defineItem, type ResolvedItem } from '../../model/definition'
import type { FrameKinematics, MarkerComputation } from '../../system/computation'
import { DEFAULT_COLORS } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { V_COLOR, visualizationParams } from '../common/itemFields'
import { RigidMarkerConnector } from '../common/jointFrames'
import { requireMarkers } from '../common/markerChecks'

class RollingDisc extends RigidMarkerConnector {
  readonly nAE: number
  readonly velocityLevelConstraint = true
  readonly inactiveConstraint: boolean
  readonly outputVariables = ['Position', 'ForceLocal']
  /** Global components (0, 1, 2) that are constrained. */
  private readonly axes: number[]
  private readonly A = new Float64Array(9)
  private readonly normal = new Float64Array(3)
  private readonly w1 = new Float64Array(3)
  readonly w2 = new Float64Array(3)
  private readonly w3 = new Float64Array(3)
  /** r w3 (centre to contact point) and pC - p0. */
  private readonly lever1 = new Float64Array(3)
  private readonly lever0 = new Float64Array(3)
  private readonly pC = new Float64Array(3)
  private readonly t1 = new Float64Array(3)
  private readonly t2 = new Float64Array(3)
  private readonly vC = new Float64Array(3)

  constructor(
    markers: MarkerComputation[],
    work: TwoMarkerWork,
    constrainedAxes: Float64Array,
    active: boolean,
    readonly radius: number,
    private readonly discAxis: Float64Array,
    private readonly planeNormal: Float64Array,
  ) {
    super(markers, work)
    this.axes = [0, 1, 2].filter((i) => constrainedAxes[i] === 1)
    this.nAE = this.axes.length
    this.inactiveConstraint = !active
  }

  /** Contact geometry at s: normal, w1, w2, w3, pC and the levers. */
  geometry(s: SystemState): void {
    this.f0.position(s, this.work.p0)
    this.f1.position(s, this.work.p1)
    this.f0.rotationMatrix(s, this.A)
    matVec3(this.A, this.planeNormal, this.normal)
    this.f1.rotationMatrix(s, this.A)
    matVec3(this.A, this.discAxis, this.w1)
    cross(this.w1, this.normal, this.w2)
    const len = Math.hypot(this.w2[0], this.w2[1], this.w2[2])
    if (len === 0)
      throw new Error(
        'JointRollingDisc: the disc axis is parallel to the plane normal (the disc lies flat), the ' +
          'contact point is undefined',
      )
    for (let i = 0; i < 3; i++) this.w2[i] /= len
    cross(this.w1, this.w2, this.w3)
    for (let i = 0; i < 3; i++) {
      this.lever1[i] = this.radius * this.w3[i]
      this.pC[i] = this.work.p1[i] + this.lever1[i]
      this.lever0[i] = this.pC[i] - this.work.p0[i]
    }
  }

  /** out (3) = velocity of the material point of marker k at the lever: v + w x lever. */
  private pointVelocity(k: FrameKinematics, lever: Float64Array, s: SystemState, out: Float64Array): void {
    k.angularVelocity(s, this.t1)
    cross(this.t1, lever, out)
    k.velocity(s, this.t1)
    for (let i = 0; i < 3; i++) out[i] += this.t1[i]
  }

  /** Velocity level for every solver (velocityLevelConstraint). */
  computeAE(s: SystemState, out: Float64Array): void {
    this.geometry(s)
    this.pointVelocity(this.f1, this.lever1, s, this.vC)
    this.pointVelocity(this.f0, this.lever0, s, this.t2)
    for (let k = 0; k < this.nAE; k++) out[k] = this.vC[this.axes[k]] - this.t2[this.axes[k]]
  }

  computeAEJacobian(s: SystemState, out: Float64Array): void {
    this.geometry(s)
    const n = this.n0 + this.n1
    out.fill(0, 0, this.nAE * n)
    this.addSide(s, this.f0, this.work.J0, this.G0, this.n0, this.lever0, -1, 0, out)
    this.addSide(s, this.f1, this.work.J1, this.G1, this.n1, this.lever1, 1, this.n0, out)
  }

  /** Columns of one marker: sign (J + G x lever), rows = constrained global components. */
  private addSide(
    s: SystemState,
    k: FrameKinematics,
    J: Float64Array,
    G: Float64Array,
    nk: number,
    lever: Float64Array,
    sign: number,
    offset: number,
    out: Float64Array,
  ): void {
    if (nk === 0) return
    k.positionJacobian(s, J)
    k.rotationJacobian(s, G)
    const n = this.n0 + this.n1
    for (let j = 0; j < nk; j++) {
      this.t1[0] = G[j]
      this.t1[1] = G[nk + j]
      this.t1[2] = G[2 * nk + j]
      cross(this.t1, lever, this.t2)
      for (let r = 0; r < this.nAE; r++) {
        const c = this.axes[r]
        out[r * n + offset + j] = sign * (J[c * nk + j] + this.t2[c])
      }
    }
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    this.geometry(s)
    if (variable === 'Position') {
      out.set(this.pC)
      return 3
    }
    if (variable !== 'ForceLocal') return 0
    // Force on the disc = -lambda (global); components along [lateral = n x w2, longitudinal w2, normal n].
    const f = this.t1
    f.fill(0)
    if (!this.inactiveConstraint) this.axes.forEach((c, k) => (f[c] = -s.lambda[this.aeIndex + k]))
    cross(this.normal, this.w2, this.t2)
    out[0] = f[0] * this.t2[0] + f[1] * this.t2[1] + f[2] * this.t2[2]
    out[1] = f[0] * this.w2[0] + f[1] * this.w2[1] + f[2] * this.w2[2]
    out[2] = f[0] * this.normal[0] + f[1] * this.normal[1] + f[2] * this.normal[2]
    return 3
  }

  /** Disc centre, axis and contact point, for drawing. */
  drawData(s: SystemState): { centre: number[]; axis: number[]; contact: number[] } {
    this.geometry(s)
    return { centre: [...this.work.p1], axis: [...this.w1], contact: [...this.pC] }
  }
}

function unitVectorProblem(it: ResolvedItem, name: string): { parameter: string; message: string }[] {
  const v = it.params.vector(name)
  const len = Math.hypot(v[0], v[1], v[2])
  return Math.abs(len - 1) > 1e-10
    ? [{ parameter: name, message: `expected a unit vector, got length ${len}` }]
    : []
}

export const ObjectJointRollingDisc = defineItem({
  kind: 'object',
  type: 'JointRollingDisc',
  exudynName: 'ObjectJointRollingDisc',
  doc:
    'A rigid disc (marker 1 at the disc centre) rolling without slip on the plane of marker 0 (ground or ' +
    "a rigid body; plane normal planeNormal in marker 0's frame). Exudyn's idealized formulation: the " +
    "velocity of the disc's material point at the contact point equals that of marker 0's body there, in " +
    'global x, y, z components (constrainedAxes; all on velocity level, so the height is kept by the ' +
    'velocity: start in contact). The disc axis must not be parallel to the normal. ForceLocal = contact ' +
    'force on the disc [lateral, longitudinal, normal]; Position = contact point.',
  parameters: {
    ...MARKER_PAIR,
    markerNumbers: {
      ...MARKER_PAIR.markerNumbers,
      doc: 'the plane marker m0 (ground or rigid body) and the disc-centre marker m1 (rigid)',
    },
    constrainedAxes: {
      type: 'vector',
      size: 3,
      default: [1, 1, 1],
      doc: 'per global component [x, y, z] of the contact-point velocity: 1 = constrained, 0 = free',
    },
    discRadius: { type: 'number', default: 0, min: 0, exclusiveMin: true, unit: 'm', doc: 'disc radius r' },
    discAxis: {
      type: 'vector',
      size: 3,
      default: [1, 0, 0],
      doc: 'disc axis in the frame of marker 1 (unit vector)',
    },
    planeNormal: {
      type: 'vector',
      size: 3,
      default: [0, 0, 1],
      doc: 'normal of the rolling plane in the frame of marker 0 (unit vector)',
    },
    ...ACTIVE_CONNECTOR,
    ...visualizationParams({
      VdiscWidth: {
        type: 'number',
        default: 0.1,
        min: 0,
        unit: 'm',
        doc: 'width of the drawn disc',
        visualization: true,
      },
    }),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  check: (it, m) => {
    const out = [
      ...requireMarkers(it, m, 'markerNumbers', 'orientation'),
      ...unitVectorProblem(it, 'discAxis'),
      ...unitVectorProblem(it, 'planeNormal'),
    ]
    const axes = it.params.vector('constrainedAxes')
    if (![...axes].every((a) => a === 0 || a === 1))
      out.push({
        parameter: 'constrainedAxes',
        message: `expected 0 (free) or 1 (constrained) per axis, got [${[...axes].join(', ')}]`,
      })
    return out
  },
  build: (it, ctx) => {
    const p = it.params
    const markers = p.refs('markerNumbers').map((i) => ctx.marker(i))
    return new RollingDisc(
      markers,
      TWO_MARKER_WORK.of(ctx),
      p.vector('constrainedAxes'),
      p.bool('activeConnector'),
      p.number('discRadius'),
      p.vector('discAxis'),
      p.vector('planeNormal'),
    )
  },
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const disc = c as RollingDisc
    const { centre, axis, contact } = disc.drawData(s)
    const half = it.params.number('VdiscWidth') / 2
    const color = it.params.color('Vcolor', DEFAULT_COLORS.joint)
    g.add({
      shape: 'cylinder',
      from: centre.map((x, i) => x - half * axis[i]),
      to: centre.map((x, i) => x + half * axis[i]),
      radius: disc.radius,
      color,
    })
    g.add({
      shape: 'sphere',
      center: contact,
      radius: Math.max(half / 2, 0.005),
      color: DEFAULT_COLORS.marker,
    })
  },
})
