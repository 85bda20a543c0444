import { packedCopy } from '../../math/packedArrays'
import { EULER_PARAMETERS, eulerRotationDerivativeTimes } from '../../math/rotations'
import { zeroRange } from '../../math/smallArrays'
import { cross, matVec3 } from '../../math/vec3'
import { defineItem } from '../../model/definition'
import type { LocalBlock } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { checkGraphicsData, VGRAPHICS } from '../common/bodyGraphics'
import { V_COLOR, visualizationParams } from '../common/itemFields'
import { drawBody, nodeOf, RigidBodyBase } from '../common/rigidBodyBase'
import type { RigidNode } from '../common/rigidNode'

/**
 * Work arrays of 3D rigid-body evaluations, shared by all bodies (one evaluation at a time, nothing
 * kept between calls): a small working set for models with many bodies. dOmega = d omega / dp.
 */
const B = {
  thetaDot: new Float64Array(4),
  w: new Float64Array(3),
  c: new Float64Array(3),
  t1: new Float64Array(3),
  t2: new Float64Array(3),
  t3: new Float64Array(3),
  S: new Float64Array(9),
  W: new Float64Array(9),
  dOmega: new Float64Array(12),
  X: new Float64Array(12),
  Y: new Float64Array(12),
  Z: new Float64Array(12),
}

/**
 * structuralNonzeros of rigid bodies by block, size and offset: one array for all bodies of a kind
 * (read only), so the assembly indexes it once.
 */
const BODY_MASKS = new Map<string, Uint8Array>()

class RigidBody3D extends RigidBodyBase {
  readonly nAE: number
  protected readonly J: Float64Array
  protected readonly hasOffset: boolean

  constructor(node: RigidNode, mass: number, inertia6: Float64Array, com: Float64Array) {
    super(node, mass, packedCopy(com))
    const [xx, yy, zz, yz, xz, xy] = inertia6
    this.J = packedCopy([xx, xy, xz, xy, yy, yz, xz, yz, zz])
    this.hasOffset = com[0] !== 0 || com[1] !== 0 || com[2] !== 0
    this.nAE = node.rotation === EULER_PARAMETERS ? 1 : 0
  }

  computeMassMatrix(s: SystemState, out: Float64Array): void {
    const node = this.node
    node.updateRotation(s)
    // Assembled at each call, not cached: it changes with every Newton iterate, and a cached copy
    // (49 entries per body, written and read back) cost more memory traffic than the ~100 flops.
    zeroRange(out, 0, node.nODE2 * node.nODE2)
    this.assembleMassMatrix(out)
  }

  /**
   * y += M x without forming M (the matrix of assembleMassMatrix): with w = Gbar x_rot,
   *   translation rows m x_tr + m A (w x chi),  rotation rows Gbar^T (J w + m chi x (A^T x_tr)).
   */
  addMassTimes(s: SystemState, x: Float64Array, y: Float64Array): void {
    const node = this.node
    node.updateRotation(s)
    const nr = node.rotation.size,
      ltg = this.ltgODE2,
      G = node.Gbar,
      m = this.mass,
      w = B.w,
      t = B.t1
    for (let r = 0; r < 3; r++) {
      let sum = 0
      for (let k = 0; k < nr; k++) sum += G[r * nr + k] * x[ltg[3 + k]]
      w[r] = sum
    }
    matVec3(this.J, w, t)
    for (let r = 0; r < 3; r++) y[ltg[r]] += m * x[ltg[r]]
    if (this.hasOffset) {
      const A = node.A,
        chi = this.centerOfMassLocal
      cross(w, chi, B.t2)
      matVec3(A, B.t2, B.t3)
      for (let r = 0; r < 3; r++) y[ltg[r]] += m * B.t3[r]
      // A^T x_tr, then t += m chi x (A^T x_tr).
      for (let r = 0; r < 3; r++) B.c[r] = A[r] * x[ltg[0]] + A[3 + r] * x[ltg[1]] + A[6 + r] * x[ltg[2]]
      cross(chi, B.c, B.t2)
      for (let r = 0; r < 3; r++) t[r] += m * B.t2[r]
    }
    for (let k = 0; k < nr; k++) y[ltg[3 + k]] += G[k] * t[0] + G[nr + k] * t[1] + G[2 * nr + k] * t[2]
  }

