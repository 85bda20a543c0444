// ObjectANCFCable2D: the planar Bernoulli-Euler cable element of Exudyn (Gerstmayr and Irschik's
// formulation on Berzeri-Shabana's interpolation) on two NodePoint2DSlope1 nodes.
//   coordinates  q = [r0, r0', r1, r1'] (8, totals = node reference + displacement)
//   interpolation r(x) = S1 r0 + S2 r0' + S3 r1 + S4 r1' (cubic Hermite), x in [0, L]
//   axial strain  eps = |r'| - 1,  material curvature K = (r' x r'') / |r'|^2
//   virtual work  dW = int_0^L (N d eps + M dK) dx,  N = EA (eps - eps0 - fRef epsRef) + d_eps eps',
//                 M = EI (K - K0 - fRef KRef) + d_K K'
// integrated with Gauss rules per term (useReducedOrderIntegration 0: 5 axial / 3 bending points,
// 1: 4 / 2, 2: Lobatto 3 / 2). The mass matrix rhoA int S^T S dx is constant (4 points, exact).
// The Jacobian is analytic: with e_q = d eps/dq and K_q = dK/dq,
//   dQ/dq  = int [EA e_q e_q^T + N e_qq + d_eps e_q (e_qq q')^T + (same for K with EI, M, d_K)] dx
//   dQ/dq' = int [d_eps e_q e_q^T + d_K K_q K_q^T] dx.
import { defineItem } from '../../model/definition'
import type { NodeComputation, PointKinematics } from '../../system/computation'
import { DEFAULT_COLORS } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import {
  AncfCableBase,
  type CableParameters,
  cableParameterSchema,
  cableParametersOf,
  hermiteShape,
  sampleCurve,
} from '../common/ancfCable'
import { V_COLOR, visualizationParams } from '../common/itemFields'

export interface Cable2DParameters extends CableParameters {
  referenceCurvature: number
}

export class AncfCable2DElement extends AncfCableBase {
  /** Curvature of the reference configuration at the bending points. */
  private readonly kappaRef: Float64Array
  // Work arrays (hot path: nothing allocated per call).
  private readonly gradient = new Float64Array(8)
  private readonly hessian = new Float64Array(64)
  private readonly hessianV = new Float64Array(8)
  private readonly a = new Float64Array(2)
  private readonly b = new Float64Array(2)
  private readonly cGradient = new Float64Array(8)
  private readonly gGradient = new Float64Array(8)

  constructor(
    name: string,
    nodes: [NodeComputation, NodeComputation],
    override readonly p: Cable2DParameters,
  ) {
    super(name, nodes, p, 2)
    this.kappaRef = new Float64Array(this.bending.n)
  }

  protected setupReferenceStrains(): void {
    for (let pt = 0; pt < this.axial.n; pt++) this.epsRef[pt] = this.axialPoint(pt, false)
    for (let pt = 0; pt < this.bending.n; pt++) this.kappaRef[pt] = this.bendingPoint(pt, false)
  }

  /**
   * Strain eps at axial point pt of this.q; gradient = d eps/dq; with hessian, also d^2 eps/dq^2
   * (8x8) = S'_i S'_j (I - t t^T)_{ci cj} / |r'|.
   */
  protected axialPoint(pt: number, withHessian: boolean): number {
    const d1 = this.axial.d1,
      at = 4 * pt
    this.interpolate(d1, at, this.q, this.a)
    const ax = this.a[0],
      ay = this.a[1]
    const len = Math.hypot(ax, ay)
    const tx = ax / len,
      ty = ay / len
    for (let k = 0; k < 4; k++) {
      this.gradient[2 * k] = d1[at + k] * tx
      this.gradient[2 * k + 1] = d1[at + k] * ty
    }
    if (withHessian) {
      const P = [1 - tx * tx, -tx * ty, -tx * ty, 1 - ty * ty]
      for (let i = 0; i < 8; i++)
        for (let j = 0; j < 8; j++)
          this.hessian[i * 8 + j] = (d1[at + (i >> 1)] * d1[at + (j >> 1)] * P[2 * (i & 1) + (j & 1)]) / len
    }
    return len - 1
  }

