// What the planar (ANCFCable2D) and the 3D (ANCFCable) ANCF cable elements share: the cubic Hermite
// interpolation r(x) = S1 r0 + S2 r0' + S3 r1 + S4 r1' of dim-vectors (dim = 2 or 3), the Gauss rules
// per term, the constant mass matrix rhoA int S^T S dx (x) I_dim, the element coordinates
// q = [r0, r0', r1, r1'] (4 dim, totals = node reference + displacement), points linear in q (centre of
// mass, axis points), the common parameters and the drawn axis. The strain measures and their
// derivatives stay in the element files (scalar curvature in 2D, the curvature vector in 3D).
import type { ResolvedItem } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'
import type { NodeComputation, ObjectComputation, PointKinematics } from '../../system/computation'
import { kineticEnergyOf } from '../../system/kineticEnergy'
import type { SystemState } from '../../system/state'

/** Points and weights on [-1, 1]. */
export interface Rule {
  points: readonly number[]
  weights: readonly number[]
}

export const GAUSS: Record<number, Rule> = {
  2: { points: [-Math.sqrt(1 / 3), Math.sqrt(1 / 3)], weights: [1, 1] },
  3: { points: [-Math.sqrt(3 / 5), 0, Math.sqrt(3 / 5)], weights: [5 / 9, 8 / 9, 5 / 9] },
  4: {
    points: [-0.8611363115940526, -0.3399810435848563, 0.3399810435848563, 0.8611363115940526],
    weights: [0.3478548451374538, 0.6521451548625461, 0.6521451548625461, 0.3478548451374538],
  },
  5: {
    points: [-0.906179845938664, -0.5384693101056831, 0, 0.5384693101056831, 0.906179845938664],
    weights: [
      0.2369268850561891, 0.4786286704993665, 0.5688888888888889, 0.4786286704993665, 0.2369268850561891,
    ],
  },
}

const LOBATTO3: Rule = { points: [-1, 0, 1], weights: [1 / 3, 4 / 3, 1 / 3] }

/** Axial and bending rules of useReducedOrderIntegration 0, 1, 2 (Exudyn's choices). */
export const RULES: [Rule, Rule][] = [
  [GAUSS[5], GAUSS[3]],
  [GAUSS[4], GAUSS[2]],
  [LOBATTO3, GAUSS[2]],
]

/** Hermite shape functions and their first and second x-derivatives at x = xi L, into out[0..3], d1, d2. */
export function hermiteShape(
  xi: number,
  L: number,
  s0: Float64Array,
  d1: Float64Array,
  d2: Float64Array,
  offset = 0,
): void {
  const x2 = xi * xi,
    x3 = x2 * xi
  s0[offset] = 1 - 3 * x2 + 2 * x3
  s0[offset + 1] = L * (xi - 2 * x2 + x3)
  s0[offset + 2] = 3 * x2 - 2 * x3
  s0[offset + 3] = L * (-x2 + x3)
  d1[offset] = (-6 * xi + 6 * x2) / L
  d1[offset + 1] = 1 - 4 * xi + 3 * x2
  d1[offset + 2] = (6 * xi - 6 * x2) / L
  d1[offset + 3] = -2 * xi + 3 * x2
  d2[offset] = (-6 + 12 * xi) / (L * L)
  d2[offset + 1] = (-4 + 6 * xi) / L
  d2[offset + 2] = (6 - 12 * xi) / (L * L)
  d2[offset + 3] = (-2 + 6 * xi) / L
}

/** Shape data at the points of a rule: S, S', S'' (4 per point) and the weights times L/2. */
export class PointSet {
  readonly n: number
  readonly s0: Float64Array
  readonly d1: Float64Array
  readonly d2: Float64Array
  readonly weight: Float64Array
  readonly xi: Float64Array
  constructor(rule: Rule, L: number) {
    const n = (this.n = rule.points.length)
    this.s0 = new Float64Array(4 * n)
    this.d1 = new Float64Array(4 * n)
    this.d2 = new Float64Array(4 * n)
    this.weight = Float64Array.from(rule.weights, (w) => (w * L) / 2)
    this.xi = Float64Array.from(rule.points, (p) => (p + 1) / 2)
    for (let p = 0; p < n; p++) hermiteShape(this.xi[p], L, this.s0, this.d1, this.d2, 4 * p)
  }
}