  /** The mass matrix at the node's cached rotation into out (zero on entry). */
  private assembleMassMatrix(out: Float64Array): void {
    const nr = this.node.rotation.size,
      n = 3 + nr,
      m = this.mass
    const G = this.node.Gbar,
      J = this.J,
      chi = this.centerOfMassLocal
    for (let i = 0; i < 3; i++) out[i * n + i] = m
    // Rotational block Gbar^T J Gbar.
    for (let a = 0; a < nr; a++) {
      for (let r = 0; r < 3; r++)
        B.t1[r] = J[3 * r] * G[a] + J[3 * r + 1] * G[nr + a] + J[3 * r + 2] * G[2 * nr + a]
      for (let b = 0; b < nr; b++)
        out[(3 + b) * n + 3 + a] = G[b] * B.t1[0] + G[nr + b] * B.t1[1] + G[2 * nr + b] * B.t1[2]
    }
    if (!this.hasOffset) return
    // Coupling column k: m A (g_k x chi), and its transpose.
    for (let k = 0; k < nr; k++) {
      B.t1[0] = G[k]
      B.t1[1] = G[nr + k]
      B.t1[2] = G[2 * nr + k]
      cross(B.t1, chi, B.t2)
      matVec3(this.node.A, B.t2, B.t1)
      for (let r = 0; r < 3; r++) {
        out[r * n + 3 + k] = m * B.t1[r]
        out[(3 + k) * n + r] = m * B.t1[r]
      }
    }
  }

  /**
   * Structural nonzeros (ObjectComputation.structuralNonzeros) of the formulas above: M has m I and
   * Gbar^T J Gbar, f_lhs depends on the rotation coordinates only and without a COM offset has no
   * translation rows; an offset couples translation and rotation (M both ways, f_lhs through A).
   * The |ep| = 1 row is [0, 0, 0, 2 ep^T] at both levels, its reaction stiffness 2 lambda on the
   * diagonal of the Euler parameters.
   */
  structuralNonzeros(block: LocalBlock): Uint8Array {
    const key = `${block} ${this.ltgODE2.length} ${this.nAE} ${this.hasOffset}`
    let mask = BODY_MASKS.get(key)
    if (!mask) BODY_MASKS.set(key, (mask = this.mask(block)))
    return mask
  }

