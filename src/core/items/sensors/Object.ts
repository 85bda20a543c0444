import type { ObjectComputation } from '../../system/computation'
import type { SensorComputation } from '../../system/sensorComputation'
import type { SystemState } from '../../system/state'
import { defineSensor } from '../common/sensorBase'

class ObjectSensor implements SensorComputation {
  /** Known once the state exists (phase 2): the number of values the object writes. */
  size = 0
  readonly readsMultipliers: boolean
  constructor(
    private readonly o: ObjectComputation,
    readonly outputVariableType: string,
  ) {
    this.readsMultipliers = o.nAE > 0
  }
  setupLTG(): void {}
  setupInitialState(s: SystemState): void {
    this.size = this.o.output!(this.outputVariableType, s, new Float64Array(16))
  }
  evaluate(s: SystemState, out: Float64Array): void {
    this.o.output!(this.outputVariableType, s, out)
  }
}

export const SensorObject = defineSensor({
  type: 'Object',
  doc:
    "Records an object's output variable (connectors: Force, Distance, Displacement, Velocity; bodies: " +
    'KineticEnergy, ...).',
  parameters: { objectNumber: { type: 'ref', kind: 'object', doc: 'the object' } },
  build: (it, ctx) => {
    const o = ctx.object(it.params.ref('objectNumber'))
    const v = it.params.string('outputVariableType')
    if (!o.output || !(o.outputVariables ?? []).includes(v)) {
      const obj = ctx.item('object', it.params.ref('objectNumber'))
      throw new Error(
        `sensor "${it.name}": object "${obj.name}" (${obj.type}) has no output ${v}; it has: ` +
          `${(o.outputVariables ?? []).join(', ') || 'none'}`,
      )
    }
    return new ObjectSensor(o, v)
  },
})
