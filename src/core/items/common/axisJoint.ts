// Joints between two markers (Lagrange multipliers): JointSpherical, JointRevoluteZ, JointPrismaticX
// and JointGeneric; the planar joints (JointRevolute2D, JointPrismatic2D) use the same AxisJoint.
//
// Every equation is one of two kinds (Exudyn's formulation, no small-angle assumption):
//   translation: g = u . (p1 - p0), u a fixed global axis or the axis A_m u_local of marker m's frame;
//                dg/dq = u^T (J1 - J0) + (u x dp)^T G_m               (the axis turns with marker m)
//   rotation:    g = a0 . b1 with a0 = A0 a_local, b1 = A1 b_local (perpendicular in the reference);
//                dg/dq = c^T G0 - c^T G1,  c = a0 x b1
// J and G are the markers' position and rotation Jacobians. The velocity-level (index-2) equation is
// the exact time derivative g' = (dg/dq) q', so index-2 and index-3 solutions agree.
// Free axes get no equation (nAE = number of constrained axes): the core has no per-equation
// lambda = 0 rows, and dropping them gives the same motion.
// JointGeneric's alternativeConstraints (Exudyn 1.11, experimental there), all three rotations fixed:
// the position-level rotation equations become det[x0, y1, z0] - 1, det[y0, z1, x0] - 1 and
// det[z0, x1, y0] - 1 (x0 ... z1 the joint axes), which vanish only at A_J0 = A_J1 (the default ones also
// at 180 deg flips). As in Exudyn, C_q and the index-2 equations stay the default ones; since these
// residuals are quadratic in the rotation error, Newton converges only at rest in a configuration that
// satisfies the joint (there with the default reactions); in motion the error grows to where Newton
// stalls, in Exudyn's own runs too (jointGenericAlternative.test.ts).
import { packedFloat64, packedInt32 } from '../../math/packedArrays'
import { taitBryanFromRotation } from '../../math/rotations'
import { zeroRange } from '../../math/smallArrays'
import { cross, matMul3, matTMul3, matVec3 } from '../../math/vec3'
import { defineItem, type ResolvedItem } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'
import {
  type FrameKinematics,
  isFrame,
  type LocalBlock,
  type MarkerComputation,
  type ObjectComputation,
  type PointKinematics,
} from '../../system/computation'
import { DEFAULT_COLORS, type Graphics } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from './connectorFields'
import { V_COLOR, visualizationParams } from './itemFields'
import { checkJointFrames, jointFrameParams } from './jointFrames'
import {
  constraintNonzeros,
  type JointEquation,
  type MarkerLayout,
  reactionDerivativeColumns,
  reactionNonzeros,
} from './jointStructure'
import { JointOffsets, OFFSET_VARIABLES } from './jointOffsets'
import { markersOf, requireMarkers } from './markerChecks'
import { RigidFrame } from './rigidNode'
import { compileLaws } from './userLaw'

/**
 * Work arrays of joint evaluations, shared by all joints: one evaluation runs at a time and nothing
 * stays in them between calls. Sharing keeps the working set of large models small: with buffers
 * per joint, 400 joints in a sweep cost 4x the time of one joint evaluated in a loop (cache misses).
 * J and G grow in setupLTG to the largest marker.
 */
const W = {
  p: [new Float64Array(3), new Float64Array(3)],
  A: [new Float64Array(9), new Float64Array(9)],
  J: [new Float64Array(0), new Float64Array(0)],
  G: [new Float64Array(0), new Float64Array(0)],
  dp: new Float64Array(3),
  u: new Float64Array(3),
  b: new Float64Array(3),
  c: new Float64Array(3),
  R: new Float64Array(9),
  R2: new Float64Array(9),
  // Reaction Jacobian (addReactionJacobian): d(A w)/dq and dp/dq per marker (3 x its coordinates),
  // dF_1/dq and dT_m/dq (3 x the joint's coordinates).
  D: [new Float64Array(0), new Float64Array(0)],
  P: [new Float64Array(0), new Float64Array(0)],
  dF: new Float64Array(0),
  dT: [new Float64Array(0), new Float64Array(0)],
  /** A local axis of an equation, copied out of the joint's packed block. */
  w: new Float64Array(3),
  /**
   * The unit force and torque of a constraint row on one marker (markerRow): passed in arrays, since
   * doubles passed to a call the JIT does not inline are boxed (an allocation per call).
   */
  rowForce: new Float64Array(3),
  rowTorque: new Float64Array(3),
  /** Total force and torque of the reactions on each marker (their load Jacobians are linear in them). */
  force: [new Float64Array(3), new Float64Array(3)],
  torque: [new Float64Array(3), new Float64Array(3)],
  /** Angular and point velocities of the markers, dv = v1 - v0 (JointGeneric's offset time terms). */
  omega: [new Float64Array(3), new Float64Array(3)],
  velocity: [new Float64Array(3), new Float64Array(3)],
  dv: new Float64Array(3),
}

/** out[(row + i) * stride + col + j] += scale * (M^T X)_ij, M: 3 x nm, X: 3 x nx (row-major). */
function addTransposeProduct(
  M: Float64Array,
  nm: number,
  X: Float64Array,
  nx: number,
  scale: number,
  out: Float64Array,
  stride: number,
  row: number,
  col: number,
): void {
  for (let i = 0; i < nm; i++) {
    const m0 = scale * M[i],
      m1 = scale * M[nm + i],
      m2 = scale * M[2 * nm + i]
    if (m0 === 0 && m1 === 0 && m2 === 0) continue
    const o = (row + i) * stride + col
    for (let j = 0; j < nx; j++) out[o + j] += m0 * X[j] + m1 * X[nx + j] + m2 * X[2 * nx + j]
  }
}

/**
 * Equation kinds of evaluate(): a translation along a fixed axis or turning with marker 0 or 1, a rotation.
 */
const FIXED_AXIS = 0

const AXIS_OF_0 = 1

const AXIS_OF_1 = 2

const ROTATION = 3

/** Doubles per equation in AxisJoint.data: the kind, then the axis or a and b. */
const EQUATION_SIZE = 7

/** Doubles per equation of the reaction records: force direction v, torque w (AxisJoint.data). */
const REACTION_SIZE = 6

/** out[offset + j] = (J^T v + G^T w)_j on a marker's coordinates, J and G 3 x n row-major (G null: w = 0). */
function projectOnMarker(
  J: Float64Array,
  G: Float64Array | null,
  n: number,
  v: Float64Array,
  w: Float64Array,
  out: Float64Array,
  offset: number,
): void {
  const v0 = v[0],
    v1 = v[1],
    v2 = v[2]
  for (let j = 0; j < n; j++) out[offset + j] = v0 * J[j] + v1 * J[n + j] + v2 * J[2 * n + j]
  if (!G) return
  const w0 = w[0],
    w1 = w[1],
    w2 = w[2]
  for (let j = 0; j < n; j++) out[offset + j] += w0 * G[j] + w1 * G[n + j] + w2 * G[2 * n + j]
}

