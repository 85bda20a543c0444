// Connectors between two position markers: ConnectorSpringDamper, ConnectorCartesianSpringDamper and
// the distance constraint ConnectorDistance.
import type { ItemDefinition, ResolvedItem } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'
import type { MarkerComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { DEFAULT_COLORS, colorOr } from '../../system/graphics'
import { requireMarkers, V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common'
import { TwoMarkerConnector } from './twoMarkerConnector'

export const MARKER_PAIR = {
  markerNumbers: {
    type: 'refList' as const,
    kind: 'marker' as const,
    size: 2,
    doc: 'the two markers [m0, m1]',
  },
}
export const ACTIVE_CONNECTOR = {
  activeConnector: {
    type: 'boolean' as const,
    default: true,
    doc: 'false: the connector acts as if not there (for constraints: lambda = 0)',
  },
}
const CONNECTOR_VIS: ParamSchema = { ...visualizationParams(V_DRAW_SIZE), ...V_COLOR }

const positions = (it: ResolvedItem, ctx: { marker(i: number): MarkerComputation }): MarkerComputation[] =>
  it.params.refs('markerNumbers').map((m) => ctx.marker(m))

function lineVisualization(shape: 'helix' | 'line'): ItemDefinition<'object'>['visualize'] {
  return (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const [a, b] = (c as TwoMarkerConnector).endPoints(s)
    const color = colorOr(
      it.params.vector('Vcolor') as unknown as number[],
      shape === 'helix' ? DEFAULT_COLORS.connector : DEFAULT_COLORS.joint,
    )
    const size = it.params.number('VdrawSize')
    if (shape === 'helix')
      g.add({ shape: 'helix', from: a, to: b, radius: size > 0 ? size : 0.03, turns: 8, color })
    else g.add({ shape: 'line', points: [...a, ...b], color })
  }
}

/**
 * Work arrays of the connectors below, shared as the base class shares its own (scratch within one
 * call, see twoMarkerConnector.ts): M3, the 3 x 3 derivative of a force law f(p1 - p0, v1 - v0)
 * combined with the solver's factors; T = M3 Jr (grown in setupLTG); the unit vector along the
 * markers' line, the force vector, and P dv (the relative velocity across the line) of the
 * spring-damper's Jacobian.
 */
const M3 = new Float64Array(9)
const PAIR = { T: new Float64Array(0) }
const direction = new Float64Array(3)
const force = new Float64Array(3)
const transverseVelocity = new Float64Array(3)
// One list per class, not an array per connector.
const LINE_OUTPUTS: readonly string[] = ['Distance', 'Displacement', 'Velocity', 'Force']
const CARTESIAN_OUTPUTS: readonly string[] = ['Displacement', 'Velocity', 'Force']

abstract class PairConnector extends TwoMarkerConnector {
  override setupLTG(): void {
    super.setupLTG()
    if (PAIR.T.length < 3 * this.ltgODE2.length) PAIR.T = new Float64Array(3 * this.ltgODE2.length)
  }

  /** Entry (a, j) of Jr = [-J0, J1]. */
  private jr(a: number, j: number): number {
    return j < this.n0 ? -this.J0[a * this.n0 + j] : this.J1[a * this.n1 + j - this.n0]
  }

  /**
   * out (n x n) += Jr^T M3 Jr, Jr = [-J0, J1] = d(p1 - p0)/dq (from jacobians()): the Jacobian of
   * f_lhs = Jr^T f for a force f whose derivative by p1 - p0 (or v1 - v0) is M3. Exact for markers
   * with constant Jacobians (points); on rigid-body markers the change of Jr with the rotation
   * (dJr^T/dq f) is left out, an approximation Newton converges with.
   */
  protected addPairBlock(out: Float64Array): void {
    const n = this.n0 + this.n1,
      M = M3,
      T = PAIR.T
    for (let a = 0; a < 3; a++)
      for (let j = 0; j < n; j++)
        T[a * n + j] = M[3 * a] * this.jr(0, j) + M[3 * a + 1] * this.jr(1, j) + M[3 * a + 2] * this.jr(2, j)
    for (let i = 0; i < n; i++) {
      const r0 = this.jr(0, i),
        r1 = this.jr(1, i),
        r2 = this.jr(2, i)
      if (r0 === 0 && r1 === 0 && r2 === 0) continue
      for (let j = 0; j < n; j++) out[i * n + j] += r0 * T[j] + r1 * T[n + j] + r2 * T[2 * n + j]
    }
  }
}

/** Force along the line of the markers: f = k (L - L0) + d (L' - velocityOffset) + force. */
class SpringDamper extends PairConnector {
  readonly nAE = 0
  readonly outputVariables = LINE_OUTPUTS
  constructor(
    markers: MarkerComputation[],
    private readonly L0: number,
    private readonly k: number,
    private readonly d: number,
    private readonly force0: number,
    private readonly velocityOffset: number,
    private readonly active: boolean,
  ) {
    super(markers)
  }
  /** Returns the scalar force and leaves the unit vector in `direction`. */
  private scalarForce(s: SystemState): number {
    this.gather(s)
    const dx = this.p1[0] - this.p0[0],
      dy = this.p1[1] - this.p0[1],
      dz = this.p1[2] - this.p0[2]
    const L = Math.sqrt(dx * dx + dy * dy + dz * dz)
    if (L === 0)
      throw new Error(
        'ConnectorSpringDamper: the two markers coincide (length 0), the spring direction is undefined',
      )
    const n = direction
    n[0] = dx / L
    n[1] = dy / L
    n[2] = dz / L
    const Ldot =
      n[0] * (this.v1[0] - this.v0[0]) + n[1] * (this.v1[1] - this.v0[1]) + n[2] * (this.v1[2] - this.v0[2])
    return this.k * (L - this.L0) + this.d * (Ldot - this.velocityOffset) + this.force0
  }
  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.active) return
    const fs = this.scalarForce(s)
    this.jacobians(s)
    for (let i = 0; i < 3; i++) force[i] = fs * direction[i]
    this.addForcePair(force, out)
  }
  /**
   * f = fs n with P = I - n n^T: df/d(p1 - p0) = k n n^T + d n (P dv)^T / L + fs P / L,
   * df/d(v1 - v0) = d n n^T (dv = v1 - v0).
   */
  computeODE2LHSJacobian(s: SystemState, factorK: number, factorD: number, out: Float64Array): void {
    if (!this.active) return
    const fs = this.scalarForce(s)
    this.jacobians(s)
    const n = direction,
      M = M3
    const L = Math.hypot(this.p1[0] - this.p0[0], this.p1[1] - this.p0[1], this.p1[2] - this.p0[2])
    const dv0 = this.v1[0] - this.v0[0],
      dv1 = this.v1[1] - this.v0[1],
      dv2 = this.v1[2] - this.v0[2]
    const ndv = n[0] * dv0 + n[1] * dv1 + n[2] * dv2
    const Pdv = transverseVelocity
    Pdv[0] = dv0 - ndv * n[0]
    Pdv[1] = dv1 - ndv * n[1]
    Pdv[2] = dv2 - ndv * n[2]
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) {
        const P = (a === b ? 1 : 0) - n[a] * n[b]
        M[3 * a + b] =
          factorK * (this.k * n[a] * n[b] + (this.d * n[a] * Pdv[b] + fs * P) / L) +
          factorD * this.d * n[a] * n[b]
      }
    }
    this.addPairBlock(out)
  }
  output(variable: string, s: SystemState, out: Float64Array): number {
    const fs = this.scalarForce(s)
    switch (variable) {
      case 'Distance':
        out[0] = Math.hypot(this.p1[0] - this.p0[0], this.p1[1] - this.p0[1], this.p1[2] - this.p0[2])
        return 1
      case 'Displacement':
        for (let i = 0; i < 3; i++) out[i] = this.p1[i] - this.p0[i]
        return 3
      case 'Velocity':
        for (let i = 0; i < 3; i++) out[i] = this.v1[i] - this.v0[i]
        return 3
      case 'Force':
        for (let i = 0; i < 3; i++) out[i] = this.active ? fs * direction[i] : 0
        return 3
    }
    return 0
  }
}

