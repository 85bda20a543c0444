// Rigid-body nodes: RigidBodyEP (Euler parameters), RigidBodyRxyz (Tait-Bryan xyz angles) and
// RigidBody2D (planar). Coordinates are [translation | rotation parameters], displacements from the
// reference coordinates (rotation parameters too: theta = reference + q). RigidFrame gives the
// kinematics of a point fixed to the node frame; the node itself is the frame at local [0, 0, 0] and
// rigid bodies use it for their body points.
import { packedCopy, packedFloat64, packedInt32 } from '../../math/packedArrays'
import { type RotationParametrization, TAIT_BRYAN_XYZ, taitBryanFromRotation } from '../../math/rotations'
import { cross, matVec3 } from '../../math/vec3'
import { defineItem, type ItemDefinition, type ItemParams } from '../../model/definition'
import type { ParamSchema, VectorParam } from '../../model/parameters'
import type { FrameKinematics, NodeComputation } from '../../system/computation'
import { DEFAULT_COLORS } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import { V_COLOR, V_DRAW_SIZE, visualizationParams } from './itemFields'
import { NodeBase } from './nodeBase'

/**
 * A node with nTrans translational coordinates followed by the parameters of `rotation`.
 *
 * Kinematics cache: the rotation matrix A, Gbar and G = A Gbar are computed once per set of rotation
 * coordinates and shared by everything reading the node (its body, every marker and joint on it).
 * updateRotation(s) compares the node's rotation coordinates in s.q with those of the cache (a few
 * comparisons) instead of relying on a state counter, so every writer of s.q (Newton updates,
 * numerical differentiation, step retries, checkpoint loading) is seen and the values are always
 * bit for bit those a fresh evaluation gives.
 */
export class RigidNode extends NodeBase {
  readonly kinematics: RigidFrame
  readonly ltg: Int32Array
  /** Rotation parameters theta = reference + q of the cache. */
  readonly theta: Float64Array
  /** Rotation matrix (local -> global, row-major) at theta. */
  readonly A: Float64Array
  /** Gbar (3 x size, row-major): omega_local = Gbar theta'. */
  readonly Gbar: Float64Array
  /** G = A Gbar (3 x size): omega_global = G theta'. */
  readonly G: Float64Array
  /** The rotation coordinates (displacements) the cache was computed at. */
  private readonly cachedQ: Float64Array
  private cacheValid = false

