// Sensors observe and record (seed 003: "with only weak influence on the system"): of a node, of a
// body at a local position, of an object's output variables, of a marker, of a load.
import type { ModelView, ResolvedItem } from '../../model/definition'
import { getItemType } from '../../model/registry'
import {
  isFrame,
  type LoadComputation,
  type NodeComputation,
  type ObjectComputation,
  type PointKinematics,
} from '../../system/computation'
import type { SensorComputation } from '../../system/sensorComputation'
import { SystemState } from '../../system/state'
import { itemFactory, visualizationParams } from '../common'

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
  'DisplacementLocal',
  'VelocityLocal',
  'ForceLocal',
  'TorqueLocal',
  'SlidingCoordinate',
] as const

const KINEMATIC = ['Position', 'Displacement', 'Velocity', 'Acceleration']
const ROTATIONAL = ['Rotation', 'RotationMatrix', 'AngularVelocity', 'AngularVelocityLocal']

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
const defineSensor = itemFactory('sensor', 'Sensor', { ...SENSOR_COMMON, ...visualizationParams() })

/** Position-type outputs of a point (with orientation outputs when it is a frame). */
class KinematicSensor implements SensorComputation {
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
    // Reference position for Displacement: the position with all displacement coordinates zero.
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

class ObjectSensor implements SensorComputation {
  /** Known once the state exists (phase 2): the number of values the object writes. */
  size = 0
  constructor(
    private readonly o: ObjectComputation,
    readonly outputVariableType: string,
  ) {}
  setupLTG(): void {}
  setupInitialState(s: SystemState): void {
    this.size = this.o.output!(this.outputVariableType, s, new Float64Array(16))
  }
  evaluate(s: SystemState, out: Float64Array): void {
    this.o.output!(this.outputVariableType, s, out)
  }
}

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

function nodeOutputProblem(node: ResolvedItem, v: string): string | undefined {
  const traits = getItemType('node', node.type)?.traits
  if (v.startsWith('Coordinates')) return undefined
  if (KINEMATIC.includes(v) && traits?.position) return undefined
  if (ROTATIONAL.includes(v) && traits?.orientation) return undefined
  return `node "${node.name}" (${node.type}) has no output ${v}`
}

const outputCheck =
  (param: string, problem: (model: ModelView, it: ResolvedItem, v: string) => string | undefined) =>
  (it: ResolvedItem, model: ModelView) => {
    const p = problem(model, it, it.params.string('outputVariableType'))
    return p ? [{ parameter: param, message: p }] : []
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

export const SensorBody = defineSensor({
  type: 'Body',
  doc: 'Records Position, Displacement, Velocity, Acceleration (and rotation outputs for rigid bodies) of a point of a body given by localPosition.',
  parameters: {
    bodyNumber: { type: 'ref', kind: 'object', doc: 'the body' },
    localPosition: {
      type: 'vector',
      size: 3,
      default: [0, 0, 0],
      unit: 'm',
      doc: 'the point in body coordinates',
    },
  },
  check: outputCheck('outputVariableType', (m, it, v) => {
    const b = m.item('object', it.params.ref('bodyNumber'))
    const traits = getItemType('object', b.type)?.traits
    if (!traits?.body) return `object "${b.name}" (${b.type}) is not a body`
    if (KINEMATIC.includes(v) || (ROTATIONAL.includes(v) && traits.orientation)) return undefined
    return `body "${b.name}" (${b.type}) has no output ${v}`
  }),
  build: (it, ctx) =>
    new KinematicSensor(
      ctx.object(it.params.ref('bodyNumber')).bodyPoint!(it.params.vector('localPosition')),
      it.params.string('outputVariableType'),
    ),
})

export const SensorObject = defineSensor({
  type: 'Object',
  doc: "Records an object's output variable (connectors: Force, Distance, Displacement, Velocity; bodies: KineticEnergy, ...).",
  parameters: { objectNumber: { type: 'ref', kind: 'object', doc: 'the object' } },
  build: (it, ctx) => {
    const o = ctx.object(it.params.ref('objectNumber'))
    const v = it.params.string('outputVariableType')
    if (!o.output || !(o.outputVariables ?? []).includes(v)) {
      const obj = ctx.item('object', it.params.ref('objectNumber'))
      throw new Error(
        `sensor "${it.name}": object "${obj.name}" (${obj.type}) has no output ${v}; it has: ${(o.outputVariables ?? []).join(', ') || 'none'}`,
      )
    }
    return new ObjectSensor(o, v)
  },
})

export const SensorMarker = defineSensor({
  type: 'Marker',
  doc: 'Records Position, Velocity (and rotation outputs for rigid markers) of a marker.',
  parameters: { markerNumber: { type: 'ref', kind: 'marker', doc: 'the marker' } },
  build: (it, ctx) => {
    const k = ctx.marker(it.params.ref('markerNumber')).kinematics
    if (!k) throw new Error(`sensor "${it.name}": the marker has no position`)
    return new KinematicSensor(k, it.params.string('outputVariableType'))
  },
})

export const SensorLoad = defineSensor({
  type: 'Load',
  doc: 'Records the current value of a load (its vector, or the scalar of a coordinate load).',
  parameters: { loadNumber: { type: 'ref', kind: 'load', doc: 'the load' } },
  build: (it, ctx) => {
    const l = ctx.load(it.params.ref('loadNumber'))
    return new LoadSensor(l, l.loadValue(0, new Float64Array(3)))
  },
})
