// Sensors observe and record ("with only weak influence on the system", as in Exudyn): of a node, of a
// body at a local position, of an object's output variables, of a marker, of a load.
import type { ModelView, ResolvedItem } from '../../model/definition'
import { isFrame, type PointKinematics } from '../../system/computation'
import type { SensorComputation } from '../../system/sensorComputation'
import { SystemState } from '../../system/state'
import { itemFactory, visualizationParams } from './itemFields'

export const OUTPUT_VARIABLE_TYPES = [
  'Position',
  'Displacement',
  'Velocity',
  'Acceleration',
  'Rotation',
  'RotationMatrix',
  'AngularVelocity',
  'AngularVelocityLocal',
  'Coordinates',
  'Coordinates_t',
  'Coordinates_tt',
  'Force',
  'Torque',
  'Distance',
  'KineticEnergy',
  'PotentialEnergy',
  'TotalEnergy',
  'DisplacementLocal',
  'VelocityLocal',
  'ForceLocal',
  'TorqueLocal',
  'SlidingCoordinate',
] as const

export const KINEMATIC = ['Position', 'Displacement', 'Velocity', 'Acceleration']

export const ROTATIONAL = ['Rotation', 'RotationMatrix', 'AngularVelocity', 'AngularVelocityLocal']

const SENSOR_COMMON = {
  outputVariableType: {
    type: 'enum' as const,
    values: OUTPUT_VARIABLE_TYPES,
    default: 'Position',
    doc: 'what the sensor records',
  },
  writeToFile: {
    type: 'boolean' as const,
    default: true,
    doc: 'write the sensor to a CSV file when the run has a sensors directory',
  },
  fileName: { type: 'string' as const, default: '', doc: 'CSV file name; "" = NAME.csv' },
  storeInternal: {
    type: 'boolean' as const,
    default: true,
    doc: 'keep the recorded rows in memory (plots, --json)',
  },
}

/** Every sensor records one output variable and has the file and memory options. */
export const defineSensor = itemFactory('sensor', 'Sensor', { ...SENSOR_COMMON, ...visualizationParams() })

/** Position-type outputs of a point (with orientation outputs when it is a frame). */
export class KinematicSensor implements SensorComputation {
  readonly size: number
  private readonly reference = new Float64Array(3)
  private readonly R = new Float64Array(9)
  private readonly w = new Float64Array(3)
  constructor(
    private readonly k: PointKinematics,
    readonly outputVariableType: string,
  ) {
    this.size = outputVariableType === 'RotationMatrix' ? 9 : 3
  }
  setupLTG(): void {}
  setupInitialState(s: SystemState): void {
    // Reference position for Displacement: the position with all displacement coordinates zero (a
    // state built for it, so only Displacement sensors build one, once per initialization).
    if (this.outputVariableType !== 'Displacement') return
    this.k.position(new SystemState(s.q.length, 0, 0, 0), this.reference)
  }
  evaluate(s: SystemState, out: Float64Array): void {
    const k = this.k
    switch (this.outputVariableType) {
      case 'Position':
        return k.position(s, out)
      case 'Displacement':
        k.position(s, out)
        for (let i = 0; i < 3; i++) out[i] -= this.reference[i]
        return
      case 'Velocity':
        return k.velocity(s, out)
      case 'Acceleration':
        return k.acceleration(s, out)
    }
    if (!isFrame(k)) return
    switch (this.outputVariableType) {
      case 'Rotation':
        k.rotationParameters(s, out)
        return
      case 'RotationMatrix':
        return k.rotationMatrix(s, out)
      case 'AngularVelocity':
        return k.angularVelocity(s, out)
      case 'AngularVelocityLocal':
        k.angularVelocity(s, this.w)
        k.rotationMatrix(s, this.R)
        for (let i = 0; i < 3; i++)
          out[i] = this.R[i] * this.w[0] + this.R[3 + i] * this.w[1] + this.R[6 + i] * this.w[2]
        return
    }
  }
}

export const outputCheck =
  (param: string, problem: (model: ModelView, it: ResolvedItem, v: string) => string | undefined) =>
  (it: ResolvedItem, model: ModelView) => {
    const p = problem(model, it, it.params.string('outputVariableType'))
    return p ? [{ parameter: param, message: p }] : []
  }
