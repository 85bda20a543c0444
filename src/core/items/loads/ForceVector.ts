import { defineLoad, markerOf, USER_FUNCTION_3, VectorLoad } from '../common/loadBase'
import { requireMarkers } from '../common/markerChecks'

export const LoadForceVector = defineLoad({
  type: 'ForceVector',
  doc: 'A force on a position marker, in global coordinates (or in the marker frame if bodyFixed).',
  parameters: {
    markerNumber: { type: 'ref', kind: 'marker', doc: 'the marker the force acts on' },
    loadVector: { type: 'vector', live: true, size: 3, default: [0, 0, 0], unit: 'N', doc: 'force vector' },
    bodyFixed: {
      type: 'boolean',
      default: false,
      doc: 'the force is given in the marker (body) frame and rotates with it',
    },
    ...USER_FUNCTION_3,
  },
  check: (it, m) => [
    ...requireMarkers(it, m, 'markerNumber', 'position'),
    ...(it.params.bool('bodyFixed') ? requireMarkers(it, m, 'markerNumber', 'orientation') : []),
  ],
  build: (it, ctx) =>
    new VectorLoad(ctx, it, markerOf(it, ctx).kinematics!, false, it.params.bool('bodyFixed'), 1),
})