/** Sign of marker m's reaction in a translation equation (g = u . (p1 - p0)). */
const sideSign = (m: number): number => (m === 0 ? -1 : 1)

/**
 * out[:, col + j] += scale * (v x D_j) for the columns D_j of D (3 x nd); negOut (if given) gets the
 * negative. Both 3 x stride.
 */
function addCrossColumns(
  D: Float64Array,
  nd: number,
  v0: number,
  v1: number,
  v2: number,
  scale: number,
  out: Float64Array,
  negOut: Float64Array | null,
  stride: number,
  col: number,
): void {
  for (let j = 0; j < nd; j++) {
    const d0 = D[j],
      d1 = D[nd + j],
      d2 = D[2 * nd + j]
    const x0 = scale * (v1 * d2 - v2 * d1),
      x1 = scale * (v2 * d0 - v0 * d2),
      x2 = scale * (v0 * d1 - v1 * d0)
    const c = col + j
    out[c] += x0
    out[stride + c] += x1
    out[2 * stride + c] += x2
    if (negOut) {
      negOut[c] -= x0
      negOut[stride + c] -= x1
      negOut[2 * stride + c] -= x2
    }
  }
}

/** X (3 x n) = columns D_j x v (sign 1) or v x D_j (sign -1). */
function crossColumns(D: Float64Array, n: number, v: Float64Array, sign: number, X: Float64Array): void {
  for (let j = 0; j < n; j++) {
    const d0 = D[j],
      d1 = D[n + j],
      d2 = D[2 * n + j]
    X[j] = sign * (d1 * v[2] - d2 * v[1])
    X[n + j] = sign * (d2 * v[0] - d0 * v[2])
    X[2 * n + j] = sign * (d0 * v[1] - d1 * v[0])
  }
}

/** det[column a of X, column b of Y, column c of Z] of 3x3 row-major matrices. */
function columnDeterminant(
  X: Float64Array,
  a: number,
  Y: Float64Array,
  b: number,
  Z: Float64Array,
  c: number,
) {
  return (
    X[a] * (Y[3 + b] * Z[6 + c] - Y[6 + b] * Z[3 + c]) +
    X[3 + a] * (Y[6 + b] * Z[c] - Y[b] * Z[6 + c]) +
    X[6 + a] * (Y[b] * Z[3 + c] - Y[3 + b] * Z[c])
  )
}

export class AxisJoint implements ObjectComputation {
  ltgODE2 = new Int32Array(0)
  aeIndex = 0
  dataIndex = 0
  readonly nAE: number
  readonly nData = 0
  readonly inactiveConstraint: boolean
  readonly outputVariables: string[]
  private readonly k: [PointKinematics, PointKinematics]
  /** Per marker: some equation turns with its frame (needs its rotation matrix and G). */
  private readonly turns: [boolean, boolean]
  /**
   * Per marker: its rigid-frame kinematics (rows from the node cache), or null (rows from the marker's J and
   * G).
   */
  private readonly rigid: [RigidFrame | null, RigidFrame | null]
  private n0 = 0
  private n1 = 0
  /**
   * Everything evaluate() reads and writes, in the order it does, in one packed block (a sweep over
   * the joints then reads a few adjacent cache lines per joint instead of one scattered array each):
   *   [0, n)            the joint's coordinates (s.q at ltgODE2) that g and C_q were computed at,
   *   [eqAt, gAt)       per equation its kind and local vectors (axis, or a and b): EQUATION_SIZE each,
   *   [gAt, rowsAt)     g (position level),
   *   [rowsAt, gtAt)    C_q (nAE x n, row-major),
   *   [gtAt, recAt)     with offsets: g_t, the explicit time derivative of g (jointOffsets.ts),
   *   [recAt, end)      the arms A_m local of rigid markers (6), then per equation the global force
   *                     direction v and torque w of its unit reaction (REACTION_SIZE each).
   * With offsets the J0 vectors in the equation records follow t (syncOffsets).
   */
  private data = new Float64Array(0)
  private eqAt = 0
  private gAt = 0
  private rowsAt = 0
  private gtAt = 0
  private recAt = 0
  /** g (and the reaction records) are those of the coordinates in data[0, n). */
  private cacheValid = false
  /** C_q too (evaluate with rows). */
  private rowsValid = false
  /**
   * Every marker is a rigid frame or has no coordinates: C_q^T lambda from the markers' total forces
   * (directReactions) instead of C_q's rows.
   */
  private direct = false
  /** No coordinate appears twice in ltgODE2 (both markers on one node do share them). */
  private distinctColumns = false
  /** Rheonomic joints (JointGeneric's offsets): the explicit time terms of the equations. */
  readonly computeAETimeTerm?: (s: SystemState, out: Float64Array, level: 'velocity' | 'acceleration') => void
  /** Some translation's axis turns with a marker: the total forces F_m depend on q. */
  private readonly turningTranslation: boolean
  /** Local columns on which the reactions' total forces and torques depend (jointStructure.ts). */
  private derivativeColumns: Int32Array = new Int32Array(0)

  constructor(
    markers: MarkerComputation[],
    private readonly equations: JointEquation[],
    active: boolean,
    /** Joint frames in the marker frames (Exudyn's rotationMarker0/1), for the Rotation output. */
    private readonly rotationMarker: [Float64Array, Float64Array] | undefined,
    /**
     * The one free axis of a joint with a single degree of freedom ([x, y, z, rx, ry, rz] index),
     * for the Coordinates output; -1 otherwise.
     */
    private readonly freeAxis = -1,
    /** alternativeConstraints: the joint frames (rotationMarker0/1) of its position-level equations. */
    private readonly alternative?: [Float64Array, Float64Array],
    /** JointGeneric's offsetUserFunction: J0 and the translations follow t. */
    private readonly offsets?: JointOffsets,
  ) {
    this.k = [markers[0].kinematics!, markers[1].kinematics!]
    const turns = (m: 0 | 1): boolean =>
      isFrame(this.k[m]) && equations.some((e) => e.kind === 'rotation' || e.frame === m)
    this.turns = [turns(0), turns(1)]
    this.rigid = [
      this.k[0] instanceof RigidFrame ? this.k[0] : null,
      this.k[1] instanceof RigidFrame ? this.k[1] : null,
    ]
    this.nAE = equations.length
    this.turningTranslation = equations.some((e) => e.kind === 'translation' && e.frame !== -1)
    this.inactiveConstraint = !active
    if (offsets) this.computeAETimeTerm = (s, out, level) => this.timeTerm(s, out, level)
    this.outputVariables = [
      'Position',
      'Velocity',
      'Displacement',
      'Force',
      'Torque',
      ...(rotationMarker ? ['ForceLocal', 'TorqueLocal', 'Rotation'] : []),
      ...(freeAxis >= 0 ? ['Coordinates'] : []),
    ]
  }

