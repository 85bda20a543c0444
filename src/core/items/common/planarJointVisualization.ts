// Planar joints in the x-y plane: JointRevolute2D (two position markers coincide in x and y) and
// JointPrismatic2D (Exudyn: (p1 - p0) . A1 n1 = 0 and (A0 t0) . (A1 n1) = 0). Both are AxisJoints
// (common/axisJoint.ts), so the Jacobians and the index-2 form come from the same code as the 3D joints.
import { V_COLOR, V_DRAW_SIZE, visualizationParams } from './itemFields'

export const VIS = { ...visualizationParams(V_DRAW_SIZE), ...V_COLOR }

export const DEFAULT_DRAW_SIZE = 0.05
