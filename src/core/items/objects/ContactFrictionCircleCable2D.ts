// ObjectContactFrictionCircleCable2D (Exudyn's item): penalty contact with Coulomb friction between a
// circle (radius r, centre at marker 0: a rigid marker, whose rotation enters the surface velocity and
// receives the friction torque, or a position marker) and one ANCFCable2D element, whose surface a
// MarkerBodyCable2DShape gives as n_cs straight segments between points p_0 .. p_ncs.
//
// Per segment i (p_i, p_i+1, reference length L_seg = L / n_cs), with c the circle centre:
//   rho = clamp((p_i+1 - p_i).(c - p_i) / |p_i+1 - p_i|^2, 0, 1), closest point p = p_i + rho (p_i+1 - p_i),
//   n = (c - p) / |c - p| (from the cable to the centre), t = [-n_y, n_x], gap g = |c - p| - r,
//   relative velocity dv = (1 - rho) v_i + rho v_i+1 - (v_c - r omega t)  (cable minus circle surface),
//   v_n = dv.n (approach > 0), v_t = dv.t,
//   force on the cable F = f_n n + f_t t,  f_n = k_c g - d_c v_n  (negative = pressure),
//   friction: stick f_t = -(mu_v v_t + mu_k dx), slip f_t = -mu |f_n| s (s = +-1 the slip direction),
// shared by the segment points as (1 - rho) F on p_i and rho F on p_i+1; -F acts on the centre and the
// torque r f_t on a rigid circle. dx is the tangential displacement since sticking: the sticking position
// x = sigma (i + rho) L_seg - alpha r (sigma = +-1 so that both terms grow with v_t: arc length on the
// cable and on the circle, alpha the contact angle in the circle's frame), wrapped to [-pi r, pi r].
// Ours against Exudyn's text: the surface velocity includes -r omega t (Exudyn's v_t omits the circle's
// rotation; for a fixed circle both agree), v_n has the opposite sign (so f_n = k_c g - d_c v_n), and
// the slip direction is the sign of the linear friction force (Exudyn: of dx, which is 0 without
// frictionStiffness), and a slip that would reverse its direction within a step sticks instead (Exudyn
// lets it flip, which alternates on every discontinuous iteration; see postNewton).
//
// Switching states (Exudyn's PostNewtonStep) are data coordinates, 5 per segment: [gap, slip state
// (-2 undefined, 0 stick, +-1 slip), last sticking position] as Exudyn's GenericData node, plus the state
// and sticking position at the start of the step (Exudyn's startOfStep values; committed in postStep,
// restored with the step when a step is retried); with a data node (nodeNumber) the first three
// blocks are its 3 n_cs data coordinates, in Exudyn's layout, and the start-of-step blocks stay in the
// object. The force law reads only these, so it is smooth
// during Newton; postNewton sets them from the converged state and returns the force error of every
// switch (k_c |dg| for contact, ||f_lin| - mu |f_n|| for stick/slip). Checkpoints carry them.
import { defineItem, type ResolvedItem } from '../../model/definition'
import {
  type FrameKinematics,
  isFrame,
  type MarkerComputation,
  type ObjectComputation,
  type PointKinematics,
} from '../../system/computation'
import { arrowAlong, DEFAULT_COLORS, type GraphicsPrimitive } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR } from '../common/connectorFields'
import { V_COLOR, visualizationParams } from '../common/itemFields'
import { markerProvides } from '../common/markerChecks'
import { CableShapeMarker } from '../markers/BodyCable2DShape'
import { dataNodeOf, dataNodeParam, dataNodeProblems } from '../common/dataNode'
import type { NodeComputation } from '../../system/computation'

/** Slip state before the first contact: no sticking position is known. */
const UNDEFINED = -2

