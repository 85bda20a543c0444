// Penalty contact of spheres with friction:
//   ContactSphereSphere (Exudyn's ObjectContactSphereSphere: this linear law, or with its `impact` law
//     the power law, Hunt-Crossley and Gonthier / Carvalho-Martins restitution and the adhesive
//     elasto-plastic model of impactLaw.ts in place of -contactStiffness g),
//   ContactSpherePlane (ours: Exudyn has no sphere-plane connector, its closest, ContactSphereTriangle,
//     is a finite triangle "under development"; the plane here is infinite).
// Both share one contact law. With the unit normal n pointing from marker 0 towards the sphere of
// marker 1, the gap g (negative = penetration) and the relative velocity of the two material points at
// the contact point, dv = (v1 + w1 x r1) - (v0 + w0 x r0) (r0, r1: levers from the markers to the
// contact point; w = 0 for markers without orientation), the force on marker 1 is
//   F = f_n n + f_t,   f_n = -contactStiffness g - contactDamping (n . dv),
//   f_t = -dynamicFriction max(f_n, 0) v_t / max(|v_t|, frictionProportionalZone),  v_t = dv - (n . dv) n,
// and -F acts on marker 0 (with the torques r x F for markers with orientation). The force acts only in
// contact; while separating, the damping term may pull (f_n < 0) until the gap opens, which is what
// makes the linear spring-dashpot's coefficient of restitution e = exp(-zeta pi / sqrt(1 - zeta^2)),
// zeta = d / (2 sqrt(k m)).
//
// Switching states (Exudyn's discontinuous iteration): the two data coordinates hold [gap, |v_t|] of
// the last postNewton. The force law uses them (contact if gap < 0; linear friction zone if
// |v_t| < frictionProportionalZone), so it is smooth during a Newton solve; postNewton stores the
// current values and returns the force error of a state that changed (contactStiffness |g| for the
// contact, dynamicFriction f_n ||v_t|/v_reg - 1| for the friction zone), so the solver iterates again.
// The states are in the state vector, so checkpoints carry them. An impact law with a history adds
// Exudyn's impact velocity and plastic overlap and, as Exudyn reads them at the start of the step, the
// gap, impact velocity and plastic overlap of the last accepted step (committed in postStep). With a
// data node (ContactSphereSphere's nodeNumber) the first four, [gap, |v_t|, impact velocity, plastic
// overlap], are its data coordinates in Exudyn's layout; the start-of-step copies stay in the object.
import { cross } from '../../math/vec3'
import type { ResolvedItem } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'
import {
  type FrameKinematics,
  isFrame,
  type MarkerComputation,
  type ObjectComputation,
  type PointKinematics,
} from '../../system/computation'
import { arrowAlong, DEFAULT_COLORS, type Graphics } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import type { NodeComputation } from '../../system/computation'
import { elasticNormalForce, hasHistory, type ImpactLaw, plasticOverlapAfter, signedPower } from './impactLaw'

/** Exudyn's data coordinates (at x: the data node's or the object's first four). */
const GAP = 0,
  TANGENTIAL_SPEED = 1,
  IMPACT_VELOCITY = 2,
  PLASTIC_OVERLAP = 3
/** The start-of-step copies (at h: the object's own, after the four above when there is no node). */
const START_GAP = 0,
  START_IMPACT_VELOCITY = 1,
  START_PLASTIC_OVERLAP = 2
export const SPHERE_DATA_LAYOUT = '[gap, tangential speed, impact velocity, plastic overlap]'

/** One side of a contact: the marker's kinematics and buffers for its velocity and Jacobians. */
class ContactSide {
  readonly kinematics: PointKinematics
  readonly frame: FrameKinematics | undefined
  n = 0
  readonly p = new Float64Array(3)
  readonly v = new Float64Array(3)
  readonly w = new Float64Array(3)
  /** Velocity of the material point at the contact point. */
  readonly vc = new Float64Array(3)
  private J = new Float64Array(0)
  private G = new Float64Array(0)
  private readonly torque = new Float64Array(3)

  constructor(marker: MarkerComputation) {
    this.kinematics = marker.kinematics!
    this.frame = isFrame(this.kinematics) ? this.kinematics : undefined
  }

  setupLTG(): void {
    this.n = this.kinematics.ltg.length
    if (this.J.length !== 3 * this.n) {
      this.J = new Float64Array(3 * this.n)
      this.G = new Float64Array(3 * this.n)
    }
  }

  readPosition(s: SystemState): void {
    this.kinematics.position(s, this.p)
  }

