// JointGeneric's prescribed offsets (Exudyn 1.11's offsetUserFunction): o(t) = [d; theta], 6 components.
// As in Exudyn, joint frame J0 turns by the Tait-Bryan angles theta, A_J0 = A0 R0 Rxyz(theta), and the
// constrained translations become g_i = (p1 - p0) . u_i - d_i with u_i the axes of that frame (the global
// axes when all three translations are constrained: then d is global). Every J0 vector of an equation is
// w(t) = R0 R(t) e_c, so with omega = Gbar theta' (body axes of R) and alpha = Gbar theta'' + Gbar' theta'
//   w' = R0 R (omega x e_c),   w'' = R0 R (omega x (omega x e_c) + alpha x e_c).
// The explicit time terms the solvers need (computation.ts, computeAETimeTerm), per equation with
// u = A0 w(t), u' = A0 w', u'' = A0 w'' and omega_0, omega_1 the markers' global angular velocities:
//   translation: g_t = u' . dp - d_i', acceleration term 2 (omega_0 x u' . dp + u' . dp') + u'' . dp - d_i''
//   rotation:    g_t = u' . b,         acceleration term 2 (omega_0 x u' . b + u' . omega_1 x b) + u'' . b
// (b = A1 b_local; the acceleration term is g_tt + 2 (d/dt C_q) q' at fixed q, the part of g'' that the
// evaluator's difference of C_q q' along q' leaves out). Derivatives the user does not give
// (offsetUserFunction_t, and always the second) come from timeDerivative (relative error ~1e-11).
import type { TimeFunction, VariableFunction } from '../../model/expression'
import { TAIT_BRYAN_XYZ } from '../../math/rotations'
import { rotationFromRxyz } from '../../math/vec3'
import type { JointEquation } from './jointStructure'
import { timeDerivative } from './timeDerivative'
import { componentNames } from './userLaw'

/**
 * The arguments of the offset user functions, Exudyn's after (mbs, t, itemNumber): t and the vector
 * offsetUserFunctionParameters by component (offsetUserFunctionParameters0 ... 5, docs/model-format.md).
 */
export const OFFSET_VARIABLES = ['t', ...componentNames('offsetUserFunctionParameters', 6)]

/** Per equation: a translation along a global axis, along a J0 axis, or a rotation with a J0 vector. */
const GLOBAL = 0,
  J0_AXIS = 1,
  ROTATION = 2

export class JointOffsets {
  /** Time of the last update (NaN: none). */
  private t = NaN
  /** o(t) and o'(t): [d; theta]. */
  readonly o = new Float64Array(6)
  readonly o_t = new Float64Array(6)
  private readonly o_tt = new Float64Array(6)
  /** Per equation: the J0 vector w(t), w'(t), w''(t) in marker 0's frame (3 each). */
  readonly w: Float64Array
  private readonly w_t: Float64Array
  private readonly w_tt: Float64Array
  private readonly kind: Int8Array
  /** Per equation: the column c of J0 (translations: also the offset component d_c). */
  private readonly axis: Int8Array
  /** Rotations: the local vector of marker 1 (3 per equation). */
  private readonly bLocal: Float64Array
  private readonly offsetOf: TimeFunction[]
  private readonly offsetOf_t: TimeFunction[]
  private readonly theta = this.o.subarray(3, 6)
  private readonly theta_t = this.o_t.subarray(3, 6)
  private readonly R = new Float64Array(9)
  private readonly Gbar = new Float64Array(9)
  private readonly omega = new Float64Array(3)
  private readonly alpha = new Float64Array(3)
  // Work vectors.
  private readonly v = new Float64Array(3)
  private readonly x = new Float64Array(3)
  private readonly y = new Float64Array(3)
  private readonly z = new Float64Array(3)