/** Blocks of the data coordinates (each numberOfContactSegments long). */
const GAP = 0,
  STATE = 1,
  LAST_STICK = 2,
  START_STATE = 3,
  START_LAST_STICK = 4,
  BLOCKS = 5,
  /** Exudyn's blocks (GAP, STATE, LAST_STICK): the data node's, if there is one. */
  EXUDYN_BLOCKS = 3
const DATA_LAYOUT =
  '[gap of each segment, then slip state of each (-2 undefined, 0 stick, +-1 slip), then last sticking ' +
  'position of each]'

/** Coordinates of one ANCFCable2D element. */
const CABLE = 8

export interface CircleCableLaw {
  contactStiffness: number
  contactDamping: number
  frictionVelocityPenalty: number
  frictionStiffness: number
  frictionCoefficient: number
  circleRadius: number
  active: boolean
}

/** Geometry and kinematics of one segment (set by segment()). */
interface Segment {
  gap: number
  rho: number
  n: Float64Array
  t: Float64Array
  vn: number
  vt: number
  /** Sticking position x (wrapped). */
  stick: number
}

class ContactFrictionCircleCable2D implements ObjectComputation {
  ltgODE2 = new Int32Array(0)
  readonly nAE = 0
  readonly nData: number
  aeIndex = 0
  dataIndex = 0
  readonly outputVariables = ['Coordinates', 'Coordinates_t', 'ForceLocal', 'Force']
  readonly noPotential = 'is a contact, whose penalty and friction forces are not in the potential'
  private readonly circle: PointKinematics
  private readonly frame: FrameKinematics | undefined
  private readonly points: PointKinematics[]
  private readonly nSeg: number
  private readonly segmentLength: number
  private nCircle = 0
  // Work arrays (hot path: nothing allocated per call).
  private readonly p: Float64Array
  private readonly v: Float64Array
  private readonly pc = new Float64Array(3)
  private readonly vc = new Float64Array(3)
  private readonly omega = new Float64Array(3)
  private readonly R = new Float64Array(9)
  private readonly point = new Float64Array(3)
  private readonly J = new Float64Array(3 * CABLE)
  private Jc = new Float64Array(0)
  private Gc = new Float64Array(0)
  private readonly F = new Float64Array(3)
  private readonly seg: Segment = {
    gap: 0,
    rho: 0,
    n: new Float64Array(2),
    t: new Float64Array(2),
    vn: 0,
    vt: 0,
    stick: 0,
  }
  /** Circle rotation angle of the current evaluation (0 for a position marker). */
  private phi = 0

  constructor(
    circleMarker: MarkerComputation,
    shape: CableShapeMarker,
    private readonly law: CircleCableLaw,
    private readonly dataNode: NodeComputation | undefined,
  ) {
    this.circle = circleMarker.kinematics!
    this.frame = isFrame(this.circle) ? this.circle : undefined
    this.nSeg = shape.numberOfSegments
    this.nData = (dataNode ? BLOCKS - EXUDYN_BLOCKS : BLOCKS) * this.nSeg
    const L = shape.cable.p.L
    this.segmentLength = L / this.nSeg
    this.points = Array.from({ length: this.nSeg + 1 }, (_, i) =>
      shape.cable.bodyPoint(Float64Array.of((i * L) / this.nSeg, shape.verticalOffset)),
    )
    this.p = new Float64Array(2 * (this.nSeg + 1))
    this.v = new Float64Array(2 * (this.nSeg + 1))
  }

  /** ltg = [circle marker | cable element (8)]. */
  setupLTG(): void {
    const a = this.circle.ltg,
      b = this.points[0].ltg
    this.nCircle = a.length
    if (this.ltgODE2.length !== a.length + b.length) this.ltgODE2 = new Int32Array(a.length + b.length)
    this.ltgODE2.set(a, 0)
    this.ltgODE2.set(b, a.length)
    this.exudynAt = this.dataNode ? this.dataNode.dataIndex : this.dataIndex
    this.ownAt = this.dataNode ? this.dataIndex - EXUDYN_BLOCKS * this.nSeg : this.dataIndex
    if (this.Jc.length !== 3 * a.length) {
      this.Jc = new Float64Array(3 * a.length)
      this.Gc = new Float64Array(3 * a.length)
    }
  }

