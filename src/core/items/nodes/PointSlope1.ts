import { slopeNodeDefinition } from '../common/slopeNode'

export const NodePointSlope1 = slopeNodeDefinition(
  3,
  'PointSlope1',
  "A 3D position-and-slope node for ANCF cable elements (ANCFCable) with 6 coordinates [x, y, z, r'x, " +
    "r'y, r'z]: the position and the slope vector r' (derivative along the cable's reference arc length; " +
    '[1, 0, 0] for a straight cable along x). Markers: NodePosition (the position), NodeCoordinate (any of ' +
    'the 6).',
)
