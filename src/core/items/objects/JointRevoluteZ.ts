import { frameJoint } from '../common/axisJoint'

export const ObjectJointRevoluteZ = frameJoint(
  'JointRevoluteZ',
  'A revolute joint in 3D between two rigid markers: fixes p1 - p0 and two rotations; the joint frame z ' +
    'axis (rotationMarker0 in marker 0) is free to rotate. 5 equations.',
  [1, 1, 1, 1, 1, 0],
  2,
)