  /** Bases of the blocks: Exudyn's (in the data node, if any) and the start-of-step ones. */
  private exudynAt = 0
  private ownAt = 0
  private at(block: number, i: number): number {
    return (block < EXUDYN_BLOCKS ? this.exudynAt : this.ownAt) + block * this.nSeg + i
  }

  /** Segment points, their velocities and the circle's centre, velocity and rotation at s. */
  private readKinematics(s: SystemState): void {
    const pt = this.point
    for (let i = 0; i <= this.nSeg; i++) {
      this.points[i].position(s, pt)
      this.p[2 * i] = pt[0]
      this.p[2 * i + 1] = pt[1]
      this.points[i].velocity(s, pt)
      this.v[2 * i] = pt[0]
      this.v[2 * i + 1] = pt[1]
    }
    this.circle.position(s, this.pc)
    this.circle.velocity(s, this.vc)
    this.omega.fill(0)
    this.phi = 0
    if (this.frame) {
      this.frame.angularVelocity(s, this.omega)
      this.frame.rotationMatrix(s, this.R)
      this.phi = Math.atan2(this.R[3], this.R[0])
    }
  }

  /** Wraps a position on the circle's circumference to [-pi r, pi r]. */
  private wrap(x: number): number {
    const c = 2 * Math.PI * this.law.circleRadius
    return x - Math.floor(x / c + 0.5) * c
  }

  /** Geometry and relative velocity of segment i into this.seg (after readKinematics). */
  private segment(i: number): Segment {
    const g = this.seg,
      p = this.p,
      v = this.v,
      r = this.law.circleRadius
    const x0 = p[2 * i],
      y0 = p[2 * i + 1]
    const sx = p[2 * i + 2] - x0,
      sy = p[2 * i + 3] - y0
    const d = sx * sx + sy * sy
    const rho = d > 0 ? Math.min(1, Math.max(0, (sx * (this.pc[0] - x0) + sy * (this.pc[1] - y0)) / d)) : 0
    const dx = this.pc[0] - (x0 + rho * sx),
      dy = this.pc[1] - (y0 + rho * sy)
    const dist = Math.hypot(dx, dy)
    const n = g.n,
      t = g.t
    // A centre exactly on the segment has no normal (no force, as a coincident sphere contact).
    n[0] = dist > 0 ? dx / dist : 0
    n[1] = dist > 0 ? dy / dist : 0
    t[0] = -n[1]
    t[1] = n[0]
    g.gap = dist - r
    g.rho = rho
    // Surface velocity of the circle at the contact point -r n: v_c + omega x (-r n) = v_c - r omega t.
    const w = this.omega[2]
    const dvx = (1 - rho) * v[2 * i] + rho * v[2 * i + 2] - (this.vc[0] - r * w * t[0])
    const dvy = (1 - rho) * v[2 * i + 1] + rho * v[2 * i + 3] - (this.vc[1] - r * w * t[1])
    g.vn = dvx * n[0] + dvy * n[1]
    g.vt = dvx * t[0] + dvy * t[1]
    const sigma = sx * t[0] + sy * t[1] > 0 ? -1 : 1
    const alpha = Math.atan2(-n[1], -n[0]) - this.phi
    g.stick = this.wrap(sigma * (i + rho) * this.segmentLength - alpha * r)
    return g
  }

  private normalForce(g: Segment): number {
    return this.law.contactStiffness * g.gap - this.law.contactDamping * g.vn
  }

  /** mu_v v_t + mu_k dx: the friction force the sticking spring and the velocity penalty ask for. */
  private linearFriction(g: Segment, state: number, lastStick: number): number {
    const law = this.law
    const dx = law.frictionStiffness === 0 || state === UNDEFINED ? 0 : this.wrap(g.stick - lastStick)
    return law.frictionVelocityPenalty * g.vt + law.frictionStiffness * dx
  }

