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
//
// A spherical link has three coordinates (x, y, z), the Tait-Bryan angles of R_i = R_p T_i Rot_x(x)
// Rot_y(y) Rot_z(z): exactly three revolute joints X, Y, Z at one point. Its motion subspace is
// [S; 0] with S = [a_x a_y a_z] (a_y turned by x, a_z by x and y), invertible unless cos y = 0 (the
// middle angle at +-90 deg, gimbal lock). The articulated-body algorithm handles it as one joint:
// with S invertible the articulated inertia passed on, I - U D^-1 U^T (U = I [S; 0], D = S^T A S),
// is the Schur complement [[0, 0], [0, C - B^T A^-1 B]] (a ball joint carries no moment), and the
// joint equation S^T (A alpha + B a + p) = tau reads A alpha + B a + p = m with m = S^-T tau, so the
// sweeps need A^-1 and S^-1 but never D (inwardSpherical, outwardSpherical).
import { addArticulatedShifted, addLinearShifted, INERTIA_SIZE, rigidInertia } from '../../math/spatial'

export interface TreeStructure {
  parents: Int32Array
  /** Joint axis 0, 1, 2 (x, y, z of the joint frame); not read for spherical joints. */
  axes: Uint8Array
  /** 1 for prismatic, 0 for revolute and spherical joints. */
  prismatic: Uint8Array
  /** 1 for spherical joints (three coordinates), 0 for the one-coordinate joints. */
  spherical: Uint8Array
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

/** R (row-major at ri) = R Rot_k(angle), given cos and sin of the angle: columns k+1 and k+2 turn. */
function turn(R: Float64Array, ri: number, k: number, c: number, s: number): void {
  const ci = (k + 1) % 3,
    cj = (k + 2) % 3
  for (let row = 0; row < 3; row++) {
    const x = R[ri + 3 * row + ci],
      y = R[ri + 3 * row + cj]
    R[ri + 3 * row + ci] = c * x + s * y
    R[ri + 3 * row + cj] = -s * x + c * y
  }
}

/**
 * |cos y| of a spherical joint's middle angle at or below which S counts as singular: cos(pi/2) in
 * doubles is 6e-17, so 1e-15 means y is +-90 deg to the precision of the angle (0.2 nrad).
 */
const GIMBAL_LOCK_COS = 1e-15

/**
 * Which coordinate's articulated inertia vanished (the tree below it has no mass or inertia along its axis).
 */
export const SOLVED = -1

/** Coordinates per link: 3 for spherical joints, else 1. */
export const linkCoordinates = (spherical: boolean): number => (spherical ? 3 : 1)

export class TreeDynamics {
  /** Links. */
  readonly n: number
  /** Coordinates (the sum over the links of 1, or 3 for a spherical joint). */
  readonly coordinates: number
  /** First coordinate of each link. */
  readonly first: Int32Array
  /**
   * Joint values theta (reference + displacement) and velocities per coordinate, read from the state by the
   * owner.
   */
  readonly theta: Float64Array
  readonly thetaDot: Float64Array
  // Per-link results of positions(): rotation, origin, r = o_i - o_p, COM offset R_i c_i; the world
  // joint axis per coordinate (a spherical link's three are the columns of S).
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
  /**
   * Articulated (ABA) or composite (CRBA) inertias, work. The ABA writes a link's slot only when it
   * has children (the first child visited writes rigid + its part, the others add), so no copy of
   * rigid starts it; a link without children is read from rigid.
   */
  private readonly work: Float64Array
  private readonly hasChildren: Uint8Array
  /** 1 if the link is its parent's last child, the first the inward sweep visits. */
  private readonly startsParent: Uint8Array
  /** C - B^T A^-1 B of a spherical link (upper triangle), passed on to its parent. */
  private readonly linearPart = new Float64Array(6)
  /** J_c w of one link (kineticEnergy). */
  private readonly jw = new Float64Array(3)
  /** Spatial forces per link [moment; force], and the ABA's U = I s, D = s^T U, u. */
  private readonly force: Float64Array
  private readonly U: Float64Array
  private readonly D: Float64Array
  private readonly u: Float64Array
  /**
   * Spherical links: sin y and 1 / cos^2 y of the middle angle (S^T S = [[1, 0, s], [0, 1, 0], [s, 0, 1]]
   * gives S^-1), and the ABA's K = A^-1 B (3x3) and z = A^-1 (m - p) per link.
   */
  private readonly sinY: Float64Array
  private readonly inverseCos2Y: Float64Array
  private readonly K: Float64Array
  private readonly z: Float64Array
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
    this.first = new Int32Array(n)
    let nc = 0
    for (let i = 0; i < n; i++) {
      this.first[i] = nc
      nc += linkCoordinates(tree.spherical[i] === 1)
    }
    this.coordinates = nc
    const balls = tree.spherical.some((s) => s === 1)
    this.theta = new Float64Array(nc)
    this.thetaDot = new Float64Array(nc)
    this.R = new Float64Array(9 * n)
    this.origin = v3()
    this.axis = new Float64Array(3 * nc)
    this.r = v3()
    this.comWorld = v3()
    this.omega = v3()
    this.velocity = v3()
    this.alpha = v3()
    this.accel = v3()
    this.rigid = new Float64Array(INERTIA_SIZE * n)
    this.work = new Float64Array(INERTIA_SIZE * n)
    this.hasChildren = new Uint8Array(n)
    this.startsParent = new Uint8Array(n)
    for (let i = n - 1; i >= 0; i--) {
      const p = tree.parents[i]
      if (p >= 0 && !this.hasChildren[p]) {
        this.hasChildren[p] = 1
        this.startsParent[i] = 1
      }
    }
    this.force = new Float64Array(6 * n)
    this.U = new Float64Array(6 * n)
    this.D = new Float64Array(n)
    this.u = new Float64Array(n)
    this.sinY = new Float64Array(balls ? n : 0)
    this.inverseCos2Y = new Float64Array(balls ? n : 0)
    this.K = new Float64Array(balls ? 9 * n : 0)
    this.z = new Float64Array(balls ? 3 * n : 0)
    this.jWorld = new Float64Array(9 * n)
    this.iso = new Float64Array(n)
    this.isotropic = new Uint8Array(n)
    this.massive = new Uint8Array(n)
    this.hasTransformation = new Uint8Array(n)
    this.thetaKnown = new Float64Array(nc).fill(NaN)
    const J = tree.inertias,
      T = tree.transformations
    for (let i = 0; i < n; i++) {
      const j = 9 * i
      const diagonal =
        J[j + 1] === 0 &&
        J[j + 2] === 0 &&
        J[j + 3] === 0 &&
        J[j + 5] === 0 &&
        J[j + 6] === 0 &&
        J[j + 7] === 0
      this.isotropic[i] = diagonal && J[j] === J[j + 4] && J[j] === J[j + 8] ? 1 : 0
      this.iso[i] = J[j]
      this.massive[i] = tree.masses[i] !== 0 || J.subarray(j, j + 9).some((x) => x !== 0) ? 1 : 0
      const identity =
        T[j] === 1 &&
        T[j + 4] === 1 &&
        T[j + 8] === 1 &&
        T[j + 1] === 0 &&
        T[j + 2] === 0 &&
        T[j + 3] === 0 &&
        T[j + 5] === 0 &&
        T[j + 6] === 0 &&
        T[j + 7] === 0
      this.hasTransformation[i] = identity ? 0 : 1
    }
  }

