import { frameJoint } from '../common/axisJoint'

export const ObjectJointGeneric = frameJoint(
  'JointGeneric',
  'A generic joint in 3D: constrainedAxes selects which relative translations [x, y, z] and rotations ' +
    '[rx, ry, rz] of the joint frames are fixed (all fixed: a rigid connection). One equation per ' +
    'constrained axis. offsetUserFunction prescribes offsets of t for the constrained axes (a drive).',
  'parameter',
  2,
)
