import { frameJoint } from '../common/axisJoint'

export const ObjectJointPrismaticX = frameJoint(
  'JointPrismaticX',
  'A prismatic joint in 3D between two rigid markers: fixes all relative rotations and the displacement ' +
    'along the joint frame y and z axes of marker 0; free along its x axis. 5 equations.',
  [0, 1, 1, 1, 1, 1],
  0,
)
