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
import type { ItemDefinition } from '../../model/definition'
import type { NodeComputation, ObjectComputation, PointKinematics } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { DEFAULT_COLORS, colorOr } from '../../system/graphics'
import { V_COLOR, visualizationParams } from '../common'
import { GAUSS, PointSet, RULES, hermiteShape } from './ancfCable2D'

const N = 12

export interface Cable3DParameters {
  L: number
  rhoA: number
  EI: number
  EA: number
  bendingDamping: number
  axialDamping: number
  referenceAxialStrain: number
  strainIsRelativeToReference: number
  integration: number
}

export class AncfCable3DElement implements ObjectComputation {
  readonly ltgODE2 = new Int32Array(N)
  readonly nAE = 0
  readonly nData = 0
  aeIndex = 0
  dataIndex = 0
  readonly constantMassMatrix = true
  readonly mass: number
  readonly outputVariables = ['KineticEnergy']
  readonly qRef = new Float64Array(N)
  private readonly M = new Float64Array(N * N)
  private readonly axial: PointSet
  private readonly bending: PointSet
  private readonly epsRef: Float64Array
  /** Reference curvature vectors at the bending points (3 each). */
  private readonly kappaRef: Float64Array
  // Work arrays (hot path: nothing allocated per call).
  private readonly q = new Float64Array(N)
  private readonly v = new Float64Array(N)
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
  private readonly shape = new Float64Array(4)
  private readonly shapeD1 = new Float64Array(4)
  private readonly shapeD2 = new Float64Array(4)

  constructor(
    readonly name: string,
    private readonly nodes: [NodeComputation, NodeComputation],
    readonly p: Cable3DParameters,
  ) {
    const [axialRule, bendingRule] = RULES[p.integration]
    this.axial = new PointSet(axialRule, p.L)
    this.bending = new PointSet(bendingRule, p.L)
    this.epsRef = new Float64Array(this.axial.n)
    this.kappaRef = new Float64Array(3 * this.bending.n)
    this.mass = p.rhoA * p.L
  }

  /** Phase 1: constant mass matrix rhoA int S^T S dx (x) I3 and the reference strains and curvatures. */
  setupInitial(): void {
    this.qRef.set(this.nodes[0].reference.subarray(0, 6), 0)
    this.qRef.set(this.nodes[1].reference.subarray(0, 6), 6)
    const mp = new PointSet(GAUSS[4], this.p.L)
    this.M.fill(0)
    for (let pt = 0; pt < mp.n; pt++)
      for (let i = 0; i < 4; i++)
        for (let j = 0; j < 4; j++) {
          const m = this.p.rhoA * mp.weight[pt] * mp.s0[4 * pt + i] * mp.s0[4 * pt + j]
          for (let a = 0; a < 3; a++) this.M[(3 * i + a) * N + 3 * j + a] += m
        }
    this.q.set(this.qRef)
    for (let pt = 0; pt < this.axial.n; pt++) this.epsRef[pt] = this.axialPoint(pt, false)
    for (let pt = 0; pt < this.bending.n; pt++) {
      this.bendingPoint(pt, false)
      this.kappaRef.set(this.kappa, 3 * pt)
    }
  }

  setupLTG(): void {
    for (let k = 0; k < 6; k++) {
      this.ltgODE2[k] = this.nodes[0].ode2Index + k
      this.ltgODE2[6 + k] = this.nodes[1].ode2Index + k
    }
  }

  computeMassMatrix(_s: SystemState, out: Float64Array): void {
    out.set(this.M)
  }

  private gather(s: SystemState): void {
    for (let i = 0; i < N; i++) {
      this.q[i] = this.qRef[i] + s.q[this.ltgODE2[i]]
      this.v[i] = s.v[this.ltgODE2[i]]
    }
  }

  /** out (3) = sum_k d[at + k] x[3k .. 3k + 2]. */
  private interpolate(d: Float64Array, at: number, x: Float64Array, out: Float64Array): void {
    for (let a = 0; a < 3; a++) out[a] = d[at] * x[a] + d[at + 1] * x[3 + a] + d[at + 2] * x[6 + a] + d[at + 3] * x[9 + a]
  }