/** Material and integration parameters of both elements. */
export interface CableParameters {
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

/** Mass-matrix rule: 4 Gauss points integrate the degree-6 products S_i S_j exactly. */
const MASS_RULE = GAUSS[4]

/**
 * The element bookkeeping common to both cables: coordinates, LTG, the constant mass matrix, the
 * integration point sets and the kinetic energy. Subclasses compute the reference strains
 * (setupReferenceStrains) and the elastic forces.
 */
export abstract class AncfCableBase implements ObjectComputation {
  /** Number of element coordinates, 4 dim. */
  readonly size: number
  readonly ltgODE2: Int32Array
  readonly nAE = 0
  readonly nData = 0
  aeIndex = 0
  dataIndex = 0
  readonly constantMassMatrix = true
  readonly mass: number
  readonly outputVariables = ['KineticEnergy']
  /** Reference coordinates of both nodes [r0, r0', r1, r1']. */
  readonly qRef: Float64Array
  protected readonly M: Float64Array
  protected readonly axial: PointSet
  protected readonly bending: PointSet
  /** Strain of the reference configuration at the axial points. */
  protected readonly epsRef: Float64Array
  // Work arrays (hot path: nothing allocated per call): total coordinates and velocities, shape data.
  protected readonly q: Float64Array
  protected readonly v: Float64Array
  protected readonly shape = new Float64Array(4)
  protected readonly shapeD1 = new Float64Array(4)
  protected readonly shapeD2 = new Float64Array(4)

  constructor(
    readonly name: string,
    private readonly nodes: [NodeComputation, NodeComputation],
    readonly p: CableParameters,
    /** Components of a position vector: 2 (planar) or 3. */
    readonly dim: 2 | 3,
  ) {
    const n = (this.size = 4 * dim)
    this.ltgODE2 = new Int32Array(n)
    this.qRef = new Float64Array(n)
    this.M = new Float64Array(n * n)
    this.q = new Float64Array(n)
    this.v = new Float64Array(n)
    const [axialRule, bendingRule] = RULES[p.integration]
    this.axial = new PointSet(axialRule, p.L)
    this.bending = new PointSet(bendingRule, p.L)
    this.epsRef = new Float64Array(this.axial.n)
    this.mass = p.rhoA * p.L
  }

  /** The reference configuration's strains and curvatures (this.q holds the reference coordinates). */
  protected abstract setupReferenceStrains(): void
  /** Axial strain eps at axial point pt of this.q (with its derivatives, for the elastic forces). */
  protected abstract axialPoint(pt: number, withHessian: boolean): number
  /** |K - K0|^2 at bending point pt of this.q (K0: the stress-free curvature). */
  protected abstract curvatureErrorSquared(pt: number): number

  /** Elastic energy int (EA/2 (eps - eps0)^2 + EI/2 |K - K0|^2) dx with the element's quadrature. */
  strainEnergy(s: SystemState): number {
    this.gather(s)
    const p = this.p
    let e = 0
    for (let pt = 0; pt < this.axial.n; pt++) {
      const d =
        this.axialPoint(pt, false) - p.referenceAxialStrain - p.strainIsRelativeToReference * this.epsRef[pt]
      e += 0.5 * this.axial.weight[pt] * p.EA * d * d
    }
    for (let pt = 0; pt < this.bending.n; pt++)
      e += 0.5 * this.bending.weight[pt] * p.EI * this.curvatureErrorSquared(pt)
    return e
  }
  /** The potential of the elastic forces is the strain energy (the viscous terms have none). */
  potentialEnergy(s: SystemState): number {
    return this.strainEnergy(s)
  }