  private mask(block: LocalBlock): Uint8Array {
    const n = this.ltgODE2.length
    if (block === 'constraint') return Uint8Array.from({ length: this.nAE * n }, (_, j) => (j >= 3 ? 1 : 0))
    if (block === 'reaction')
      return Uint8Array.from({ length: n * n }, (_, e) => (e % (n + 1) === 0 && e >= 3 * (n + 1) ? 1 : 0))
    const mask = new Uint8Array(n * n)
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        const rotationRow = i >= 3
        const nonzero =
          j >= 3
            ? rotationRow || this.hasOffset
            : block === 'mass' && (rotationRow ? this.hasOffset : i === j)
        mask[i * n + j] = nonzero ? 1 : 0
      }
    return mask
  }

  computeODE2LHS(s: SystemState, out: Float64Array): void {
    const node = this.node,
      nr = node.rotation.size,
      G = node.Gbar
    node.updateRotation(s)
    node.rotationRates(s.v, B.thetaDot)
    node.localAngularVelocity(s, B.w)
    node.rotation.localGdotThetaDot(node.theta, B.thetaDot, B.c)
    // Rotation rows: Gbar^T (J c + omega x J omega).
    matVec3(this.J, B.w, B.t1)
    cross(B.w, B.t1, B.t2)
    matVec3(this.J, B.c, B.t1)
    for (let r = 0; r < 3; r++) B.t2[r] += B.t1[r]
    for (let k = 0; k < nr; k++) out[3 + k] += G[k] * B.t2[0] + G[nr + k] * B.t2[1] + G[2 * nr + k] * B.t2[2]
    if (!this.hasOffset) return
    // Translation rows: m A (c x chi + omega x (omega x chi)).
    const chi = this.centerOfMassLocal
    cross(B.w, chi, B.t1)
    cross(B.w, B.t1, B.t2)
    cross(B.c, chi, B.t1)
    for (let r = 0; r < 3; r++) B.t1[r] += B.t2[r]
    matVec3(node.A, B.t1, B.t3)
    for (let r = 0; r < 3; r++) out[r] += this.mass * B.t3[r]
  }

  /** Euler parameters only: ep . ep - 1 = 0, or 2 ep . ep' = 0 at velocity level. */
  computeAE(s: SystemState, out: Float64Array, velocityLevel: boolean): void {
    this.node.updateRotation(s)
    const p = this.node.theta
    if (velocityLevel) {
      this.node.rotationRates(s.v, B.thetaDot)
      out[0] = 2 * (p[0] * B.thetaDot[0] + p[1] * B.thetaDot[1] + p[2] * B.thetaDot[2] + p[3] * B.thetaDot[3])
    } else out[0] = p[0] * p[0] + p[1] * p[1] + p[2] * p[2] + p[3] * p[3] - 1
  }

  /** Both levels: [0, 0, 0, 2 ep^T]. */
  computeAEJacobian(s: SystemState, out: Float64Array): void {
    this.node.updateRotation(s)
    zeroRange(out, 0, 3)
    for (let k = 0; k < 4; k++) out[3 + k] = 2 * this.node.theta[k]
  }

  /**
   * out[ltg] += C_q^T lambda with C_q = [0, 0, 0, 2 ep^T] (both levels), without copying the row out:
   * the same products as the evaluator's generic loop, zeros included (bit for bit, signs of zero too).
   */
  addReactionForces(s: SystemState, out: Float64Array): void {
    const node = this.node
    node.updateRotation(s)
    const lam = s.lambda[this.aeIndex]
    if (lam === 0) return
    const ltg = this.ltgODE2,
      p = node.theta
    for (let j = 0; j < 3; j++) out[ltg[j]] += 0 * lam
    for (let k = 0; k < 4; k++) out[ltg[3 + k]] += 2 * p[k] * lam
  }

  /** Euler parameters: C_q^T lambda = [0; 2 lambda ep], so d/dq = 2 lambda I on the Euler parameters. */
  addReactionJacobian(s: SystemState, factor: number, out: Float64Array): void {
    if (this.nAE === 0) return
    const d = 2 * factor * s.lambda[this.aeIndex]
    for (let k = 3; k < 7; k++) out[k * 7 + k] += d
  }

  /** Box with the inertia of the body (uniform box about the centre of mass), for the default look. */
  equivalentBox(): number[] {
    const m = Math.max(this.mass, 1e-12)
    const chi = this.centerOfMassLocal,
      J = this.J
    // Inertia about the COM (parallel axis theorem, diagonal only).
    const jc = [0, 1, 2].map((i) => J[4 * i] - m * (chi[0] ** 2 + chi[1] ** 2 + chi[2] ** 2 - chi[i] ** 2))
    return [0, 1, 2].map((i) =>
      Math.sqrt(Math.max((6 * (jc[(i + 1) % 3] + jc[(i + 2) % 3] - jc[i])) / m, 1e-4)),
    )
  }
}

