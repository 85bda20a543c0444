// ObjectANCFCable: Exudyn's 3D ANCF cable element (Bernoulli-Euler, no torsion) on two NodePointSlope1
// nodes; the 3D counterpart of ANCFCable2D (same interpolation, rules and strain measures):
//   coordinates  q = [r0, r0', r1, r1'] (12, totals = node reference + displacement)
//   interpolation r(x) = S1 r0 + S2 r0' + S3 r1 + S4 r1' (cubic Hermite), x in [0, L]
//   axial strain  eps = |r'| - 1,  curvature vector K = (r' x r'') / (r' . r')
//   virtual work  dW = int_0^L (N d eps + M . dK) dx,  N = EA (eps - eps0 - fRef epsRef) + d_eps eps',
//                 M = EI (K - fRef KRef) + d_K K'  (a round section: the same EI in both bending planes)
// For a planar motion K = [0, 0, K_2D], so the element reproduces ANCFCable2D exactly. The Jacobian is
// analytic, with the vector Hessian of K from c = r' x r'', g = r' . r':
//   K_ij = c_ij/g - (c_i g_j + c_j g_i)/g^2 - c g_ij/g^2 + 2 c g_i g_j/g^3,
//   c_ij = (S'_k S''_l - S'_l S''_k) e_a x e_b,  g_ij = 2 S'_k S'_l delta_ab   (i = (k, a), j = (l, b)).
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
  LinearCablePoint,
  sampleCurve,
} from '../common/ancfCable'
import { V_COLOR, visualizationParams } from '../common/itemFields'

const N = 12

export class AncfCable3DElement extends AncfCableBase {
  /** Reference curvature vectors at the bending points (3 each). */
  private readonly kappaRef: Float64Array
  // Work arrays (hot path: nothing allocated per call).
  private readonly r1 = new Float64Array(3)
  private readonly r2 = new Float64Array(3)
  private readonly c = new Float64Array(3)
  /** d eps/dq (N) and its Hessian (N x N). */
  private readonly eGrad = new Float64Array(N)
  private readonly eHess = new Float64Array(N * N)
  /** dK/dq (3 x N, component-major), c_i (3 x N), g_i (N), the vector Hessian (3 x N x N), rates. */
  private readonly kGrad = new Float64Array(3 * N)
  private readonly cGrad = new Float64Array(3 * N)
  private readonly gGrad = new Float64Array(N)
  private readonly kHess = new Float64Array(3 * N * N)
  private readonly kappa = new Float64Array(3)
  private readonly kappaRate = new Float64Array(3)
  private readonly moment = new Float64Array(3)
  private readonly hessV = new Float64Array(3 * N)

  constructor(name: string, nodes: [NodeComputation, NodeComputation], p: CableParameters) {
    super(name, nodes, p, 3)
    this.kappaRef = new Float64Array(3 * this.bending.n)
  }

  protected setupReferenceStrains(): void {
    for (let pt = 0; pt < this.axial.n; pt++) this.epsRef[pt] = this.axialPoint(pt, false)
    for (let pt = 0; pt < this.bending.n; pt++) {
      this.bendingPoint(pt, false)
      this.kappaRef.set(this.kappa, 3 * pt)
    }
  }

  /** eps at axial point pt of this.q, with eGrad (and eHess = S'_k S'_l (I - t t^T)_ab / |r'|). */
  protected axialPoint(pt: number, withHessian: boolean): number {
    const d1 = this.axial.d1,
      at = 4 * pt,
      r1 = this.r1
    this.interpolate(d1, at, this.q, r1)
    const len = Math.hypot(r1[0], r1[1], r1[2])
    for (let i = 0; i < N; i++) this.eGrad[i] = (d1[at + ((i / 3) | 0)] * r1[i % 3]) / len
    if (withHessian)
      for (let i = 0; i < N; i++)
        for (let j = 0; j < N; j++) {
          const a = i % 3,
            b = j % 3
          const P = (a === b ? 1 : 0) - (r1[a] * r1[b]) / (len * len)
          this.eHess[i * N + j] = (d1[at + ((i / 3) | 0)] * d1[at + ((j / 3) | 0)] * P) / len
        }
    return len - 1
  }

