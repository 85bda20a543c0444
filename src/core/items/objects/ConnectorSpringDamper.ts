import { defineItem, type ItemParams, type ResolvedItem } from '../../model/definition'
import { compileFunction, type VariableFunction } from '../../model/expression'
import { evaluateLaw, lawDerivative } from '../common/userLaw'
import type { ParamSchema } from '../../model/parameters'
import { TWO_MARKER_WORK, type TwoMarkerWork } from '../common/twoMarkerConnector'
import type { MarkerComputation, PackedForceKind, PointKinematics } from '../../system/computation'
import { PACKED_SPRING_DAMPERS, packedPointDim, type PackableSpring } from '../common/packedSprings'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { requireMarkers, markersOf } from '../common/markerChecks'
import {
  coincidentMarkers,
  CONNECTOR_VIS,
  itemLabel,
  LINE_OUTPUTS,
  lineVisualization,
  PairConnector,
} from '../common/pairConnector'

/**
 * Exudyn 1.11's arguments of springForceUserFunction after (mbs, t, itemNumber), with t first: deltaL =
 * L - referenceLength, deltaL_t = dL/dt - velocityOffset (as the peer build passes them).
 */
const USER_FUNCTION_VARIABLES = ['t', 'deltaL', 'deltaL_t', 'stiffness', 'damping', 'force'] as const

const PARAMETERS = {
  ...MARKER_PAIR,
  referenceLength: {
    type: 'number',
    default: 0,
    min: 0,
    unit: 'm',
    live: true,
    doc: 'length at which the spring force is zero',
  },
  stiffness: { type: 'number', default: 0, unit: 'N/m', live: true, doc: 'spring stiffness' },
  damping: { type: 'number', default: 0, unit: 'N s/m', live: true, doc: 'damping coefficient' },
  force: {
    type: 'number',
    default: 0,
    unit: 'N',
    live: true,
    doc: 'constant force added to the spring force (positive pulls the markers together)',
  },
  velocityOffset: {
    type: 'number',
    default: 0,
    unit: 'm/s',
    live: true,
    doc: 'velocity subtracted from dL/dt in the damper',
  },
  springForceUserFunction: {
    type: 'expression',
    default: '',
    variables: USER_FUNCTION_VARIABLES,
    doc:
      'optional force law replacing the linear one, an expression in t, deltaL (L - referenceLength), ' +
      'deltaL_t (dL/dt - velocityOffset), stiffness, damping and force, e.g. ' +
      '"stiffness*deltaL + 100*deltaL^3 + damping*deltaL_t"; positive pulls the markers together; ' +
      '"" for none',
  },
  ...ACTIVE_CONNECTOR,
  ...CONNECTOR_VIS,
} satisfies ParamSchema

/** The arguments of a spring without a user function: none, one empty array for all. */
const NO_ARGUMENTS = new Float64Array(0)

/**
 * Force along the line of the markers: f = k (L - L0) + d (L' - velocityOffset) + force, or the user
 * function of USER_FUNCTION_VARIABLES instead.
 */
class SpringDamper extends PairConnector implements PackableSpring {
  readonly nAE = 0
  readonly outputVariables = LINE_OUTPUTS
  readonly packedForces: PackedForceKind | undefined
  // The live parameters (setParameters).
  private L0 = 0
  private k = 0
  private d = 0
  private force0 = 0
  private velocityOffset = 0
  readonly noPotential: string | undefined
  /** The user function's arguments (none without one: a lattice has tens of thousands of springs). */
  private readonly userArguments: Float64Array
  constructor(
    markers: MarkerComputation[],
    work: TwoMarkerWork,
    private readonly active: boolean,
    /** The item's name; its label is made only for an error (a string per spring costs ~140 B). */
    private readonly name: string,
    private readonly userFunction: VariableFunction | undefined,
  ) {
    super(markers, work)
    this.userArguments = userFunction ? new Float64Array(USER_FUNCTION_VARIABLES.length) : NO_ARGUMENTS
    if (userFunction) this.noPotential = 'has a springForceUserFunction, whose potential is not known'
    const points = packedPointDim(this.k0) >= 0 && packedPointDim(this.k1) >= 0
    this.packedForces = active && !userFunction && points ? PACKED_SPRING_DAMPERS : undefined
  }
  get markerKinematics(): readonly [PointKinematics, PointKinematics] {
    return [this.k0, this.k1]
  }
  writeParameters(out: Float64Array, at: number): void {
    out[at] = this.L0
    out[at + 1] = this.k
    out[at + 2] = this.d
    out[at + 3] = this.force0
    out[at + 4] = this.velocityOffset
  }
  setParameters(item: ResolvedItem): void {
    const p = item.params as ItemParams<typeof PARAMETERS>
    this.L0 = p.number('referenceLength')
    this.k = p.number('stiffness')
    this.d = p.number('damping')
    this.force0 = p.number('force')
    this.velocityOffset = p.number('velocityOffset')
  }
  /** Returns the scalar force and leaves the unit vector in `direction`. */
  private scalarForce(s: SystemState): number {
    this.gather(s)
    const dx = this.work.p1[0] - this.work.p0[0],
      dy = this.work.p1[1] - this.work.p0[1],
      dz = this.work.p1[2] - this.work.p0[2]
    const L = Math.sqrt(dx * dx + dy * dy + dz * dz)
    if (L === 0) {
      const label = itemLabel({ kind: 'object', name: this.name, type: 'ConnectorSpringDamper' })
      throw coincidentMarkers(label, 'spring', s.t)
    }
    const n = this.work.direction
    n[0] = dx / L
    n[1] = dy / L
    n[2] = dz / L
    const Ldot =
      n[0] * (this.work.v1[0] - this.work.v0[0]) +
      n[1] * (this.work.v1[1] - this.work.v0[1]) +
      n[2] * (this.work.v1[2] - this.work.v0[2])
    if (!this.userFunction)
      return this.k * (L - this.L0) + this.d * (Ldot - this.velocityOffset) + this.force0
    const dL = L - this.L0,
      dLdt = Ldot - this.velocityOffset
    return evaluateLaw(this.userFunction, this.userArguments, s.t, dL, dLdt, this.k, this.d, this.force0)
  }

