import { defineItem } from '../../model/definition'
import { TWO_MARKER_WORK, type TwoMarkerWork } from '../common/twoMarkerConnector'
import type { MarkerComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { requireMarkers, markersOf } from '../common/markerChecks'
import { CONNECTOR_VIS, lineVisualization, PairConnector } from '../common/pairConnector'

const CARTESIAN_OUTPUTS: readonly string[] = ['Displacement', 'Velocity', 'Force']

/** Spring-damper per global axis: f = k .* (p1 - p0 - offset) + d .* (v1 - v0). */
class CartesianSpringDamper extends PairConnector {
  readonly nAE = 0
  readonly outputVariables = CARTESIAN_OUTPUTS
  constructor(
    markers: MarkerComputation[],
    work: TwoMarkerWork,
    private readonly k: Float64Array,
    private readonly d: Float64Array,
    private readonly offset: Float64Array,
    private readonly active: boolean,
  ) {
    super(markers, work)
  }
  private computeForce(s: SystemState): void {
    this.gather(s)
    for (let i = 0; i < 3; i++)
      this.force[i] =
        this.k[i] * (this.p1[i] - this.p0[i] - this.offset[i]) + this.d[i] * (this.v1[i] - this.v0[i])
  }
  /** V = sum_i k_i/2 (p1 - p0 - offset)_i^2. */
  potentialEnergy(s: SystemState): number {
    if (!this.active) return 0
    this.gather(s)
    let e = 0
    for (let i = 0; i < 3; i++) e += 0.5 * this.k[i] * (this.p1[i] - this.p0[i] - this.offset[i]) ** 2
    return e
  }
  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.active) return
    this.computeForce(s)
    this.jacobians(s)
    this.addForcePair(this.force, out)
  }
  /** df/d(p1 - p0) = diag(k), df/d(v1 - v0) = diag(d). */
  computeODE2LHSJacobian(s: SystemState, factorK: number, factorD: number, out: Float64Array): void {
    if (!this.active) return
    this.jacobians(s)
    this.M3.fill(0)
    for (let i = 0; i < 3; i++) this.M3[4 * i] = factorK * this.k[i] + factorD * this.d[i]
    this.addPairBlock(out)
  }
  output(variable: string, s: SystemState, out: Float64Array): number {
    this.computeForce(s)
    for (let i = 0; i < 3; i++) {
      if (variable === 'Displacement') out[i] = this.p1[i] - this.p0[i]
      else if (variable === 'Velocity') out[i] = this.v1[i] - this.v0[i]
      else if (variable === 'Force') out[i] = this.active ? this.force[i] : 0
      else return 0
    }
    return 3
  }
}

export const ObjectConnectorCartesianSpringDamper = defineItem({
  kind: 'object',
  type: 'ConnectorCartesianSpringDamper',
  exudynName: 'ObjectConnectorCartesianSpringDamper',
  doc:
    'Independent spring-dampers in global x, y and z between two position markers: f = stiffness .* (p1 ' +
    '- p0 - offset) + damping .* (v1 - v0).',
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
      markersOf(it, ctx),
      TWO_MARKER_WORK.of(ctx),
      it.params.vector('stiffness'),
      it.params.vector('damping'),
      it.params.vector('offset'),
      it.params.bool('activeConnector'),
    ),
  visualize: lineVisualization('helix'),
})
