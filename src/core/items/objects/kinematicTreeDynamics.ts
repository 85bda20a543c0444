// Recursive dynamics of an open kinematic tree in minimal coordinates (Featherstone, "Rigid Body
// Dynamics Algorithms", 2008; Siciliano/Khatib, Handbook of Robotics, ch. 2-3): forward kinematics,
// the recursive Newton-Euler algorithm (RNEA) for the velocity, gravity and link-load forces, the
// composite-rigid-body algorithm (CRBA) for the mass matrix, and the articulated-body algorithm (ABA)
// that solves M(q) x = b in O(n) without forming M.
//
// Link i hangs on its parent p (p < i, -1 = base at baseOffset with identity rotation). Its joint frame
// lies at o_i = o_p + R_p jointOffset_i (prismatic: + a_i theta_i), turned by R_p T_i, and the link
// frame is the joint frame rotated (revolute) about its local axis k by theta_i: R_i = R_p T_i Rot_k.
// The joint axis in world coordinates is a_i = R_p T_i e_k. Every vector here is in world axes and
// every spatial quantity of link i is taken about o_i, so parent and child frames differ by the shift
// r_i = o_i - o_p only (see math/spatial.ts) and each joint's motion subspace is the unit axis a_i,
// [a_i; 0] (revolute) or [0; a_i] (prismatic): no 6x6 transforms anywhere.
import { addArticulatedShifted, INERTIA_SIZE, rigidInertia } from '../../math/spatial'

export interface TreeStructure {
  parents: Int32Array
  /** Joint axis 0, 1, 2 (x, y, z of the joint frame). */
  axes: Uint8Array
  /** 1 for prismatic, 0 for revolute joints. */
  prismatic: Uint8Array
  /** Joint transformations T_i (row-major 3x3 each). */
  transformations: Float64Array
  /** Joint offsets in parent joint coordinates (3 each). */
  offsets: Float64Array
  masses: Float64Array
  /** COM in link coordinates (3 each). */
  coms: Float64Array
  /** Inertia tensor about the COM in link coordinates (row-major 3x3 each). */
  inertias: Float64Array
  baseOffset: Float64Array
  gravity: Float64Array
}

/** Which coordinate's articulated inertia vanished (the tree below it has no mass or inertia along its axis). */
export const SOLVED = -1

export class TreeDynamics {
  readonly n: number
  /** Joint values theta (reference + displacement) and velocities, read from the state by the owner. */
  readonly theta: Float64Array
  readonly thetaDot: Float64Array
  // Per-link results of positions(): rotation, origin, world joint axis, r = o_i - o_p, COM offset R_i c_i.
  readonly R: Float64Array
  readonly origin: Float64Array
  readonly axis: Float64Array
  readonly r: Float64Array
  readonly comWorld: Float64Array
  // Velocities and accelerations (world, at the link origins) of the last velocities()/accelerations().
  readonly omega: Float64Array
  readonly velocity: Float64Array
  readonly alpha: Float64Array
  readonly accel: Float64Array
  /** Rigid inertia of each link about its origin (world), from positions(). */
  private readonly rigid: Float64Array
  /** Articulated (ABA) or composite (CRBA) inertias, work. */
  private readonly work: Float64Array
  /** J_c w of one link (kineticEnergy). */
  private readonly jw = new Float64Array(3)
  /** Spatial forces per link [moment; force], and the ABA's U = I s, D = s^T U, u. */
  private readonly force: Float64Array
  private readonly U: Float64Array
  private readonly D: Float64Array
  private readonly u: Float64Array
  /** Inertia about the COM in world axes, for non-isotropic links (isotropic ones use iso). */
  private readonly jWorld: Float64Array
  private readonly iso: Float64Array
  private readonly isotropic: Uint8Array
  private readonly massive: Uint8Array
  private readonly hasTransformation: Uint8Array
  /** theta of the last positions() (NaN: none yet), so repeated calls at one configuration are free. */
  private readonly thetaKnown: Float64Array

