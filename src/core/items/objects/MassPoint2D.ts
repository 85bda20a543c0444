import { massPoint } from '../common/massPoint'

export const ObjectMassPoint2D = massPoint('MassPoint2D', 2)
