// Markers on one ANCFCable2D element for connectors that act along the whole element rather than at a
// fixed point (Exudyn's names):
//   MarkerBodyCable2DCoordinates: the element's coordinates (JointSliding2D);
//   MarkerBodyCable2DShape: the element's surface as numberOfSegments straight segments between the
//     points r(x_i) + verticalOffset n(x_i), x_i = i L / numberOfSegments (ContactFrictionCircleCable2D).
// They provide none of the position/orientation/coordinate/mass traits; such connectors read the
// element through the marker.
import type { BuildContext, ResolvedItem } from '../../model/definition'
import { AncfCable2DElement } from '../objects/ANCFCable2D'

export const PROVIDES_NOTHING = { position: false, orientation: false, coordinate: false, bodyMass: false }

export function cableOf(it: ResolvedItem, ctx: BuildContext): AncfCable2DElement {
  const cable = ctx.object(it.params.ref('bodyNumber'))
  if (!(cable instanceof AncfCable2DElement))
    throw new Error(`marker "${it.name}": bodyNumber must be an ANCFCable2D element`)
  return cable
}