  constructor(readonly tree: TreeStructure) {
    const n = (this.n = tree.parents.length)
    const v3 = (): Float64Array => new Float64Array(3 * n)
    this.theta = new Float64Array(n)
    this.thetaDot = new Float64Array(n)
    this.R = new Float64Array(9 * n)
    this.origin = v3()
    this.axis = v3()
    this.r = v3()
    this.comWorld = v3()
    this.omega = v3()
    this.velocity = v3()
    this.alpha = v3()
    this.accel = v3()
    this.rigid = new Float64Array(INERTIA_SIZE * n)
    this.work = new Float64Array(INERTIA_SIZE * n)
    this.force = new Float64Array(6 * n)
    this.U = new Float64Array(6 * n)
    this.D = new Float64Array(n)
    this.u = new Float64Array(n)
    this.jWorld = new Float64Array(9 * n)
    this.iso = new Float64Array(n)
    this.isotropic = new Uint8Array(n)
    this.massive = new Uint8Array(n)
    this.hasTransformation = new Uint8Array(n)
    this.thetaKnown = new Float64Array(n).fill(NaN)
    const J = tree.inertias, T = tree.transformations
    for (let i = 0; i < n; i++) {
      const j = 9 * i
      const diagonal = J[j + 1] === 0 && J[j + 2] === 0 && J[j + 3] === 0 && J[j + 5] === 0 && J[j + 6] === 0 && J[j + 7] === 0
      this.isotropic[i] = diagonal && J[j] === J[j + 4] && J[j] === J[j + 8] ? 1 : 0
      this.iso[i] = J[j]
      this.massive[i] = tree.masses[i] !== 0 || J.subarray(j, j + 9).some((x) => x !== 0) ? 1 : 0
      const identity = T[j] === 1 && T[j + 4] === 1 && T[j + 8] === 1 && T[j + 1] === 0 && T[j + 2] === 0 && T[j + 3] === 0 && T[j + 5] === 0 && T[j + 6] === 0 && T[j + 7] === 0
      this.hasTransformation[i] = identity ? 0 : 1
    }
  }

  /**
   * Rotations, origins, axes, shifts, COM offsets and rigid inertias at this.theta; skipped when theta
   * is the one of the last call (the explicit solver asks for forces and then for a solve at one state).
   */
  positions(): void {
    const n = this.n, th = this.theta, known = this.thetaKnown
    let same = true
    for (let i = 0; i < n && same; i++) same = th[i] === known[i]
    if (same) return
    const t = this.tree, R = this.R, o = this.origin, ax = this.axis, rr = this.r, T = t.transformations, off = t.offsets, base = t.baseOffset
    const parents = t.parents, axes = t.axes, prismatic = t.prismatic, transformed = this.hasTransformation
    for (let i = 0; i < n; i++) {
      const p = parents[i], ri = 9 * i, pr = 9 * p, i3 = 3 * i
      // P = R_p T_i (written into R_i), base: T_i.
      if (p < 0) for (let k = 0; k < 9; k++) R[ri + k] = T[ri + k]
      else if (!transformed[i]) for (let k = 0; k < 9; k++) R[ri + k] = R[pr + k]
      else
        for (let a = 0; a < 3; a++)
          for (let b = 0; b < 3; b++) R[ri + 3 * a + b] = R[pr + 3 * a] * T[ri + b] + R[pr + 3 * a + 1] * T[ri + 3 + b] + R[pr + 3 * a + 2] * T[ri + 6 + b]
      const k = axes[i]
      ax[i3] = R[ri + k]
      ax[i3 + 1] = R[ri + 3 + k]
      ax[i3 + 2] = R[ri + 6 + k]
      // r = R_p offset (base: offset), prismatic adds a theta.
      const d0 = off[i3], d1 = off[i3 + 1], d2 = off[i3 + 2]
      let r0 = d0, r1 = d1, r2 = d2
      if (p >= 0 && (d0 !== 0 || d1 !== 0 || d2 !== 0)) {
        r0 = R[pr] * d0 + R[pr + 1] * d1 + R[pr + 2] * d2
        r1 = R[pr + 3] * d0 + R[pr + 4] * d1 + R[pr + 5] * d2
        r2 = R[pr + 6] * d0 + R[pr + 7] * d1 + R[pr + 8] * d2
      }
      if (prismatic[i]) {
        r0 += ax[i3] * th[i]
        r1 += ax[i3 + 1] * th[i]
        r2 += ax[i3 + 2] * th[i]
      } else if (th[i] !== 0) {
        // R_i = P Rot_k(theta): columns (k+1, k+2) turn by theta.
        const c = Math.cos(th[i]), s = Math.sin(th[i])
        const ci = (k + 1) % 3, cj = (k + 2) % 3
        for (let row = 0; row < 3; row++) {
          const x = R[ri + 3 * row + ci], y = R[ri + 3 * row + cj]
          R[ri + 3 * row + ci] = c * x + s * y
          R[ri + 3 * row + cj] = -s * x + c * y
        }
      }
      rr[i3] = r0
      rr[i3 + 1] = r1
      rr[i3 + 2] = r2
      o[i3] = (p < 0 ? base[0] : o[3 * p]) + r0
      o[i3 + 1] = (p < 0 ? base[1] : o[3 * p + 1]) + r1
      o[i3 + 2] = (p < 0 ? base[2] : o[3 * p + 2]) + r2
      this.linkInertia(i)
      known[i] = th[i]
    }
  }

