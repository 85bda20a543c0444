import { defineItem } from '../../model/definition'
import type { NodeComputation } from '../../system/computation'
import { visualizationParams } from '../common/itemFields'
import { PositionlessNode } from '../common/nodeBase'

const COORDINATE_VECTORS = ['referenceCoordinates', 'initialCoordinates', 'initialCoordinates_t'] as const

export const NodeGenericODE2 = defineItem({
  kind: 'node',
  type: 'GenericODE2',
  exudynName: 'NodeGenericODE2',
  doc:
    'A node with numberOfODE2Coordinates generic second-order coordinates (no position), for ' +
    'ObjectGenericODE2-like systems and coordinate connectors.',
  parameters: {
    numberOfODE2Coordinates: { type: 'integer', min: 0, doc: 'number of coordinates' },
    referenceCoordinates: {
      type: 'vector',
      default: [],
      doc: 'reference coordinates (length numberOfODE2Coordinates)',
    },
    initialCoordinates: {
      type: 'vector',
      default: [],
      doc: 'initial displacements (length numberOfODE2Coordinates)',
    },
    initialCoordinates_t: {
      type: 'vector',
      default: [],
      doc: 'initial velocities (length numberOfODE2Coordinates)',
    },
    ...visualizationParams(),
  },
  supportsCheckpoint: true,
  check: (it) => {
    const n = it.params.integer('numberOfODE2Coordinates')
    return COORDINATE_VECTORS.filter(
      (p) => it.params.vector(p).length !== n && it.params.vector(p).length !== 0,
    ).map((p) => ({
      parameter: p,
      message:
        `expected ${n} values (numberOfODE2Coordinates) or [] for zeros, got ` +
        `${it.params.vector(p).length}`,
    }))
  },
  build: (it): NodeComputation => {
    const n = it.params.integer('numberOfODE2Coordinates')
    const sized = (p: (typeof COORDINATE_VECTORS)[number]): Float64Array => {
      const v = new Float64Array(n)
      v.set(it.params.vector(p))
      return v
    }
    return new PositionlessNode(
      n,
      sized('referenceCoordinates'),
      sized('initialCoordinates'),
      sized('initialCoordinates_t'),
    )
  },
})
