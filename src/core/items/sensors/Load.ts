import type { LoadComputation } from '../../system/computation'
import type { SensorComputation } from '../../system/sensorComputation'
import type { SystemState } from '../../system/state'
import { defineSensor } from '../common/sensorBase'

class LoadSensor implements SensorComputation {
  readonly outputVariableType = 'Force'
  constructor(
    private readonly l: LoadComputation,
    readonly size: number,
  ) {}
  setupLTG(): void {}
  evaluate(s: SystemState, out: Float64Array): void {
    this.l.loadValue(s.t, out)
  }
}

export const SensorLoad = defineSensor({
  type: 'Load',
  doc: 'Records the current value of a load (its vector, or the scalar of a coordinate load).',
  parameters: { loadNumber: { type: 'ref', kind: 'load', doc: 'the load' } },
  build: (it, ctx) => {
    const l = ctx.load(it.params.ref('loadNumber'))
    return new LoadSensor(l, l.loadValue(0, new Float64Array(3)))
  },
})
