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
// Exudyn's axialForceUserFunction / bendingMomentUserFunction replace N / M at each integration point
// by an expression in eps, eps', K, K' (both strains at every point) and the parameters; the Newton
// matrix then takes dN/d eps, dN/d eps' (dM/dK, dM/dK') by central differences in place of EA, d_eps
// (EI, d_K) and leaves out the cross terms dN/dK, dM/d eps (they change convergence, not the solution).
import { defineItem } from '../../model/definition'
import { compileFunction, type VariableFunction } from '../../model/expression'
import type { NodeComputation, PointKinematics } from '../../system/computation'
import { DEFAULT_COLORS } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import {
  AncfCableBase,
  type CableParameters,
  cableParameterSchema,
  cableParametersOf,
  hermiteShape,
  type PointSet,
  sampleCurve,
} from '../common/ancfCable'
import { V_COLOR, visualizationParams } from '../common/itemFields'
import { lawDerivative } from '../common/userLaw'

/** Exudyn 1.11's arguments of axialForceUserFunction after (mbs, t, itemNumber), with t first. */
const AXIAL_LAW_VARIABLES = [
  't',
  'axialPositionNormalized',
  'axialStrain',
  'axialStrain_t',
  'axialStrainRef',
  'physicsAxialStiffness',
  'physicsAxialDamping',
  'curvature',
  'curvature_t',
  'curvatureRef',
]
/** Exudyn 1.11's arguments of bendingMomentUserFunction after (mbs, t, itemNumber), with t first. */
const BENDING_LAW_VARIABLES = [
  't',
  'axialPositionNormalized',
  'curvature',
  'curvature_t',
  'curvatureRef',
  'physicsBendingStiffness',
  'physicsBendingDamping',
  'axialStrain',
  'axialStrain_t',
  'axialStrainRef',
]