  /** eps at axial point pt of this.q, with eGrad (and eHess = S'_k S'_l (I - t t^T)_ab / |r'|). */
  private axialPoint(pt: number, withHessian: boolean): number {
    const d1 = this.axial.d1, at = 4 * pt, r1 = this.r1
    this.interpolate(d1, at, this.q, r1)
    const len = Math.hypot(r1[0], r1[1], r1[2])
    for (let i = 0; i < N; i++) this.eGrad[i] = (d1[at + ((i / 3) | 0)] * r1[i % 3]) / len
    if (withHessian)
      for (let i = 0; i < N; i++)
        for (let j = 0; j < N; j++) {
          const a = i % 3, b = j % 3
          const P = (a === b ? 1 : 0) - (r1[a] * r1[b]) / (len * len)
          this.eHess[i * N + j] = (d1[at + ((i / 3) | 0)] * d1[at + ((j / 3) | 0)] * P) / len
        }
    return len - 1
  }

  /** K at bending point pt of this.q into this.kappa, with kGrad (and the vector Hessian kHess). */
  private bendingPoint(pt: number, withHessian: boolean): void {
    const d1 = this.bending.d1, d2 = this.bending.d2, at = 4 * pt
    const r1 = this.r1, r2 = this.r2, c = this.c
    this.interpolate(d1, at, this.q, r1)
    this.interpolate(d2, at, this.q, r2)
    c[0] = r1[1] * r2[2] - r1[2] * r2[1]
    c[1] = r1[2] * r2[0] - r1[0] * r2[2]
    c[2] = r1[0] * r2[1] - r1[1] * r2[0]
    const g = r1[0] * r1[0] + r1[1] * r1[1] + r1[2] * r1[2]
    for (let m = 0; m < 3; m++) this.kappa[m] = c[m] / g
    for (let i = 0; i < N; i++) {
      const k = (i / 3) | 0, a = i % 3
      const s1 = d1[at + k], s2 = d2[at + k]
      const a1 = (a + 1) % 3, a2 = (a + 2) % 3
      // c_i = s1 (e_a x r'') - s2 (e_a x r'), with (e_a x w) = -w[a2] e_a1 + w[a1] e_a2.
      const ci = this.cGrad
      ci[a * N + i] = 0
      ci[a1 * N + i] = -s1 * r2[a2] + s2 * r1[a2]
      ci[a2 * N + i] = s1 * r2[a1] - s2 * r1[a1]
      this.gGrad[i] = 2 * s1 * r1[a]
    }
    for (let m = 0; m < 3; m++)
      for (let i = 0; i < N; i++) this.kGrad[m * N + i] = this.cGrad[m * N + i] / g - (c[m] * this.gGrad[i]) / (g * g)
    if (!withHessian) return
    const ci = this.cGrad, gi = this.gGrad, H = this.kHess
    for (let i = 0; i < N; i++) {
      const k = (i / 3) | 0, a = i % 3
      for (let j = 0; j < N; j++) {
        const l = (j / 3) | 0, b = j % 3
        const f = d1[at + k] * d2[at + l] - d1[at + l] * d2[at + k]
        const gij = a === b ? 2 * d1[at + k] * d1[at + l] : 0
        for (let m = 0; m < 3; m++) {
          // (e_a x e_b)_m = +1 if (a, b, m) cyclic, -1 if anticyclic, else 0.
          const eps = a === b || m === a || m === b ? 0 : (b - a + 3) % 3 === 1 ? 1 : -1
          H[(m * N + i) * N + j] = (f * eps) / g - (ci[m * N + i] * gi[j] + ci[m * N + j] * gi[i]) / (g * g) - (c[m] * gij) / (g * g) + (2 * c[m] * gi[i] * gi[j]) / (g * g * g)
        }
      }
    }
  }

  /** Normal force N at axial point pt (after axialPoint). */
  private normalForce(pt: number, eps: number): number {
    const p = this.p
    let rate = 0
    for (let i = 0; i < N; i++) rate += this.eGrad[i] * this.v[i]
    return p.EA * (eps - p.referenceAxialStrain - p.strainIsRelativeToReference * this.epsRef[pt]) + p.axialDamping * rate
  }

  /** Moment vector M (into this.moment) at bending point pt (after bendingPoint). */
  private bendingMoment(pt: number): void {
    const p = this.p
    for (let m = 0; m < 3; m++) {
      let rate = 0
      for (let i = 0; i < N; i++) rate += this.kGrad[m * N + i] * this.v[i]
      this.kappaRate[m] = rate
      this.moment[m] = p.EI * (this.kappa[m] - p.strainIsRelativeToReference * this.kappaRef[3 * pt + m]) + p.bendingDamping * rate
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
      const w = this.bending.weight[pt], M = this.moment, G = this.kGrad
      for (let i = 0; i < N; i++) out[i] += w * (M[0] * G[i] + M[1] * G[N + i] + M[2] * G[2 * N + i])
    }
  }

