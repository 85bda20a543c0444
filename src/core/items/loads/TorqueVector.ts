import { isFrame } from '../../system/computation'
import { defineLoad, markerOf, USER_FUNCTION_3, VectorLoad } from '../common/loadBase'
import { requireMarkers } from '../common/markerChecks'

export const LoadTorqueVector = defineLoad({
  type: 'TorqueVector',
  doc:
    'A torque on an orientation marker (rigid body or rigid node), in global coordinates (or in the ' +
    'marker frame if bodyFixed).',
  parameters: {
    markerNumber: { type: 'ref', kind: 'marker', doc: 'the marker the torque acts on' },
    loadVector: {
      type: 'vector',
      live: true,
      size: 3,
      default: [0, 0, 0],
      unit: 'N m',
      doc: 'torque vector',
    },
    bodyFixed: { type: 'boolean', default: false, doc: 'the torque is given in the marker (body) frame' },
    ...USER_FUNCTION_3,
  },
  check: (it, m) => requireMarkers(it, m, 'markerNumber', 'orientation'),
  build: (it, ctx) => {
    const k = markerOf(it, ctx).kinematics!
    if (!isFrame(k)) throw new Error(`load "${it.name}": marker has no orientation`)
    return new VectorLoad(ctx, it, k, true, it.params.bool('bodyFixed'), 1)
  },
})