  /**
   * Curvature K = c / g (c = r' x r'', g = r'.r') at bending point pt of this.q; gradient = dK/dq;
   * with hessian, d^2K/dq^2 = c_ij/g - (c_i g_j + c_j g_i)/g^2 - c g_ij/g^2 + 2 c g_i g_j/g^3.
   */
  private bendingPoint(pt: number, withHessian: boolean): number {
    const d1 = this.bending.d1,
      d2 = this.bending.d2,
      at = 4 * pt
    this.interpolate(d1, at, this.q, this.a)
    this.interpolate(d2, at, this.q, this.b)
    const [ax, ay] = this.a,
      [bx, by] = this.b
    const g = ax * ax + ay * ay
    const c = ax * by - ay * bx
    // c_i = S'_i x r'' + r' x S''_i and g_i = 2 r'.S'_i for S'_i = d1[k] e_x / e_y.
    const ci = this.cGradient,
      gi = this.gGradient
    for (let k = 0; k < 4; k++) {
      ci[2 * k] = d1[at + k] * by - d2[at + k] * ay
      ci[2 * k + 1] = -d1[at + k] * bx + d2[at + k] * ax
      gi[2 * k] = 2 * d1[at + k] * ax
      gi[2 * k + 1] = 2 * d1[at + k] * ay
    }
    for (let i = 0; i < 8; i++) this.gradient[i] = ci[i] / g - (c * gi[i]) / (g * g)
    if (withHessian) {
      for (let i = 0; i < 8; i++)
        for (let j = 0; j < 8; j++) {
          const ki = at + (i >> 1),
            kj = at + (j >> 1)
          const sameC = (i & 1) === (j & 1)
          // e_x x e_y = 1, e_y x e_x = -1.
          const cij = sameC ? 0 : ((i & 1) === 0 ? 1 : -1) * (d1[ki] * d2[kj] - d1[kj] * d2[ki])
          const gij = sameC ? 2 * d1[ki] * d1[kj] : 0
          this.hessian[i * 8 + j] =
            cij / g -
            (ci[i] * gi[j] + ci[j] * gi[i]) / (g * g) -
            (c * gij) / (g * g) +
            (2 * c * gi[i] * gi[j]) / (g * g * g)
        }
    }
    return c / g
  }

  private dotV(x: Float64Array): number {
    let sum = 0
    for (let i = 0; i < 8; i++) sum += x[i] * this.v[i]
    return sum
  }

  computeODE2LHS(s: SystemState, out: Float64Array): void {
    this.gather(s)
    this.forEachPoint((w, stress) => {
      for (let i = 0; i < 8; i++) out[i] += w * stress * this.gradient[i]
    }, false)
  }

  computeODE2LHSJacobian(s: SystemState, factorK: number, factorD: number, out: Float64Array): void {
    this.gather(s)
    this.forEachPoint((w, stress, stiffness, damping) => {
      const g = this.gradient,
        H = this.hessian,
        Hv = this.hessianV
      // (hessian q') for the damping term's dependence on q.
      for (let i = 0; i < 8; i++) {
        let sum = 0
        for (let j = 0; j < 8; j++) sum += H[i * 8 + j] * this.v[j]
        Hv[i] = sum
      }
      for (let i = 0; i < 8; i++)
        for (let j = 0; j < 8; j++)
          out[i * 8 + j] +=
            w *
            (factorK * (stiffness * g[i] * g[j] + stress * H[i * 8 + j] + damping * g[i] * Hv[j]) +
              factorD * damping * g[i] * g[j])
    }, true)
  }

