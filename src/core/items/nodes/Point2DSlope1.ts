import { slopeNodeDefinition } from '../common/slopeNode'

export const NodePoint2DSlope1 = slopeNodeDefinition(
  2,
  'Point2DSlope1',
  "A planar position-and-slope node for ANCF cable elements with 4 coordinates [x, y, r'x, r'y]: the " +
    "position and the slope vector r' (derivative along the cable's reference arc length; [1, 0] for a " +
    'straight cable along x). Markers: NodePosition (the position), NodeCoordinate (any of the 4).',
)
