import type { ResolvedItem } from '../../model/definition'
import type { MarkerComputation } from '../../system/computation'
import { visualizationParams } from '../common/itemFields'
import { defineMarker, provides } from '../common/markerBase'

const COORDINATE = provides({ coordinate: true })

class NodeCoordinateMarker implements MarkerComputation {
  readonly provides = COORDINATE
  coordinateIndex = 0
  coordinateReference: number
  constructor(
    private readonly node: { ode2Index: number; nODE2: number; reference: Float64Array },
    private readonly coordinate: number,
  ) {
    this.coordinateReference = node.reference[coordinate] ?? 0
  }
  setupLTG(): void {
    // A node without coordinates (PointGround) gives a fixed coordinate: index -1, value 0.
    this.coordinateIndex = this.node.nODE2 === 0 ? -1 : this.node.ode2Index + this.coordinate
  }
}

export const MarkerNodeCoordinate = defineMarker(COORDINATE, {
  type: 'NodeCoordinate',
  doc:
    'One ODE2 coordinate of a node (0-based), for coordinate loads, springs and constraints; acts on the ' +
    'displacement coordinate.',
  parameters: {
    nodeNumber: { type: 'ref', kind: 'node', doc: 'the node' },
    coordinate: { type: 'integer', default: 0, min: 0, doc: 'the 0-based coordinate index within the node' },
    ...visualizationParams(),
  },
  check: (it, model) => {
    const n = model.item('node', it.params.ref('nodeNumber'))
    const count = nodeCoordinateCount(n)
    const c = it.params.integer('coordinate')
    return count !== undefined && c >= count
      ? [
          {
            parameter: 'coordinate',
            message:
              `node "${n.name}" (${n.type}) has ${count} ODE2 coordinates; expected 0..${count - 1}, got ` +
              `${c}`,
          },
        ]
      : []
  },
  build: (it, ctx) =>
    new NodeCoordinateMarker(ctx.node(it.params.ref('nodeNumber')), it.params.integer('coordinate')),
})

/** ODE2 coordinate count of a node from its parameters (before anything is built). */
export function nodeCoordinateCount(n: ResolvedItem): number | undefined {
  if (n.type === 'GenericODE2') return n.params.integer('numberOfODE2Coordinates')
  if (n.type === 'GenericData') return 0
  if (n.type === 'PointGround') return undefined
  const ref = n.params.values.referenceCoordinates
  return Array.isArray(ref) ? ref.length : undefined
}