  /** World COM offset, world inertia (non-isotropic links) and the rigid inertia about o_i of link i. */
  private linkInertia(i: number): void {
    // Massless links keep zero inertia and COM offset from the constructor.
    if (!this.massive[i]) return
    const R = this.R, ri = 9 * i, i3 = 3 * i, c = this.tree.coms, cw = this.comWorld
    cw[i3] = R[ri] * c[i3] + R[ri + 1] * c[i3 + 1] + R[ri + 2] * c[i3 + 2]
    cw[i3 + 1] = R[ri + 3] * c[i3] + R[ri + 4] * c[i3 + 1] + R[ri + 5] * c[i3 + 2]
    cw[i3 + 2] = R[ri + 6] * c[i3] + R[ri + 7] * c[i3 + 1] + R[ri + 8] * c[i3 + 2]
    if (!this.isotropic[i]) {
      // J_w = R J R^T.
      const J = this.tree.inertias, Jw = this.jWorld
      for (let a = 0; a < 3; a++)
        for (let b = 0; b < 3; b++) {
          let sum = 0
          for (let k = 0; k < 3; k++) for (let l = 0; l < 3; l++) sum += R[ri + 3 * a + k] * J[ri + 3 * k + l] * R[ri + 3 * b + l]
          Jw[ri + 3 * a + b] = sum
        }
    }
    rigidInertia(this.tree.masses[i], cw, i3, this.iso[i], this.isotropic[i] ? null : this.jWorld, ri, this.rigid, INERTIA_SIZE * i)
  }

  /**
   * Kinetic energy of all links after positions() and motion() (velocities at the link origins):
   * sum of m |v_c|^2 / 2 + w . J_c w / 2 with v_c = v + w x c (c: COM offset in world axes).
   */
  kineticEnergy(): number {
    const w = this.omega, v = this.velocity, cw = this.comWorld, Jw = this.jw
    let energy = 0
    for (let i = 0; i < this.n; i++) {
      if (!this.massive[i]) continue
      const i3 = 3 * i, w0 = w[i3], w1 = w[i3 + 1], w2 = w[i3 + 2], c0 = cw[i3], c1 = cw[i3 + 1], c2 = cw[i3 + 2]
      const vc0 = v[i3] + w1 * c2 - w2 * c1, vc1 = v[i3 + 1] + w2 * c0 - w0 * c2, vc2 = v[i3 + 2] + w0 * c1 - w1 * c0
      this.inertiaTimes(i, w0, w1, w2, Jw, 0)
      energy += 0.5 * (this.tree.masses[i] * (vc0 * vc0 + vc1 * vc1 + vc2 * vc2) + w0 * Jw[0] + w1 * Jw[1] + w2 * Jw[2])
    }
    return energy
  }