  constructor(
    readonly nTrans: 2 | 3,
    readonly rotation: RotationParametrization,
    ref: Float64Array,
    q0: Float64Array,
    v0: Float64Array,
  ) {
    // Reference coordinates and ltg packed next to the cache (every position and sweep reads them).
    super(nTrans + rotation.size, packedCopy(ref), q0, v0)
    const nr = rotation.size
    this.ltg = packedInt32(this.nODE2)
    // The whole cache in one packed block: refreshing or reading it touches a few adjacent cache lines.
    const cache = packedFloat64(9 + 8 * nr)
    this.A = cache.subarray(0, 9)
    this.Gbar = cache.subarray(9, 9 + 3 * nr)
    this.G = cache.subarray(9 + 3 * nr, 9 + 6 * nr)
    this.theta = cache.subarray(9 + 6 * nr, 9 + 7 * nr)
    this.cachedQ = cache.subarray(9 + 7 * nr, 9 + 8 * nr)
    this.kinematics = new RigidFrame(this, packedFloat64(3))
    if (rotation.singularityDistance)
      this.rotationSingularity = (s) => {
        this.rotationParameters(s, this.singularityTheta)
        return rotation.singularityDistance!(this.singularityTheta)
      }
  }
  onOffsetsAssigned(): void {
    for (let i = 0; i < this.nODE2; i++) this.ltg[i] = this.ode2Index + i
    this.cacheValid = false
  }
  /** Rotation parameters theta = reference + q (uncached; the cache has them in this.theta). */
  rotationParameters(s: SystemState, out: Float64Array): void {
    const n = this.nTrans
    for (let i = 0; i < this.rotation.size; i++) out[i] = this.reference[n + i] + s.q[this.ode2Index + n + i]
  }
  /**
   * |cos| of the parametrization's singular angle at s (NodeComputation.rotationSingularity); only for
   * parametrizations with one, so the solvers watch no other node after every step.
   */
  readonly rotationSingularity?: (s: SystemState) => number
  /** Work array of rotationSingularity (4: the largest parametrization). */
  private readonly singularityTheta = new Float64Array(4)
  /** Their time derivatives (x = s.v) or second derivatives (x = s.a). */
  rotationRates(x: Float64Array, out: Float64Array): void {
    for (let i = 0; i < this.rotation.size; i++) out[i] = x[this.ode2Index + this.nTrans + i]
  }
  /**
   * Brings theta, A, Gbar and G up to date with s.q (nothing to do when the rotation coordinates are
   * unchanged).
   */
  updateRotation(s: SystemState): void {
    const nr = this.rotation.size,
      base = this.ode2Index + this.nTrans,
      q = s.q,
      c = this.cachedQ
    if (this.cacheValid) {
      let same = true
      for (let i = 0; i < nr; i++) {
        if (q[base + i] !== c[i]) {
          same = false
          break
        }
      }
      if (same) return
    }
    const theta = this.theta,
      A = this.A,
      Gbar = this.Gbar,
      G = this.G
    for (let i = 0; i < nr; i++) {
      c[i] = q[base + i]
      theta[i] = this.reference[this.nTrans + i] + c[i]
    }
    this.rotation.rotationMatrix(theta, A)
    this.rotation.localG(theta, Gbar)
    for (let r = 0; r < 3; r++) {
      for (let k = 0; k < nr; k++)
        G[r * nr + k] = A[3 * r] * Gbar[k] + A[3 * r + 1] * Gbar[nr + k] + A[3 * r + 2] * Gbar[2 * nr + k]
    }
    this.cacheValid = true
  }
  /** Local angular velocity omega_l = Gbar theta' (after updateRotation). */
  localAngularVelocity(s: SystemState, out: Float64Array): void {
    const n = this.rotation.size,
      base = this.ode2Index + this.nTrans,
      Gbar = this.Gbar
    for (let r = 0; r < 3; r++) {
      let sum = 0
      for (let k = 0; k < n; k++) sum += Gbar[r * n + k] * s.v[base + k]
      out[r] = sum
    }
  }
}

/**
 * Work arrays of rigid-frame evaluations, shared by all frames (one evaluation at a time, nothing kept
 * between calls): a small working set for models with thousands of markers. thetaDot fits every
 * parametrization (at most 4 parameters).
 */
const F = {
  w: new Float64Array(3),
  t1: new Float64Array(3),
  t2: new Float64Array(3),
  t3: new Float64Array(3),
  thetaDot: new Float64Array(4),
  /** A frame's generalized force: 3 translations and up to 4 rotation parameters. */
  generalized: new Float64Array(7),
  /** 3 x 4 and 4 x 4 blocks of the second-order kinematics. */
  D: new Float64Array(12),
  H: new Float64Array(16),
}

/**
 * A point at `local` (node-frame coordinates) moving with the node: p = r_ref + u + A local,
 * v = u' + A (omega_l x local), position Jacobian [I, A (g_k x local)] = [I, G_k x (A local)] over the
 * columns g_k of Gbar (G_k = A g_k). A, Gbar and G come from the node's cache.
 */
export class RigidFrame implements FrameKinematics {
  readonly ltg: Int32Array

  constructor(
    private readonly node: RigidNode,
    private readonly local: Float64Array,
  ) {
    this.ltg = node.ltg
  }

  /**
   * At the node's origin (local position 0) the position Jacobian is [I 0]: its translation coordinates
   * (packed loads), else undefined.
   */
  originTranslation(): { dim: 2 | 3; ltg: Int32Array } | undefined {
    const l = this.local
    return l[0] === 0 && l[1] === 0 && l[2] === 0 ? { dim: this.node.nTrans, ltg: this.ltg } : undefined
  }

  /** Translational part of x (q, v or a) into out (z = 0 for planar nodes). */
  private translation(x: Float64Array, out: Float64Array): void {
    const i = this.node.ode2Index
    out[0] = x[i]
    out[1] = x[i + 1]
    out[2] = this.node.nTrans === 3 ? x[i + 2] : 0
  }

  position(s: SystemState, out: Float64Array): void {
    this.node.updateRotation(s)
    this.arm(F.t1, 0)
    this.positionFromArm(s, F.t1, 0, out)
  }

