import type { ResolvedItem } from '../../model/definition'
import { getItemType } from '../../model/registry'
import type { NodeComputation } from '../../system/computation'
import type { SensorComputation } from '../../system/sensorComputation'
import type { SystemState } from '../../system/state'
import { defineSensor, KINEMATIC, KinematicSensor, outputCheck, ROTATIONAL } from '../common/sensorBase'

class CoordinateSensor implements SensorComputation {
  readonly size: number
  constructor(
    private readonly node: NodeComputation,
    readonly outputVariableType: string,
  ) {
    this.size = node.nODE2
  }
  setupLTG(): void {}
  evaluate(s: SystemState, out: Float64Array): void {
    const x =
      this.outputVariableType === 'Coordinates'
        ? s.q
        : this.outputVariableType === 'Coordinates_t'
          ? s.v
          : s.a
    for (let i = 0; i < this.size; i++) out[i] = x[this.node.ode2Index + i]
  }
}

function nodeOutputProblem(node: ResolvedItem, v: string): string | undefined {
  const traits = getItemType('node', node.type)?.traits
  if (v.startsWith('Coordinates')) return undefined
  if (KINEMATIC.includes(v) && traits?.position) return undefined
  if (ROTATIONAL.includes(v) && traits?.orientation) return undefined
  return `node "${node.name}" (${node.type}) has no output ${v}`
}

export const SensorNode = defineSensor({
  type: 'Node',
  doc: 'Records an output variable of a node: Position, Displacement, Velocity, Acceleration, the rotation outputs of rigid nodes, or Coordinates / Coordinates_t / Coordinates_tt.',
  parameters: { nodeNumber: { type: 'ref', kind: 'node', doc: 'the node' } },
  check: outputCheck('outputVariableType', (m, it, v) =>
    nodeOutputProblem(m.item('node', it.params.ref('nodeNumber')), v),
  ),
  build: (it, ctx) => {
    const n = ctx.node(it.params.ref('nodeNumber'))
    const v = it.params.string('outputVariableType')
    return v.startsWith('Coordinates') ? new CoordinateSensor(n, v) : new KinematicSensor(n.kinematics!, v)
  },
})