export const ObjectConnectorSpringDamper: ItemDefinition<'object'> = {
  kind: 'object',
  type: 'ConnectorSpringDamper',
  exudynName: 'ObjectConnectorSpringDamper',
  doc: 'A spring-damper along the line between two position markers: f = stiffness (L - referenceLength) + damping (dL/dt - velocityOffset) + force, pulling the markers together when positive.',
  parameters: {
    ...MARKER_PAIR,
    referenceLength: {
      type: 'number',
      default: 0,
      min: 0,
      unit: 'm',
      doc: 'length at which the spring force is zero',
    },
    stiffness: { type: 'number', default: 0, unit: 'N/m', doc: 'spring stiffness' },
    damping: { type: 'number', default: 0, unit: 'N s/m', doc: 'damping coefficient' },
    force: {
      type: 'number',
      default: 0,
      unit: 'N',
      doc: 'constant force added to the spring force (positive pulls the markers together)',
    },
    velocityOffset: {
      type: 'number',
      default: 0,
      unit: 'm/s',
      doc: 'velocity subtracted from dL/dt in the damper',
    },
    ...ACTIVE_CONNECTOR,
    ...CONNECTOR_VIS,
  },
  supportsCheckpoint: true,
  check: (it, m) => requireMarkers(it, m, 'markerNumbers', 'position'),
  build: (it, ctx) => {
    const p = it.params
    return new SpringDamper(
      positions(it, ctx),
      p.number('referenceLength'),
      p.number('stiffness'),
      p.number('damping'),
      p.number('force'),
      p.number('velocityOffset'),
      p.bool('activeConnector'),
    )
  },
  visualize: lineVisualization('helix'),
}