  /**
   * Rotations, origins, axes, shifts, COM offsets and rigid inertias at this.theta; skipped when theta
   * is the one of the last call (the explicit solver asks for forces and then for a solve at one state).
   */
  positions(): void {
    const n = this.n,
      th = this.theta,
      known = this.thetaKnown
    let same = true
    for (let i = 0; i < this.coordinates && same; i++) same = th[i] === known[i]
    if (same) return
    const t = this.tree,
      R = this.R,
      o = this.origin,
      ax = this.axis,
      rr = this.r,
      T = t.transformations,
      off = t.offsets,
      base = t.baseOffset
    const parents = t.parents,
      axes = t.axes,
      prismatic = t.prismatic,
      spherical = t.spherical,
      transformed = this.hasTransformation
    for (let i = 0; i < n; i++) {
      const p = parents[i],
        ri = 9 * i,
        pr = 9 * p,
        i3 = 3 * i,
        c = this.first[i],
        c3 = 3 * c
      // P = R_p T_i at P[po]: T_i at the base, R_p without a transformation, else made in R_i.
      let P = R,
        po = ri
      if (p < 0) P = T
      else if (!transformed[i]) po = pr
      else
        for (let a = 0; a < 3; a++)
          for (let b = 0; b < 3; b++)
            R[ri + 3 * a + b] =
              R[pr + 3 * a] * T[ri + b] +
              R[pr + 3 * a + 1] * T[ri + 3 + b] +
              R[pr + 3 * a + 2] * T[ri + 6 + b]
      // r = R_p offset (base: offset), prismatic adds a theta.
      const d0 = off[i3],
        d1 = off[i3 + 1],
        d2 = off[i3 + 2]
      let r0 = d0,
        r1 = d1,
        r2 = d2
      if (p >= 0 && (d0 !== 0 || d1 !== 0 || d2 !== 0)) {
        r0 = R[pr] * d0 + R[pr + 1] * d1 + R[pr + 2] * d2
        r1 = R[pr + 3] * d0 + R[pr + 4] * d1 + R[pr + 5] * d2
        r2 = R[pr + 6] * d0 + R[pr + 7] * d1 + R[pr + 8] * d2
      }
      if (spherical[i]) this.turnSpherical(i, ri, c, P, po)
      else {
        // turn() works in place: R_i = P first.
        if (po !== ri || P !== R) for (let k = 0; k < 9; k++) R[ri + k] = P[po + k]
        const k = axes[i]
        ax[c3] = R[ri + k]
        ax[c3 + 1] = R[ri + 3 + k]
        ax[c3 + 2] = R[ri + 6 + k]
        if (prismatic[i]) {
          r0 += ax[c3] * th[c]
          r1 += ax[c3 + 1] * th[c]
          r2 += ax[c3 + 2] * th[c]
        } else if (th[c] !== 0) turn(R, ri, k, Math.cos(th[c]), Math.sin(th[c]))
        known[c] = th[c]
      }
      rr[i3] = r0
      rr[i3 + 1] = r1
      rr[i3 + 2] = r2
      o[i3] = (p < 0 ? base[0] : o[3 * p]) + r0
      o[i3 + 1] = (p < 0 ? base[1] : o[3 * p + 1]) + r1
      o[i3 + 2] = (p < 0 ? base[2] : o[3 * p + 2]) + r2
      this.linkInertia(i)
    }
  }

