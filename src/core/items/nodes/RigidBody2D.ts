import { PLANAR_ANGLE } from '../../math/rotations'
import { rigidNode } from '../common/rigidNode'

export const NodeRigidBody2D = rigidNode({
  type: 'RigidBody2D',
  doc: 'A planar rigid-body node [x, y, phi] in the x-y plane; phi rotates about the global z axis.',
  nTrans: 2,
  rotation: PLANAR_ANGLE,
  coordinates: '[x, y, phi]',
  defaultReference: [0, 0, 0],
  extraParameters: {},
})
