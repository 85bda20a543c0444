import { defineItem } from '../../model/definition'
import { TWO_MARKER_WORK, type TwoMarkerWork } from '../common/twoMarkerConnector'
import type { MarkerComputation } from '../../system/computation'
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

/** g = |p1 - p0| - distance (index 3) or n . (v1 - v0) (index 2). */
class DistanceConstraint extends PairConnector {
  readonly nAE = 1
  readonly inactiveConstraint: boolean
  readonly outputVariables = LINE_OUTPUTS
  constructor(
    markers: MarkerComputation[],
    work: TwoMarkerWork,
    private readonly distance: number,
    active: boolean,
    private readonly lambdaOf: (s: SystemState) => number,
    private readonly label: string,
  ) {
    super(markers, work)
    this.inactiveConstraint = !active
  }
  /** The length into work.lineLength, the unit vector into work.direction. */
  private length(s: SystemState): void {
    this.gather(s)
    const dx = this.work.p1[0] - this.work.p0[0],
      dy = this.work.p1[1] - this.work.p0[1],
      dz = this.work.p1[2] - this.work.p0[2]
    const L = Math.sqrt(dx * dx + dy * dy + dz * dz)
    if (L === 0) throw coincidentMarkers(this.label, 'constraint', s.t)
    this.work.direction[0] = dx / L
    this.work.direction[1] = dy / L
    this.work.direction[2] = dz / L
    this.work.lineLength = L
  }
  computeAE(s: SystemState, out: Float64Array, velocityLevel: boolean): void {
    this.length(s)
    const n = this.work.direction
    out[0] = velocityLevel
      ? n[0] * (this.work.v1[0] - this.work.v0[0]) +
        n[1] * (this.work.v1[1] - this.work.v0[1]) +
        n[2] * (this.work.v1[2] - this.work.v0[2])
      : this.work.lineLength - this.distance
  }
  computeAEJacobian(s: SystemState, out: Float64Array): void {
    this.length(s)
    this.jacobians(s)
    this.projectRow(this.work.direction, out, 0)
  }
  output(variable: string, s: SystemState, out: Float64Array): number {
    this.length(s)
    switch (variable) {
      case 'Distance':
        out[0] = this.work.lineLength
        return 1
      case 'Displacement':
        for (let i = 0; i < 3; i++) out[i] = this.work.p1[i] - this.work.p0[i]
        return 3
      case 'Velocity':
        for (let i = 0; i < 3; i++) out[i] = this.work.v1[i] - this.work.v0[i]
        return 3
      case 'Force':
        out[0] = this.lambdaOf(s)
        return 1
    }
    return 0
  }
}

export const ObjectConnectorDistance = defineItem({
  kind: 'object',
  type: 'ConnectorDistance',
  exudynName: 'ObjectConnectorDistance',
  doc:
    'Keeps the distance between two position markers constant (one Lagrange multiplier, the force along ' +
    'the line).',
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
      markersOf(it, ctx),
      TWO_MARKER_WORK.of(ctx),
      it.params.number('distance'),
      it.params.bool('activeConnector'),
      (s) => s.lambda[c.aeIndex],
      itemLabel(it),
    )
    return c
  },
  visualize: lineVisualization('line'),
})
