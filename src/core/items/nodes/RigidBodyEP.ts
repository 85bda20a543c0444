import { EULER_PARAMETERS } from '../../math/rotations'
import type { ResolvedItem } from '../../model/definition'
import { rigidNode } from '../common/rigidNode'

/**
 * Euler parameters must be unit (|ep| = 1) with ep . ep' = 0 initially; the body's constraint keeps them so.
 */
function checkEulerParameters(it: ResolvedItem): { parameter: string; message: string }[] {
  const ref = it.params.vector('referenceCoordinates'),
    q0 = it.params.vector('initialCoordinates'),
    v0 = it.params.vector('initialVelocities')
  const ep = [3, 4, 5, 6].map((i) => ref[i] + q0[i])
  const norm = Math.hypot(...ep)
  if (Math.abs(norm - 1) > 1e-8)
    return [
      {
        parameter: 'referenceCoordinates',
        message:
          `the Euler parameters (referenceCoordinates + initialCoordinates, components 3..6) must have ` +
          `unit length, got |ep| = ${norm}; e.g. referenceCoordinates [x, y, z, 1, 0, 0, 0] for no ` +
          `rotation`,
      },
    ]
  const rate = ep.reduce((sum, e, k) => sum + e * v0[3 + k], 0)
  const scale = Math.hypot(v0[3], v0[4], v0[5], v0[6])
  if (Math.abs(rate) > 1e-8 * Math.max(1, scale))
    return [
      {
        parameter: 'initialVelocities',
        message:
          `the Euler parameter velocities (components 3..6) must satisfy ep . ep' = 0 (unit length is ` +
          `kept), got ${rate}`,
      },
    ]
  return []
}

export const NodeRigidBodyEP = rigidNode({
  type: 'RigidBodyEP',
  doc:
    'A 3D rigid-body node with 3 displacement coordinates and 4 Euler parameters [x, y, z, ep0, ep1, ' +
    'ep2, ep3] (ep0 scalar); no singularities; the rigid body on it adds the constraint |ep| = 1.',
  nTrans: 3,
  rotation: EULER_PARAMETERS,
  coordinates: '[x, y, z, ep0, ep1, ep2, ep3]',
  defaultReference: [0, 0, 0, 1, 0, 0, 0],
  extraParameters: {
    addConstraintEquation: {
      type: 'boolean',
      default: true,
      unsupported: true,
      doc: 'the Euler parameter constraint |ep| = 1 is added (by the rigid body on the node)',
    },
  },
  check: checkEulerParameters,
})