  /**
   * d fs / d a[i] of the user function at userArguments (as scalarForce left them): a central difference
   * (lawDerivative; exact for quadratic laws but for round-off, ~1e-10 relative).
   */
  private userDerivative(i: number): number {
    return lawDerivative(this.userFunction!, this.userArguments, i)
  }
  /**
   * V = k/2 (L - L0)^2 + force (L - L0); the damper's force d (L' - velocityOffset) has none (nor is it
   * asked for with a user function: noPotential).
   */
  potentialEnergy(s: SystemState): number {
    if (!this.active) return 0
    this.gather(s)
    const e =
      Math.hypot(
        this.work.p1[0] - this.work.p0[0],
        this.work.p1[1] - this.work.p0[1],
        this.work.p1[2] - this.work.p0[2],
      ) - this.L0
    return e * (0.5 * this.k * e + this.force0)
  }
  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.active) return
    const fs = this.scalarForce(s)
    this.jacobians(s)
    for (let i = 0; i < 3; i++) this.work.force[i] = fs * this.work.direction[i]
    this.addForcePair(this.work.force, out)
  }
  /**
   * f = fs n with P = I - n n^T: df/d(p1 - p0) = k n n^T + d n (P dv)^T / L + fs P / L,
   * df/d(v1 - v0) = d n n^T (dv = v1 - v0); with a user function k = dfs/d deltaL, d = dfs/d deltaL_t.
   */
  computeODE2LHSJacobian(s: SystemState, factorK: number, factorD: number, out: Float64Array): void {
    if (!this.active) return
    const fs = this.scalarForce(s)
    const k = this.userFunction ? this.userDerivative(1) : this.k,
      d = this.userFunction ? this.userDerivative(2) : this.d
    this.jacobians(s)
    const n = this.work.direction,
      M = this.work.M3
    const L = Math.hypot(
      this.work.p1[0] - this.work.p0[0],
      this.work.p1[1] - this.work.p0[1],
      this.work.p1[2] - this.work.p0[2],
    )
    const dv0 = this.work.v1[0] - this.work.v0[0],
      dv1 = this.work.v1[1] - this.work.v0[1],
      dv2 = this.work.v1[2] - this.work.v0[2]
    const ndv = n[0] * dv0 + n[1] * dv1 + n[2] * dv2
    const Pdv = this.work.transverseVelocity
    Pdv[0] = dv0 - ndv * n[0]
    Pdv[1] = dv1 - ndv * n[1]
    Pdv[2] = dv2 - ndv * n[2]
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) {
        const P = (a === b ? 1 : 0) - n[a] * n[b]
        M[3 * a + b] =
          factorK * (k * n[a] * n[b] + (d * n[a] * Pdv[b] + fs * P) / L) + factorD * d * n[a] * n[b]
      }
    }
    this.addPairBlock(out)
  }
  output(variable: string, s: SystemState, out: Float64Array): number {
    const fs = this.scalarForce(s)
    switch (variable) {
      case 'Distance':
        out[0] = Math.hypot(
          this.work.p1[0] - this.work.p0[0],
          this.work.p1[1] - this.work.p0[1],
          this.work.p1[2] - this.work.p0[2],
        )
        return 1
      case 'Displacement':
        for (let i = 0; i < 3; i++) out[i] = this.work.p1[i] - this.work.p0[i]
        return 3
      case 'Velocity':
        for (let i = 0; i < 3; i++) out[i] = this.work.v1[i] - this.work.v0[i]
        return 3
      case 'Force':
        for (let i = 0; i < 3; i++) out[i] = this.active ? fs * this.work.direction[i] : 0
        return 3
    }
    return 0
  }
}

export const ObjectConnectorSpringDamper = defineItem({
  kind: 'object',
  type: 'ConnectorSpringDamper',
  exudynName: 'ObjectConnectorSpringDamper',
  doc:
    'A spring-damper along the line between two position markers: f = stiffness (L - referenceLength) + ' +
    'damping (dL/dt - velocityOffset) + force, pulling the markers together when positive, or ' +
    'springForceUserFunction.',
  parameters: PARAMETERS,
  supportsCheckpoint: true,
  check: (it, m) => requireMarkers(it, m, 'markerNumbers', 'position'),
  build: (it, ctx) => {
    const userFunction = it.params.string('springForceUserFunction')
    const spring = new SpringDamper(
      markersOf(it, ctx),
      TWO_MARKER_WORK.of(ctx),
      it.params.bool('activeConnector'),
      it.name,
      userFunction === '' ? undefined : compileFunction(userFunction, USER_FUNCTION_VARIABLES),
    )
    spring.setParameters(it)
    return spring
  },
  visualize: lineVisualization('helix'),
})