  /**
   * Calls add(weight, generalized stress, stiffness, damping coefficient) at every axial point (with
   * gradient/hessian of eps) and every bending point (of K). Stress = N or M including damping.
   */
  private forEachPoint(
    add: (w: number, stress: number, stiffness: number, damping: number) => void,
    withHessian: boolean,
  ): void {
    const p = this.p
    for (let pt = 0; pt < this.axial.n; pt++) {
      const eps = this.axialPoint(pt, withHessian)
      const N =
        p.EA * (eps - p.referenceAxialStrain - p.strainIsRelativeToReference * this.epsRef[pt]) +
        p.axialDamping * this.dotV(this.gradient)
      add(this.axial.weight[pt], N, p.EA, p.axialDamping)
    }
    for (let pt = 0; pt < this.bending.n; pt++) {
      const K = this.bendingPoint(pt, withHessian)
      const M =
        p.EI * (K - p.referenceCurvature - p.strainIsRelativeToReference * this.kappaRef[pt]) +
        p.bendingDamping * this.dotV(this.gradient)
      add(this.bending.weight[pt], M, p.EI, p.bendingDamping)
    }
  }

  protected curvatureErrorSquared(pt: number): number {
    const p = this.p
    const d =
      this.bendingPoint(pt, false) - p.referenceCurvature - p.strainIsRelativeToReference * this.kappaRef[pt]
    return d * d
  }

  /**
   * Position of axis point x (0..L) with cross-section offset y: r(x) + y n(x), n = t rotated by +90 degrees.
   */
  positionAt(s: SystemState, x: number, y: number, out: Float64Array): void {
    this.axisPosition(s, x, out)
    if (y !== 0) {
      this.interpolate(this.shapeD1, 0, this.q, this.a)
      const len = Math.hypot(this.a[0], this.a[1])
      out[0] -= (y * this.a[1]) / len
      out[1] += (y * this.a[0]) / len
    }
  }

  bodyPoint(local: Float64Array): PointKinematics {
    if (local[0] < 0 || local[0] > this.p.L)
      throw new Error(
        `object "${this.name}" (ANCFCable2D): localPosition x = ${local[0]} lies outside the element [0, ` +
          `${this.p.L}]`,
      )
    return new CablePoint(this, local[0], local[1] ?? 0)
  }
}

/** A point on the cable at axis position x with cross-section offset y (Exudyn's [x, y, 0]). */
class CablePoint implements PointKinematics {
  private readonly S = new Float64Array(4)
  private readonly d1 = new Float64Array(4)
  private readonly d2 = new Float64Array(4)
  private readonly r1 = new Float64Array(2)
  constructor(
    private readonly cable: AncfCable2DElement,
    private readonly x: number,
    private readonly y: number,
  ) {
    hermiteShape(x / cable.p.L, cable.p.L, this.S, this.d1, this.d2)
  }
  get ltg(): Int32Array {
    return this.cable.ltgODE2
  }
  position(s: SystemState, out: Float64Array): void {
    this.cable.positionAt(s, this.x, this.y, out)
  }
  /** out = J x (J the position Jacobian at the current configuration) for x = q' or q''. */
  private rate(s: SystemState, x: Float64Array, out: Float64Array): void {
    const J = this.jacobianBuffer
    this.positionJacobian(s, J)
    const l = this.ltg
    for (let r = 0; r < 3; r++) {
      let sum = 0
      for (let j = 0; j < 8; j++) sum += J[r * 8 + j] * x[l[j]]
      out[r] = sum
    }
  }
  private readonly jacobianBuffer = new Float64Array(24)
  velocity(s: SystemState, out: Float64Array): void {
    this.rate(s, s.v, out)
  }
  /** The Jacobian part of the acceleration (the y-offset's quadratic velocity term is left out). */
  acceleration(s: SystemState, out: Float64Array): void {
    this.rate(s, s.a, out)
  }
  /** dp/dq = S_k e_c + y R90 (I - t t^T) S'_k e_c / |r'| (3 x 8, z row 0). */
  positionJacobian(s: SystemState, out: Float64Array): void {
    out.fill(0, 0, 24)
    let tx = 0,
      ty = 0,
      len = 1
    if (this.y !== 0) {
      this.cable.slopeAt(s, this.d1, this.r1)
      len = Math.hypot(this.r1[0], this.r1[1])
      tx = this.r1[0] / len
      ty = this.r1[1] / len
    }
    for (let k = 0; k < 4; k++) {
      out[2 * k] = this.S[k]
      out[8 + 2 * k + 1] = this.S[k]
      if (this.y !== 0) {
        // d n / d r' = R90 (I - t t^T) / |r'|, R90 = [[0, -1], [1, 0]].
        const f = (this.y * this.d1[k]) / len
        out[2 * k] += f * tx * ty
        out[2 * k + 1] += -f * (1 - ty * ty)
        out[8 + 2 * k] += f * (1 - tx * tx)
        out[8 + 2 * k + 1] += -f * tx * ty
      }
    }
  }
}

