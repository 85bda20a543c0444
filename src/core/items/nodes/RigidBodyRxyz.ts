import { TAIT_BRYAN_XYZ } from '../../math/rotations'
import { rigidNode } from '../common/rigidNode'

export const NodeRigidBodyRxyz = rigidNode({
  type: 'RigidBodyRxyz',
  doc:
    'A 3D rigid-body node with 3 displacement coordinates and Tait-Bryan angles [x, y, z, rx, ry, rz], A ' +
    '= Rx(rx) Ry(ry) Rz(rz); singular at ry = +-pi/2.',
  nTrans: 3,
  rotation: TAIT_BRYAN_XYZ,
  coordinates: '[x, y, z, rx, ry, rz]',
  defaultReference: [0, 0, 0, 0, 0, 0],
  extraParameters: {},
})
