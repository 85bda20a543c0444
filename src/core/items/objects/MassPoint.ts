import { massPoint } from '../common/massPoint'

export const ObjectMassPoint = massPoint('MassPoint', 3)
