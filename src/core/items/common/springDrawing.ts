// Spring-dampers measured in the frame of marker 0 (Exudyn's formulations):
//
// ConnectorRigidBodySpringDamper: six springs and dampers between two rigid markers. With the joint
// frames A_J0 = A_m0 rotationMarker0, A_J1 = A_m1 rotationMarker1,
//   u = [A_J0^T (p1 - p0); theta],  theta = Tait-Bryan xyz angles of A_J0^T A_J1,
//   v = [A_J0^T (v1 - v0); A_J0^T (w1 - w0)],
//   [f; m] = stiffness (u - offset) + damping v      (local, in J0)
// and the global force A_J0 f and torque A_J0 m act on marker 1 (through its position and rotation
// Jacobians), their negatives on marker 0. As in Exudyn this is not the derivative of a potential
// for coupled large rotations (the torque acts about A_J0's axes, not along dtheta/dq); about one axis
// it is exact. The Newton Jacobian is the local numerical one (6 x (n0 + n1) entries, cheap).
//
// ConnectorLinearSpringDamper: one spring-damper along d = A_m0 axisMarker0:
// dx = d . (p1 - p0), dv = d . (v1 - v0), f = stiffness (dx - offset) + damping (dv - velocityOffset) + force
// and f d acts on marker 1, -f d on marker 0 (position Jacobians only: no torque from the turning
// axis, as in Exudyn). Motion across d is not resisted.
import type { ResolvedItem } from '../../model/definition'
import { DEFAULT_COLORS, type Graphics } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import type { TwoMarkerConnector } from './twoMarkerConnector'

/** A helix (or, drawn as an actuator, a cylinder) between the two markers. */
export function drawSpring(
  it: ResolvedItem,
  c: TwoMarkerConnector,
  s: SystemState,
  g: Graphics,
  asCylinder: boolean,
): void {
  if (!it.params.bool('Vshow')) return
  const [from, to] = c.endPoints(s)
  const color = it.params.color('Vcolor', DEFAULT_COLORS.connector)
  const size = it.params.number('VdrawSize')
  const radius = size > 0 ? size / 2 : 0.03
  if (asCylinder) g.add({ shape: 'cylinder', from, to, radius, color })
  else g.add({ shape: 'helix', from, to, radius, turns: 8, color })
}