  /** vc = v + w x lever (w = 0 without orientation). */
  contactPointVelocity(s: SystemState, lever: Float64Array): void {
    this.kinematics.velocity(s, this.v)
    const vc = this.vc
    if (this.frame) {
      this.frame.angularVelocity(s, this.w)
      cross(this.w, lever, vc)
    } else vc.fill(0)
    for (let i = 0; i < 3; i++) vc[i] += this.v[i]
  }

  /** out[offset + j] -= sign (J^T F + G^T (lever x F)): f_lhs of the force sign F at the contact point. */
  addForce(
    s: SystemState,
    F: Float64Array,
    lever: Float64Array,
    sign: number,
    out: Float64Array,
    offset: number,
  ): void {
    const n = this.n
    if (n === 0) return
    const J = this.J
    this.kinematics.positionJacobian(s, J)
    for (let j = 0; j < n; j++)
      out[offset + j] -= sign * (J[j] * F[0] + J[n + j] * F[1] + J[2 * n + j] * F[2])
    if (!this.frame) return
    const G = this.G,
      T = this.torque
    this.frame.rotationJacobian(s, G)
    cross(lever, F, T)
    for (let j = 0; j < n; j++)
      out[offset + j] -= sign * (G[j] * T[0] + G[n + j] * T[1] + G[2 * n + j] * T[2])
  }
}

export interface ContactLaw {
  contactStiffness: number
  contactDamping: number
  dynamicFriction: number
  frictionProportionalZone: number
  activeConnector: boolean
  /** The normal force law beyond the linear spring (ContactSphereSphere); absent: -contactStiffness g. */
  impact?: ImpactLaw
}

/** The contact law and the switching states; subclasses give the geometry (gap, normal, levers). */
export abstract class SphereContact implements ObjectComputation {
  ltgODE2 = new Int32Array(0)
  aeIndex = 0
  dataIndex = 0
  readonly nAE = 0
  readonly nData: number
  readonly outputVariables = ['Displacement', 'Distance', 'Velocity', 'Force']
  readonly noPotential = 'is a contact, whose penalty and friction forces are not in the potential'
  protected readonly side0: ContactSide
  protected readonly side1: ContactSide
  /**
   * Geometry at the current state, set by geometry(): gap, unit normal, levers from the markers to the
   * contact point.
   */
  protected gap = 0
  protected readonly normal = new Float64Array(3)
  protected readonly lever0 = new Float64Array(3)
  protected readonly lever1 = new Float64Array(3)
  /** Relative contact-point velocity, its tangential part and the force on marker 1 (from evaluate()). */
  private readonly dv = new Float64Array(3)
  private readonly vt = new Float64Array(3)
  private normalVelocity = 0
  private tangentialSpeed = 0
  private readonly F = new Float64Array(3)

  constructor(
    markers: MarkerComputation[],
    private readonly law: ContactLaw,
    private readonly dataNode?: NodeComputation,
  ) {
    this.side0 = new ContactSide(markers[0])
    this.side1 = new ContactSide(markers[1])
    this.history = law.impact !== undefined && hasHistory(law.impact)
    this.nData = (dataNode ? 0 : this.history ? 4 : 2) + (this.history ? 3 : 0)
  }

  /** Whether the impact velocity and the plastic overlap are kept (and their start-of-step copies). */
  private readonly history: boolean
  /** Offsets of Exudyn's data coordinates (GAP ...) and of the start-of-step copies (START_GAP ...). */
  private x = 0
  private h = 0

  /** Sets gap, normal, lever0 and lever1 from the marker positions (side0.p, side1.p read by the caller). */
  protected abstract geometry(s: SystemState): void

  setupLTG(): void {
    this.side0.setupLTG()
    this.side1.setupLTG()
    const a = this.side0.kinematics.ltg,
      b = this.side1.kinematics.ltg
    if (this.ltgODE2.length !== a.length + b.length) this.ltgODE2 = new Int32Array(a.length + b.length)
    this.ltgODE2.set(a, 0)
    this.ltgODE2.set(b, a.length)
    this.x = this.dataNode ? this.dataNode.dataIndex : this.dataIndex
    this.h = this.dataNode ? this.dataIndex : this.dataIndex + 4
  }

  /**
   * The initial switching states are those of the initial configuration (a consistent start), or a
   * data node's initial data (the start-of-step copies then start from them).
   */
  setupInitialState(s: SystemState): void {
    const d = s.data,
      x = this.x,
      h = this.h
    if (this.dataNode) {
      if (!this.history) return
      d[h + START_GAP] = d[x + GAP]
      d[h + START_IMPACT_VELOCITY] = d[x + IMPACT_VELOCITY]
      d[h + START_PLASTIC_OVERLAP] = d[x + PLASTIC_OVERLAP]
      return
    }
    this.kinematics(s)
    d[x + GAP] = this.gap
    d[x + TANGENTIAL_SPEED] = this.tangentialSpeed
    if (!this.history) return
    d[h + START_GAP] = this.gap
    d[x + IMPACT_VELOCITY] = 0
    d[x + PLASTIC_OVERLAP] = 0
    d[h + START_IMPACT_VELOCITY] = 0
    d[h + START_PLASTIC_OVERLAP] = 0
  }