  constructor(
    equations: readonly JointEquation[],
    private readonly R0: Float64Array,
    offset: VariableFunction[],
    offset_t: VariableFunction[] | undefined,
    parameters: Float64Array,
  ) {
    const n = equations.length
    this.w = new Float64Array(3 * n)
    this.w_t = new Float64Array(3 * n)
    this.w_tt = new Float64Array(3 * n)
    this.kind = new Int8Array(n)
    this.axis = new Int8Array(n)
    this.bLocal = new Float64Array(3 * n)
    equations.forEach((e, k) => {
      if (e.j0Axis === undefined) throw new Error('JointOffsets: an equation without its J0 axis')
      this.axis[k] = e.j0Axis
      if (e.kind === 'rotation') {
        this.kind[k] = ROTATION
        this.bLocal.set(e.b, 3 * k)
      } else this.kind[k] = e.frame === -1 ? GLOBAL : J0_AXIS
    })
    // One argument array for all components: OFFSET_VARIABLES.
    const args = new Float64Array(7)
    args.set(parameters, 1)
    const of = (f: VariableFunction): TimeFunction => {
      return (t) => {
        args[0] = t
        return f(args)
      }
    }
    this.offsetOf = offset.map(of)
    this.offsetOf_t = offset_t
      ? offset_t.map(of)
      : this.offsetOf.map(
          (f): TimeFunction =>
            (t) =>
              timeDerivative(f, t),
        )
  }

  /** The next update recomputes (the joint's records were reset). */
  invalidate(): void {
    this.t = NaN
  }

  /** o, o', R(theta), omega and every w, w' at t; false if they are already at t. */
  update(t: number): boolean {
    if (t === this.t) return false
    this.t = t
    for (let i = 0; i < 6; i++) {
      this.o[i] = this.offsetOf[i](t)
      this.o_t[i] = this.offsetOf_t[i](t)
    }
    const th = this.theta
    rotationFromRxyz(th[0], th[1], th[2], this.R)
    TAIT_BRYAN_XYZ.localG(th, this.Gbar)
    multiply(this.Gbar, this.theta_t, this.omega)
    for (let k = 0; k < this.kind.length; k++) {
      if (this.kind[k] === GLOBAL) continue
      const c = this.axis[k],
        v = this.v
      // w = R0 R e_c; w' = R0 R (omega x e_c).
      for (let i = 0; i < 3; i++) v[i] = this.R[3 * i + c]
      this.toMarker(v, this.w, k)
      unitCross(this.omega, c, v)
      this.rotateToMarker(v, this.w_t, k)
    }
    return true
  }

  /** o'' and every w'' at t (after update(t)). */
  private updateAccelerations(t: number): void {
    for (let i = 0; i < 6; i++) this.o_tt[i] = timeDerivative(this.offsetOf_t[i], t)
    // alpha = Gbar theta'' + Gbar' theta'.
    TAIT_BRYAN_XYZ.localGdotThetaDot!(this.theta, this.theta_t, this.alpha)
    const a = this.alpha,
      G = this.Gbar,
      tt = this.o_tt
    for (let i = 0; i < 3; i++) a[i] += G[3 * i] * tt[3] + G[3 * i + 1] * tt[4] + G[3 * i + 2] * tt[5]
    const om = this.omega,
      v = this.v
    for (let k = 0; k < this.kind.length; k++) {
      if (this.kind[k] === GLOBAL) continue
      const c = this.axis[k]
      // omega x (omega x e_c) + alpha x e_c
      unitCross(om, c, v)
      const x0 = om[1] * v[2] - om[2] * v[1],
        x1 = om[2] * v[0] - om[0] * v[2],
        x2 = om[0] * v[1] - om[1] * v[0]
      unitCross(a, c, v)
      v[0] += x0
      v[1] += x1
      v[2] += x2
      this.rotateToMarker(v, this.w_tt, k)
    }
  }

  /** out[3k ..] = R0 x. */
  private toMarker(x: Float64Array, out: Float64Array, k: number): void {
    multiply(this.R0, x, this.z)
    for (let i = 0; i < 3; i++) out[3 * k + i] = this.z[i]
  }

  /** out[3k ..] = R0 R x (x not this.y). */
  private rotateToMarker(x: Float64Array, out: Float64Array, k: number): void {
    multiply(this.R, x, this.y)
    this.toMarker(this.y, out, k)
  }

  /** R0 R(theta) R0^T x in marker 0's frame, a J0 vector R0 e_c turned with J0 (after update; drawing). */
  turned(x: Float64Array): Float64Array {
    const y = new Float64Array(3),
      z = new Float64Array(3),
      out = new Float64Array(3)
    for (let i = 0; i < 3; i++) y[i] = this.R0[i] * x[0] + this.R0[3 + i] * x[1] + this.R0[6 + i] * x[2]
    multiply(this.R, y, z)
    multiply(this.R0, z, out)
    return out
  }