  /** out = J_c,world * x for link i (x, out at offsets). */
  private inertiaTimes(i: number, x0: number, x1: number, x2: number, out: Float64Array, oo: number): void {
    if (this.isotropic[i]) {
      const j = this.iso[i]
      out[oo] = j * x0
      out[oo + 1] = j * x1
      out[oo + 2] = j * x2
      return
    }
    const J = this.jWorld, b = 9 * i
    out[oo] = J[b] * x0 + J[b + 1] * x1 + J[b + 2] * x2
    out[oo + 1] = J[b + 3] * x0 + J[b + 4] * x1 + J[b + 5] * x2
    out[oo + 2] = J[b + 6] * x0 + J[b + 7] * x1 + J[b + 8] * x2
  }

  /**
   * Velocities and accelerations of every link origin (positions() first), at joint accelerations
   * qdd (null: zero) and base acceleration baseAccel (-gravity puts gravity into the inertial forces).
   */
  motion(qdd: Float64Array | null, qddOffset: number, baseAccel: Float64Array | null): void {
    for (let i = 0; i < this.n; i++) this.moveLink(i, qdd, qddOffset, baseAccel)
  }

  /** motion() of link i from its parent's. */
  private moveLink(i: number, qdd: Float64Array | null, qddOffset: number, baseAccel: Float64Array | null): void {
    const t = this.tree, ax = this.axis, r = this.r, w = this.omega, v = this.velocity, al = this.alpha, A = this.accel, qd = this.thetaDot
    const p = t.parents[i], i3 = 3 * i, p3 = 3 * p
    let wp0 = 0, wp1 = 0, wp2 = 0, vp0 = 0, vp1 = 0, vp2 = 0, ap0 = 0, ap1 = 0, ap2 = 0, Ap0 = 0, Ap1 = 0, Ap2 = 0
    if (p >= 0) {
      wp0 = w[p3]; wp1 = w[p3 + 1]; wp2 = w[p3 + 2]
      vp0 = v[p3]; vp1 = v[p3 + 1]; vp2 = v[p3 + 2]
      ap0 = al[p3]; ap1 = al[p3 + 1]; ap2 = al[p3 + 2]
      Ap0 = A[p3]; Ap1 = A[p3 + 1]; Ap2 = A[p3 + 2]
    } else if (baseAccel) {
      Ap0 = baseAccel[0]; Ap1 = baseAccel[1]; Ap2 = baseAccel[2]
    }
    const r0 = r[i3], r1 = r[i3 + 1], r2 = r[i3 + 2]
    const a0 = ax[i3], a1 = ax[i3 + 1], a2 = ax[i3 + 2]
    const s = qd[i], sdd = qdd ? qdd[qddOffset + i] : 0
    // Parent's point velocity moved to o_i: v_p + w_p x r; acceleration A_p + alpha_p x r + w_p x (w_p x r).
    const wr0 = wp1 * r2 - wp2 * r1, wr1 = wp2 * r0 - wp0 * r2, wr2 = wp0 * r1 - wp1 * r0
    let V0 = vp0 + wr0, V1 = vp1 + wr1, V2 = vp2 + wr2
    let B0 = Ap0 + ap1 * r2 - ap2 * r1 + wp1 * wr2 - wp2 * wr1
    let B1 = Ap1 + ap2 * r0 - ap0 * r2 + wp2 * wr0 - wp0 * wr2
    let B2 = Ap2 + ap0 * r1 - ap1 * r0 + wp0 * wr1 - wp1 * wr0
    // w_p x a (the axis turns with the parent).
    const wa0 = wp1 * a2 - wp2 * a1, wa1 = wp2 * a0 - wp0 * a2, wa2 = wp0 * a1 - wp1 * a0
    if (t.prismatic[i]) {
      w[i3] = wp0; w[i3 + 1] = wp1; w[i3 + 2] = wp2
      al[i3] = ap0; al[i3 + 1] = ap1; al[i3 + 2] = ap2
      V0 += a0 * s; V1 += a1 * s; V2 += a2 * s
      B0 += 2 * s * wa0 + a0 * sdd; B1 += 2 * s * wa1 + a1 * sdd; B2 += 2 * s * wa2 + a2 * sdd
    } else {
      w[i3] = wp0 + a0 * s; w[i3 + 1] = wp1 + a1 * s; w[i3 + 2] = wp2 + a2 * s
      al[i3] = ap0 + s * wa0 + a0 * sdd; al[i3 + 1] = ap1 + s * wa1 + a1 * sdd; al[i3 + 2] = ap2 + s * wa2 + a2 * sdd
    }
    v[i3] = V0; v[i3 + 1] = V1; v[i3 + 2] = V2
    A[i3] = B0; A[i3 + 1] = B1; A[i3 + 2] = B2
  }