/** Spring-damper per global axis: f = k .* (p1 - p0 - offset) + d .* (v1 - v0). */
class CartesianSpringDamper extends PairConnector {
  readonly nAE = 0
  readonly outputVariables = CARTESIAN_OUTPUTS
  constructor(
    markers: MarkerComputation[],
    private readonly k: Float64Array,
    private readonly d: Float64Array,
    private readonly offset: Float64Array,
    private readonly active: boolean,
  ) {
    super(markers)
  }
  private computeForce(s: SystemState): void {
    this.gather(s)
    for (let i = 0; i < 3; i++)
      force[i] =
        this.k[i] * (this.p1[i] - this.p0[i] - this.offset[i]) + this.d[i] * (this.v1[i] - this.v0[i])
  }
  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.active) return
    this.computeForce(s)
    this.jacobians(s)
    this.addForcePair(force, out)
  }
  /** df/d(p1 - p0) = diag(k), df/d(v1 - v0) = diag(d). */
  computeODE2LHSJacobian(s: SystemState, factorK: number, factorD: number, out: Float64Array): void {
    if (!this.active) return
    this.jacobians(s)
    M3.fill(0)
    for (let i = 0; i < 3; i++) M3[4 * i] = factorK * this.k[i] + factorD * this.d[i]
    this.addPairBlock(out)
  }
  output(variable: string, s: SystemState, out: Float64Array): number {
    this.computeForce(s)
    for (let i = 0; i < 3; i++) {
      if (variable === 'Displacement') out[i] = this.p1[i] - this.p0[i]
      else if (variable === 'Velocity') out[i] = this.v1[i] - this.v0[i]
      else if (variable === 'Force') out[i] = this.active ? force[i] : 0
      else return 0
    }
    return 3
  }
}