  /**
   * Spherical link i: R_i (at ri) = P Rot_x(x) Rot_y(y) Rot_z(z) from P = R_p T_i (at P[po], may be
   * R_i itself), and the axes a_x = P e_x, a_y (after the x turn) and a_z (after x and y): three
   * revolute joints, their columns turned in locals (the same products as turn()).
   */
  private turnSpherical(i: number, ri: number, c: number, P: Float64Array, po: number): void {
    const R = this.R,
      ax = this.axis,
      th = this.theta,
      known = this.thetaKnown,
      c3 = 3 * c
    const x = th[c],
      y = th[c + 1],
      z = th[c + 2]
    const cx = Math.cos(x),
      sx = Math.sin(x),
      cy = Math.cos(y),
      sy = Math.sin(y),
      cz = Math.cos(z),
      sz = Math.sin(z)
    // Columns e, f, g of P; a_x = e.
    const e0 = P[po],
      e1 = P[po + 3],
      e2 = P[po + 6],
      f0 = P[po + 1],
      f1 = P[po + 4],
      f2 = P[po + 7],
      g0 = P[po + 2],
      g1 = P[po + 5],
      g2 = P[po + 8]
    // Turned about x: f' = cx f + sx g (a_y), g' = cx g - sx f.
    const F0 = cx * f0 + sx * g0,
      F1 = cx * f1 + sx * g1,
      F2 = cx * f2 + sx * g2
    const G0 = -sx * f0 + cx * g0,
      G1 = -sx * f1 + cx * g1,
      G2 = -sx * f2 + cx * g2
    // About y: g'' = cy g' + sy e (a_z), e' = cy e - sy g'.
    const H0 = cy * G0 + sy * e0,
      H1 = cy * G1 + sy * e1,
      H2 = cy * G2 + sy * e2
    const E0 = -sy * G0 + cy * e0,
      E1 = -sy * G1 + cy * e1,
      E2 = -sy * G2 + cy * e2
    ax[c3] = e0
    ax[c3 + 1] = e1
    ax[c3 + 2] = e2
    ax[c3 + 3] = F0
    ax[c3 + 4] = F1
    ax[c3 + 5] = F2
    ax[c3 + 6] = H0
    ax[c3 + 7] = H1
    ax[c3 + 8] = H2
    // About z: e'' = cz e' + sz f', f'' = cz f' - sz e'.
    R[ri] = cz * E0 + sz * F0
    R[ri + 3] = cz * E1 + sz * F1
    R[ri + 6] = cz * E2 + sz * F2
    R[ri + 1] = -sz * E0 + cz * F0
    R[ri + 4] = -sz * E1 + cz * F1
    R[ri + 7] = -sz * E2 + cz * F2
    R[ri + 2] = H0
    R[ri + 5] = H1
    R[ri + 8] = H2
    known[c] = x
    known[c + 1] = y
    known[c + 2] = z
    this.sinY[i] = sy
    this.inverseCos2Y[i] = Math.abs(cy) > GIMBAL_LOCK_COS ? 1 / (cy * cy) : Infinity
  }

  /** World COM offset, world inertia (non-isotropic links) and the rigid inertia about o_i of link i. */
  private linkInertia(i: number): void {
    // Massless links keep zero inertia and COM offset from the constructor.
    if (!this.massive[i]) return
    const R = this.R,
      ri = 9 * i,
      i3 = 3 * i,
      c = this.tree.coms,
      cw = this.comWorld
    cw[i3] = R[ri] * c[i3] + R[ri + 1] * c[i3 + 1] + R[ri + 2] * c[i3 + 2]
    cw[i3 + 1] = R[ri + 3] * c[i3] + R[ri + 4] * c[i3 + 1] + R[ri + 5] * c[i3 + 2]
    cw[i3 + 2] = R[ri + 6] * c[i3] + R[ri + 7] * c[i3 + 1] + R[ri + 8] * c[i3 + 2]
    if (!this.isotropic[i]) {
      // J_w = R J R^T.
      const J = this.tree.inertias,
        Jw = this.jWorld
      for (let a = 0; a < 3; a++)
        for (let b = 0; b < 3; b++) {
          let sum = 0
          for (let k = 0; k < 3; k++)
            for (let l = 0; l < 3; l++) sum += R[ri + 3 * a + k] * J[ri + 3 * k + l] * R[ri + 3 * b + l]
          Jw[ri + 3 * a + b] = sum
        }
    }
    // An isotropic inertia is the same in body and world axes.
    rigidInertia(
      this.tree.masses,
      i,
      cw,
      i3,
      this.isotropic[i] ? this.tree.inertias : this.jWorld,
      ri,
      this.rigid,
      INERTIA_SIZE * i,
    )
  }