  /**
   * Brings the node's cache to s, writes the arm A local into arm[at ..) and the position into out: a
   * joint needs both, the arm for its rows and reactions.
   */
  positionAndArm(s: SystemState, arm: Float64Array, at: number, out: Float64Array): void {
    this.node.updateRotation(s)
    this.arm(arm, at)
    this.positionFromArm(s, arm, at, out)
  }

  /** p = reference + translation + the arm r (arm() at s, in r[rAt ..)). */
  private positionFromArm(s: SystemState, r: Float64Array, rAt: number, out: Float64Array): void {
    const node = this.node
    this.translation(s.q, out)
    const ref = node.reference
    out[0] += ref[0] + r[rAt]
    out[1] += ref[1] + r[rAt + 1]
    out[2] += (node.nTrans === 3 ? ref[2] : 0) + r[rAt + 2]
  }

  velocity(s: SystemState, out: Float64Array): void {
    const node = this.node
    node.updateRotation(s)
    node.localAngularVelocity(s, F.w)
    cross(F.w, this.local, F.t1)
    matVec3(node.A, F.t1, F.t2)
    this.translation(s.v, out)
    for (let i = 0; i < 3; i++) out[i] += F.t2[i]
  }

  /** a = u'' + A (alpha_l x local + omega_l x (omega_l x local)), alpha_l = Gbar theta'' + Gbar' theta'. */
  acceleration(s: SystemState, out: Float64Array): void {
    const node = this.node,
      rot = node.rotation,
      n = rot.size
    node.updateRotation(s)
    node.rotationRates(s.v, F.thetaDot)
    node.localAngularVelocity(s, F.w)
    const alpha = F.t2,
      Gbar = node.Gbar
    rot.localGdotThetaDot(node.theta, F.thetaDot, alpha)
    node.rotationRates(s.a, F.thetaDot)
    for (let r = 0; r < 3; r++) for (let k = 0; k < n; k++) alpha[r] += Gbar[r * n + k] * F.thetaDot[k]
    cross(alpha, this.local, F.t1)
    cross(F.w, this.local, alpha)
    cross(F.w, alpha, F.t2)
    for (let i = 0; i < 3; i++) F.t1[i] += F.t2[i]
    matVec3(node.A, F.t1, F.t2)
    this.translation(s.a, out)
    for (let i = 0; i < 3; i++) out[i] += F.t2[i]
  }

  positionJacobian(s: SystemState, out: Float64Array): void {
    const node = this.node,
      nt = node.nTrans,
      nr = node.rotation.size,
      n = nt + nr
    node.updateRotation(s)
    const G = node.G,
      r = F.t1
    // Element loops instead of fill/set: on arrays this small the builtin calls cost more than the work.
    for (let i = 0; i < 3; i++) for (let j = 0; j < nt; j++) out[i * n + j] = i === j ? 1 : 0
    matVec3(node.A, this.local, r)
    for (let k = 0; k < nr; k++) {
      const g0 = G[k],
        g1 = G[nr + k],
        g2 = G[2 * nr + k]
      out[nt + k] = g1 * r[2] - g2 * r[1]
      out[n + nt + k] = g2 * r[0] - g0 * r[2]
      out[2 * n + nt + k] = g0 * r[1] - g1 * r[0]
    }
  }

  /**
   * dp/dq = [I, [dA/dtheta_k local]_k] (J has G_k x A local instead: equal only where |ep| = 1 for Euler
   * parameters).
   */
  positionDerivative(s: SystemState, out: Float64Array): void {
    const nt = this.node.nTrans,
      n = nt + this.node.rotation.size
    for (let i = 0; i < 3; i++) for (let j = 0; j < nt; j++) out[i * n + j] = i === j ? 1 : 0
    this.rotatedVectorDerivative(s, this.local, out, true)
  }

  /** d(A w)/dq: zero in the translation columns, [dA/dtheta_k w]_k in the rotation columns. */
  rotatedVectorDerivative(
    s: SystemState,
    wLocal: Float64Array,
    out: Float64Array,
    keepTranslation = false,
  ): void {
    const node = this.node,
      nt = node.nTrans,
      nr = node.rotation.size,
      n = nt + nr,
      D = F.D
    node.updateRotation(s)
    node.rotation.rotationDerivativeTimes(node.theta, node.A, node.G, wLocal, D)
    for (let r = 0; r < 3; r++) {
      if (!keepTranslation) for (let j = 0; j < nt; j++) out[r * n + j] = 0
      for (let k = 0; k < nr; k++) out[r * n + nt + k] = D[r * nr + k]
    }
  }

