import { defineSensor, KinematicSensor } from '../common/sensorBase'

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