  /** The offset subtracted from equation k's g: d_c for translations, 0 for rotations. */
  offsetOfEquation(k: number): number {
    return this.kind[k] === ROTATION ? 0 : this.o[this.axis[k]]
  }

  /**
   * g_t per equation into out[at ..] (after update at this time): A0, A1 the marker rotations (A1 only for
   * rotations), dp = p1 - p0.
   */
  velocityTerms(A0: Float64Array, A1: Float64Array, dp: Float64Array, out: Float64Array, at: number): void {
    for (let k = 0; k < this.kind.length; k++) {
      const kind = this.kind[k]
      if (kind === GLOBAL) {
        out[at + k] = -this.o_t[this.axis[k]]
        continue
      }
      const u = this.global(A0, this.w_t, k, this.v)
      if (kind === J0_AXIS) out[at + k] = dot(u, dp) - this.o_t[this.axis[k]]
      else out[at + k] = dot(u, this.global(A1, this.bLocal, k, this.x))
    }
  }

  /**
   * The acceleration-level time terms per equation into out (see the head of the file), after update(t):
   * A0, A1, dp as in velocityTerms, omega0, omega1 the global angular velocities, dv = p1' - p0'.
   */
  accelerationTerms(
    t: number,
    A0: Float64Array,
    A1: Float64Array,
    dp: Float64Array,
    omega0: Float64Array,
    omega1: Float64Array,
    dv: Float64Array,
    out: Float64Array,
  ): void {
    this.updateAccelerations(t)
    const u = this.v,
      x = this.x
    for (let k = 0; k < this.kind.length; k++) {
      const kind = this.kind[k]
      if (kind === GLOBAL) {
        out[k] = -this.o_tt[this.axis[k]]
        continue
      }
      this.global(A0, this.w_t, k, u)
      // The vector the equation projects on: dp (translation) or b = A1 b_local (rotation), and its
      // derivative at fixed J0 vector, dp' or omega1 x b.
      const target = kind === J0_AXIS ? dp : this.global(A1, this.bLocal, k, this.y)
      cross(omega0, u, x)
      let sum = dot(x, target)
      if (kind === J0_AXIS) sum += dot(u, dv)
      else {
        cross(omega1, target, x)
        sum += dot(u, x)
      }
      const u2 = this.global(A0, this.w_tt, k, this.z)
      out[k] = 2 * sum + dot(u2, target) - (kind === J0_AXIS ? this.o_tt[this.axis[k]] : 0)
    }
  }

  /** out = A x[3k ..] (a vector of equation k in global coordinates). */
  private global(A: Float64Array, x: Float64Array, k: number, out: Float64Array): Float64Array {
    const x0 = x[3 * k],
      x1 = x[3 * k + 1],
      x2 = x[3 * k + 2]
    for (let i = 0; i < 3; i++) out[i] = A[3 * i] * x0 + A[3 * i + 1] * x1 + A[3 * i + 2] * x2
    return out
  }
}

/** out = M x (M 3x3 row-major). */
function multiply(M: Float64Array, x: Float64Array, out: Float64Array): void {
  const x0 = x[0],
    x1 = x[1],
    x2 = x[2]
  for (let i = 0; i < 3; i++) out[i] = M[3 * i] * x0 + M[3 * i + 1] * x1 + M[3 * i + 2] * x2
}

/** out = a x e_c. */
function unitCross(a: Float64Array, c: number, out: Float64Array): void {
  // a x e_0 = [0, a2, -a1], a x e_1 = [-a2, 0, a0], a x e_2 = [a1, -a0, 0].
  const i = (c + 1) % 3,
    j = (c + 2) % 3
  out[c] = 0
  out[i] = a[j]
  out[j] = -a[i]
}

const dot = (a: Float64Array, b: Float64Array): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]

function cross(a: Float64Array, b: Float64Array, out: Float64Array): void {
  const x0 = a[1] * b[2] - a[2] * b[1],
    x1 = a[2] * b[0] - a[0] * b[2],
    x2 = a[0] * b[1] - a[1] * b[0]
  out[0] = x0
  out[1] = x1
  out[2] = x2
}