  /**
   * Inverse dynamics (RNEA) after positions() and motion(): tau[i] = joint force or torque that the
   * links' inertial forces need, minus the link forces/torques (world, at the link origins; null:
   * none). out[outOffset + i] = tau_i.
   */
  inverseDynamics(linkForces: Float64Array | null, linkTorques: Float64Array | null, out: Float64Array, outOffset: number): void {
    for (let i = 0; i < this.n; i++) this.linkForce(i, linkForces, linkTorques)
    this.passForcesInward(out, outOffset)
  }

  /**
   * Spatial force of link i into force: what its motion (motion()) needs minus its link force and
   * torque (world, at the link origin; null: none).
   */
  private linkForce(i: number, linkForces: Float64Array | null, linkTorques: Float64Array | null): void {
    const t = this.tree, f = this.force, w = this.omega, al = this.alpha, A = this.accel, cw = this.comWorld
    // U is free outside the articulated-body sweeps: scratch for J w and J alpha.
    const tmp = this.U
    const i3 = 3 * i, fo = 6 * i
    let n0 = 0, n1 = 0, n2 = 0, f0 = 0, f1 = 0, f2 = 0
    if (this.massive[i]) {
      const m = t.masses[i]
      const c0 = cw[i3], c1 = cw[i3 + 1], c2 = cw[i3 + 2]
      const w0 = w[i3], w1 = w[i3 + 1], w2 = w[i3 + 2]
      const al0 = al[i3], al1 = al[i3 + 1], al2 = al[i3 + 2]
      // COM acceleration a_c = A + alpha x c + w x (w x c).
      const wc0 = w1 * c2 - w2 * c1, wc1 = w2 * c0 - w0 * c2, wc2 = w0 * c1 - w1 * c0
      const ac0 = A[i3] + al1 * c2 - al2 * c1 + w1 * wc2 - w2 * wc1
      const ac1 = A[i3 + 1] + al2 * c0 - al0 * c2 + w2 * wc0 - w0 * wc2
      const ac2 = A[i3 + 2] + al0 * c1 - al1 * c0 + w0 * wc1 - w1 * wc0
      f0 = m * ac0; f1 = m * ac1; f2 = m * ac2
      // Moment about o_i: J alpha + w x (J w) + c x F.
      this.inertiaTimes(i, w0, w1, w2, tmp, fo)
      this.inertiaTimes(i, al0, al1, al2, tmp, fo + 3)
      const h0 = tmp[fo], h1 = tmp[fo + 1], h2 = tmp[fo + 2]
      n0 = tmp[fo + 3] + w1 * h2 - w2 * h1 + c1 * f2 - c2 * f1
      n1 = tmp[fo + 4] + w2 * h0 - w0 * h2 + c2 * f0 - c0 * f2
      n2 = tmp[fo + 5] + w0 * h1 - w1 * h0 + c0 * f1 - c1 * f0
    }
    if (linkForces) {
      f0 -= linkForces[i3]; f1 -= linkForces[i3 + 1]; f2 -= linkForces[i3 + 2]
    }
    if (linkTorques) {
      n0 -= linkTorques[i3]; n1 -= linkTorques[i3 + 1]; n2 -= linkTorques[i3 + 2]
    }
    f[fo] = n0; f[fo + 1] = n1; f[fo + 2] = n2; f[fo + 3] = f0; f[fo + 4] = f1; f[fo + 5] = f2
  }