  setupLTG(): void {
    const a = this.k[0].ltg,
      b = this.k[1].ltg
    this.n0 = a.length
    this.n1 = b.length
    if (this.ltgODE2.length !== a.length + b.length) {
      const n = a.length + b.length,
        nAE = this.nAE
      this.ltgODE2 = packedInt32(n)
      this.eqAt = n
      this.gAt = n + EQUATION_SIZE * nAE
      this.rowsAt = this.gAt + nAE
      this.gtAt = this.rowsAt + nAE * n
      this.recAt = this.gtAt + (this.offsets ? nAE : 0)
      this.data = packedFloat64(this.recAt + 6 + REACTION_SIZE * nAE)
      this.equations.forEach((e, k) => {
        const at = this.eqAt + EQUATION_SIZE * k
        this.data[at] =
          e.kind === 'rotation'
            ? ROTATION
            : e.frame === -1
              ? FIXED_AXIS
              : e.frame === 0
                ? AXIS_OF_0
                : AXIS_OF_1
        if (e.kind === 'rotation') {
          this.data.set(e.a, at + 1)
          this.data.set(e.b, at + 4)
        } else this.data.set(e.axis, at + 1)
      })
    }
    this.ltgODE2.set(a, 0)
    this.ltgODE2.set(b, a.length)
    this.distinctColumns = new Set(this.ltgODE2).size === this.ltgODE2.length
    this.direct = [0, 1].every((m) => this.rigid[m] !== null || this.len(m) === 0)
    // The equation records hold the vectors at t = -inf until the next evaluation.
    this.offsets?.invalidate()
    this.derivativeColumns = reactionDerivativeColumns(this.equations, this.layouts(), a.length + b.length)
    this.cacheValid = false
    const len = [a.length, b.length]
    for (let m = 0; m < 2; m++)
      for (const buffers of [W.J, W.G, W.D, W.P])
        if (buffers[m].length < 3 * len[m]) buffers[m] = new Float64Array(3 * len[m])
    const n = a.length + b.length
    if (W.dF.length < 3 * n) W.dF = new Float64Array(3 * n)
    for (let m = 0; m < 2; m++) if (W.dT[m].length < 3 * n) W.dT[m] = new Float64Array(3 * n)
  }

  /** Coordinate layout of both markers (after setupLTG). */
  private layouts(): MarkerLayout[] {
    return [0, 1].map((m) => {
      const rigid = this.rigid[m]
      return {
        col: this.col(m),
        size: this.len(m),
        translations: rigid ? rigid.translationCoordinates : -1,
        turns: this.turns[m],
        loadJacobian: this.k[m].addLoadJacobian !== undefined,
      }
    })
  }

  /** C_q and the reaction stiffness as jointStructure.ts derives them; the joint has no mass or f_lhs. */
  structuralNonzeros(block: LocalBlock): Uint8Array | undefined {
    const n = this.ltgODE2.length
    if (block === 'constraint') return constraintNonzeros(this.equations, this.layouts(), n)
    if (block === 'reaction') return reactionNonzeros(this.equations, this.layouts(), n)
    return undefined
  }

  private frame(m: 0 | 1): FrameKinematics {
    return this.k[m] as FrameKinematics
  }

  /** Positions and the rotation matrices of frame markers. */
  private gather(s: SystemState): void {
    for (let m = 0; m < 2; m++) {
      this.k[m].position(s, W.p[m])
      if (isFrame(this.k[m])) this.frame(m as 0 | 1).rotationMatrix(s, W.A[m])
    }
    for (let i = 0; i < 3; i++) W.dp[i] = W.p[1][i] - W.p[0][i]
  }

  /**
   * Rotation matrix of marker m: the node's cached matrix for rigid frames, else copied into W.A[m] (turning
   * markers only).
   */
  private rotationOf(s: SystemState, m: 0 | 1): Float64Array {
    const rigid = this.rigid[m]
    if (rigid) return rigid.rotationMatrixView(s)
    if (this.turns[m]) this.frame(m).rotationMatrix(s, W.A[m])
    return W.A[m]
  }

  /** J and G (turning markers) of the markers that are not rigid frames into W.J, W.G. */
  private markerJacobians(s: SystemState): void {
    for (let m = 0; m < 2; m++) {
      if (this.rigid[m]) continue
      this.k[m].positionJacobian(s, W.J[m])
      if (this.turns[m]) this.frame(m as 0 | 1).rotationJacobian(s, W.G[m])
    }
  }

  /**
   * Writes the row block of marker m, J_m^T v + G_m^T w with v = W.rowForce and w = W.rowTorque, at
   * out[offset ..) (after position and rotationOf at this state).
   */
  private markerRow(m: 0 | 1, out: Float64Array, offset: number): void {
    const rigid = this.rigid[m]
    if (rigid)
      rigid.generalizedForceWithArm(this.data, this.recAt + 3 * m, W.rowForce, W.rowTorque, out, offset)
    else
      projectOnMarker(
        W.J[m],
        this.turns[m] ? W.G[m] : null,
        m === 0 ? this.n0 : this.n1,
        W.rowForce,
        W.rowTorque,
        out,
        offset,
      )
  }

  /**
   * Brings g and the reaction records (withRows: C_q too) in this.data up to date with s in one pass.
   * All are functions of the joint's coordinates only (markers depend on q at their ltg), so nothing
   * is recomputed while those are unchanged: the reaction forces, the equations g and the Newton
   * matrix of one iteration share one evaluation. The comparison with the cached coordinates sees every
   * writer of s.q. Each row is the generalized force of a unit force (translations: -u on marker 0, u
   * on marker 1, plus the torque u x dp on the marker the axis turns with) or a torque pair (rotations:
   * c, -c); the records keep u and u x dp, or c, and each rigid marker's arm, from which
   * directReactions forms C_q^T lambda without the rows. Rows are made only where C_q is asked for (the
   * Newton matrix, index-2 equations): the iterations in between need g and the reactions alone.
   */
  private evaluate(s: SystemState, withRows: boolean): void {
    this.syncOffsets(s)
    const ltg = this.ltgODE2,
      n = ltg.length,
      q = s.q,
      data = this.data
    // The comparison runs on a miss too (its outcome then unused) and one call makes the rows after
    // a miss or a hit, so V8, which compiles this during the first sweep over the joints (all misses),
    // has feedback for the hits: no deopt at the first one.
    let same = this.cacheValid
    for (let j = 0; j < n; j++) {
      if (q[ltg[j]] !== data[j]) {
        same = false
        break
      }
    }
    if (!same) this.records(s)
    if (withRows && !this.rowsValid) this.rowsFromRecords(s)
  }