  /** K at bending point pt of this.q into this.kappa, with kGrad (and the vector Hessian kHess). */
  private bendingPoint(pt: number, withHessian: boolean): void {
    const d1 = this.bending.d1,
      d2 = this.bending.d2,
      at = 4 * pt
    const r1 = this.r1,
      r2 = this.r2,
      c = this.c
    this.interpolate(d1, at, this.q, r1)
    this.interpolate(d2, at, this.q, r2)
    c[0] = r1[1] * r2[2] - r1[2] * r2[1]
    c[1] = r1[2] * r2[0] - r1[0] * r2[2]
    c[2] = r1[0] * r2[1] - r1[1] * r2[0]
    const g = r1[0] * r1[0] + r1[1] * r1[1] + r1[2] * r1[2]
    for (let m = 0; m < 3; m++) this.kappa[m] = c[m] / g
    for (let i = 0; i < N; i++) {
      const k = (i / 3) | 0,
        a = i % 3
      const s1 = d1[at + k],
        s2 = d2[at + k]
      const a1 = (a + 1) % 3,
        a2 = (a + 2) % 3
      // c_i = s1 (e_a x r'') - s2 (e_a x r'), with (e_a x w) = -w[a2] e_a1 + w[a1] e_a2.
      const ci = this.cGrad
      ci[a * N + i] = 0
      ci[a1 * N + i] = -s1 * r2[a2] + s2 * r1[a2]
      ci[a2 * N + i] = s1 * r2[a1] - s2 * r1[a1]
      this.gGrad[i] = 2 * s1 * r1[a]
    }
    for (let m = 0; m < 3; m++)
      for (let i = 0; i < N; i++)
        this.kGrad[m * N + i] = this.cGrad[m * N + i] / g - (c[m] * this.gGrad[i]) / (g * g)
    if (!withHessian) return
    const ci = this.cGrad,
      gi = this.gGrad,
      H = this.kHess
    for (let i = 0; i < N; i++) {
      const k = (i / 3) | 0,
        a = i % 3
      for (let j = 0; j < N; j++) {
        const l = (j / 3) | 0,
          b = j % 3
        const f = d1[at + k] * d2[at + l] - d1[at + l] * d2[at + k]
        const gij = a === b ? 2 * d1[at + k] * d1[at + l] : 0
        for (let m = 0; m < 3; m++) {
          // (e_a x e_b)_m = +1 if (a, b, m) cyclic, -1 if anticyclic, else 0.
          const eps = a === b || m === a || m === b ? 0 : (b - a + 3) % 3 === 1 ? 1 : -1
          H[(m * N + i) * N + j] =
            (f * eps) / g -
            (ci[m * N + i] * gi[j] + ci[m * N + j] * gi[i]) / (g * g) -
            (c[m] * gij) / (g * g) +
            (2 * c[m] * gi[i] * gi[j]) / (g * g * g)
        }
      }
    }
  }

  protected curvatureErrorSquared(pt: number): number {
    this.bendingPoint(pt, false)
    const f = this.p.strainIsRelativeToReference
    let e = 0
    for (let m = 0; m < 3; m++) e += (this.kappa[m] - f * this.kappaRef[3 * pt + m]) ** 2
    return e
  }

  /** Normal force N at axial point pt (after axialPoint). */
  private normalForce(pt: number, eps: number): number {
    const p = this.p
    let rate = 0
    for (let i = 0; i < N; i++) rate += this.eGrad[i] * this.v[i]
    return (
      p.EA * (eps - p.referenceAxialStrain - p.strainIsRelativeToReference * this.epsRef[pt]) +
      p.axialDamping * rate
    )
  }

  /** Moment vector M (into this.moment) at bending point pt (after bendingPoint). */
  private bendingMoment(pt: number): void {
    const p = this.p
    for (let m = 0; m < 3; m++) {
      let rate = 0
      for (let i = 0; i < N; i++) rate += this.kGrad[m * N + i] * this.v[i]
      this.kappaRate[m] = rate
      this.moment[m] =
        p.EI * (this.kappa[m] - p.strainIsRelativeToReference * this.kappaRef[3 * pt + m]) +
        p.bendingDamping * rate
    }
  }

  computeODE2LHS(s: SystemState, out: Float64Array): void {
    this.gather(s)
    for (let pt = 0; pt < this.axial.n; pt++) {
      const Nf = this.normalForce(pt, this.axialPoint(pt, false)) * this.axial.weight[pt]
      for (let i = 0; i < N; i++) out[i] += Nf * this.eGrad[i]
    }
    for (let pt = 0; pt < this.bending.n; pt++) {
      this.bendingPoint(pt, false)
      this.bendingMoment(pt)
      const w = this.bending.weight[pt],
        M = this.moment,
        G = this.kGrad
      for (let i = 0; i < N; i++) out[i] += w * (M[0] * G[i] + M[1] * G[N + i] + M[2] * G[2 * N + i])
    }
  }

