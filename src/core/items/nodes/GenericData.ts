// NodeGenericData (Exudyn's): numberOfDataCoordinates data (history) coordinates and nothing else: no
// ODE2 coordinates, no position. Objects that name it in their nodeNumber keep their switching and
// history variables (stick/slip, last sticking position, contact gap, continuous angle) there, in
// Exudyn's layout; the data are in the state's data vector, so checkpoints and retried steps carry them.
import { defineItem, type ResolvedItem } from '../../model/definition'
import type { NodeComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { visualizationParams } from '../common/itemFields'

class DataNode implements NodeComputation {
  readonly nODE2 = 0
  readonly nODE1 = 0
  ode2Index = 0
  ode1Index = 0
  dataIndex = 0
  readonly reference = new Float64Array(0)
  readonly initialDisplacement = new Float64Array(0)
  readonly initialVelocity = new Float64Array(0)
  readonly kinematics = undefined

  constructor(
    readonly nData: number,
    private readonly initial: Float64Array,
  ) {}

  setupInitialState(s: SystemState): void {
    s.data.set(this.initial, this.dataIndex)
  }
}

/** The number of data coordinates of a GenericData node, or undefined for any other type. */
export function dataCoordinateCount(node: ResolvedItem): number | undefined {
  return node.type === 'GenericData' ? node.params.integer('numberOfDataCoordinates') : undefined
}

export const NodeGenericData = defineItem({
  kind: 'node',
  type: 'GenericData',
  exudynName: 'NodeGenericData',
  doc:
    'A node of numberOfDataCoordinates data (history) coordinates, no ODE2 coordinates and no ' +
    'position: the internal state of the objects that name it in nodeNumber (friction, contact, ' +
    'continuous rotation, postNewtonStepUserFunction data), in the layout each object documents. ' +
    'Output: Coordinates (the data).',
  parameters: {
    numberOfDataCoordinates: {
      type: 'integer',
      default: 0,
      min: 0,
      doc: 'number of data coordinates (history variables)',
    },
    initialCoordinates: {
      type: 'vector',
      default: [],
      doc: 'initial data coordinates (numberOfDataCoordinates values, or [] for zeros)',
    },
    ...visualizationParams(),
  },
  supportsCheckpoint: true,
  check: (it) => {
    const n = it.params.integer('numberOfDataCoordinates')
    const got = it.params.vector('initialCoordinates').length
    return got === n || got === 0
      ? []
      : [
          {
            parameter: 'initialCoordinates',
            message: `expected ${n} values (numberOfDataCoordinates) or [] for zeros, got ${got}`,
          },
        ]
  },
  build: (it) => {
    const initial = new Float64Array(it.params.integer('numberOfDataCoordinates'))
    initial.set(it.params.vector('initialCoordinates'))
    return new DataNode(initial.length, initial)
  },
})