  /** evaluate's miss: the cached coordinates, g and the reaction records at s; C_q marked stale. */
  private records(s: SystemState): void {
    const ltg = this.ltgODE2,
      n = ltg.length,
      q = s.q,
      data = this.data
    for (let j = 0; j < n; j++) data[j] = q[ltg[j]]
    const p0 = W.p[0],
      p1 = W.p[1],
      rigid0 = this.rigid[0],
      rigid1 = this.rigid[1],
      rec = this.recAt
    if (rigid0) rigid0.positionAndArm(s, data, rec, p0)
    else this.k[0].position(s, p0)
    if (rigid1) rigid1.positionAndArm(s, data, rec + 3, p1)
    else this.k[1].position(s, p1)
    const A0 = this.rotationOf(s, 0),
      A1 = this.rotationOf(s, 1)
    const d0 = p1[0] - p0[0],
      d1 = p1[1] - p0[1],
      d2 = p1[2] - p0[2]
    const gAt = this.gAt
    for (let k = 0; k < this.nAE; k++) {
      const o = this.eqAt + EQUATION_SIZE * k,
        w = rec + 6 + REACTION_SIZE * k
      const e = data[o],
        x0 = data[o + 1],
        x1 = data[o + 2],
        x2 = data[o + 3]
      if (e === ROTATION) {
        const y0 = data[o + 4],
          y1 = data[o + 5],
          y2 = data[o + 6]
        const a0 = A0[0] * x0 + A0[1] * x1 + A0[2] * x2,
          a1 = A0[3] * x0 + A0[4] * x1 + A0[5] * x2,
          a2 = A0[6] * x0 + A0[7] * x1 + A0[8] * x2
        const b0 = A1[0] * y0 + A1[1] * y1 + A1[2] * y2,
          b1 = A1[3] * y0 + A1[4] * y1 + A1[5] * y2,
          b2 = A1[6] * y0 + A1[7] * y1 + A1[8] * y2
        data[gAt + k] = a0 * b0 + a1 * b1 + a2 * b2
        const c0 = a1 * b2 - a2 * b1,
          c1 = a2 * b0 - a0 * b2,
          c2 = a0 * b1 - a1 * b0
        data[w] = data[w + 1] = data[w + 2] = 0
        data[w + 3] = c0
        data[w + 4] = c1
        data[w + 5] = c2
        continue
      }
      let u0 = x0,
        u1 = x1,
        u2 = x2
      if (e !== FIXED_AXIS) {
        const A = e === AXIS_OF_0 ? A0 : A1
        u0 = A[0] * x0 + A[1] * x1 + A[2] * x2
        u1 = A[3] * x0 + A[4] * x1 + A[5] * x2
        u2 = A[6] * x0 + A[7] * x1 + A[8] * x2
      }
      data[gAt + k] = u0 * d0 + u1 * d1 + u2 * d2
      if (this.offsets) data[gAt + k] -= this.offsets.offsetOfEquation(k)
      // The torque u x dp acts on the marker the axis turns with.
      const t0 = u1 * d2 - u2 * d1,
        t1 = u2 * d0 - u0 * d2,
        t2 = u0 * d1 - u1 * d0
      data[w] = u0
      data[w + 1] = u1
      data[w + 2] = u2
      data[w + 3] = t0
      data[w + 4] = t1
      data[w + 5] = t2
    }
    if (this.alternative) this.alternativeResiduals(A0, A1)
    if (this.offsets) {
      W.dp[0] = d0
      W.dp[1] = d1
      W.dp[2] = d2
      this.offsets.velocityTerms(A0, A1, W.dp, data, this.gtAt)
    }
    this.cacheValid = true
    this.rowsValid = false
  }

  /**
   * C_q at the state evaluate() last saw, from its records (u and the torque, or c, per equation): the
   * Newton matrix asked for after the iteration's residual repeats no position or rotation. The same
   * values in the same order as evaluate's rows, so the rows are bit for bit the same.
   */
  private rowsFromRecords(s: SystemState): void {
    // The nodes' caches at s for the rigid markers' G (they compare q, so this costs a few comparisons).
    this.rotationOf(s, 0)
    this.rotationOf(s, 1)
    this.markerJacobians(s)
    const n = this.ltgODE2.length
    for (let k = 0; k < this.nAE; k++)
      this.equationRows(
        this.data[this.eqAt + EQUATION_SIZE * k],
        this.recAt + 6 + REACTION_SIZE * k,
        this.rowsAt + k * n,
      )
    this.rowsValid = true
  }

  /**
   * The rows of an equation of kind e from its record at data[w ..) (u and the torque u x dp, or c) into
   * data[r ..): the generalized forces of the unit force -u, u on the markers (the torque on the one the
   * axis turns with), or of the torque pair c, -c (after markerJacobians at the record's state).
   */
  private equationRows(e: number, w: number, r: number): void {
    const data = this.data,
      f = W.rowForce,
      t = W.rowTorque
    const x0 = data[w],
      x1 = data[w + 1],
      x2 = data[w + 2],
      t0 = data[w + 3],
      t1 = data[w + 4],
      t2 = data[w + 5]
    const rotation = e === ROTATION,
      turns0 = rotation || e === AXIS_OF_0,
      turns1 = rotation || e === AXIS_OF_1
    // A rotation's rows carry the torques c and -c only (its record's u is 0; -0 is not written).
    f[0] = rotation ? 0 : -x0
    f[1] = rotation ? 0 : -x1
    f[2] = rotation ? 0 : -x2
    t[0] = turns0 ? t0 : 0
    t[1] = turns0 ? t1 : 0
    t[2] = turns0 ? t2 : 0
    this.markerRow(0, data, r)
    f[0] = rotation ? 0 : x0
    f[1] = rotation ? 0 : x1
    f[2] = rotation ? 0 : x2
    t[0] = turns1 ? (rotation ? -t0 : t0) : 0
    t[1] = turns1 ? (rotation ? -t1 : t1) : 0
    t[2] = turns1 ? (rotation ? -t2 : t2) : 0
    this.markerRow(1, data, r + this.n0)
  }

  /**
   * Brings the J0 vectors of the equation records to s.t (offsets only); a change of t invalidates g
   * and C_q, which the cache of evaluate() keys on q alone.
   */
  private syncOffsets(s: SystemState): void {
    const o = this.offsets
    if (!o || !o.update(s.t)) return
    for (let k = 0; k < this.nAE; k++) {
      const at = this.eqAt + EQUATION_SIZE * k
      if (this.data[at] === FIXED_AXIS) continue
      for (let i = 0; i < 3; i++) this.data[at + 1 + i] = o.w[3 * k + i]
    }
    this.cacheValid = false
  }

  /** computeAETimeTerm of joints with offsets: g_t, or the acceleration-level term (jointOffsets.ts). */
  private timeTerm(s: SystemState, out: Float64Array, level: 'velocity' | 'acceleration'): void {
    if (level === 'velocity') {
      this.evaluate(s, false)
      for (let k = 0; k < this.nAE; k++) out[k] = this.data[this.gtAt + k]
      return
    }
    // Through syncOffsets, so the equation records never lag behind the offsets' time.
    this.syncOffsets(s)
    this.gather(s)
    for (let m = 0; m < 2; m++) {
      this.frame(m as 0 | 1).angularVelocity(s, W.omega[m])
      this.k[m].velocity(s, W.velocity[m])
    }
    for (let i = 0; i < 3; i++) W.dv[i] = W.velocity[1][i] - W.velocity[0][i]
    this.offsets!.accelerationTerms(s.t, W.A[0], W.A[1], W.dp, W.omega[0], W.omega[1], W.dv, out)
  }