  /** The normal force on marker 1 along n at the current kinematics, with the history in the data. */
  private normalForce(s: SystemState): number {
    const law = this.law
    if (!law.impact) return -law.contactStiffness * this.gap - law.contactDamping * this.normalVelocity
    const d = s.data,
      i = this.x
    const impactVelocity = this.history ? d[i + IMPACT_VELOCITY] : 0,
      plastic = this.history ? d[i + PLASTIC_OVERLAP] : 0
    const fc = elasticNormalForce(law.impact, -this.gap, this.normalVelocity, impactVelocity, plastic)
    return fc - law.contactDamping * this.normalVelocity
  }

  /** Geometry and relative velocities at the current state. */
  private kinematics(s: SystemState): void {
    this.side0.readPosition(s)
    this.side1.readPosition(s)
    this.geometry(s)
    this.side0.contactPointVelocity(s, this.lever0)
    this.side1.contactPointVelocity(s, this.lever1)
    const n = this.normal,
      dv = this.dv,
      vt = this.vt
    for (let i = 0; i < 3; i++) dv[i] = this.side1.vc[i] - this.side0.vc[i]
    const vn = (this.normalVelocity = n[0] * dv[0] + n[1] * dv[1] + n[2] * dv[2])
    for (let i = 0; i < 3; i++) vt[i] = dv[i] - vn * n[i]
    this.tangentialSpeed = Math.sqrt(vt[0] * vt[0] + vt[1] * vt[1] + vt[2] * vt[2])
  }

  /**
   * The force on marker 1 into F (zero without contact or when inactive), with the contact and friction
   * states read from the data coordinates; returns whether the contact is closed.
   */
  private evaluate(s: SystemState): boolean {
    this.kinematics(s)
    const law = this.law,
      F = this.F
    const closed = law.activeConnector && s.data[this.x + GAP] < 0
    if (!closed) {
      F.fill(0)
      return false
    }
    const fn = this.normalForce(s)
    let frictionPerSpeed = 0
    if (law.dynamicFriction > 0 && fn > 0) {
      const linearZone = s.data[this.x + TANGENTIAL_SPEED] < law.frictionProportionalZone
      const speed = linearZone ? law.frictionProportionalZone : this.tangentialSpeed
      if (speed > 0) frictionPerSpeed = (law.dynamicFriction * fn) / speed
    }
    for (let i = 0; i < 3; i++) F[i] = fn * this.normal[i] - frictionPerSpeed * this.vt[i]
    return true
  }

  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.evaluate(s)) return
    this.side0.addForce(s, this.F, this.lever0, -1, out, 0)
    this.side1.addForce(s, this.F, this.lever1, 1, out, this.side0.n)
  }

  postNewton(s: SystemState): number {
    const law = this.law,
      d = s.data,
      i = this.x
    this.kinematics(s)
    let error = 0
    if (this.gap < 0 !== d[i + GAP] < 0) error = law.contactStiffness * Math.abs(this.gap)
    const vReg = law.frictionProportionalZone
    if (
      this.gap < 0 &&
      law.dynamicFriction > 0 &&
      this.tangentialSpeed < vReg !== d[i + TANGENTIAL_SPEED] < vReg
    ) {
      const fn = Math.max(0, this.normalForce(s))
      error = Math.max(error, law.dynamicFriction * fn * Math.abs(this.tangentialSpeed / vReg - 1))
    }
    d[i + GAP] = this.gap
    d[i + TANGENTIAL_SPEED] = this.tangentialSpeed
    if (this.history) this.updateHistory(d, i, this.h)
    return error
  }

  /**
   * Exudyn's history at the current state: the approach speed -v_n when the contact closed in this step
   * (else the start-of-step value), and the largest plastic overlap of the contact (0 once it opened).
   */
  private updateHistory(d: Float64Array, i: number, h: number): void {
    const impact = this.law.impact!
    const closing = d[h + START_GAP] > 0 && this.gap <= 0
    d[i + IMPACT_VELOCITY] = closing ? -this.normalVelocity : d[h + START_IMPACT_VELOCITY]
    d[i + PLASTIC_OVERLAP] =
      this.gap < 0 && impact.plasticityRatio !== 0
        ? plasticOverlapAfter(impact, -this.gap, d[h + START_PLASTIC_OVERLAP])
        : 0
  }

  /** After an accepted step its gap, impact velocity and plastic overlap are the next step's start. */
  postStep(s: SystemState): void {
    if (!this.history) return
    const d = s.data,
      i = this.x,
      h = this.h
    d[h + START_GAP] = d[i + GAP]
    d[h + START_IMPACT_VELOCITY] = d[i + IMPACT_VELOCITY]
    d[h + START_PLASTIC_OVERLAP] = d[i + PLASTIC_OVERLAP]
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    this.evaluate(s)
    switch (variable) {
      case 'Displacement':
        for (let k = 0; k < 3; k++) out[k] = this.side1.p[k] - this.side0.p[k]
        return 3
      case 'Distance':
        out[0] = this.gap
        return 1
      case 'Velocity':
        out.set(this.dv)
        return 3
      case 'Force':
        out.set(this.F)
        return 3
      default:
        return 0
    }
  }

  /**
   * For drawing: marker positions and normal at s and, while the gap is closed, the contact point and the
   * elastic part of the normal force on marker 1, k_c delta^n n. The viewport rebuilds a frame from its
   * coordinates q only (no velocities, no switching states), so damping and friction cannot be drawn.
   */
  drawing(s: SystemState): {
    p0: number[]
    p1: number[]
    normal: number[]
    contact: { point: number[]; force: number[] } | null
  } {
    this.side0.readPosition(s)
    this.side1.readPosition(s)
    this.geometry(s)
    const p1 = [...this.side1.p]
    const closed = this.law.activeConnector && this.gap < 0
    const impact = this.law.impact
    const fn = impact
      ? impact.contactStiffness * signedPower(-this.gap, impact.exponent)
      : -this.law.contactStiffness * this.gap
    const contact = closed
      ? { point: p1.map((x, k) => x + this.lever1[k]), force: [...this.normal].map((n) => fn * n) }
      : null
    return { p0: [...this.side0.p], p1, normal: [...this.normal], contact }
  }
}

