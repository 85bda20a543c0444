import type { ResolvedItem } from '../../model/definition'
import { getItemType } from '../../model/registry'
import type { NodeComputation } from '../../system/computation'
import type { SensorComputation } from '../../system/sensorComputation'
import type { SystemState } from '../../system/state'
import type { ModelView } from '../../model/definition'
import { defineSensor, KINEMATIC, KinematicSensor, outputCheck, ROTATIONAL } from '../common/sensorBase'
import { nodeCoordinateCount } from '../markers/NodeCoordinate'
import { dataCoordinateCount } from '../nodes/GenericData'

class CoordinateSensor implements SensorComputation {
  readonly size: number
  private readonly first: number
  /** A GenericData node's Coordinates are its data coordinates. */
  private readonly data: boolean
  constructor(
    private readonly node: NodeComputation,
    readonly outputVariableType: string,
    /** One coordinate only, or -1 for all of the node's. */
    coordinate: number,
  ) {
    this.data = node.nODE2 === 0 && node.nData > 0
    this.size = coordinate >= 0 ? 1 : this.data ? node.nData : node.nODE2
    this.first = coordinate < 0 ? 0 : coordinate
  }
  setupLTG(): void {}
  evaluate(s: SystemState, out: Float64Array): void {
    if (this.data) {
      for (let i = 0; i < this.size; i++) out[i] = s.data[this.node.dataIndex + this.first + i]
      return
    }
    const x =
      this.outputVariableType === 'Coordinates'
        ? s.q
        : this.outputVariableType === 'Coordinates_t'
          ? s.v
          : s.a
    for (let i = 0; i < this.size; i++) out[i] = x[this.node.ode2Index + this.first + i]
  }
}

function nodeOutputProblem(node: ResolvedItem, v: string): string | undefined {
  const traits = getItemType('node', node.type)?.traits
  if (dataCoordinateCount(node) !== undefined)
    return v === 'Coordinates'
      ? undefined
      : `node "${node.name}" (${node.type}) has only Coordinates (its data coordinates), not ${v}`
  if (v.startsWith('Coordinates')) return undefined
  if (KINEMATIC.includes(v) && traits?.position) return undefined
  if (ROTATIONAL.includes(v) && traits?.orientation) return undefined
  return `node "${node.name}" (${node.type}) has no output ${v}`
}

function coordinateProblem(it: ResolvedItem, m: ModelView): { parameter: string; message: string }[] {
  const c = it.params.integer('coordinate')
  if (c < 0) return []
  if (!it.params.string('outputVariableType').startsWith('Coordinates'))
    return [
      { parameter: 'coordinate', message: 'one coordinate is recorded only for the Coordinates outputs' },
    ]
  const node = m.item('node', it.params.ref('nodeNumber'))
  const data = dataCoordinateCount(node)
  const count = data ?? nodeCoordinateCount(node)
  return count !== undefined && c >= count
    ? [
        {
          parameter: 'coordinate',
          message:
            `node "${node.name}" (${node.type}) has ${count} ${data === undefined ? 'ODE2' : 'data'} ` +
            `coordinates; expected -1 .. ${count - 1}, got ${c}`,
        },
      ]
    : []
}

export const SensorNode = defineSensor({
  type: 'Node',
  doc:
    'Records an output variable of a node: Position, Displacement, Velocity, Acceleration, the rotation ' +
    'outputs of rigid nodes, or Coordinates / Coordinates_t / Coordinates_tt (of a GenericData node: ' +
    'Coordinates, its data coordinates).',
  parameters: {
    nodeNumber: { type: 'ref', kind: 'node', doc: 'the node' },
    coordinate: {
      type: 'integer',
      default: -1,
      min: -1,
      doc:
        'for the Coordinates outputs: record this coordinate of the node only (-1: all of them; ours, ' +
        'not in Exudyn)',
    },
  },
  check: (it, m) => [
    ...outputCheck('outputVariableType', (model, item, v) =>
      nodeOutputProblem(model.item('node', item.params.ref('nodeNumber')), v),
    )(it, m),
    ...coordinateProblem(it, m),
  ],
  build: (it, ctx) => {
    const n = ctx.node(it.params.ref('nodeNumber'))
    const v = it.params.string('outputVariableType')
    return v.startsWith('Coordinates')
      ? new CoordinateSensor(n, v, it.params.integer('coordinate'))
      : new KinematicSensor(n.kinematics!, v)
  },
})