  /** The last three equations' g by alternativeConstraints (see the head of the file). */
  private alternativeResiduals(A0: Float64Array, A1: Float64Array): void {
    const J0 = W.R,
      J1 = W.R2
    matMul3(A0, this.alternative![0], J0)
    matMul3(A1, this.alternative![1], J1)
    const g = this.gAt + this.nAE - 3
    this.data[g] = columnDeterminant(J0, 0, J1, 1, J0, 2) - 1
    this.data[g + 1] = columnDeterminant(J0, 1, J1, 2, J0, 0) - 1
    this.data[g + 2] = columnDeterminant(J0, 2, J1, 0, J0, 1) - 1
  }

  /** Position level: g; velocity level (index 2): g' = C_q q'. */
  computeAE(s: SystemState, out: Float64Array, velocityLevel: boolean): void {
    this.evaluate(s, velocityLevel)
    const data = this.data
    if (!velocityLevel) {
      for (let k = 0; k < this.nAE; k++) out[k] = data[this.gAt + k]
      return
    }
    const n = this.ltgODE2.length
    for (let k = 0; k < this.nAE; k++) {
      let sum = 0
      for (let j = 0; j < n; j++) sum += data[this.rowsAt + k * n + j] * s.v[this.ltgODE2[j]]
      out[k] = this.offsets ? sum + data[this.gtAt + k] : sum
    }
  }

  /**
   * out[ltg] += C_q^T lambda straight from the joint's block (ObjectComputation.addReactionForces).
   * With distinct coordinates and every multiplier nonzero, coordinate by coordinate: each out entry
   * is loaded and stored once and gets its rows' terms in the same order as row by row (bit for bit).
   * Rigid markers (or none): from the total forces (directReactions).
   */
  addReactionForces(s: SystemState, out: Float64Array): void {
    if (this.direct) {
      this.evaluate(s, false)
      this.directReactions(s, out)
      return
    }
    this.evaluate(s, true)
    const data = this.data,
      ltg = this.ltgODE2,
      n = ltg.length,
      lambda = s.lambda,
      nAE = this.nAE,
      ae = this.aeIndex,
      rows = this.rowsAt
    let allActive = this.distinctColumns
    for (let k = 0; k < nAE; k++) if (lambda[ae + k] === 0) allActive = false
    if (allActive) {
      for (let j = 0; j < n; j++) {
        let v = out[ltg[j]]
        for (let k = 0; k < nAE; k++) v += data[rows + k * n + j] * lambda[ae + k]
        out[ltg[j]] = v
      }
      return
    }
    for (let k = 0; k < this.nAE; k++) {
      const lam = lambda[this.aeIndex + k]
      if (lam === 0) continue
      const r = this.rowsAt + k * n
      for (let j = 0; j < n; j++) out[ltg[j]] += data[r + j] * lam
    }
  }

  /**
   * out[ltg] += C_q^T lambda as the generalized forces of the total reactions on each marker, F_1 =
   * sum lambda_k u_k = -F_0 and T_m = sum lambda_k w_k of the rows acting on m: two per joint instead
   * of one per row and marker (markers rigid frames or without coordinates, after evaluate).
   */
  private directReactions(s: SystemState, out: Float64Array): void {
    const data = this.data,
      lambda = s.lambda,
      F0 = W.force[0],
      F1 = W.force[1],
      T0 = W.torque[0],
      T1 = W.torque[1]
    for (let i = 0; i < 3; i++) F1[i] = T0[i] = T1[i] = 0
    for (let k = 0; k < this.nAE; k++) {
      const lam = lambda[this.aeIndex + k],
        e = data[this.eqAt + EQUATION_SIZE * k],
        w = this.recAt + 6 + REACTION_SIZE * k
      if (e !== ROTATION) for (let i = 0; i < 3; i++) F1[i] += lam * data[w + i]
      // A rotation's torque pair (c, -c); a translation's u x dp on the marker its axis turns with.
      for (let i = 0; i < 3; i++) {
        const torque = lam * data[w + 3 + i]
        if (e === ROTATION) {
          T0[i] += torque
          T1[i] -= torque
        } else if (e === AXIS_OF_0) T0[i] += torque
        else if (e === AXIS_OF_1) T1[i] += torque
      }
    }
    for (let i = 0; i < 3; i++) F0[i] = -F1[i]
    const rigid0 = this.rigid[0],
      rigid1 = this.rigid[1]
    if (rigid0) rigid0.addGeneralizedForce(s, data, this.recAt, F0, T0, out)
    if (rigid1) rigid1.addGeneralizedForce(s, data, this.recAt + 3, F1, T1, out)
  }

  /** C_q, the same at both levels (the index-2 equation is the exact time derivative). */
  computeAEJacobian(s: SystemState, out: Float64Array): void {
    this.evaluate(s, true)
    const data = this.data,
      at = this.rowsAt,
      len = this.nAE * this.ltgODE2.length
    for (let i = 0; i < len; i++) out[i] = data[at + i]
  }

  /** Coordinate count and first local column of marker m. */
  private len(m: number): number {
    return m === 0 ? this.n0 : this.n1
  }
  private col(m: number): number {
    return m === 0 ? 0 : this.n0
  }

  /** d(A_m w)/dq of marker m into W.D[m] (needs W.A[m] and W.G[m]): the marker's own, or -(A w)~ G. */
  private rotatedDerivative(s: SystemState, m: 0 | 1, w0: number, w1: number, w2: number): void {
    const k = this.frame(m),
      out = W.D[m],
      n = m === 0 ? this.n0 : this.n1,
      wLocal = W.w
    wLocal[0] = w0
    wLocal[1] = w1
    wLocal[2] = w2
    if (k.rotatedVectorDerivative) return k.rotatedVectorDerivative(s, wLocal, out)
    matVec3(W.A[m], wLocal, W.b)
    crossColumns(W.G[m], n, W.b, 1, out)
  }