  /** Tangential force on the cable of segment i in contact, from the switching states in s.data. */
  private frictionForce(s: SystemState, i: number, g: Segment, fn: number): number {
    const state = s.data[this.at(STATE, i)]
    if (Math.abs(state) === 1) return -this.law.frictionCoefficient * Math.abs(fn) * state
    return -this.linearFriction(g, state, s.data[this.at(LAST_STICK, i)])
  }

  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.law.active) return
    let kinematicsRead = false
    for (let i = 0; i < this.nSeg; i++) {
      if (!(s.data[this.at(GAP, i)] < 0)) continue
      if (!kinematicsRead) {
        this.readKinematics(s)
        kinematicsRead = true
      }
      const g = this.segment(i)
      const fn = this.normalForce(g)
      const ft = this.frictionForce(s, i, g, fn)
      this.applySegmentForce(s, i, g, fn, ft, out)
    }
  }

  /**
   * f_lhs of the force F = f_n n + f_t t on the cable (shared by p_i, p_i+1), -F and torque r f_t on the
   * circle.
   */
  private applySegmentForce(
    s: SystemState,
    i: number,
    g: Segment,
    fn: number,
    ft: number,
    out: Float64Array,
  ): void {
    const F = this.F
    F[0] = fn * g.n[0] + ft * g.t[0]
    F[1] = fn * g.n[1] + ft * g.t[1]
    const nc = this.nCircle
    this.applyPointForce(s, i, 1 - g.rho, out)
    this.applyPointForce(s, i + 1, g.rho, out)
    if (nc === 0) return
    this.circle.positionJacobian(s, this.Jc)
    for (let j = 0; j < nc; j++) out[j] += this.Jc[j] * F[0] + this.Jc[nc + j] * F[1]
    if (!this.frame) return
    this.frame.rotationJacobian(s, this.Gc)
    const tz = this.law.circleRadius * ft
    for (let j = 0; j < nc; j++) out[j] -= this.Gc[2 * nc + j] * tz
  }

  /** f_lhs of share F at segment point k of the cable. */
  private applyPointForce(s: SystemState, k: number, share: number, out: Float64Array): void {
    if (share === 0) return
    const J = this.J,
      F = this.F,
      nc = this.nCircle
    this.points[k].positionJacobian(s, J)
    for (let j = 0; j < CABLE; j++) out[nc + j] -= share * (J[j] * F[0] + J[CABLE + j] * F[1])
  }

  /**
   * Consistent start: the gaps of the initial configuration, no sticking position yet; or a data node's
   * initial data (Exudyn recommends gaps > 0 and state -2), which the start-of-step blocks copy.
   */
  setupInitialState(s: SystemState): void {
    if (this.dataNode) {
      this.postStep(s)
      return
    }
    this.readKinematics(s)
    for (let i = 0; i < this.nSeg; i++) {
      s.data[this.at(GAP, i)] = this.segment(i).gap
      for (const block of [STATE, START_STATE]) s.data[this.at(block, i)] = UNDEFINED
      for (const block of [LAST_STICK, START_LAST_STICK]) s.data[this.at(block, i)] = 0
    }
  }

  postNewton(s: SystemState): number {
    const law = this.law,
      d = s.data
    this.readKinematics(s)
    let error = 0
    for (let i = 0; i < this.nSeg; i++) {
      const g = this.segment(i)
      const oldGap = d[this.at(GAP, i)],
        oldState = d[this.at(STATE, i)]
      if (g.gap < 0 !== oldGap < 0) error += law.contactStiffness * Math.abs(g.gap - oldGap)
      d[this.at(GAP, i)] = g.gap
      let state = UNDEFINED
      if (g.gap < 0 && (law.frictionVelocityPenalty !== 0 || law.frictionStiffness !== 0)) {
        const limit = law.frictionCoefficient * Math.abs(this.normalForce(g))
        // Against the start of the step: a slip in an earlier pass of this step must not move the anchor.
        const startState = d[this.at(START_STATE, i)],
          startStick = d[this.at(START_LAST_STICK, i)]
        const fLin = this.linearFriction(g, startState, startStick)
        // A slip that reverses within the step passes through sticking: the slip force of one direction
        // reverses the relative velocity, so the sign of fLin alone alternates +1, -1, +1 on every pass.
        if (Math.abs(fLin) > limit && Math.sign(fLin) !== -oldState) {
          state = Math.sign(fLin)
          // The anchor follows the slip so that the sticking spring is pre-tensioned to the limit.
          d[this.at(LAST_STICK, i)] =
            law.frictionStiffness > 0 ? this.wrap(g.stick - (state * limit) / law.frictionStiffness) : g.stick
        } else {
          state = 0
          d[this.at(LAST_STICK, i)] = startState === UNDEFINED ? g.stick : startStick
        }
        if (state !== oldState) error += Math.abs(Math.abs(fLin) - limit)
      }
      d[this.at(STATE, i)] = state
    }
    return error
  }

  /** The accepted step's slip states and sticking positions are the next step's start values. */
  postStep(s: SystemState): void {
    for (let i = 0; i < this.nSeg; i++) {
      s.data[this.at(START_STATE, i)] = s.data[this.at(STATE, i)]
      s.data[this.at(START_LAST_STICK, i)] = s.data[this.at(LAST_STICK, i)]
    }
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    this.readKinematics(s)
    if (variable === 'Force') out.fill(0, 0, 3)
    for (let i = 0; i < this.nSeg; i++) {
      const g = this.segment(i)
      const contact = this.law.active && s.data[this.at(GAP, i)] < 0
      const fn = contact ? this.normalForce(g) : 0
      const ft = contact ? this.frictionForce(s, i, g, fn) : 0
      switch (variable) {
        case 'Coordinates': {
          const state = s.data[this.at(STATE, i)]
          const sticking = contact && state === 0 && this.law.frictionStiffness !== 0
          out[2 * i] = sticking ? this.wrap(g.stick - s.data[this.at(LAST_STICK, i)]) : 0
          out[2 * i + 1] = contact ? g.gap : 0
          break
        }
        case 'Coordinates_t':
          out[2 * i] = contact ? g.vt : 0
          out[2 * i + 1] = contact ? g.vn : 0
          break
        case 'ForceLocal':
          out[2 * i] = ft
          out[2 * i + 1] = fn
          break
        case 'Force':
          // On the circle: -F.
          out[0] -= fn * g.n[0] + ft * g.t[0]
          out[1] -= fn * g.n[1] + ft * g.t[1]
          break
        default:
          return 0
      }
    }
    return variable === 'Force' ? 3 : 2 * this.nSeg
  }

  /**
   * For the viewport: the circle (lines) and, per segment whose gap is closed, an arrow of the penalty
   * normal force on the cable, k_c g n, from the contact point. The viewport rebuilds a frame from its
   * coordinates q only (no velocities, no switching states), so damping and friction are not drawn.
   * Lengths: forceScale m/N, or (forceScale <= 0) the largest force spans the circle radius.
   */
  graphics(s: SystemState, showCircle: boolean, color: number[], forceScale: number): GraphicsPrimitive[] {
    this.readKinematics(s)
    const out: GraphicsPrimitive[] = []
    const r = this.law.circleRadius
    if (showCircle) {
      const circle: number[] = []
      const tiles = 48
      for (let k = 0; k <= tiles; k++) {
        const a = (2 * Math.PI * k) / tiles + this.phi
        circle.push(this.pc[0] + r * Math.cos(a), this.pc[1] + r * Math.sin(a), this.pc[2])
      }
      out.push({ shape: 'line', points: circle, color })
      // A radius marks the circle's rotation.
      out.push({
        shape: 'line',
        points: [
          this.pc[0],
          this.pc[1],
          this.pc[2],
          this.pc[0] + r * Math.cos(this.phi),
          this.pc[1] + r * Math.sin(this.phi),
          this.pc[2],
        ],
        color,
      })
    }
    const forces: { at: number[]; f: number[] }[] = []
    let largest = 0
    for (let i = 0; i < this.nSeg; i++) {
      const g = this.segment(i)
      if (!(this.law.active && g.gap < 0)) continue
      const fn = this.law.contactStiffness * g.gap
      const at = [
        this.p[2 * i] + g.rho * (this.p[2 * i + 2] - this.p[2 * i]),
        this.p[2 * i + 1] + g.rho * (this.p[2 * i + 3] - this.p[2 * i + 1]),
        0,
      ]
      forces.push({ at, f: [fn * g.n[0], fn * g.n[1], 0] })
      largest = Math.max(largest, Math.abs(fn))
    }
    const perNewton = forceScale > 0 ? forceScale : largest > 0 ? r / largest : 0
    for (const { at, f } of forces) {
      const arrow = arrowAlong(at, f, perNewton * Math.hypot(f[0], f[1]), DEFAULT_COLORS.force)
      if (arrow) out.push(arrow)
    }
    return out
  }
}