  computeODE2LHSJacobian(s: SystemState, factorK: number, factorD: number, out: Float64Array): void {
    this.gather(s)
    const p = this.p
    for (let pt = 0; pt < this.axial.n; pt++) {
      const Nf = this.normalForce(pt, this.axialPoint(pt, true))
      const w = this.axial.weight[pt],
        g = this.eGrad,
        H = this.eHess
      for (let i = 0; i < N; i++) {
        let hv = 0
        for (let l = 0; l < N; l++) hv += H[i * N + l] * this.v[l]
        this.hessV[i] = hv
      }
      for (let i = 0; i < N; i++)
        for (let j = 0; j < N; j++)
          out[i * N + j] +=
            w *
            (factorK * (p.EA * g[i] * g[j] + Nf * H[i * N + j] + p.axialDamping * g[i] * this.hessV[j]) +
              factorD * p.axialDamping * g[i] * g[j])
    }
    for (let pt = 0; pt < this.bending.n; pt++) {
      this.bendingPoint(pt, true)
      this.bendingMoment(pt)
      const w = this.bending.weight[pt],
        G = this.kGrad,
        H = this.kHess,
        M = this.moment
      // d(K')/dq_j = sum_l K_lj v_l, per component.
      for (let m = 0; m < 3; m++)
        for (let j = 0; j < N; j++) {
          let hv = 0
          for (let l = 0; l < N; l++) hv += H[(m * N + l) * N + j] * this.v[l]
          this.hessV[m * N + j] = hv
        }
      for (let i = 0; i < N; i++)
        for (let j = 0; j < N; j++) {
          let gg = 0,
            mh = 0,
            gh = 0
          for (let m = 0; m < 3; m++) {
            gg += G[m * N + i] * G[m * N + j]
            mh += M[m] * H[(m * N + i) * N + j]
            gh += G[m * N + i] * this.hessV[m * N + j]
          }
          out[i * N + j] +=
            w * (factorK * (p.EI * gg + mh + p.bendingDamping * gh) + factorD * p.bendingDamping * gg)
        }
    }
  }

  bodyPoint(local: Float64Array): PointKinematics {
    if (local[0] < 0 || local[0] > this.p.L)
      throw new Error(
        `object "${this.name}" (ANCFCable): localPosition x = ${local[0]} lies outside the element [0, ` +
          `${this.p.L}]`,
      )
    if ((local[1] ?? 0) !== 0 || (local[2] ?? 0) !== 0)
      throw new Error(
        `object "${this.name}" (ANCFCable): localPosition must lie on the axis [x, 0, 0] (the cable has ` +
          `no cross-section orientation), got [${[...local].join(', ')}]`,
      )
    const S = new Float64Array(4)
    hermiteShape(local[0] / this.p.L, this.p.L, S, new Float64Array(4), new Float64Array(4))
    return new LinearCablePoint(this, S)
  }
}

export const ObjectANCFCable = defineItem({
  kind: 'object',
  type: 'ANCFCable',
  exudynName: 'ObjectANCFCable',
  doc:
    'A 3D ANCF Bernoulli-Euler cable element on two PointSlope1 nodes (no torsion): axial strain eps = ' +
    "|r'| - 1 and the curvature vector K = (r' x r'') / |r'|^2, normal force N = EA (eps - eps0 - fRef " +
    'epsRef) and moment vector M = EI (K - fRef KRef) plus viscous terms (the same EI in both bending ' +
    'planes: a round section); Gauss integration per term as ANCFCable2D, which it reproduces for planar ' +
    'motion. Markers: BodyPosition on the axis at localPosition [x, 0, 0] (0..L), BodyMass for ' +
    'distributed loads.',
  parameters: {
    ...cableParameterSchema({
      bendingStiffness: 'bending stiffness EI (both bending planes); moment M = EI (K - K0)',
      referenceAxialStrain: 'reference axial strain eps0 (pre-stretch)',
      strainIsRelativeToReference:
        'fRef: 1 = the (possibly curved) reference configuration of the nodes is stress-free; 0 = the ' +
        'straight configuration (plus eps0) is; values between blend',
      integration: '0: Gauss 5 (axial) / 3 (bending) points; 1: Gauss 4 / 2; 2: Lobatto 3 / Gauss 2',
      nodeType: 'PointSlope1',
      referenceCurvature: {},
    }),
    ...visualizationParams({
      Vradius: {
        type: 'number',
        default: 0,
        min: 0,
        unit: 'm',
        doc: 'drawn radius (0 = the axis as a line)',
        visualization: true,
      },
    }),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  traits: { body: true },
  build: (it, ctx) => {
    const [n0, n1] = it.params.refs('nodeNumbers').map((n) => ctx.node(n))
    return new AncfCable3DElement(it.name, [n0, n1], cableParametersOf(it))
  },
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const cable = c as AncfCable3DElement
    const color = it.params.color('Vcolor', DEFAULT_COLORS.body)
    const radius = it.params.number('Vradius')
    const points = sampleCurve(cable.p.L, (x, out) => cable.axisPosition(s, x, out))
    if (radius === 0) g.add({ shape: 'line', points, color })
    else
      for (let i = 0; i + 3 < points.length; i += 3)
        g.add({
          shape: 'cylinder',
          from: points.slice(i, i + 3),
          to: points.slice(i + 3, i + 6),
          radius,
          color,
        })
  },
})