  /**
   * J^T force + G^T torque = [force; G^T w], w = torque + (A local) x force, G = A Gbar. Only the
   * rotation rows depend on q, through theta:
   * d(G^T w)/dtheta = d(Gbar^T v)/dtheta|_(v = A^T w) + Gbar^T [dA^T/dtheta_k w]_k + G^T [dA/dtheta_k local x
   * force]_k.
   */
  addLoadJacobian(
    s: SystemState,
    force: Float64Array,
    torque: Float64Array | null,
    factor: number,
    out: Float64Array,
    stride: number,
    offset: number,
  ): void {
    const node = this.node,
      rot = node.rotation,
      nt = node.nTrans,
      nr = rot.size
    node.updateRotation(s)
    const A = node.A,
      G = node.G,
      Gbar = node.Gbar,
      theta = node.theta,
      D = F.D,
      H = F.H,
      w = F.t2,
      v = F.t3
    matVec3(A, this.local, F.t1)
    cross(F.t1, force, w)
    if (torque) for (let i = 0; i < 3; i++) w[i] += torque[i]
    for (let i = 0; i < 3; i++) v[i] = A[i] * w[0] + A[3 + i] * w[1] + A[6 + i] * w[2]
    rot.localGTransposeDerivative(theta, v, H)
    rot.transposeDerivativeTimes(theta, A, G, w, D)
    for (let i = 0; i < nr; i++) {
      for (let j = 0; j < nr; j++)
        H[i * nr + j] += Gbar[i] * D[j] + Gbar[nr + i] * D[nr + j] + Gbar[2 * nr + i] * D[2 * nr + j]
    }
    rot.rotationDerivativeTimes(theta, A, G, this.local, D)
    const f0 = force[0],
      f1 = force[1],
      f2 = force[2]
    for (let j = 0; j < nr; j++) {
      const d0 = D[j],
        d1 = D[nr + j],
        d2 = D[2 * nr + j]
      const x0 = d1 * f2 - d2 * f1,
        x1 = d2 * f0 - d0 * f2,
        x2 = d0 * f1 - d1 * f0
      for (let i = 0; i < nr; i++) H[i * nr + j] += G[i] * x0 + G[nr + i] * x1 + G[2 * nr + i] * x2
    }
    const base = offset + nt * stride + nt
    for (let i = 0; i < nr; i++)
      for (let j = 0; j < nr; j++) out[base + i * stride + j] += factor * H[i * nr + j]
  }

  /**
   * Writes J^T f + G^T t (the generalized force of a global force f at the point and a global torque t)
   * into out[offset .. offset + ltg.length): [f; (r x f + t) . G_k]_k with the arm r = A local. Joints
   * form their constraint rows with it, reading the node cache instead of copying 3 x n Jacobians.
   * It reads the cache as it is: call it after position() or rotationMatrixView() at the same state.
   */
  generalizedForce(f: Float64Array, t: Float64Array, out: Float64Array, offset: number): void {
    this.arm(F.t3, 0)
    this.generalizedForceWithArm(F.t3, 0, f, t, out, offset)
  }

  /**
   * The arm r = A local in global components into out[at ..) (the cache as it is, as generalizedForce
   * reads it).
   */
  arm(out: Float64Array, at: number): void {
    const A = this.node.A,
      l = this.local
    const l0 = l[0],
      l1 = l[1],
      l2 = l[2]
    out[at] = A[0] * l0 + A[1] * l1 + A[2] * l2
    out[at + 1] = A[3] * l0 + A[4] * l1 + A[5] * l2
    out[at + 2] = A[6] * l0 + A[7] * l1 + A[8] * l2
  }