/** out (3 x nc, row-major) = X (3 x 3) Y (3 x nc). */
function mul3(X: Float64Array, Y: Float64Array, nc: number, out: Float64Array): void {
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < nc; c++)
      out[r * nc + c] = X[3 * r] * Y[c] + X[3 * r + 1] * Y[nc + c] + X[3 * r + 2] * Y[2 * nc + c]
  }
}

/**
 * A rigid body on Euler parameters p, with the exact Jacobian of its quadratic velocity terms
 * (Gbar(p) is linear in p and Gbar(p) p' = -Gbar(p') p, so omega = Gbar(p) p' has d omega/dp = -Gbar(p')):
 *   f_rot = Gbar^T t, t = omega x J omega, S = dt/d omega = omega~ J - (J omega)~:
 *     d/dp' = Gbar^T S Gbar,   d/dp = Gbar^T S (-Gbar(p')) + d(Gbar(p)^T t)/dp,
 *     d(Gbar(p)^T t)/dp = 2 [[0, -t^T], [t, -t~]];
 * f_tr = m A(p) w, w = omega x (omega x chi), W = dw/d omega = omega chi^T + (omega . chi) I - 2 chi omega^T:
 *     d/dp' = m A W Gbar,      d/dp = m A W (-Gbar(p')) + m [dA/dp_j w]_j.
 * These are the derivatives of the formulas as computed (also off |p| = 1), so Newton sees the exact
 * linearization of its residual.
 */
class RigidBodyEulerParameters extends RigidBody3D {
  computeODE2LHSJacobian(s: SystemState, factorK: number, factorD: number, out: Float64Array): void {
    const node = this.node,
      n = 7,
      G = node.Gbar,
      J = this.J,
      S = B.S
    node.updateRotation(s)
    node.rotationRates(s.v, B.thetaDot)
    node.localAngularVelocity(s, B.w)
    const w = B.w,
      Jw = B.t1,
      t = B.t2
    matVec3(J, w, Jw)
    cross(w, Jw, t)
    // S = omega~ J - (J omega)~.
    for (let c = 0; c < 3; c++) {
      const j0 = J[c],
        j1 = J[3 + c],
        j2 = J[6 + c]
      S[c] = w[1] * j2 - w[2] * j1
      S[3 + c] = w[2] * j0 - w[0] * j2
      S[6 + c] = w[0] * j1 - w[1] * j0
    }
    S[1] += Jw[2]
    S[2] -= Jw[1]
    S[3] -= Jw[2]
    S[5] += Jw[0]
    S[6] += Jw[1]
    S[7] -= Jw[0]
    EULER_PARAMETERS.localG(B.thetaDot, B.dOmega)
    for (let i = 0; i < 12; i++) B.dOmega[i] = -B.dOmega[i]
    const SG = B.X,
      SdO = B.Y
    mul3(S, G, 4, SG)
    mul3(S, B.dOmega, 4, SdO)
    for (let a = 0; a < 4; a++) {
      for (let b = 0; b < 4; b++) {
        const d = G[a] * SG[b] + G[4 + a] * SG[4 + b] + G[8 + a] * SG[8 + b]
        const k = G[a] * SdO[b] + G[4 + a] * SdO[4 + b] + G[8 + a] * SdO[8 + b]
        out[(3 + a) * n + 3 + b] += factorD * d + factorK * k
      }
    }
    // + d(Gbar(p)^T t)/dp = 2 [[0, -t^T], [t, -t~]].
    const r3 = 3 * n + 3
    const tk = 2 * factorK
    out[r3 + 1] -= tk * t[0]
    out[r3 + 2] -= tk * t[1]
    out[r3 + 3] -= tk * t[2]
    out[r3 + n] += tk * t[0]
    out[r3 + n + 2] += tk * t[2]
    out[r3 + n + 3] -= tk * t[1]
    out[r3 + 2 * n] += tk * t[1]
    out[r3 + 2 * n + 1] -= tk * t[2]
    out[r3 + 2 * n + 3] += tk * t[0]
    out[r3 + 3 * n] += tk * t[2]
    out[r3 + 3 * n + 1] += tk * t[1]
    out[r3 + 3 * n + 2] -= tk * t[0]
    if (!this.hasOffset) return
    const chi = this.centerOfMassLocal,
      W = B.W,
      m = this.mass
    const wc = w[0] * chi[0] + w[1] * chi[1] + w[2] * chi[2]
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) W[3 * r + c] = w[r] * chi[c] - 2 * chi[r] * w[c] + (r === c ? wc : 0)
    }
    // X = A W (3 x 3), then Y = A W Gbar, Z = A W dOmega; w2 = omega x (omega x chi) and dA/dp_j w2.
    mul3(node.A, W, 3, B.X)
    mul3(B.X, G, 4, B.Y)
    mul3(B.X, B.dOmega, 4, B.Z)
    cross(w, chi, B.t1)
    cross(w, B.t1, B.t2)
    eulerRotationDerivativeTimes(node.theta, B.t2, B.X)
    for (let r = 0; r < 3; r++) {
      for (let b = 0; b < 4; b++)
        out[r * n + 3 + b] += m * (factorD * B.Y[4 * r + b] + factorK * (B.Z[4 * r + b] + B.X[4 * r + b]))
    }
  }
}

