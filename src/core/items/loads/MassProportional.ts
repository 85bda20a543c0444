import { defineLoad, markerOf, USER_FUNCTION_3, VectorLoad } from '../common/loadBase'
import { requireMarkers } from '../common/markerChecks'

export const LoadMassProportional = defineLoad({
  type: 'MassProportional',
  doc:
    'A load proportional to the mass of a body (gravity): force = mass * loadVector at the centre of ' +
    'mass, through a BodyMass marker.',
  parameters: {
    markerNumber: { type: 'ref', kind: 'marker', doc: 'a BodyMass marker' },
    loadVector: {
      type: 'vector',
      live: true,
      size: 3,
      default: [0, 0, 0],
      unit: 'm/s^2',
      doc: 'acceleration, e.g. [0, -9.81, 0]',
    },
    ...USER_FUNCTION_3,
  },
  check: (it, m) => requireMarkers(it, m, 'markerNumber', 'bodyMass'),
  build: (it, ctx) => {
    const mk = markerOf(it, ctx)
    return new VectorLoad(ctx, it, mk.kinematics!, false, false, mk)
  },
})