export const ObjectConnectorCartesianSpringDamper: ItemDefinition<'object'> = {
  kind: 'object',
  type: 'ConnectorCartesianSpringDamper',
  exudynName: 'ObjectConnectorCartesianSpringDamper',
  doc: 'Independent spring-dampers in global x, y and z between two position markers: f = stiffness .* (p1 - p0 - offset) + damping .* (v1 - v0).',
  parameters: {
    ...MARKER_PAIR,
    stiffness: { type: 'vector', size: 3, default: [0, 0, 0], unit: 'N/m', doc: 'stiffness per global axis' },
    damping: { type: 'vector', size: 3, default: [0, 0, 0], unit: 'N s/m', doc: 'damping per global axis' },
    offset: {
      type: 'vector',
      size: 3,
      default: [0, 0, 0],
      unit: 'm',
      doc: 'offset of p1 - p0 at which the force is zero',
    },
    ...ACTIVE_CONNECTOR,
    ...CONNECTOR_VIS,
  },
  supportsCheckpoint: true,
  check: (it, m) => requireMarkers(it, m, 'markerNumbers', 'position'),
  build: (it, ctx) =>
    new CartesianSpringDamper(
      positions(it, ctx),
      it.params.vector('stiffness'),
      it.params.vector('damping'),
      it.params.vector('offset'),
      it.params.bool('activeConnector'),
    ),
  visualize: lineVisualization('helix'),
}

/** g = |p1 - p0| - distance (index 3) or n . (v1 - v0) (index 2). */
class DistanceConstraint extends PairConnector {
  readonly nAE = 1
  readonly inactiveConstraint: boolean
  readonly outputVariables = LINE_OUTPUTS
  constructor(
    markers: MarkerComputation[],
    private readonly distance: number,
    active: boolean,
    private readonly lambdaOf: (s: SystemState) => number,
  ) {
    super(markers)
    this.inactiveConstraint = !active
  }
  /** Returns the length and leaves the unit vector in `direction`. */
  private length(s: SystemState): number {
    this.gather(s)
    const dx = this.p1[0] - this.p0[0],
      dy = this.p1[1] - this.p0[1],
      dz = this.p1[2] - this.p0[2]
    const L = Math.sqrt(dx * dx + dy * dy + dz * dz)
    if (L === 0)
      throw new Error('ConnectorDistance: the two markers coincide, the constraint direction is undefined')
    direction[0] = dx / L
    direction[1] = dy / L
    direction[2] = dz / L
    return L
  }
  computeAE(s: SystemState, out: Float64Array, velocityLevel: boolean): void {
    const L = this.length(s),
      n = direction
    out[0] = velocityLevel
      ? n[0] * (this.v1[0] - this.v0[0]) + n[1] * (this.v1[1] - this.v0[1]) + n[2] * (this.v1[2] - this.v0[2])
      : L - this.distance
  }
  computeAEJacobian(s: SystemState, out: Float64Array): void {
    this.length(s)
    this.jacobians(s)
    this.projectRow(direction, out, 0)
  }
  output(variable: string, s: SystemState, out: Float64Array): number {
    const L = this.length(s)
    switch (variable) {
      case 'Distance':
        out[0] = L
        return 1
      case 'Displacement':
        for (let i = 0; i < 3; i++) out[i] = this.p1[i] - this.p0[i]
        return 3
      case 'Velocity':
        for (let i = 0; i < 3; i++) out[i] = this.v1[i] - this.v0[i]
        return 3
      case 'Force':
        out[0] = this.lambdaOf(s)
        return 1
    }
    return 0
  }
}

export const ObjectConnectorDistance: ItemDefinition<'object'> = {
  kind: 'object',
  type: 'ConnectorDistance',
  exudynName: 'ObjectConnectorDistance',
  doc: 'Keeps the distance between two position markers constant (one Lagrange multiplier, the force along the line).',
  parameters: {
    ...MARKER_PAIR,
    distance: { type: 'number', min: 0, exclusiveMin: true, unit: 'm', doc: 'the prescribed distance' },
    ...ACTIVE_CONNECTOR,
    ...CONNECTOR_VIS,
  },
  supportsCheckpoint: true,
  check: (it, m) => requireMarkers(it, m, 'markerNumbers', 'position'),
  build: (it, ctx) => {
    const c: DistanceConstraint = new DistanceConstraint(
      positions(it, ctx),
      it.params.number('distance'),
      it.params.bool('activeConnector'),
      (s) => s.lambda[c.aeIndex],
    )
    return c
  },
  visualize: lineVisualization('line'),
}