  /**
   * generalizedForce with the arm r of arm() at the same state: a joint writes several rows per marker
   * and computes the arm once for them.
   */
  generalizedForceWithArm(
    r: Float64Array,
    rAt: number,
    f: Float64Array,
    t: Float64Array,
    out: Float64Array,
    offset: number,
  ): void {
    const f0 = f[0],
      f1 = f[1],
      f2 = f[2],
      t0 = t[0],
      t1 = t[1],
      t2 = t[2]
    const node = this.node,
      nt = node.nTrans,
      nr = node.rotation.size
    const G = node.G
    const r0 = r[rAt],
      r1 = r[rAt + 1],
      r2 = r[rAt + 2]
    const x0 = r1 * f2 - r2 * f1 + t0,
      x1 = r2 * f0 - r0 * f2 + t1,
      x2 = r0 * f1 - r1 * f0 + t2
    out[offset] = f0
    out[offset + 1] = f1
    if (nt === 3) out[offset + 2] = f2
    const o = offset + nt
    for (let k = 0; k < nr; k++) out[o + k] = G[k] * x0 + G[nr + k] * x1 + G[2 * nr + k] * x2
  }

  /**
   * out[ltg] += J^T f + G^T t at s, the arm r from arm() at the same coordinates (out[rAt ..)): a
   * joint's reactions from its total force and torque on the marker. The same values as
   * generalizedForceWithArm, which writes them into a work array added here.
   */
  addGeneralizedForce(
    s: SystemState,
    r: Float64Array,
    rAt: number,
    f: Float64Array,
    t: Float64Array,
    out: Float64Array,
  ): void {
    const ltg = this.ltg,
      g = F.generalized
    this.node.updateRotation(s)
    this.generalizedForceWithArm(r, rAt, f, t, g, 0)
    for (let k = 0; k < ltg.length; k++) out[ltg[k]] += g[k]
  }

  /**
   * Adds generalizedForce of the columns j in `columns` of forceScale * F and of T (3 x stride,
   * row-major; null: zero) as column j of out (stride columns): out[(row + i) * stride + j] +=
   * (J^T forceScale F_j + G^T T_j)_i. Joints form the derivative part of their reaction stiffness with
   * it (J^T dF/dq + G^T dT/dq). Reads the cache as it is: call it after position() or
   * rotationMatrixView() at the same state.
   */
  addGeneralizedForceColumns(
    forceScale: number,
    F: Float64Array | null,
    T: Float64Array | null,
    columns: Int32Array,
    stride: number,
    out: Float64Array,
    row: number,
  ): void {
    const node = this.node,
      nt = node.nTrans,
      nr = node.rotation.size
    const A = node.A,
      G = node.G,
      l = this.local
    const l0 = l[0],
      l1 = l[1],
      l2 = l[2]
    const r0 = A[0] * l0 + A[1] * l1 + A[2] * l2
    const r1 = A[3] * l0 + A[4] * l1 + A[5] * l2
    const r2 = A[6] * l0 + A[7] * l1 + A[8] * l2
    const rot = (row + nt) * stride
    for (let c = 0; c < columns.length; c++) {
      const j = columns[c]
      let x0 = 0,
        x1 = 0,
        x2 = 0
      if (F) {
        const f0 = forceScale * F[j],
          f1 = forceScale * F[stride + j],
          f2 = forceScale * F[2 * stride + j]
        out[row * stride + j] += f0
        out[(row + 1) * stride + j] += f1
        if (nt === 3) out[(row + 2) * stride + j] += f2
        x0 = r1 * f2 - r2 * f1
        x1 = r2 * f0 - r0 * f2
        x2 = r0 * f1 - r1 * f0
      }
      if (T) {
        x0 += T[j]
        x1 += T[stride + j]
        x2 += T[2 * stride + j]
      }
      for (let k = 0; k < nr; k++)
        out[rot + k * stride + j] += G[k] * x0 + G[nr + k] * x1 + G[2 * nr + k] * x2
    }
  }

  /** Number of translation coordinates in front of the rotation parameters (2 for planar nodes, else 3). */
  get translationCoordinates(): number {
    return this.node.nTrans
  }

  /**
   * The node's cached rotation matrix itself (read only; valid while the rotation coordinates in s.q are
   * unchanged).
   */
  rotationMatrixView(s: SystemState): Float64Array {
    this.node.updateRotation(s)
    return this.node.A
  }

  rotationMatrix(s: SystemState, out: Float64Array): void {
    this.node.updateRotation(s)
    const A = this.node.A
    for (let i = 0; i < 9; i++) out[i] = A[i]
  }