  /**
   * Phase 1: constant mass matrix and the reference strains (stress-free state if
   * strainIsRelativeToReference).
   */
  setupInitial(): void {
    const half = 2 * this.dim,
      n = this.size
    this.qRef.set(this.nodes[0].reference.subarray(0, half), 0)
    this.qRef.set(this.nodes[1].reference.subarray(0, half), half)
    const mp = new PointSet(MASS_RULE, this.p.L)
    this.M.fill(0)
    for (let pt = 0; pt < mp.n; pt++)
      for (let i = 0; i < 4; i++)
        for (let j = 0; j < 4; j++) {
          const m = this.p.rhoA * mp.weight[pt] * mp.s0[4 * pt + i] * mp.s0[4 * pt + j]
          for (let a = 0; a < this.dim; a++) this.M[(this.dim * i + a) * n + this.dim * j + a] += m
        }
    this.q.set(this.qRef)
    this.setupReferenceStrains()
  }

  setupLTG(): void {
    const half = 2 * this.dim
    for (let k = 0; k < half; k++) {
      this.ltgODE2[k] = this.nodes[0].ode2Index + k
      this.ltgODE2[half + k] = this.nodes[1].ode2Index + k
    }
  }

  computeMassMatrix(_s: SystemState, out: Float64Array): void {
    out.set(this.M)
  }

  /** Total coordinates and velocities into this.q, this.v. */
  protected gather(s: SystemState): void {
    for (let i = 0; i < this.size; i++) {
      this.q[i] = this.qRef[i] + s.q[this.ltgODE2[i]]
      this.v[i] = s.v[this.ltgODE2[i]]
    }
  }

  /** out (dim) = sum_k d[at + k] x[dim k .. dim k + dim - 1]: r, r' or r'' (or their rates) at a point. */
  protected interpolate(d: Float64Array, at: number, x: Float64Array, out: Float64Array): void {
    const dim = this.dim
    for (let a = 0; a < dim; a++)
      out[a] = d[at] * x[a] + d[at + 1] * x[dim + a] + d[at + 2] * x[2 * dim + a] + d[at + 3] * x[3 * dim + a]
  }

  /** Axis point at x (0..L) into out (3; z = 0 in the plane). */
  axisPosition(s: SystemState, x: number, out: Float64Array): void {
    this.gather(s)
    hermiteShape(x / this.p.L, this.p.L, this.shape, this.shapeD1, this.shapeD2)
    this.interpolate(this.shape, 0, this.q, out)
    if (this.dim === 2) out[2] = 0
  }

  /** Slope r' at the point whose shape derivatives are d1 (4 values), into out (dim). */
  slopeAt(s: SystemState, d1: Float64Array, out: Float64Array): void {
    this.gather(s)
    this.interpolate(d1, 0, this.q, out)
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    if (variable !== 'KineticEnergy') return 0
    out[0] = kineticEnergyOf(this.M, this.ltgODE2, s.v)
    return 1
  }