  /**
   * Adds factor * d(C_q^T lambda)/dq at fixed lambda, the geometric stiffness of the reactions (n x n,
   * marker 0's coordinates first). The reactions are the generalized forces of a total force F_m and
   * torque T_m on each marker (F_0 = -F_1), so the derivative is
   *   sum_m [load Jacobian of marker m at fixed F_m, T_m] + J_m^T dF_m/dq + G_m^T dT_m/dq,
   * with, per equation of multiplier l:
   *   translation along u turning with marker f: F_1 += l u, T_f += l u x dp;
   *     dF_1/dq += l du/dq,  dT_f/dq += l (du/dq x dp + u x (P_1 - P_0)),  P_m = dp_m/dq exactly;
   *   rotation, c = a x b: T_0 += l c, T_1 -= l c;  dT_0/dq = -dT_1/dq += l (da/dq x b + a x db/dq).
   * du/dq, da/dq, db/dq are exact derivatives of the rotated local axes (rotatedVectorDerivative), so
   * this is the derivative of the reactions as computed, also off |ep| = 1. The 3 x n derivatives are
   * summed over the equations first, then mapped through each marker once (for rigid frames straight
   * from the node cache, addGeneralizedForceColumns).
   */
  addReactionJacobian(s: SystemState, factor: number, out: Float64Array): void {
    if (this.inactiveConstraint) return
    this.syncOffsets(s)
    const n0 = this.n0,
      n = n0 + this.n1,
      lambda = s.lambda,
      data = this.data
    let active = false
    for (let k = 0; k < this.nAE; k++) if (lambda[this.aeIndex + k] !== 0) active = true
    if (!active) return
    // Positions only for dp (turning translation axes); rotationOf brings rigid frames' caches up to date.
    const p0 = W.p[0],
      p1 = W.p[1]
    if (this.turningTranslation) {
      this.k[0].position(s, p0)
      this.k[1].position(s, p1)
    }
    const A0 = this.rotationOf(s, 0),
      A1 = this.rotationOf(s, 1)
    this.markerJacobians(s)
    const dp0 = p1[0] - p0[0],
      dp1 = p1[1] - p0[1],
      dp2 = p1[2] - p0[2]
    const F = W.force[1],
      T0 = W.torque[0],
      T1 = W.torque[1],
      dF = W.dF,
      dT = W.dT
    for (let i = 0; i < 3; i++) F[i] = T0[i] = T1[i] = 0
    if (this.turningTranslation) zeroRange(dF, 0, 3 * n)
    for (let m = 0; m < 2; m++) if (this.turns[m]) zeroRange(dT[m], 0, 3 * n)
    for (let k = 0; k < this.nAE; k++) {
      const l = factor * lambda[this.aeIndex + k]
      if (l === 0) continue
      const o = this.eqAt + EQUATION_SIZE * k,
        e = data[o],
        x0 = data[o + 1],
        x1 = data[o + 2],
        x2 = data[o + 3]
      if (e === ROTATION) {
        const y0 = data[o + 4],
          y1 = data[o + 5],
          y2 = data[o + 6]
        const a0 = A0[0] * x0 + A0[1] * x1 + A0[2] * x2,
          a1 = A0[3] * x0 + A0[4] * x1 + A0[5] * x2,
          a2 = A0[6] * x0 + A0[7] * x1 + A0[8] * x2
        const b0 = A1[0] * y0 + A1[1] * y1 + A1[2] * y2,
          b1 = A1[3] * y0 + A1[4] * y1 + A1[5] * y2,
          b2 = A1[6] * y0 + A1[7] * y1 + A1[8] * y2
        const c0 = l * (a1 * b2 - a2 * b1),
          c1 = l * (a2 * b0 - a0 * b2),
          c2 = l * (a0 * b1 - a1 * b0)
        T0[0] += c0
        T0[1] += c1
        T0[2] += c2
        T1[0] -= c0
        T1[1] -= c1
        T1[2] -= c2
        this.rotatedDerivative(s, 0, x0, x1, x2)
        this.rotatedDerivative(s, 1, y0, y1, y2)
        addCrossColumns(W.D[0], this.n0, b0, b1, b2, -l, dT[0], dT[1], n, 0)
        addCrossColumns(W.D[1], this.n1, a0, a1, a2, l, dT[0], dT[1], n, n0)
        continue
      }
      let u0 = x0,
        u1 = x1,
        u2 = x2
      if (e !== FIXED_AXIS) {
        const A = e === AXIS_OF_0 ? A0 : A1
        u0 = A[0] * x0 + A[1] * x1 + A[2] * x2
        u1 = A[3] * x0 + A[4] * x1 + A[5] * x2
        u2 = A[6] * x0 + A[7] * x1 + A[8] * x2
      }
      F[0] += l * u0
      F[1] += l * u1
      F[2] += l * u2
      if (e === FIXED_AXIS) continue
      const f = e === AXIS_OF_0 ? 0 : 1,
        Tf = W.torque[f],
        nf = this.len(f),
        cf = this.col(f)
      Tf[0] += l * (u1 * dp2 - u2 * dp1)
      Tf[1] += l * (u2 * dp0 - u0 * dp2)
      Tf[2] += l * (u0 * dp1 - u1 * dp0)
      this.rotatedDerivative(s, f, x0, x1, x2)
      const D = W.D[f]
      for (let j = 0; j < nf; j++) {
        const d0 = D[j],
          d1 = D[nf + j],
          d2 = D[2 * nf + j]
        dF[cf + j] += l * d0
        dF[n + cf + j] += l * d1
        dF[2 * n + cf + j] += l * d2
      }
      // du/dq x dp = -(dp x du/dq), then u x (P_1 - P_0).
      addCrossColumns(D, nf, dp0, dp1, dp2, -l, dT[f], null, n, cf)
      for (let m = 0; m < 2; m++) {
        const km = this.k[m],
          P = km.positionDerivative ? W.P[m] : W.J[m]
        km.positionDerivative?.(s, P)
        addCrossColumns(P, this.len(m), u0, u1, u2, sideSign(m) * l, dT[f], null, n, this.col(m))
      }
    }
    const F0 = W.force[0]
    for (let i = 0; i < 3; i++) F0[i] = -F[i]
    for (let m = 0; m < 2; m++) {
      this.k[m].addLoadJacobian?.(
        s,
        W.force[m],
        this.turns[m] ? W.torque[m] : null,
        1,
        out,
        n,
        this.col(m) * n + this.col(m),
      )
      this.addMarkerColumns(
        m as 0 | 1,
        this.turningTranslation ? dF : null,
        this.turns[m] ? dT[m] : null,
        out,
        n,
      )
    }
  }

  /** out[marker m's rows, all n columns] += J_m^T (s_m dF) + G_m^T dT (3 x n each, null: zero). */
  private addMarkerColumns(
    m: 0 | 1,
    dF: Float64Array | null,
    dT: Float64Array | null,
    out: Float64Array,
    n: number,
  ): void {
    const rigid = this.rigid[m],
      row = this.col(m),
      nm = this.len(m)
    if (rigid)
      return rigid.addGeneralizedForceColumns(sideSign(m), dF, dT, this.derivativeColumns, n, out, row)
    if (dF) addTransposeProduct(W.J[m], nm, dF, n, sideSign(m), out, n, row, 0)
    if (dT) addTransposeProduct(W.G[m], nm, dT, n, 1, out, n, row, 0)
  }

  /**
   * The load the joint puts on marker 0, global (Exudyn's convention: its Force is the multiplier of
   * g = p1 - p0): force sum lambda_k u_k of the translation equations, torque -sum lambda_k (a0 x b1)_k
   * of the rotation equations (the generalized force of g = a0 . b1 on marker 0 is -lambda c^T G0).
   */
  private reaction(s: SystemState, kind: 'translation' | 'rotation', out: Float64Array): void {
    this.syncOffsets(s)
    this.gather(s)
    out.fill(0, 0, 3)
    const data = this.data
    for (let k = 0; k < this.nAE; k++) {
      // The local vectors from the equation record (those of this time, with offsets).
      const at = this.eqAt + EQUATION_SIZE * k,
        e = data[at]
      if ((e === ROTATION) !== (kind === 'rotation')) continue
      for (let i = 0; i < 3; i++) W.w[i] = data[at + 1 + i]
      if (e === FIXED_AXIS) W.u.set(W.w)
      else if (e !== ROTATION) matVec3(W.A[e === AXIS_OF_0 ? 0 : 1], W.w, W.u)
      else {
        for (let i = 0; i < 3; i++) W.R[i] = data[at + 4 + i]
        matVec3(W.A[0], W.w, W.c)
        matVec3(W.A[1], W.R, W.b)
        cross(W.c, W.b, W.u)
      }
      const lambda = this.inactiveConstraint ? 0 : s.lambda[this.aeIndex + k]
      const l = e === ROTATION ? -lambda : lambda
      for (let i = 0; i < 3; i++) out[i] += l * W.u[i]
    }
  }