/** The user laws of the normal force N and the bending moment M (absent: the linear laws). */
export interface Cable2DLaws {
  axial?: VariableFunction
  bending?: VariableFunction
}

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
  /** With user laws: the other strain's gradient at a point, the reference strains at the other points. */
  private readonly crossGradient = new Float64Array(8)
  private readonly kappaRefAxial: Float64Array
  private readonly epsRefBending: Float64Array
  private readonly lawArguments = new Float64Array(AXIAL_LAW_VARIABLES.length)
  readonly noPotential: string | undefined

  constructor(
    name: string,
    nodes: [NodeComputation, NodeComputation],
    override readonly p: Cable2DParameters,
    private readonly laws: Cable2DLaws = {},
  ) {
    super(name, nodes, p, 2)
    this.kappaRef = new Float64Array(this.bending.n)
    this.kappaRefAxial = new Float64Array(this.axial.n)
    this.epsRefBending = new Float64Array(this.bending.n)
    if (laws.axial || laws.bending)
      this.noPotential =
        'has an axialForceUserFunction or bendingMomentUserFunction, whose potential is not known'
  }

  protected setupReferenceStrains(): void {
    for (let pt = 0; pt < this.axial.n; pt++) this.epsRef[pt] = this.axialPoint(pt, false)
    for (let pt = 0; pt < this.bending.n; pt++) this.kappaRef[pt] = this.bendingPoint(pt, false)
    for (let pt = 0; pt < this.axial.n; pt++)
      this.kappaRefAxial[pt] = this.curvatureAt(this.axial, pt, false, this.crossGradient)
    for (let pt = 0; pt < this.bending.n; pt++)
      this.epsRefBending[pt] = this.strainAt(this.bending, pt, false, this.crossGradient)
  }

  protected axialPoint(pt: number, withHessian: boolean): number {
    return this.strainAt(this.axial, pt, withHessian, this.gradient)
  }

  private bendingPoint(pt: number, withHessian: boolean): number {
    return this.curvatureAt(this.bending, pt, withHessian, this.gradient)
  }

  /**
   * Strain eps at point pt of set of this.q; gradient = d eps/dq; with hessian, also this.hessian =
   * d^2 eps/dq^2 (8x8) = S'_i S'_j (I - t t^T)_{ci cj} / |r'|.
   */
  private strainAt(set: PointSet, pt: number, withHessian: boolean, gradient: Float64Array): number {
    const d1 = set.d1,
      at = 4 * pt
    this.interpolate(d1, at, this.q, this.a)
    const ax = this.a[0],
      ay = this.a[1]
    const len = Math.hypot(ax, ay)
    const tx = ax / len,
      ty = ay / len
    for (let k = 0; k < 4; k++) {
      gradient[2 * k] = d1[at + k] * tx
      gradient[2 * k + 1] = d1[at + k] * ty
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
   * Curvature K = c / g (c = r' x r'', g = r'.r') at point pt of set of this.q; gradient = dK/dq;
   * with hessian, d^2K/dq^2 = c_ij/g - (c_i g_j + c_j g_i)/g^2 - c g_ij/g^2 + 2 c g_i g_j/g^3.
   */
  private curvatureAt(set: PointSet, pt: number, withHessian: boolean, gradient: Float64Array): number {
    const d1 = set.d1,
      d2 = set.d2,
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
    for (let i = 0; i < 8; i++) gradient[i] = ci[i] / g - (c * gi[i]) / (g * g)
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
    this.forEachPoint(
      s.t,
      (w, stress) => {
        for (let i = 0; i < 8; i++) out[i] += w * stress * this.gradient[i]
      },
      false,
    )
  }

  computeODE2LHSJacobian(s: SystemState, factorK: number, factorD: number, out: Float64Array): void {
    this.gather(s)
    this.forEachPoint(
      s.t,
      (w, stress, stiffness, damping) => {
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
      },
      true,
    )
  }

  /**
   * Calls add(weight, generalized stress, stiffness, damping coefficient) at every axial point (with
   * gradient/hessian of eps) and every bending point (of K). Stress = N or M including damping; with a
   * user law, its value and its derivatives by the strain and the strain rate (Jacobian only).
   */
  private forEachPoint(
    t: number,
    add: (w: number, stress: number, stiffness: number, damping: number) => void,
    withHessian: boolean,
  ): void {
    const p = this.p,
      { axial: axialLaw, bending: bendingLaw } = this.laws,
      a = this.lawArguments
    for (let pt = 0; pt < this.axial.n; pt++) {
      const eps = this.axialPoint(pt, withHessian)
      if (!axialLaw) {
        const N =
          p.EA * (eps - p.referenceAxialStrain - p.strainIsRelativeToReference * this.epsRef[pt]) +
          p.axialDamping * this.dotV(this.gradient)
        add(this.axial.weight[pt], N, p.EA, p.axialDamping)
        continue
      }
      a[0] = t
      a[1] = this.axial.xi[pt]
      a[2] = eps
      a[3] = this.dotV(this.gradient)
      a[4] = p.referenceAxialStrain + p.strainIsRelativeToReference * this.epsRef[pt]
      a[5] = p.EA
      a[6] = p.axialDamping
      a[7] = this.curvatureAt(this.axial, pt, false, this.crossGradient)
      a[8] = this.dotV(this.crossGradient)
      a[9] = p.referenceCurvature + p.strainIsRelativeToReference * this.kappaRefAxial[pt]
      const N = axialLaw(a)
      if (withHessian)
        add(this.axial.weight[pt], N, lawDerivative(axialLaw, a, 2), lawDerivative(axialLaw, a, 3))
      else add(this.axial.weight[pt], N, 0, 0)
    }
    for (let pt = 0; pt < this.bending.n; pt++) {
      const K = this.bendingPoint(pt, withHessian)
      if (!bendingLaw) {
        const M =
          p.EI * (K - p.referenceCurvature - p.strainIsRelativeToReference * this.kappaRef[pt]) +
          p.bendingDamping * this.dotV(this.gradient)
        add(this.bending.weight[pt], M, p.EI, p.bendingDamping)
        continue
      }
      a[0] = t
      a[1] = this.bending.xi[pt]
      a[2] = K
      a[3] = this.dotV(this.gradient)
      a[4] = p.referenceCurvature + p.strainIsRelativeToReference * this.kappaRef[pt]
      a[5] = p.EI
      a[6] = p.bendingDamping
      a[7] = this.strainAt(this.bending, pt, false, this.crossGradient)
      a[8] = this.dotV(this.crossGradient)
      a[9] = p.referenceAxialStrain + p.strainIsRelativeToReference * this.epsRefBending[pt]
      const M = bendingLaw(a)
      if (withHessian)
        add(this.bending.weight[pt], M, lawDerivative(bendingLaw, a, 2), lawDerivative(bendingLaw, a, 3))
      else add(this.bending.weight[pt], M, 0, 0)
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
    '[x, y, 0] (x along the axis 0..L, y across), BodyMass for distributed (gravity) loads. N and M may ' +
    'be user laws (axialForceUserFunction, bendingMomentUserFunction).',
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
    axialForceUserFunction: {
      type: 'expression',
      default: '',
      variables: AXIAL_LAW_VARIABLES,
      doc:
        'optional normal force N replacing the linear law at each axial integration point, an ' +
        `expression in ${AXIAL_LAW_VARIABLES.join(', ')} (Exudyn's arguments: axialStrainRef = eps0 + ` +
        'fRef epsRef, curvatureRef = K0 + fRef KRef, both strains at that point), e.g. ' +
        '"physicsAxialStiffness*(axialStrain - axialStrainRef) + physicsAxialDamping*axialStrain_t"; ' +
        '"" for none',
    },
    bendingMomentUserFunction: {
      type: 'expression',
      default: '',
      variables: BENDING_LAW_VARIABLES,
      doc:
        'optional bending moment M replacing the linear law at each bending integration point, an ' +
        `expression in ${BENDING_LAW_VARIABLES.join(', ')}, e.g. ` +
        '"physicsBendingStiffness*0.1*atan(10*(curvature - curvatureRef)) + ' +
        'physicsBendingDamping*curvature_t"; "" for none',
    },
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
    const law = (name: 'axialForceUserFunction' | 'bendingMomentUserFunction', variables: string[]) => {
      const source = it.params.string(name)
      return source === '' ? undefined : compileFunction(source, variables)
    }
    return new AncfCable2DElement(
      it.name,
      [n0, n1],
      { ...cableParametersOf(it), referenceCurvature: it.params.number('physicsReferenceCurvature') },
      {
        axial: law('axialForceUserFunction', AXIAL_LAW_VARIABLES),
        bending: law('bendingMomentUserFunction', BENDING_LAW_VARIABLES),
      },
    )
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