  /**
   * Kinetic energy of all links after positions() and motion() (velocities at the link origins):
   * sum of m |v_c|^2 / 2 + w . J_c w / 2 with v_c = v + w x c (c: COM offset in world axes).
   */
  kineticEnergy(): number {
    const w = this.omega,
      v = this.velocity,
      cw = this.comWorld,
      Jw = this.jw
    let energy = 0
    for (let i = 0; i < this.n; i++) {
      if (!this.massive[i]) continue
      const i3 = 3 * i,
        w0 = w[i3],
        w1 = w[i3 + 1],
        w2 = w[i3 + 2],
        c0 = cw[i3],
        c1 = cw[i3 + 1],
        c2 = cw[i3 + 2]
      const vc0 = v[i3] + w1 * c2 - w2 * c1,
        vc1 = v[i3 + 1] + w2 * c0 - w0 * c2,
        vc2 = v[i3 + 2] + w0 * c1 - w1 * c0
      this.inertiaTimes(i, w0, w1, w2, Jw, 0)
      energy +=
        0.5 *
        (this.tree.masses[i] * (vc0 * vc0 + vc1 * vc1 + vc2 * vc2) + w0 * Jw[0] + w1 * Jw[1] + w2 * Jw[2])
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
    const J = this.jWorld,
      b = 9 * i
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
  private moveLink(
    i: number,
    qdd: Float64Array | null,
    qddOffset: number,
    baseAccel: Float64Array | null,
  ): void {
    const t = this.tree,
      ax = this.axis,
      r = this.r,
      w = this.omega,
      v = this.velocity,
      al = this.alpha,
      A = this.accel,
      qd = this.thetaDot
    const p = t.parents[i],
      i3 = 3 * i,
      p3 = 3 * p
    let wp0 = 0,
      wp1 = 0,
      wp2 = 0,
      vp0 = 0,
      vp1 = 0,
      vp2 = 0,
      ap0 = 0,
      ap1 = 0,
      ap2 = 0,
      Ap0 = 0,
      Ap1 = 0,
      Ap2 = 0
    if (p >= 0) {
      wp0 = w[p3]
      wp1 = w[p3 + 1]
      wp2 = w[p3 + 2]
      vp0 = v[p3]
      vp1 = v[p3 + 1]
      vp2 = v[p3 + 2]
      ap0 = al[p3]
      ap1 = al[p3 + 1]
      ap2 = al[p3 + 2]
      Ap0 = A[p3]
      Ap1 = A[p3 + 1]
      Ap2 = A[p3 + 2]
    } else if (baseAccel) {
      Ap0 = baseAccel[0]
      Ap1 = baseAccel[1]
      Ap2 = baseAccel[2]
    }
    const r0 = r[i3],
      r1 = r[i3 + 1],
      r2 = r[i3 + 2]
    // Parent's point velocity moved to o_i: v_p + w_p x r; acceleration A_p + alpha_p x r + w_p x (w_p x r).
    const wr0 = wp1 * r2 - wp2 * r1,
      wr1 = wp2 * r0 - wp0 * r2,
      wr2 = wp0 * r1 - wp1 * r0
    let V0 = vp0 + wr0,
      V1 = vp1 + wr1,
      V2 = vp2 + wr2
    let B0 = Ap0 + ap1 * r2 - ap2 * r1 + wp1 * wr2 - wp2 * wr1
    let B1 = Ap1 + ap2 * r0 - ap0 * r2 + wp2 * wr0 - wp0 * wr2
    let B2 = Ap2 + ap0 * r1 - ap1 * r0 + wp0 * wr1 - wp1 * wr0
    const c = this.first[i],
      c3 = 3 * c
    if (t.spherical[i]) {
      v[i3] = V0
      v[i3 + 1] = V1
      v[i3 + 2] = V2
      A[i3] = B0
      A[i3 + 1] = B1
      A[i3 + 2] = B2
      w[i3] = wp0
      w[i3 + 1] = wp1
      w[i3 + 2] = wp2
      al[i3] = ap0
      al[i3 + 1] = ap1
      al[i3 + 2] = ap2
      this.turnLinkSpherical(i3, c, qdd, qddOffset)
      return
    }
    const a0 = ax[c3],
      a1 = ax[c3 + 1],
      a2 = ax[c3 + 2]
    const s = qd[c],
      sdd = qdd ? qdd[qddOffset + c] : 0
    // w_p x a (the axis turns with the parent).
    const wa0 = wp1 * a2 - wp2 * a1,
      wa1 = wp2 * a0 - wp0 * a2,
      wa2 = wp0 * a1 - wp1 * a0
    if (t.prismatic[i]) {
      w[i3] = wp0
      w[i3 + 1] = wp1
      w[i3 + 2] = wp2
      al[i3] = ap0
      al[i3 + 1] = ap1
      al[i3 + 2] = ap2
      V0 += a0 * s
      V1 += a1 * s
      V2 += a2 * s
      B0 += 2 * s * wa0 + a0 * sdd
      B1 += 2 * s * wa1 + a1 * sdd
      B2 += 2 * s * wa2 + a2 * sdd
    } else {
      w[i3] = wp0 + a0 * s
      w[i3 + 1] = wp1 + a1 * s
      w[i3 + 2] = wp2 + a2 * s
      al[i3] = ap0 + s * wa0 + a0 * sdd
      al[i3 + 1] = ap1 + s * wa1 + a1 * sdd
      al[i3 + 2] = ap2 + s * wa2 + a2 * sdd
    }
    v[i3] = V0
    v[i3 + 1] = V1
    v[i3 + 2] = V2
    A[i3] = B0
    A[i3 + 1] = B1
    A[i3 + 2] = B2
  }

  /**
   * Angular velocity and acceleration of spherical link i (at i3 = 3 i, first coordinate c) from its
   * parent's w_p, alpha_p, which the caller puts in the link's own slots (no doubles as arguments, see
   * math/spatial.ts): as through the three revolute joints, w_1 = w_p + a_x x', w_2 = w_1 + a_y y',
   * w = w_2 + a_z z', alpha = alpha_p + w_p x a_x x' + w_1 x a_y y' + w_2 x a_z z' + S q''.
   */
  private turnLinkSpherical(i3: number, c: number, qdd: Float64Array | null, qddOffset: number): void {
    const ax = this.axis,
      qd = this.thetaDot,
      w = this.omega,
      al = this.alpha,
      c3 = 3 * c
    const wp0 = w[i3],
      wp1 = w[i3 + 1],
      wp2 = w[i3 + 2],
      ap0 = al[i3],
      ap1 = al[i3 + 1],
      ap2 = al[i3 + 2]
    const sx = qd[c],
      sy = qd[c + 1],
      sz = qd[c + 2]
    const x0 = ax[c3] * sx,
      x1 = ax[c3 + 1] * sx,
      x2 = ax[c3 + 2] * sx
    const y0 = ax[c3 + 3] * sy,
      y1 = ax[c3 + 4] * sy,
      y2 = ax[c3 + 5] * sy
    const z0 = ax[c3 + 6] * sz,
      z1 = ax[c3 + 7] * sz,
      z2 = ax[c3 + 8] * sz
    const u0 = wp0 + x0,
      u1 = wp1 + x1,
      u2 = wp2 + x2
    const e0 = u0 + y0,
      e1 = u1 + y1,
      e2 = u2 + y2
    w[i3] = e0 + z0
    w[i3 + 1] = e1 + z1
    w[i3 + 2] = e2 + z2
    let b0 = ap0 + wp1 * x2 - wp2 * x1 + u1 * y2 - u2 * y1 + e1 * z2 - e2 * z1
    let b1 = ap1 + wp2 * x0 - wp0 * x2 + u2 * y0 - u0 * y2 + e2 * z0 - e0 * z2
    let b2 = ap2 + wp0 * x1 - wp1 * x0 + u0 * y1 - u1 * y0 + e0 * z1 - e1 * z0
    if (qdd) {
      const dx = qdd[qddOffset + c],
        dy = qdd[qddOffset + c + 1],
        dz = qdd[qddOffset + c + 2]
      b0 += ax[c3] * dx + ax[c3 + 3] * dy + ax[c3 + 6] * dz
      b1 += ax[c3 + 1] * dx + ax[c3 + 4] * dy + ax[c3 + 7] * dz
      b2 += ax[c3 + 2] * dx + ax[c3 + 5] * dy + ax[c3 + 8] * dz
    }
    al[i3] = b0
    al[i3 + 1] = b1
    al[i3 + 2] = b2
  }

  /**
   * Inverse dynamics (RNEA) after positions() and motion(): tau[i] = joint force or torque that the
   * links' inertial forces need, minus the link forces/torques (world, at the link origins; null:
   * none). out[outOffset + i] = tau_i.
   */
  inverseDynamics(
    linkForces: Float64Array | null,
    linkTorques: Float64Array | null,
    out: Float64Array,
    outOffset: number,
  ): void {
    for (let i = 0; i < this.n; i++) this.linkForce(i, linkForces, linkTorques)
    this.passForcesInward(out, outOffset)
  }

  /**
   * Spatial force of link i into force: what its motion (motion()) needs minus its link force and
   * torque (world, at the link origin; null: none).
   */
  private linkForce(i: number, linkForces: Float64Array | null, linkTorques: Float64Array | null): void {
    const t = this.tree,
      f = this.force,
      w = this.omega,
      al = this.alpha,
      A = this.accel,
      cw = this.comWorld
    // U is free outside the articulated-body sweeps: scratch for J w and J alpha.
    const tmp = this.U
    const i3 = 3 * i,
      fo = 6 * i
    let n0 = 0,
      n1 = 0,
      n2 = 0,
      f0 = 0,
      f1 = 0,
      f2 = 0
    if (this.massive[i]) {
      const m = t.masses[i]
      const c0 = cw[i3],
        c1 = cw[i3 + 1],
        c2 = cw[i3 + 2]
      const w0 = w[i3],
        w1 = w[i3 + 1],
        w2 = w[i3 + 2]
      const al0 = al[i3],
        al1 = al[i3 + 1],
        al2 = al[i3 + 2]
      // COM acceleration a_c = A + alpha x c + w x (w x c).
      const wc0 = w1 * c2 - w2 * c1,
        wc1 = w2 * c0 - w0 * c2,
        wc2 = w0 * c1 - w1 * c0
      const ac0 = A[i3] + al1 * c2 - al2 * c1 + w1 * wc2 - w2 * wc1
      const ac1 = A[i3 + 1] + al2 * c0 - al0 * c2 + w2 * wc0 - w0 * wc2
      const ac2 = A[i3 + 2] + al0 * c1 - al1 * c0 + w0 * wc1 - w1 * wc0
      f0 = m * ac0
      f1 = m * ac1
      f2 = m * ac2
      // Moment about o_i: J alpha + w x (J w) + c x F.
      this.inertiaTimes(i, w0, w1, w2, tmp, fo)
      this.inertiaTimes(i, al0, al1, al2, tmp, fo + 3)
      const h0 = tmp[fo],
        h1 = tmp[fo + 1],
        h2 = tmp[fo + 2]
      n0 = tmp[fo + 3] + w1 * h2 - w2 * h1 + c1 * f2 - c2 * f1
      n1 = tmp[fo + 4] + w2 * h0 - w0 * h2 + c2 * f0 - c0 * f2
      n2 = tmp[fo + 5] + w0 * h1 - w1 * h0 + c0 * f1 - c1 * f0
    }
    if (linkForces) {
      f0 -= linkForces[i3]
      f1 -= linkForces[i3 + 1]
      f2 -= linkForces[i3 + 2]
    }
    if (linkTorques) {
      n0 -= linkTorques[i3]
      n1 -= linkTorques[i3 + 1]
      n2 -= linkTorques[i3 + 2]
    }
    f[fo] = n0
    f[fo + 1] = n1
    f[fo + 2] = n2
    f[fo + 3] = f0
    f[fo + 4] = f1
    f[fo + 5] = f2
  }

  /**
   * The RNEA's inward sweep: joint forces out[outOffset + c] = s_c^T f_i for each coordinate c of link
   * i, f_i passed on to the parents.
   */
  private passForcesInward(out: Float64Array, outOffset: number): void {
    const n = this.n,
      t = this.tree,
      f = this.force,
      r = this.r
    for (let i = n - 1; i >= 0; i--) {
      const i3 = 3 * i,
        fo = 6 * i,
        p = t.parents[i],
        c = this.first[i]
      out[outOffset + c] = this.axisDot(c, t.prismatic[i], f, fo)
      if (t.spherical[i]) {
        out[outOffset + c + 1] = this.axisDot(c + 1, 0, f, fo)
        out[outOffset + c + 2] = this.axisDot(c + 2, 0, f, fo)
      }
      if (p < 0) continue
      const po = 6 * p,
        r0 = r[i3],
        r1 = r[i3 + 1],
        r2 = r[i3 + 2],
        F0 = f[fo + 3],
        F1 = f[fo + 4],
        F2 = f[fo + 5]
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
    const n = this.n,
      W = this.work,
      r = this.r
    W.set(this.rigid)
    for (let i = n - 1; i >= 0; i--) {
      const p = this.tree.parents[i]
      // g = 0: no downdate (U is not read).
      if (p >= 0) addArticulatedShifted(W, INERTIA_SIZE * i, this.U, 0, 0, r, 3 * i, W, W, INERTIA_SIZE * p)
    }
  }

  /**
   * I s_c of the stored inertia at io into out[oo..oo+6) for coordinate c ([a; 0] revolute, [0; a]
   * prismatic).
   */
  private inertiaTimesAxis(
    I: Float64Array,
    io: number,
    c: number,
    prismatic: number,
    out: Float64Array,
    oo: number,
  ): void {
    const ax = this.axis,
      a0 = ax[3 * c],
      a1 = ax[3 * c + 1],
      a2 = ax[3 * c + 2]
    const b = io + 6
    if (prismatic) {
      const k = io + 15
      out[oo] = I[b] * a0 + I[b + 1] * a1 + I[b + 2] * a2
      out[oo + 1] = I[b + 3] * a0 + I[b + 4] * a1 + I[b + 5] * a2
      out[oo + 2] = I[b + 6] * a0 + I[b + 7] * a1 + I[b + 8] * a2
      out[oo + 3] = I[k] * a0 + I[k + 1] * a1 + I[k + 2] * a2
      out[oo + 4] = I[k + 1] * a0 + I[k + 3] * a1 + I[k + 4] * a2
      out[oo + 5] = I[k + 2] * a0 + I[k + 4] * a1 + I[k + 5] * a2
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

  /** s_c^T x for coordinate c and a spatial force x at xo. */
  private axisDot(c: number, prismatic: number, x: Float64Array, xo: number): number {
    const ax = this.axis,
      k = prismatic ? xo + 3 : xo
    return ax[3 * c] * x[k] + ax[3 * c + 1] * x[k + 1] + ax[3 * c + 2] * x[k + 2]
  }

  /** Mass matrix by CRBA (after positions()) into out (coordinates x coordinates, row-major at offset 0). */
  massMatrix(out: Float64Array): void {
    const n = this.n,
      nc = this.coordinates,
      F = this.force,
      r = this.r,
      t = this.tree,
      parents = t.parents,
      first = this.first
    this.compositeInertias()
    for (let i = 0; i < n; i++) {
      const ci = first[i],
        dofs = linkCoordinates(t.spherical[i] === 1)
      for (let k = 0; k < dofs; k++) {
        // F = I^c_i s_c, moved up the path to the root; M_cd = s_d^T F for the coordinates d of each link
        // passed.
        const c = ci + k
        this.inertiaTimesAxis(this.work, INERTIA_SIZE * i, c, t.prismatic[i], F, 0)
        for (let l = 0; l <= k; l++) {
          const m = this.axisDot(ci + l, t.prismatic[i], F, 0)
          out[c * nc + ci + l] = m
          out[(ci + l) * nc + c] = m
        }
        for (let j = i, p = parents[j]; p >= 0; j = p, p = parents[j]) {
          const j3 = 3 * j
          F[0] += r[j3 + 1] * F[5] - r[j3 + 2] * F[4]
          F[1] += r[j3 + 2] * F[3] - r[j3] * F[5]
          F[2] += r[j3] * F[4] - r[j3 + 1] * F[3]
          const cp = first[p],
            parentDofs = linkCoordinates(t.spherical[p] === 1)
          for (let l = 0; l < parentDofs; l++) {
            const m = this.axisDot(cp + l, t.prismatic[p], F, 0)
            out[c * nc + cp + l] = m
            out[(cp + l) * nc + c] = m
          }
        }
      }
    }
  }

  /**
   * Solves M(q) x = b by the articulated-body algorithm with zero velocity and no gravity (after
   * positions()); b[bOffset + c], x[xOffset + c] per coordinate. Returns SOLVED, or the coordinate
   * whose articulated inertia is not positive (M singular: no mass beyond it in that direction; for a
   * spherical joint its first coordinate, also at the gimbal lock cos y = 0).
   */
  solveMass(b: Float64Array, bOffset: number, x: Float64Array, xOffset: number): number {
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
  forwardDynamics(
    tau: Float64Array,
    tauOffset: number,
    linkForces: Float64Array | null,
    linkTorques: Float64Array | null,
    baseAccel: Float64Array,
    x: Float64Array,
    xOffset: number,
  ): number {
    this.positions()
    for (let i = 0; i < this.n; i++) {
      this.moveLink(i, null, 0, baseAccel)
      this.linkForce(i, linkForces, linkTorques)
    }
    return this.articulated(tau, tauOffset, x, xOffset)
  }

  /**
   * The articulated-body sweeps, starting from the rigid inertias and the bias forces in force:
   * inward (articulated inertias and bias forces, passed on to the parents), then outward (joint
   * accelerations x and the accelerations alpha, A they cause, base at rest).
   */
  private articulated(b: Float64Array, bOffset: number, x: Float64Array, xOffset: number): number {
    const n = this.n,
      W = this.work,
      U = this.U,
      D = this.D,
      u = this.u,
      P = this.force,
      r = this.r,
      parents = this.tree.parents
    const ax = this.axis,
      prismatic = this.tree.prismatic,
      spherical = this.tree.spherical,
      first = this.first
    for (let i = n - 1; i >= 0; i--) {
      const io = INERTIA_SIZE * i,
        uo = 6 * i,
        i3 = 3 * i,
        c = first[i],
        c3 = 3 * c
      // Articulated inertia of link i, and what its part is added to at its parent.
      const I = this.hasChildren[i] ? W : this.rigid,
        base = this.startsParent[i] ? this.rigid : W
      if (spherical[i]) {
        if (!this.inwardSpherical(i, I, base, b, bOffset + c)) return c
        continue
      }
      this.inertiaTimesAxis(I, io, c, prismatic[i], U, uo)
      // s^T U and s^T p: the angular rows for revolute joints, the linear rows for prismatic ones.
      const so = prismatic[i] ? uo + 3 : uo,
        a0 = ax[c3],
        a1 = ax[c3 + 1],
        a2 = ax[c3 + 2]
      const d = a0 * U[so] + a1 * U[so + 1] + a2 * U[so + 2]
      if (!(d > 0)) return c
      D[i] = d
      const ui = b[bOffset + c] - (a0 * P[so] + a1 * P[so + 1] + a2 * P[so + 2])
      u[i] = ui
      const p = parents[i]
      if (p < 0) continue
      // Articulated inertia seen through the joint, I - U U^T / d, and bias p + U u / d, moved to o_p.
      const g = 1 / d,
        k = ui * g
      const r0 = r[i3],
        r1 = r[i3 + 1],
        r2 = r[i3 + 2],
        po = 6 * p
      addArticulatedShifted(I, io, U, uo, g, r, i3, base, W, INERTIA_SIZE * p)
      const p0 = P[uo] + U[uo] * k,
        p1 = P[uo + 1] + U[uo + 1] * k,
        p2 = P[uo + 2] + U[uo + 2] * k
      const F0 = P[uo + 3] + U[uo + 3] * k,
        F1 = P[uo + 4] + U[uo + 4] * k,
        F2 = P[uo + 5] + U[uo + 5] * k
      P[po] += p0 + r1 * F2 - r2 * F1
      P[po + 1] += p1 + r2 * F0 - r0 * F2
      P[po + 2] += p2 + r0 * F1 - r1 * F0
      P[po + 3] += F0
      P[po + 4] += F1
      P[po + 5] += F2
    }
    const al = this.alpha,
      A = this.accel
    for (let i = 0; i < n; i++) {
      const p = parents[i],
        i3 = 3 * i,
        p3 = 3 * p,
        uo = 6 * i,
        c = first[i],
        c3 = 3 * c
      let a0 = 0,
        a1 = 0,
        a2 = 0,
        A0 = 0,
        A1 = 0,
        A2 = 0
      if (p >= 0) {
        a0 = al[p3]
        a1 = al[p3 + 1]
        a2 = al[p3 + 2]
        const r0 = r[i3],
          r1 = r[i3 + 1],
          r2 = r[i3 + 2]
        A0 = A[p3] + a1 * r2 - a2 * r1
        A1 = A[p3 + 1] + a2 * r0 - a0 * r2
        A2 = A[p3 + 2] + a0 * r1 - a1 * r0
      }
      A[i3] = A0
      A[i3 + 1] = A1
      A[i3 + 2] = A2
      if (spherical[i]) {
        al[i3] = a0
        al[i3 + 1] = a1
        al[i3 + 2] = a2
        this.outwardSpherical(i, x, xOffset + c)
        continue
      }
      const xi =
        (u[i] -
          (U[uo] * a0 + U[uo + 1] * a1 + U[uo + 2] * a2 + U[uo + 3] * A0 + U[uo + 4] * A1 + U[uo + 5] * A2)) /
        D[i]
      x[xOffset + c] = xi
      const e0 = ax[c3] * xi,
        e1 = ax[c3 + 1] * xi,
        e2 = ax[c3 + 2] * xi
      if (prismatic[i]) {
        A[i3] = A0 + e0
        A[i3 + 1] = A1 + e1
        A[i3 + 2] = A2 + e2
      } else {
        a0 += e0
        a1 += e1
        a2 += e2
      }
      al[i3] = a0
      al[i3 + 1] = a1
      al[i3 + 2] = a2
    }
    return SOLVED
  }

  /**
   * Inward step of spherical link i (joint torques tau[to..to+3)): with A, B, C the blocks of its
   * articulated inertia and p its bias force, m = S^-T tau, K = A^-1 B and z = A^-1 (m - p_moment)
   * (kept for the outward step); the parent gets the inertia [[0, 0], [0, C - B^T K]] and the bias
   * [m; p_force + B^T z], both moved to o_p. The link's articulated inertia is read from W, the
   * parent's is written as base + this part into work. False if A is not positive definite or cos y = 0.
   */
  private inwardSpherical(
    i: number,
    W: Float64Array,
    base: Float64Array,
    tau: Float64Array,
    to: number,
  ): boolean {
    const P = this.force,
      ax = this.axis,
      K = this.K,
      z = this.z
    const io = INERTIA_SIZE * i,
      fo = 6 * i,
      c3 = 3 * this.first[i],
      i3 = 3 * i,
      k9 = 9 * i
    const a00 = W[io],
      a01 = W[io + 1],
      a02 = W[io + 2],
      a11 = W[io + 3],
      a12 = W[io + 4],
      a22 = W[io + 5]
    // A^-1 by cofactors; A is positive definite iff its leading minors a00, q22 and det are positive.
    const q00 = a11 * a22 - a12 * a12,
      q01 = a02 * a12 - a01 * a22,
      q02 = a01 * a12 - a02 * a11
    const q11 = a00 * a22 - a02 * a02,
      q12 = a01 * a02 - a00 * a12,
      q22 = a00 * a11 - a01 * a01
    const det = a00 * q00 + a01 * q01 + a02 * q02
    const g = this.inverseCos2Y[i]
    if (!(a00 > 0 && q22 > 0 && det > 0 && g < Infinity)) return false
    const h = 1 / det
    const i00 = q00 * h,
      i01 = q01 * h,
      i02 = q02 * h,
      i11 = q11 * h,
      i12 = q12 * h,
      i22 = q22 * h
    // m = S^-T tau; the rows of S^-1 are (a_x - s a_z) / cos^2 y, a_y, (a_z - s a_x) / cos^2 y (s = sin y).
    const s = this.sinY[i],
      tx = tau[to] * g,
      ty = tau[to + 1],
      tz = tau[to + 2] * g
    const mx = tx - s * tz,
      mz = tz - s * tx
    const m0 = ax[c3] * mx + ax[c3 + 3] * ty + ax[c3 + 6] * mz
    const m1 = ax[c3 + 1] * mx + ax[c3 + 4] * ty + ax[c3 + 7] * mz
    const m2 = ax[c3 + 2] * mx + ax[c3 + 5] * ty + ax[c3 + 8] * mz
    const e0 = m0 - P[fo],
      e1 = m1 - P[fo + 1],
      e2 = m2 - P[fo + 2]
    const z0 = i00 * e0 + i01 * e1 + i02 * e2,
      z1 = i01 * e0 + i11 * e1 + i12 * e2,
      z2 = i02 * e0 + i12 * e1 + i22 * e2
    z[i3] = z0
    z[i3 + 1] = z1
    z[i3 + 2] = z2
    const b = io + 6
    const b00 = W[b],
      b01 = W[b + 1],
      b02 = W[b + 2],
      b10 = W[b + 3],
      b11 = W[b + 4],
      b12 = W[b + 5],
      b20 = W[b + 6],
      b21 = W[b + 7],
      b22 = W[b + 8]
    const k00 = i00 * b00 + i01 * b10 + i02 * b20,
      k01 = i00 * b01 + i01 * b11 + i02 * b21,
      k02 = i00 * b02 + i01 * b12 + i02 * b22
    const k10 = i01 * b00 + i11 * b10 + i12 * b20,
      k11 = i01 * b01 + i11 * b11 + i12 * b21,
      k12 = i01 * b02 + i11 * b12 + i12 * b22
    const k20 = i02 * b00 + i12 * b10 + i22 * b20,
      k21 = i02 * b01 + i12 * b11 + i22 * b21,
      k22 = i02 * b02 + i12 * b12 + i22 * b22
    K[k9] = k00
    K[k9 + 1] = k01
    K[k9 + 2] = k02
    K[k9 + 3] = k10
    K[k9 + 4] = k11
    K[k9 + 5] = k12
    K[k9 + 6] = k20
    K[k9 + 7] = k21
    K[k9 + 8] = k22
    const p = this.tree.parents[i]
    if (p < 0) return true
    // C - B^T K (column j of B is (b0j, b1j, b2j)).
    const k = io + 15,
      L = this.linearPart
    L[0] = W[k] - (b00 * k00 + b10 * k10 + b20 * k20)
    L[1] = W[k + 1] - (b00 * k01 + b10 * k11 + b20 * k21)
    L[2] = W[k + 2] - (b00 * k02 + b10 * k12 + b20 * k22)
    L[3] = W[k + 3] - (b01 * k01 + b11 * k11 + b21 * k21)
    L[4] = W[k + 4] - (b01 * k02 + b11 * k12 + b21 * k22)
    L[5] = W[k + 5] - (b02 * k02 + b12 * k12 + b22 * k22)
    const r = this.r,
      r0 = r[i3],
      r1 = r[i3 + 1],
      r2 = r[i3 + 2],
      po = 6 * p
    addLinearShifted(L, 0, r, i3, base, this.work, INERTIA_SIZE * p)
    const F0 = P[fo + 3] + b00 * z0 + b10 * z1 + b20 * z2,
      F1 = P[fo + 4] + b01 * z0 + b11 * z1 + b21 * z2,
      F2 = P[fo + 5] + b02 * z0 + b12 * z1 + b22 * z2
    P[po] += m0 + r1 * F2 - r2 * F1
    P[po + 1] += m1 + r2 * F0 - r0 * F2
    P[po + 2] += m2 + r0 * F1 - r1 * F0
    P[po + 3] += F0
    P[po + 4] += F1
    P[po + 5] += F2
    return true
  }

  /**
   * Outward step of spherical link i from its parent's angular acceleration and the linear one moved
   * to o_i (also the link's), which the caller puts in the link's alpha and accel slots: alpha = z - K A,
   * and the joint accelerations S^-1 (alpha - alpha_p) into x[xo..xo+3).
   */
  private outwardSpherical(i: number, x: Float64Array, xo: number): void {
    const K = this.K,
      z = this.z,
      ax = this.axis,
      al = this.alpha,
      A = this.accel,
      i3 = 3 * i,
      k9 = 9 * i,
      c3 = 3 * this.first[i]
    const a0 = al[i3],
      a1 = al[i3 + 1],
      a2 = al[i3 + 2],
      A0 = A[i3],
      A1 = A[i3 + 1],
      A2 = A[i3 + 2]
    const w0 = z[i3] - (K[k9] * A0 + K[k9 + 1] * A1 + K[k9 + 2] * A2)
    const w1 = z[i3 + 1] - (K[k9 + 3] * A0 + K[k9 + 4] * A1 + K[k9 + 5] * A2)
    const w2 = z[i3 + 2] - (K[k9 + 6] * A0 + K[k9 + 7] * A1 + K[k9 + 8] * A2)
    al[i3] = w0
    al[i3 + 1] = w1
    al[i3 + 2] = w2
    const y0 = w0 - a0,
      y1 = w1 - a1,
      y2 = w2 - a2
    const px = ax[c3] * y0 + ax[c3 + 1] * y1 + ax[c3 + 2] * y2,
      pz = ax[c3 + 6] * y0 + ax[c3 + 7] * y1 + ax[c3 + 8] * y2
    const s = this.sinY[i],
      g = this.inverseCos2Y[i]
    x[xo] = (px - s * pz) * g
    x[xo + 1] = ax[c3 + 3] * y0 + ax[c3 + 4] * y1 + ax[c3 + 5] * y2
    x[xo + 2] = (pz - s * px) * g
  }
}