  /** The RNEA's inward sweep: joint forces out[outOffset + i] = s_i^T f_i, f_i passed on to the parents. */
  private passForcesInward(out: Float64Array, outOffset: number): void {
    const n = this.n, t = this.tree, f = this.force, r = this.r, ax = this.axis
    for (let i = n - 1; i >= 0; i--) {
      const i3 = 3 * i, fo = 6 * i, p = t.parents[i]
      const a0 = ax[i3], a1 = ax[i3 + 1], a2 = ax[i3 + 2]
      out[outOffset + i] = t.prismatic[i] ? a0 * f[fo + 3] + a1 * f[fo + 4] + a2 * f[fo + 5] : a0 * f[fo] + a1 * f[fo + 1] + a2 * f[fo + 2]
      if (p < 0) continue
      const po = 6 * p, r0 = r[i3], r1 = r[i3 + 1], r2 = r[i3 + 2], F0 = f[fo + 3], F1 = f[fo + 4], F2 = f[fo + 5]
      f[po] += f[fo] + r1 * F2 - r2 * F1
      f[po + 1] += f[fo + 1] + r2 * F0 - r0 * F2
      f[po + 2] += f[fo + 2] + r0 * F1 - r1 * F0
      f[po + 3] += F0
      f[po + 4] += F1
      f[po + 5] += F2
    }
  }

  /** Composite inertias (CRBA) into work: each link's inertia plus its subtree's, about o_i. */
  private compositeInertias(): void {
    const n = this.n, W = this.work, r = this.r
    W.set(this.rigid)
    for (let i = n - 1; i >= 0; i--) {
      const p = this.tree.parents[i]
      // g = 0: no downdate (U is not read).
      if (p >= 0) addArticulatedShifted(W, INERTIA_SIZE * i, this.U, 0, 0, r[3 * i], r[3 * i + 1], r[3 * i + 2], W, INERTIA_SIZE * p)
    }
  }

  /** I s_i of the stored inertia at io into out[oo..oo+6) ([a; 0] revolute, [0; a] prismatic). */
  private inertiaTimesAxis(I: Float64Array, io: number, i: number, out: Float64Array, oo: number): void {
    const ax = this.axis, a0 = ax[3 * i], a1 = ax[3 * i + 1], a2 = ax[3 * i + 2]
    const b = io + 6
    if (this.tree.prismatic[i]) {
      const c = io + 15
      out[oo] = I[b] * a0 + I[b + 1] * a1 + I[b + 2] * a2
      out[oo + 1] = I[b + 3] * a0 + I[b + 4] * a1 + I[b + 5] * a2
      out[oo + 2] = I[b + 6] * a0 + I[b + 7] * a1 + I[b + 8] * a2
      out[oo + 3] = I[c] * a0 + I[c + 1] * a1 + I[c + 2] * a2
      out[oo + 4] = I[c + 1] * a0 + I[c + 3] * a1 + I[c + 4] * a2
      out[oo + 5] = I[c + 2] * a0 + I[c + 4] * a1 + I[c + 5] * a2
    } else {
      out[oo] = I[io] * a0 + I[io + 1] * a1 + I[io + 2] * a2
      out[oo + 1] = I[io + 1] * a0 + I[io + 3] * a1 + I[io + 4] * a2
      out[oo + 2] = I[io + 2] * a0 + I[io + 4] * a1 + I[io + 5] * a2
      // B^T a.
      out[oo + 3] = I[b] * a0 + I[b + 3] * a1 + I[b + 6] * a2
      out[oo + 4] = I[b + 1] * a0 + I[b + 4] * a1 + I[b + 7] * a2
      out[oo + 5] = I[b + 2] * a0 + I[b + 5] * a1 + I[b + 8] * a2
    }
  }

