import { getItemType } from '../../model/registry'
import { defineSensor, KINEMATIC, KinematicSensor, outputCheck, ROTATIONAL } from '../common/sensorBase'

export const SensorBody = defineSensor({
  type: 'Body',
  doc:
    'Records Position, Displacement, Velocity, Acceleration (and rotation outputs for rigid bodies) of a ' +
    'point of a body given by localPosition.',
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