function lawOf(it: ResolvedItem): CircleCableLaw {
  const p = it.params
  return {
    contactStiffness: p.number('contactStiffness'),
    contactDamping: p.number('contactDamping'),
    frictionVelocityPenalty: p.number('frictionVelocityPenalty'),
    frictionStiffness: p.number('frictionStiffness'),
    frictionCoefficient: p.number('frictionCoefficient'),
    circleRadius: p.number('circleRadius'),
    active: p.bool('activeConnector'),
  }
}

// Contact and stick/slip states are data coordinates of the discontinuous iteration (5 per segment:
// gap, slip state, sticking position and their start-of-step values), saved in checkpoints; Exudyn
// keeps the first three in a GenericData node. The arrows show k_c |g| only: the viewport has a
// frame's coordinates, not its velocities (ForceLocal has damping and friction).
export const ObjectContactFrictionCircleCable2D = defineItem({
  kind: 'object',
  type: 'ContactFrictionCircleCable2D',
  exudynName: 'ObjectContactFrictionCircleCable2D',
  doc:
    'Penalty contact with Coulomb friction between a circle (radius circleRadius, centre at marker 0: ' +
    'rigid or position marker) and one ANCFCable2D element whose surface (marker 1, BodyCable2DShape) is ' +
    'split into numberOfContactSegments straight segments. Per segment in contact (gap g < 0): normal ' +
    'force f_n = k_c g - d_c v_n, friction by a velocity penalty mu_v and a sticking spring mu_k up to ' +
    'mu |f_n|, then sliding with mu |f_n|. Outputs per segment [tangential, normal]: Coordinates ' +
    '(sticking displacement, gap), Coordinates_t, ForceLocal (forces on the cable); Force: the total ' +
    'force on the circle. A cable of several elements needs one contact per element. Drawn: the circle ' +
    'and, per closed segment, the normal penalty force k_c |g| as a magenta arrow (VforceScale m/N).',
  parameters: {
    markerNumbers: {
      type: 'refList',
      kind: 'marker',
      size: 2,
      doc:
        'the circle-centre marker m0 (rigid: rotation counts; or position) and the BodyCable2DShape ' +
        'marker m1 of the cable element',
    },
    ...dataNodeParam(`3 numberOfContactSegments coordinates, ${DATA_LAYOUT}; its initial data are the start`),
    numberOfContactSegments: {
      type: 'integer',
      default: 3,
      min: 1,
      doc: "number of straight contact segments along the element; must equal the marker's numberOfSegments",
    },
    contactStiffness: {
      type: 'number',
      default: 0,
      min: 0,
      unit: 'N/m',
      doc: 'contact (penalty) stiffness k_c per segment',
    },
    contactDamping: {
      type: 'number',
      default: 0,
      min: 0,
      unit: 'N s/m',
      doc: 'contact damping d_c per segment (normal direction, in contact only)',
    },
    frictionVelocityPenalty: {
      type: 'number',
      default: 0,
      min: 0,
      unit: 'N s/m',
      doc:
        'tangential velocity penalty mu_v per segment: friction -mu_v v_t while sticking (a ' +
        'regularization of Coulomb friction)',
    },
    frictionStiffness: {
      type: 'number',
      default: 0,
      min: 0,
      unit: 'N/m',
      doc: 'tangential stiffness mu_k per segment: friction -mu_k dx against the displacement since sticking',
    },
    frictionCoefficient: {
      type: 'number',
      default: 0,
      min: 0,
      doc: 'Coulomb friction coefficient mu: |f_t| <= mu |f_n|',
    },
    circleRadius: { type: 'number', default: 0, min: 0, unit: 'm', doc: 'radius r of the contact circle' },
    useSegmentNormals: {
      type: 'boolean',
      default: true,
      unsupported: true,
      doc: "only the segment normals (Exudyn's default); point-wise normals are not offered",
    },
    ...ACTIVE_CONNECTOR,
    ...visualizationParams({
      VshowContactCircle: {
        type: 'boolean',
        default: true,
        doc: 'draw the contact circle (with a radius marking its rotation)',
        visualization: true,
      },
      VforceScale: {
        type: 'number',
        default: -1,
        unit: 'm/N',
        doc:
          'length of the contact-force arrows per newton; <= 0 (default -1): the largest segment force ' +
          'is drawn one circle radius long',
        visualization: true,
      },
    }),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  check: (it, model) => {
    const out: { parameter: string; message: string }[] = []
    const [m0, m1] = it.params.refs('markerNumbers')
    if (!markerProvides(model, m0, 'position'))
      out.push({
        parameter: 'markerNumbers[0]',
        message:
          `marker "${model.item('marker', m0).name}" provides no position; expected the circle centre's ` +
          `rigid or position marker`,
      })
    const shape = model.item('marker', m1)
    if (shape.type !== 'BodyCable2DShape')
      out.push({
        parameter: 'markerNumbers[1]',
        message: `marker "${shape.name}" is a ${shape.type}; expected a BodyCable2DShape marker`,
      })
    else if (shape.params.integer('numberOfSegments') !== it.params.integer('numberOfContactSegments'))
      out.push({
        parameter: 'numberOfContactSegments',
        message:
          `expected ${shape.params.integer('numberOfSegments')}, the numberOfSegments of marker ` +
          `"${shape.name}"; got ${it.params.integer('numberOfContactSegments')}`,
      })
    if (!(it.params.number('circleRadius') > 0))
      out.push({
        parameter: 'circleRadius',
        message: `expected a positive radius, got ${it.params.number('circleRadius')}`,
      })
    const n = it.params.integer('numberOfContactSegments')
    out.push(...dataNodeProblems(it, model, EXUDYN_BLOCKS * n, `3 x ${n} segments: ${DATA_LAYOUT}`))
    return out
  },
  build: (it, ctx) => {
    const [m0, m1] = it.params.refs('markerNumbers').map((m) => ctx.marker(m))
    if (!(m1 instanceof CableShapeMarker))
      throw new Error(`object "${it.name}": markerNumbers[1] must be a BodyCable2DShape marker`)
    return new ContactFrictionCircleCable2D(m0, m1, lawOf(it), dataNodeOf(it, ctx))
  },
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const color = it.params.color('Vcolor', DEFAULT_COLORS.connector)
    for (const p of (c as ContactFrictionCircleCable2D).graphics(
      s,
      it.params.bool('VshowContactCircle'),
      color,
      it.params.number('VforceScale'),
    ))
      g.add(p)
  },
})