  /** s_i^T x for a spatial force x at xo. */
  private axisDot(i: number, x: Float64Array, xo: number): number {
    const ax = this.axis, k = this.tree.prismatic[i] ? xo + 3 : xo
    return ax[3 * i] * x[k] + ax[3 * i + 1] * x[k + 1] + ax[3 * i + 2] * x[k + 2]
  }

  /** Mass matrix by CRBA (after positions()) into out (n x n row-major at offset 0). */
  massMatrix(out: Float64Array): void {
    const n = this.n, F = this.force, r = this.r, parents = this.tree.parents
    this.compositeInertias()
    for (let i = 0; i < n; i++) {
      // F = I^c_i s_i, moved up the path to the root; M_ij = s_j^T F.
      this.inertiaTimesAxis(this.work, INERTIA_SIZE * i, i, F, 0)
      out[i * n + i] = this.axisDot(i, F, 0)
      for (let j = i, p = parents[j]; p >= 0; j = p, p = parents[j]) {
        const j3 = 3 * j
        F[0] += r[j3 + 1] * F[5] - r[j3 + 2] * F[4]
        F[1] += r[j3 + 2] * F[3] - r[j3] * F[5]
        F[2] += r[j3] * F[4] - r[j3 + 1] * F[3]
        const m = this.axisDot(p, F, 0)
        out[i * n + p] = m
        out[p * n + i] = m
      }
    }
  }

  /**
   * Solves M(q) x = b by the articulated-body algorithm with zero velocity and no gravity (after
   * positions()); b[bOffset + i], x[xOffset + i]. Returns SOLVED, or the joint whose articulated
   * inertia along its axis is not positive (M singular: no mass beyond it in that direction).
   */
  solveMass(b: Float64Array, bOffset: number, x: Float64Array, xOffset: number): number {
    this.work.set(this.rigid)
    this.force.fill(0)
    return this.articulated(b, bOffset, x, xOffset)
  }

  /**
   * Forward dynamics: x = M^-1 (tau - h), where h is what inverseDynamics gives after motion(null, 0,
   * baseAccel) with these link loads (velocity, gravity and link-load forces). After positions(), one
   * outward sweep moves each link at zero joint accelerations and takes its force (the RNEA's outward
   * part); the articulated-body inward sweep then starts its bias forces from these link forces, so it
   * passes the RNEA's forces on to the parents together with its own (the sums are linear: s^T of the
   * total is h_i + the solve's bias), and its outward sweep gives x. The same terms as inverseDynamics
   * followed by solveMass, in four passes over the links instead of six. Positions stay a pass of
   * their own: placing the links inside the motion sweep measured slower in paired runs.
   */
  forwardDynamics(tau: Float64Array, tauOffset: number, linkForces: Float64Array | null, linkTorques: Float64Array | null, baseAccel: Float64Array, x: Float64Array, xOffset: number): number {
    this.positions()
    for (let i = 0; i < this.n; i++) {
      this.moveLink(i, null, 0, baseAccel)
      this.linkForce(i, linkForces, linkTorques)
    }
    this.work.set(this.rigid)
    return this.articulated(tau, tauOffset, x, xOffset)
  }