export const LAW_PARAMETERS = {
  contactStiffness: {
    type: 'number',
    default: 0,
    min: 0,
    unit: 'N/m',
    doc: 'normal contact (penalty) stiffness k_c',
  },
  contactDamping: {
    type: 'number',
    default: 0,
    min: 0,
    unit: 'N s/m',
    doc:
      'normal contact damping d_c (linear dashpot; restitution e = exp(-zeta pi / sqrt(1 - zeta^2)), ' +
      'zeta = d_c / (2 sqrt(k_c m)))',
  },
  dynamicFriction: { type: 'number', default: 0, min: 0, doc: 'Coulomb friction coefficient mu_d' },
  frictionProportionalZone: {
    type: 'number',
    default: 1e-3,
    min: 0,
    unit: 'm/s',
    doc:
      'tangential speed below which the friction force grows linearly with the speed (regularization of ' +
      'sign(v))',
  },
} satisfies ParamSchema

export const V_FORCE_SCALE = {
  VforceScale: {
    type: 'number',
    default: -1,
    unit: 'm/N',
    doc:
      'length of the contact-force arrow per newton; <= 0 (default -1): every force drawn 4 sphere radii ' +
      'long (direction only)',
    visualization: true,
  },
} satisfies ParamSchema

/**
 * The penalty force on the sphere of `radius` (marker 1) as an arrow from the contact point, through the
 * sphere. Drawn lines are hidden inside the opaque sphere, so the automatic length, 4 radii, leaves
 * about half of a normal force's arrow and its head outside.
 */
export function addForceArrow(
  g: Graphics,
  contact: { point: number[]; force: number[] } | null,
  radius: number,
  forceScale: number,
): void {
  if (!contact) return
  const length =
    forceScale > 0
      ? forceScale * Math.hypot(contact.force[0], contact.force[1], contact.force[2])
      : 4 * radius
  const arrow = arrowAlong(contact.point, contact.force, length, DEFAULT_COLORS.force)
  if (arrow) g.add(arrow)
}

export function lawOf(it: ResolvedItem): ContactLaw {
  const p = it.params
  return {
    contactStiffness: p.number('contactStiffness'),
    contactDamping: p.number('contactDamping'),
    dynamicFriction: p.number('dynamicFriction'),
    frictionProportionalZone: p.number('frictionProportionalZone'),
    activeConnector: p.bool('activeConnector'),
  }
}

export function checkLaw(it: ResolvedItem): { parameter: string; message: string }[] {
  const p = it.params
  if (p.number('dynamicFriction') > 0 && !(p.number('frictionProportionalZone') > 0))
    return [
      {
        parameter: 'frictionProportionalZone',
        message:
          'expected a positive regularization speed when dynamicFriction > 0 (Newton needs a continuous ' +
          'friction law)',
      },
    ]
  return []
}