  computeODE2LHSJacobian(s: SystemState, factorK: number, factorD: number, out: Float64Array): void {
    this.gather(s)
    const p = this.p
    for (let pt = 0; pt < this.axial.n; pt++) {
      const Nf = this.normalForce(pt, this.axialPoint(pt, true))
      const w = this.axial.weight[pt], g = this.eGrad, H = this.eHess
      for (let i = 0; i < N; i++) {
        let hv = 0
        for (let l = 0; l < N; l++) hv += H[i * N + l] * this.v[l]
        this.hessV[i] = hv
      }
      for (let i = 0; i < N; i++)
        for (let j = 0; j < N; j++)
          out[i * N + j] += w * (factorK * (p.EA * g[i] * g[j] + Nf * H[i * N + j] + p.axialDamping * g[i] * this.hessV[j]) + factorD * p.axialDamping * g[i] * g[j])
    }
    for (let pt = 0; pt < this.bending.n; pt++) {
      this.bendingPoint(pt, true)
      this.bendingMoment(pt)
      const w = this.bending.weight[pt], G = this.kGrad, H = this.kHess, M = this.moment
      // d(K')/dq_j = sum_l K_lj v_l, per component.
      for (let m = 0; m < 3; m++)
        for (let j = 0; j < N; j++) {
          let hv = 0
          for (let l = 0; l < N; l++) hv += H[(m * N + l) * N + j] * this.v[l]
          this.hessV[m * N + j] = hv
        }
      for (let i = 0; i < N; i++)
        for (let j = 0; j < N; j++) {
          let gg = 0, mh = 0, gh = 0
          for (let m = 0; m < 3; m++) {
            gg += G[m * N + i] * G[m * N + j]
            mh += M[m] * H[(m * N + i) * N + j]
            gh += G[m * N + i] * this.hessV[m * N + j]
          }
          out[i * N + j] += w * (factorK * (p.EI * gg + mh + p.bendingDamping * gh) + factorD * p.bendingDamping * gg)
        }
    }
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    if (variable !== 'KineticEnergy') return 0
    let e = 0
    for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) e += 0.5 * s.v[this.ltgODE2[i]] * this.M[i * N + j] * s.v[this.ltgODE2[j]]
    out[0] = e
    return 1
  }

  /** Axis point at x (0..L) into out (3). */
  positionAt(s: SystemState, x: number, out: Float64Array): void {
    this.gather(s)
    hermiteShape(x / this.p.L, this.p.L, this.shape, this.shapeD1, this.shapeD2)
    this.interpolate(this.shape, 0, this.q, out)
  }

  bodyPoint(local: Float64Array): PointKinematics {
    if (local[0] < 0 || local[0] > this.p.L)
      throw new Error(`object "${this.name}" (ANCFCable): localPosition x = ${local[0]} lies outside the element [0, ${this.p.L}]`)
    if ((local[1] ?? 0) !== 0 || (local[2] ?? 0) !== 0)
      throw new Error(`object "${this.name}" (ANCFCable): localPosition must lie on the axis [x, 0, 0] (the cable has no cross-section orientation), got [${[...local].join(', ')}]`)
    const S = new Float64Array(4)
    hermiteShape(local[0] / this.p.L, this.p.L, S, new Float64Array(4), new Float64Array(4))
    return new LinearCablePoint(this, S)
  }

  /** The centre of mass (1/L) int r dx: weights [1/2, L/12, 1/2, -L/12] on [r0, r0', r1, r1']. */
  centerOfMass(): PointKinematics {
    const L = this.p.L
    return new LinearCablePoint(this, Float64Array.of(0.5, L / 12, 0.5, -L / 12))
  }
}

/** A point linear in the element coordinates: p = sum_k w_k x_k over the four vector coordinates. */
class LinearCablePoint implements PointKinematics {
  constructor(
    private readonly cable: AncfCable3DElement,
    private readonly w: Float64Array,
  ) {}
  get ltg(): Int32Array {
    return this.cable.ltgODE2
  }
  private combine(x: Float64Array, withReference: boolean, out: Float64Array): void {
    const l = this.ltg, ref = this.cable.qRef
    for (let a = 0; a < 3; a++) {
      let sum = 0
      for (let k = 0; k < 4; k++) sum += this.w[k] * (x[l[3 * k + a]] + (withReference ? ref[3 * k + a] : 0))
      out[a] = sum
    }
  }
  position(s: SystemState, out: Float64Array): void {
    this.combine(s.q, true, out)
  }
  velocity(s: SystemState, out: Float64Array): void {
    this.combine(s.v, false, out)
  }
  acceleration(s: SystemState, out: Float64Array): void {
    this.combine(s.a, false, out)
  }
  positionJacobian(_s: SystemState, out: Float64Array): void {
    out.fill(0, 0, 3 * N)
    for (let k = 0; k < 4; k++) for (let a = 0; a < 3; a++) out[a * N + 3 * k + a] = this.w[k]
  }
}