export const ObjectRigidBody = defineItem({
  kind: 'object',
  type: 'RigidBody',
  exudynName: 'ObjectRigidBody',
  doc:
    'A 3D rigid body on a RigidBodyEP or RigidBodyRxyz node; inertia is given about the node (reference ' +
    'point), which need not be the centre of mass. On Euler parameters the body adds the constraint |ep| ' +
    '= 1.',
  parameters: {
    physicsMass: { type: 'number', default: 0, min: 0, unit: 'kg', massProperty: true, doc: 'mass' },
    physicsInertia: {
      type: 'vector',
      massProperty: true,
      size: 6,
      default: [0, 0, 0, 0, 0, 0],
      unit: 'kg m^2',
      components: ['Jxx', 'Jyy', 'Jzz', 'Jyz', 'Jxz', 'Jxy'],
      doc:
        'inertia [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] in body axes w.r.t. the reference point (node), not ' +
        'necessarily the centre of mass',
    },
    physicsCenterOfMass: {
      type: 'vector',
      massProperty: true,
      size: 3,
      default: [0, 0, 0],
      unit: 'm',
      doc: 'centre of mass in body coordinates, relative to the reference point',
    },
    nodeNumber: {
      type: 'ref',
      kind: 'node',
      types: ['RigidBodyEP', 'RigidBodyRxyz'],
      doc: 'the 3D rigid-body node',
    },
    ...visualizationParams(),
    ...V_COLOR,
    ...VGRAPHICS,
  },
  supportsCheckpoint: true,
  traits: { body: true, orientation: true },
  check: (it) => {
    const [xx, yy, zz] = it.params.vector('physicsInertia')
    const bad = xx + yy < zz || yy + zz < xx || xx + zz < yy || xx < 0 || yy < 0 || zz < 0
    const inertia = bad
      ? [
          {
            parameter: 'physicsInertia',
            message:
              `expected non-negative principal moments satisfying the triangle inequality (Jxx + Jyy >= ` +
              `Jzz, ...), got [${xx}, ${yy}, ${zz}]`,
          },
        ]
      : []
    return [...inertia, ...checkGraphicsData(it)]
  },
  build: (it, ctx) => {
    const node = nodeOf(it, ctx)
    const Body = node.rotation === EULER_PARAMETERS ? RigidBodyEulerParameters : RigidBody3D
    return new Body(
      node,
      it.params.number('physicsMass'),
      it.params.vector('physicsInertia'),
      it.params.vector('physicsCenterOfMass'),
    )
  },
  visualize: (it, c, s, g) => {
    const body = c as RigidBody3D
    drawBody(it, body, body.equivalentBox(), s, g)
  },
})