  /**
   * out = (A0 R0)^T out: global components into joint frame J0 (marker 0's frame turned by
   * rotationMarker0, without JointGeneric's offset angles, as Exudyn's ForceLocal and TorqueLocal).
   */
  private toJointFrame0(s: SystemState, out: Float64Array): void {
    this.gather(s)
    if (isFrame(this.k[0])) matMul3(W.A[0], this.rotationMarker![0], W.R)
    else W.R.set(this.rotationMarker![0])
    W.u.set(out.subarray(0, 3))
    for (let i = 0; i < 3; i++) out[i] = W.R[i] * W.u[0] + W.R[3 + i] * W.u[1] + W.R[6 + i] * W.u[2]
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    switch (variable) {
      case 'Position':
        this.k[0].position(s, out)
        return 3
      case 'Velocity':
        this.k[0].velocity(s, out)
        return 3
      case 'Displacement':
        this.gather(s)
        out.set(W.dp)
        return 3
      case 'Force':
        this.reaction(s, 'translation', out)
        return 3
      case 'Torque':
        this.reaction(s, 'rotation', out)
        return 3
      case 'ForceLocal':
      case 'TorqueLocal':
        if (!this.rotationMarker) return 0
        this.reaction(s, variable === 'ForceLocal' ? 'translation' : 'rotation', out)
        this.toJointFrame0(s, out)
        return 3
      case 'Coordinates': {
        // The joint's own coordinate: the angle about its free rotation axis (the Tait-Bryan angle of
        // the relative rotation, exact for a rotation about that axis alone) or the displacement
        // along its free axis in joint frame 0.
        if (this.freeAxis < 0 || !this.rotationMarker) return 0
        if (this.freeAxis >= 3) {
          this.output('Rotation', s, W.u)
          out[0] = W.u[this.freeAxis - 3] + 0 // + 0: a resting joint reads 0, not -0
          return 1
        }
        this.gather(s)
        matMul3(W.A[0], this.rotationMarker[0], W.R)
        let d = 0
        for (let i = 0; i < 3; i++) d += W.R[3 * i + this.freeAxis] * W.dp[i]
        out[0] = d + 0
        return 1
      }
      case 'Rotation': {
        if (!this.rotationMarker) return 0
        // Relative rotation of the joint frames, A_J0^T A_J1, as Tait-Bryan angles.
        this.gather(s)
        matMul3(W.A[0], this.rotationMarker[0], W.R)
        matMul3(W.A[1], this.rotationMarker[1], W.R2)
        matTMul3(W.R, W.R2, W.A[0])
        taitBryanFromRotation(W.A[0], out)
        return 3
      }
    }
    return 0
  }

  /** Global position of marker 0 and a joint-frame axis (column `axis` of A0 R0) for drawing. */
  drawFrame(s: SystemState, axisLocal: Float64Array): { position: number[]; axis: number[] } {
    this.gather(s)
    const a = new Float64Array(3)
    if (this.offsets) {
      // J0 turned by the offset angles at s.t: R0 R(theta) R0^T takes R0 e_c to R0 R e_c.
      this.syncOffsets(s)
      axisLocal = this.offsets.turned(axisLocal)
    }
    if (isFrame(this.k[0])) matVec3(W.A[0], axisLocal, a)
    else a.set(axisLocal)
    return { position: [...W.p[0]], axis: [...a] }
  }
}

/** Column i of a row-major 3x3 matrix. */
export function column(R: Float64Array, i: number): Float64Array {
  return Float64Array.from([R[i], R[3 + i], R[6 + i]])
}

const IDENTITY = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]

export const UNIT_AXES = [0, 1, 2].map((i) => Float64Array.from(IDENTITY[i]))

/**
 * Exudyn's generic-joint equations for constrainedAxes [x, y, z, rx, ry, rz] with joint frames
 * R0, R1 in the marker frames: all three translations fixed -> global p1 - p0 = 0, otherwise the
 * fixed components of p1 - p0 along marker 0's joint axes; rotations by perpendicularity of joint
 * axes: three fixed (x0.y1 for rz, z0.y1 for rx, z0.x1 for ry), two fixed (free axis f: f0 . j1 for
 * each fixed j), one fixed (axis c: (c+1)0 . (c+2)1).
 */
export function genericJointEquations(axes: number[], R0: Float64Array, R1: Float64Array): JointEquation[] {
  const eqs: JointEquation[] = []
  const trans = axes.slice(0, 3),
    rot = axes.slice(3, 6)
  if (trans.every((a) => a === 1))
    for (let k = 0; k < 3; k++) eqs.push({ kind: 'translation', axis: UNIT_AXES[k], frame: -1, j0Axis: k })
  else
    trans.forEach(
      (a, k) => a === 1 && eqs.push({ kind: 'translation', axis: column(R0, k), frame: 0, j0Axis: k }),
    )
  const rotation = (i: number, j: number): JointEquation => ({
    kind: 'rotation',
    a: column(R0, i),
    b: column(R1, j),
    j0Axis: i,
  })
  const fixed = rot.filter((a) => a === 1).length
  if (fixed === 3) {
    eqs.push(rotation(2, 1), rotation(2, 0), rotation(0, 1))
  } else if (fixed === 2) {
    const f = rot.indexOf(0)
    rot.forEach((a, j) => a === 1 && eqs.push(rotation(f, j)))
  } else if (fixed === 1) {
    const c = rot.indexOf(1)
    eqs.push(rotation((c + 1) % 3, (c + 2) % 3))
  }
  return eqs
}

const AXIS_VIS = {
  ...visualizationParams(),
  VaxisRadius: {
    type: 'number',
    default: 0.1,
    min: 0,
    unit: 'm',
    doc: 'radius of the joint axis drawn',
    visualization: true,
  },
  VaxisLength: {
    type: 'number',
    default: 0.4,
    min: 0,
    unit: 'm',
    doc: 'length of the joint axis drawn',
    visualization: true,
  },
  ...V_COLOR,
} satisfies ParamSchema

export function checkAxisFlags(it: ResolvedItem, name: string): { parameter: string; message: string }[] {
  const v = it.params.vector(name)
  return [...v].every((a) => a === 0 || a === 1)
    ? []
    : [
        {
          parameter: name,
          message: `expected 0 (free) or 1 (constrained) per axis, got [${[...v].join(', ')}]`,
        },
      ]
}