/** Sample points per element of the drawn curve. */
const CURVE_SAMPLES = 8

export const ObjectANCFCable: ItemDefinition<'object'> = {
  kind: 'object',
  type: 'ANCFCable',
  exudynName: 'ObjectANCFCable',
  doc: "A 3D ANCF Bernoulli-Euler cable element on two PointSlope1 nodes (no torsion): axial strain eps = |r'| - 1 and the curvature vector K = (r' x r'') / |r'|^2, normal force N = EA (eps - eps0 - fRef epsRef) and moment vector M = EI (K - fRef KRef) plus viscous terms (the same EI in both bending planes: a round section); Gauss integration per term as ANCFCable2D, which it reproduces for planar motion. Markers: BodyPosition on the axis at localPosition [x, 0, 0] (0..L), BodyMass for distributed loads.",
  parameters: {
    physicsLength: { type: 'number', min: 0, exclusiveMin: true, unit: 'm', doc: 'reference length L of the element' },
    physicsMassPerLength: { type: 'number', default: 0, min: 0, unit: 'kg/m', doc: 'mass per length rhoA' },
    physicsBendingStiffness: { type: 'number', default: 0, min: 0, unit: 'N m^2', doc: 'bending stiffness EI (both bending planes); moment M = EI (K - K0)' },
    physicsAxialStiffness: { type: 'number', default: 0, min: 0, unit: 'N', doc: 'axial stiffness EA; normal force N = EA (eps - eps0)' },
    physicsBendingDamping: { type: 'number', default: 0, min: 0, unit: 'N m^2 s', doc: 'bending damping d_K: adds d_K dK/dt to the moment' },
    physicsAxialDamping: { type: 'number', default: 0, min: 0, unit: 'N s', doc: 'axial damping d_eps: adds d_eps deps/dt to the normal force' },
    physicsReferenceAxialStrain: { type: 'number', default: 0, doc: 'reference axial strain eps0 (pre-stretch)' },
    strainIsRelativeToReference: { type: 'number', default: 0, min: 0, max: 1, doc: 'fRef: 1 = the (possibly curved) reference configuration of the nodes is stress-free; 0 = the straight configuration (plus eps0) is; values between blend' },
    nodeNumbers: { type: 'refList', kind: 'node', size: 2, types: ['PointSlope1'], doc: 'the two PointSlope1 nodes [n0, n1]' },
    useReducedOrderIntegration: { type: 'integer', default: 0, min: 0, max: 2, doc: '0: Gauss 5 (axial) / 3 (bending) points; 1: Gauss 4 / 2; 2: Lobatto 3 / Gauss 2' },
    ...visualizationParams({ Vradius: { type: 'number', default: 0, min: 0, unit: 'm', doc: 'drawn radius (0 = the axis as a line)', visualization: true } }),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  traits: { body: true },
  build: (it, ctx) => {
    const p = it.params
    const [n0, n1] = p.refs('nodeNumbers').map((n) => ctx.node(n))
    return new AncfCable3DElement(it.name, [n0, n1], {
      L: p.number('physicsLength'),
      rhoA: p.number('physicsMassPerLength'),
      EI: p.number('physicsBendingStiffness'),
      EA: p.number('physicsAxialStiffness'),
      bendingDamping: p.number('physicsBendingDamping'),
      axialDamping: p.number('physicsAxialDamping'),
      referenceAxialStrain: p.number('physicsReferenceAxialStrain'),
      strainIsRelativeToReference: p.number('strainIsRelativeToReference'),
      integration: p.integer('useReducedOrderIntegration'),
    })
  },
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const cable = c as AncfCable3DElement
    const color = colorOr(it.params.vector('Vcolor') as unknown as number[], DEFAULT_COLORS.body)
    const radius = it.params.number('Vradius')
    const p = new Float64Array(3)
    const points: number[] = []
    for (let i = 0; i <= CURVE_SAMPLES; i++) {
      cable.positionAt(s, (i / CURVE_SAMPLES) * cable.p.L, p)
      points.push(p[0], p[1], p[2])
    }
    if (radius === 0) g.add({ shape: 'line', points, color })
    else for (let i = 0; i < CURVE_SAMPLES; i++) g.add({ shape: 'cylinder', from: points.slice(3 * i, 3 * i + 3), to: points.slice(3 * i + 3, 3 * i + 6), radius, color })
  },
}