  /** The centre of mass (1/L) int r dx: weights [1/2, L/12, 1/2, -L/12] on [r0, r0', r1, r1']. */
  centerOfMass(): PointKinematics {
    const L = this.p.L
    return new LinearCablePoint(this, Float64Array.of(0.5, L / 12, 0.5, -L / 12))
  }
}

/** A point linear in the element coordinates: p = sum_k w_k x_k over the four vector coordinates. */
export class LinearCablePoint implements PointKinematics {
  constructor(
    private readonly cable: AncfCableBase,
    private readonly w: Float64Array,
  ) {}
  get ltg(): Int32Array {
    return this.cable.ltgODE2
  }
  private combine(x: Float64Array, withReference: boolean, out: Float64Array): void {
    const l = this.ltg,
      ref = this.cable.qRef,
      dim = this.cable.dim
    out[2] = 0
    for (let a = 0; a < dim; a++) {
      let sum = 0
      for (let k = 0; k < 4; k++)
        sum += this.w[k] * (x[l[dim * k + a]] + (withReference ? ref[dim * k + a] : 0))
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
    const n = this.cable.size,
      dim = this.cable.dim
    out.fill(0, 0, 3 * n)
    for (let k = 0; k < 4; k++) for (let a = 0; a < dim; a++) out[a * n + dim * k + a] = this.w[k]
  }
}

/**
 * Parameters of both cable definitions in their documented order; docs where the planar and 3D element
 * differ, the node type and the planar element's pre-curvature (after the reference strain).
 */
export function cableParameterSchema<R extends ParamSchema>(spec: {
  bendingStiffness: string
  referenceAxialStrain: string
  strainIsRelativeToReference: string
  integration: string
  nodeType: string
  referenceCurvature: R
}) {
  return {
    physicsLength: {
      type: 'number',
      min: 0,
      exclusiveMin: true,
      unit: 'm',
      doc: 'reference length L of the element',
    },
    physicsMassPerLength: {
      type: 'number',
      default: 0,
      min: 0,
      unit: 'kg/m',
      massProperty: true,
      doc: 'mass per length rhoA',
    },
    physicsBendingStiffness: {
      type: 'number',
      default: 0,
      min: 0,
      unit: 'N m^2',
      doc: spec.bendingStiffness,
    },
    physicsAxialStiffness: {
      type: 'number',
      default: 0,
      min: 0,
      unit: 'N',
      doc: 'axial stiffness EA; normal force N = EA (eps - eps0)',
    },
    physicsBendingDamping: {
      type: 'number',
      default: 0,
      min: 0,
      unit: 'N m^2 s',
      doc: 'bending damping d_K: adds d_K dK/dt to the moment',
    },
    physicsAxialDamping: {
      type: 'number',
      default: 0,
      min: 0,
      unit: 'N s',
      doc: 'axial damping d_eps: adds d_eps deps/dt to the normal force',
    },
    physicsReferenceAxialStrain: { type: 'number', default: 0, doc: spec.referenceAxialStrain },
    ...spec.referenceCurvature,
    strainIsRelativeToReference: {
      type: 'number',
      default: 0,
      min: 0,
      max: 1,
      doc: spec.strainIsRelativeToReference,
    },
    nodeNumbers: {
      type: 'refList',
      kind: 'node',
      size: 2,
      types: [spec.nodeType],
      doc: `the two ${spec.nodeType} nodes [n0, n1]`,
    },
    useReducedOrderIntegration: { type: 'integer', default: 0, min: 0, max: 2, doc: spec.integration },
  } satisfies ParamSchema
}

/** The element parameters of a resolved cable item. */
export function cableParametersOf(it: ResolvedItem): CableParameters {
  const p = it.params
  return {
    L: p.number('physicsLength'),
    rhoA: p.number('physicsMassPerLength'),
    EI: p.number('physicsBendingStiffness'),
    EA: p.number('physicsAxialStiffness'),
    bendingDamping: p.number('physicsBendingDamping'),
    axialDamping: p.number('physicsAxialDamping'),
    referenceAxialStrain: p.number('physicsReferenceAxialStrain'),
    strainIsRelativeToReference: p.number('strainIsRelativeToReference'),
    integration: p.integer('useReducedOrderIntegration'),
  }
}

/** Sample points per element of the drawn curve (the cubic axis is smooth at this resolution). */
const CURVE_SAMPLES = 8

/** The drawn curve: CURVE_SAMPLES + 1 points [x, y, z, ...] of pointAt(x) for x from 0 to L. */
export function sampleCurve(L: number, pointAt: (x: number, out: Float64Array) => void): number[] {
  const p = new Float64Array(3)
  const points: number[] = []
  for (let i = 0; i <= CURVE_SAMPLES; i++) {
    pointAt((i / CURVE_SAMPLES) * L, p)
    points.push(p[0], p[1], p[2])
  }
  return points
}