/** A cylinder along a joint axis at marker 0 (radius and length from VaxisRadius / VaxisLength). */
export function drawAxis(
  it: ResolvedItem,
  joint: AxisJoint,
  s: SystemState,
  g: Graphics,
  axisLocal: Float64Array,
  radius: number,
  length: number,
): void {
  if (!it.params.bool('Vshow')) return
  const { position: p, axis: a } = joint.drawFrame(s, axisLocal)
  const color = it.params.color('Vcolor', DEFAULT_COLORS.joint)
  g.add({
    shape: 'cylinder',
    from: p.map((x, i) => x - 0.5 * length * a[i]),
    to: p.map((x, i) => x + 0.5 * length * a[i]),
    radius,
    color,
  })
}

/** JointGeneric's offsetUserFunction, offsetUserFunction_t and their parameters (Exudyn 1.11). */
const OFFSET_PARAMS = {
  offsetUserFunctionParameters: {
    type: 'vector',
    size: 6,
    default: [0, 0, 0, 0, 0, 0],
    doc:
      'parameters of the offset user functions, passed to them by component as ' +
      'offsetUserFunctionParameters0 ... offsetUserFunctionParameters5',
  },
  offsetUserFunction: {
    type: 'expression',
    size: 6,
    default: '',
    variables: OFFSET_VARIABLES,
    doc:
      'prescribed offsets [dx, dy, dz, rx, ry, rz] of the constrained axes, expressions in t and ' +
      'offsetUserFunctionParameters0 ... 5: the translations are subtracted from p1 - p0 measured ' +
      'along the J0 axes (global axes when x, y and z are all constrained), the angles turn J0 by ' +
      'Rx(rx) Ry(ry) Rz(rz) (Tait-Bryan, as Exudyn); "" for none',
  },
  offsetUserFunction_t: {
    type: 'expression',
    size: 6,
    default: '',
    variables: OFFSET_VARIABLES,
    doc:
      'time derivative of offsetUserFunction (velocity-level equations: index-2 solvers, projections); ' +
      '"" = offsetUserFunction differentiated numerically (relative error ~1e-11)',
  },
} satisfies ParamSchema

/** offsetUserFunction_t needs offsetUserFunction; alternativeConstraints have no time terms. */
function checkOffsets(it: ResolvedItem): { parameter: string; message: string }[] {
  if (it.params.raw('offsetUserFunction') === '')
    return it.params.raw('offsetUserFunction_t') === ''
      ? []
      : [
          {
            parameter: 'offsetUserFunction_t',
            message:
              'is the time derivative of offsetUserFunction, which is not given (offsets would be 0 ' +
              'on position level)',
          },
        ]
  return it.params.bool('alternativeConstraints')
    ? [
        {
          parameter: 'offsetUserFunction',
          message: 'cannot be combined with alternativeConstraints (use the default rotation equations)',
        },
      ]
    : []
}

/** The joint's offsets (JointOffsets) from its parameters, or undefined without offsetUserFunction. */
function offsetsOf(it: ResolvedItem, equations: JointEquation[], R0: Float64Array): JointOffsets | undefined {
  const offset = compileLaws(it.params.raw('offsetUserFunction'), OFFSET_VARIABLES)
  if (!offset) return undefined
  return new JointOffsets(
    equations,
    R0,
    offset,
    compileLaws(it.params.raw('offsetUserFunction_t'), OFFSET_VARIABLES),
    it.params.vector('offsetUserFunctionParameters'),
  )
}

/**
 * The reaction outputs of every AxisJoint: one load, on marker 0's body (Exudyn's Force convention; Exudyn's
 * TorqueLocal is its raw multipliers instead, signs per equation, docs/validation.md).
 */
export const REACTION_DOC =
  ' Force and Torque: the load of the joint on marker 0 (global; -Force, -Torque act on marker 1), ' +
  'Torque the couple of the rotation equations; Force acts at the sliding point (where a translation ' +
  "axis turns with one marker's frame, at the other marker's point; else p0 = p1)."

/** A joint with a fixed set of axes in its joint frame (revolute, prismatic, generic). */
export function frameJoint(type: string, doc: string, axes: number[] | 'parameter', drawnAxis: number) {
  return defineItem({
    kind: 'object',
    type,
    exudynName: `Object${type}`,
    doc:
      doc +
      REACTION_DOC +
      ' ForceLocal, TorqueLocal: the same in joint frame J0 (rotationMarker0 in marker 0, ' +
      "without offsetUserFunction's angles).",
    parameters: {
      ...MARKER_PAIR,
      ...(axes === 'parameter'
        ? {
            constrainedAxes: {
              type: 'vector',
              size: 6,
              default: [1, 1, 1, 1, 1, 1],
              doc: 'per axis [x, y, z, rx, ry, rz] of the joint frame: 1 = constrained, 0 = free',
            },
            alternativeConstraints: {
              type: 'boolean',
              default: false,
              doc:
                "Exudyn's experimental alternative rotation equations when rx, ry, rz are all " +
                'constrained: det[x0, y1, z0] - 1, det[y0, z1, x0] - 1, det[z0, x1, y0] - 1 (no 180 deg ' +
                'flips), with the default Jacobian: quadratic in the rotation error, so Newton converges ' +
                "only at rest in the joint's configuration (then with the default reactions); in motion " +
                'it stalls, as in Exudyn',
            },
            ...OFFSET_PARAMS,
          }
        : {}),
      ...jointFrameParams('a rotation matrix whose columns are the joint axes'),
      ...ACTIVE_CONNECTOR,
      ...AXIS_VIS,
    },
    supportsCheckpoint: true,
    check: (it, m) => [
      ...requireMarkers(it, m, 'markerNumbers', 'orientation'),
      ...checkJointFrames(it),
      ...(axes === 'parameter' ? [...checkAxisFlags(it, 'constrainedAxes'), ...checkOffsets(it)] : []),
    ],
    build: (it, ctx) => {
      const R0 = it.params.matrix('rotationMarker0'),
        R1 = it.params.matrix('rotationMarker1')
      const flags = axes === 'parameter' ? [...it.params.vector('constrainedAxes')] : axes
      const free = flags.flatMap((f, i) => (f === 0 ? [i] : []))
      const equations = genericJointEquations(flags, R0, R1)
      return new AxisJoint(
        markersOf(it, ctx),
        equations,
        it.params.bool('activeConnector'),
        [R0, R1],
        free.length === 1 ? free[0] : -1,
        axes === 'parameter' &&
          it.params.bool('alternativeConstraints') &&
          flags.slice(3).every((f) => f === 1)
          ? [R0, R1]
          : undefined,
        axes === 'parameter' ? offsetsOf(it, equations, R0) : undefined,
      )
    },
    visualize: (it, c, s, g) =>
      drawAxis(
        it,
        c as AxisJoint,
        s,
        g,
        column(it.params.matrix('rotationMarker0'), drawnAxis),
        it.params.number('VaxisRadius'),
        it.params.number('VaxisLength'),
      ),
  })
}