  /**
   * The articulated-body sweeps, starting from the inertias in work and the bias forces in force:
   * inward (articulated inertias and bias forces, passed on to the parents), then outward (joint
   * accelerations x and the accelerations alpha, A they cause, base at rest).
   */
  private articulated(b: Float64Array, bOffset: number, x: Float64Array, xOffset: number): number {
    const n = this.n, W = this.work, U = this.U, D = this.D, u = this.u, P = this.force, r = this.r, parents = this.tree.parents
    const ax = this.axis, prismatic = this.tree.prismatic
    for (let i = n - 1; i >= 0; i--) {
      const io = INERTIA_SIZE * i, uo = 6 * i, i3 = 3 * i
      this.inertiaTimesAxis(W, io, i, U, uo)
      // s^T U and s^T p: the angular rows for revolute joints, the linear rows for prismatic ones.
      const so = prismatic[i] ? uo + 3 : uo, a0 = ax[i3], a1 = ax[i3 + 1], a2 = ax[i3 + 2]
      const d = a0 * U[so] + a1 * U[so + 1] + a2 * U[so + 2]
      if (!(d > 0)) return i
      D[i] = d
      const ui = b[bOffset + i] - (a0 * P[so] + a1 * P[so + 1] + a2 * P[so + 2])
      u[i] = ui
      const p = parents[i]
      if (p < 0) continue
      // Articulated inertia seen through the joint, I - U U^T / d, and bias p + U u / d, moved to o_p.
      const g = 1 / d, k = ui * g
      const r0 = r[i3], r1 = r[i3 + 1], r2 = r[i3 + 2], po = 6 * p
      addArticulatedShifted(W, io, U, uo, g, r0, r1, r2, W, INERTIA_SIZE * p)
      const p0 = P[uo] + U[uo] * k, p1 = P[uo + 1] + U[uo + 1] * k, p2 = P[uo + 2] + U[uo + 2] * k
      const F0 = P[uo + 3] + U[uo + 3] * k, F1 = P[uo + 4] + U[uo + 4] * k, F2 = P[uo + 5] + U[uo + 5] * k
      P[po] += p0 + r1 * F2 - r2 * F1
      P[po + 1] += p1 + r2 * F0 - r0 * F2
      P[po + 2] += p2 + r0 * F1 - r1 * F0
      P[po + 3] += F0
      P[po + 4] += F1
      P[po + 5] += F2
    }
    const al = this.alpha, A = this.accel
    for (let i = 0; i < n; i++) {
      const p = parents[i], i3 = 3 * i, p3 = 3 * p, uo = 6 * i
      let a0 = 0, a1 = 0, a2 = 0, A0 = 0, A1 = 0, A2 = 0
      if (p >= 0) {
        a0 = al[p3]; a1 = al[p3 + 1]; a2 = al[p3 + 2]
        const r0 = r[i3], r1 = r[i3 + 1], r2 = r[i3 + 2]
        A0 = A[p3] + a1 * r2 - a2 * r1
        A1 = A[p3 + 1] + a2 * r0 - a0 * r2
        A2 = A[p3 + 2] + a0 * r1 - a1 * r0
      }
      const xi = (u[i] - (U[uo] * a0 + U[uo + 1] * a1 + U[uo + 2] * a2 + U[uo + 3] * A0 + U[uo + 4] * A1 + U[uo + 5] * A2)) / D[i]
      x[xOffset + i] = xi
      const e0 = ax[i3] * xi, e1 = ax[i3 + 1] * xi, e2 = ax[i3 + 2] * xi
      if (prismatic[i]) {
        A0 += e0; A1 += e1; A2 += e2
      } else {
        a0 += e0; a1 += e1; a2 += e2
      }
      al[i3] = a0; al[i3 + 1] = a1; al[i3 + 2] = a2
      A[i3] = A0; A[i3 + 1] = A1; A[i3 + 2] = A2
    }
    return SOLVED
  }
}
