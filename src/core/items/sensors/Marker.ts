import { isFrame } from '../../system/computation'
import { defineSensor, KINEMATIC, KinematicSensor, ROTATIONAL } from '../common/sensorBase'

export const SensorMarker = defineSensor({
  type: 'Marker',
  doc: 'Records Position, Velocity (and rotation outputs for rigid markers) of a marker.',
  parameters: { markerNumber: { type: 'ref', kind: 'marker', doc: 'the marker' } },
  build: (it, ctx) => {
    const k = ctx.marker(it.params.ref('markerNumber')).kinematics
    const v = it.params.string('outputVariableType')
    if (!k) throw new Error(`sensor "${it.name}": the marker has no position`)
    // A kinematic sensor records nothing for another output (Force would stay zero): refuse it.
    const outputs = [...KINEMATIC, ...(isFrame(k) ? ROTATIONAL : [])]
    if (!outputs.includes(v))
      throw new Error(`sensor "${it.name}": the marker has no output ${v}; it has: ${outputs.join(', ')}`)
    return new KinematicSensor(k, v)
  },
})