  angularVelocity(s: SystemState, out: Float64Array): void {
    this.node.updateRotation(s)
    this.node.localAngularVelocity(s, F.w)
    matVec3(this.node.A, F.w, out)
  }

  /** G = A Gbar in the rotation columns, zero in the translation columns. */
  rotationJacobian(s: SystemState, out: Float64Array): void {
    const node = this.node,
      nt = node.nTrans,
      nr = node.rotation.size,
      n = nt + nr
    node.updateRotation(s)
    const G = node.G
    for (let r = 0; r < 3; r++) {
      for (let j = 0; j < nt; j++) out[r * n + j] = 0
      for (let k = 0; k < nr; k++) out[r * n + nt + k] = G[r * nr + k]
    }
  }

  /** Tait-Bryan xyz angles (the node's own angles for Rxyz nodes, recomputed from A otherwise). */
  rotationParameters(s: SystemState, out: Float64Array): number {
    if (this.node.rotation === TAIT_BRYAN_XYZ) this.node.rotationParameters(s, out)
    else {
      this.node.updateRotation(s)
      taitBryanFromRotation(this.node.A, out)
    }
    return 3
  }
}

const rigidNodeVisualization = (): ItemDefinition<'node'>['visualize'] => (item, c, s, g) => {
  const k = c.kinematics
  if (!item.params.bool('Vshow') || !(k instanceof RigidFrame)) return
  const p = g.position,
    R = g.rotation
  k.position(s, p)
  k.rotationMatrix(s, R)
  const size = item.params.number('VdrawSize')
  g.add({
    shape: 'frame',
    origin: [p[0], p[1], p[2]],
    rotation: [R[0], R[1], R[2], R[3], R[4], R[5], R[6], R[7], R[8]],
    size: size > 0 ? size : 0.1,
  })
  g.add({
    shape: 'sphere',
    center: [p[0], p[1], p[2]],
    radius: size > 0 ? size / 10 : 0.01,
    color: item.params.color('Vcolor', DEFAULT_COLORS.node),
  })
}

type CoordinateSchema = Record<
  'referenceCoordinates' | 'initialCoordinates' | 'initialVelocities',
  VectorParam
>

/** E: the node type's own parameters beside the coordinates, kept in the definition's typed schema. */
interface RigidNodeKind<E extends ParamSchema> {
  type: string
  doc: string
  nTrans: 2 | 3
  rotation: RotationParametrization
  coordinates: string
  defaultReference: number[]
  /** {} for none. */
  extraParameters: E
  check?: ItemDefinition<'node'>['check']
}

export function rigidNode<E extends ParamSchema>(k: RigidNodeKind<E>) {
  const size = k.nTrans + k.rotation.size
  const zeros = new Array<number>(size).fill(0)
  // '[x, y, z, ep0, ...]' -> the components' names.
  const components = k.coordinates.replace(/[[\]\s]/g, '').split(',')
  return defineItem({
    kind: 'node',
    type: k.type,
    exudynName: `Node${k.type}`,
    doc: k.doc,
    parameters: {
      referenceCoordinates: {
        type: 'vector',
        size,
        default: k.defaultReference,
        components,
        doc: `reference coordinates ${k.coordinates}`,
      },
      initialCoordinates: {
        type: 'vector',
        size,
        default: zeros,
        components,
        doc: `initial displacements from the reference coordinates ${k.coordinates}`,
      },
      initialVelocities: {
        type: 'vector',
        size,
        default: zeros,
        components,
        doc: `initial velocities (time derivatives of the coordinates) ${k.coordinates}`,
      },
      ...k.extraParameters,
      ...visualizationParams(V_DRAW_SIZE),
      ...V_COLOR,
    },
    supportsCheckpoint: true,
    traits: { position: true, orientation: true },
    check: k.check,
    build: (it): NodeComputation => {
      // The coordinates' part of the schema: E is open inside this function, the names are not.
      const p: ItemParams<CoordinateSchema> = it.params
      return new RigidNode(
        k.nTrans,
        k.rotation,
        p.vector('referenceCoordinates'),
        p.vector('initialCoordinates'),
        p.vector('initialVelocities'),
      )
    },
    visualize: rigidNodeVisualization(),
  })
}