export const ObjectANCFCable2D = defineItem({
  kind: 'object',
  type: 'ANCFCable2D',
  exudynName: 'ObjectANCFCable2D',
  doc:
    'A planar ANCF Bernoulli-Euler cable element on two Point2DSlope1 nodes with large axial and bending ' +
    "deformation: axial strain eps = |r'| - 1, bending by the material curvature K = (r' x r'') / " +
    "|r'|^2, normal force N = EA (eps - eps0 - fRef epsRef) and moment M = EI (K - K0 - fRef KRef) plus " +
    'viscous terms; Gauss integration per term (full or reduced). Markers: BodyPosition at localPosition ' +
    '[x, y, 0] (x along the axis 0..L, y across), BodyMass for distributed (gravity) loads.',
  parameters: {
    ...cableParameterSchema({
      bendingStiffness: 'bending stiffness EI; bending moment M = EI (K - K0)',
      referenceAxialStrain:
        'reference axial strain eps0 (pre-stretch): the unloaded element keeps this strain',
      strainIsRelativeToReference:
        'fRef: 1 = the (possibly curved) reference configuration of the nodes is stress-free; 0 = the ' +
        'straight configuration (plus eps0, K0) is; values between blend',
      integration:
        '0: Gauss 5 (axial) / 3 (bending) points; 1: Gauss 4 / 2; 2: Lobatto 3 / Gauss 2 (axial and ' +
        'bending terms at disjoint points)',
      nodeType: 'Point2DSlope1',
      referenceCurvature: {
        physicsReferenceCurvature: {
          type: 'number',
          default: 0,
          unit: '1/m',
          doc: 'reference curvature K0 (pre-curvature): the unloaded element keeps this curvature',
        },
      },
    }),
    ...visualizationParams({
      VdrawHeight: {
        type: 'number',
        default: 0,
        min: 0,
        unit: 'm',
        doc: 'drawn height of the cross section (0 = a line)',
        visualization: true,
      },
    }),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  traits: { body: true },
  build: (it, ctx) => {
    const [n0, n1] = it.params.refs('nodeNumbers').map((n) => ctx.node(n))
    return new AncfCable2DElement(it.name, [n0, n1], {
      ...cableParametersOf(it),
      referenceCurvature: it.params.number('physicsReferenceCurvature'),
    })
  },
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const cable = c as AncfCable2DElement
    const color = it.params.color('Vcolor', DEFAULT_COLORS.body)
    const h = it.params.number('VdrawHeight')
    // The deformed axis (and, with a height, both faces of the cross section) as polylines.
    for (const y of h > 0 ? [-h / 2, 0, h / 2] : [0])
      g.add({
        shape: 'line',
        points: sampleCurve(cable.p.L, (x, out) => cable.positionAt(s, x, y, out)),
        color,
      })
  },
})
