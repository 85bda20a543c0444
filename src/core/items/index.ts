// Registers the built-in item types. Each definition lives in one file; adding a type means adding
// its file and one line here (plugins call registerItemType themselves).
import { registerItemType, getItemType } from '../model/registry'
import type { AnyItemDefinition } from '../model/definition'
import { NodeGenericODE2, NodePoint, NodePoint2D, NodePointGround } from './nodes/pointNodes'
import { NodeRigidBody2D, NodeRigidBodyEP, NodeRigidBodyRxyz } from './nodes/rigidNodes'
import { ObjectRigidBody, ObjectRigidBody2D } from './objects/rigidBodies'
import {
  ObjectJointGeneric,
  ObjectJointPrismaticX,
  ObjectJointRevoluteZ,
  ObjectJointSpherical,
} from './objects/joints'
import { ObjectJointPrismatic2D, ObjectJointRevolute2D } from './objects/joints2D'
import { Node1D } from './nodes/node1D'
import { ObjectMass1D, ObjectRotationalMass1D } from './objects/mass1D'
import { NodePoint2DSlope1 } from './nodes/slopeNodes'
import { ObjectANCFCable2D } from './objects/ancfCable2D'
import { ObjectGround, ObjectMassPoint, ObjectMassPoint2D } from './objects/bodies'
import {
  ObjectConnectorCartesianSpringDamper,
  ObjectConnectorDistance,
  ObjectConnectorSpringDamper,
} from './objects/springsAndDistance'
import {
  ObjectConnectorCoordinate,
  ObjectConnectorCoordinateSpringDamper,
} from './objects/coordinateConnectors'
import { ObjectConnectorTorsionalSpringDamper } from './objects/torsionalSpring'
import { ObjectConnectorCoordinateSpringDamperExt } from './objects/coordinateSpringDamperExt'
import { ObjectContactSpherePlane, ObjectContactSphereSphere } from './objects/contactSpheres'
import {
  ObjectConnectorLinearSpringDamper,
  ObjectConnectorRigidBodySpringDamper,
} from './objects/rigidBodyConnectors'
import { ObjectJointRollingDisc } from './objects/rollingDisc'
import { NodePointSlope1 } from './nodes/slopeNodes'
import { ObjectANCFCable } from './objects/ancfCable3D'
import { MarkerBodyCable2DCoordinates, MarkerBodyCable2DShape } from './markers/cableMarkers'
import { ObjectContactFrictionCircleCable2D } from './objects/contactCircleCable2D'
import { ObjectJointSliding2D } from './objects/slidingJoint2D'
import {
  MarkerBodyMass,
  MarkerBodyPosition,
  MarkerBodyRigid,
  MarkerNodeCoordinate,
  MarkerNodePosition,
  MarkerNodeRigid,
} from './markers/markers'
import { LoadCoordinate, LoadForceVector, LoadMassProportional, LoadTorqueVector } from './loads/loads'
import { ObjectKinematicTree } from './objects/kinematicTree'
import { MarkerKinematicTreeRigid } from './markers/kinematicTreeMarker'
import { SensorBody, SensorLoad, SensorMarker, SensorNode, SensorObject } from './sensors/sensors'

export const BUILTIN_ITEM_TYPES: AnyItemDefinition[] = [
  NodePoint,
  NodePoint2D,
  NodePointGround,
  NodeGenericODE2,
  ObjectGround,
  ObjectMassPoint,
  ObjectMassPoint2D,
  ObjectConnectorSpringDamper,
  ObjectConnectorCartesianSpringDamper,
  ObjectConnectorDistance,
  ObjectConnectorCoordinateSpringDamper,
  ObjectConnectorCoordinate,
  ObjectConnectorTorsionalSpringDamper,
  ObjectConnectorCoordinateSpringDamperExt,
  MarkerBodyPosition,
  MarkerBodyRigid,
  MarkerBodyMass,
  MarkerNodePosition,
  MarkerNodeRigid,
  MarkerNodeCoordinate,
  LoadForceVector,
  LoadTorqueVector,
  LoadMassProportional,
  LoadCoordinate,
  SensorNode,
  SensorBody,
  SensorObject,
  SensorMarker,
  SensorLoad,
  NodeRigidBodyEP,
  NodeRigidBodyRxyz,
  NodeRigidBody2D,
  ObjectRigidBody,
  ObjectRigidBody2D,
  ObjectJointSpherical,
  ObjectJointRevoluteZ,
  ObjectJointPrismaticX,
  ObjectJointGeneric,
  ObjectJointRevolute2D,
  ObjectJointPrismatic2D,
  Node1D,
  ObjectMass1D,
  ObjectRotationalMass1D,
  NodePoint2DSlope1,
  ObjectANCFCable2D,
  ObjectContactSphereSphere,
  ObjectContactSpherePlane,
  ObjectConnectorRigidBodySpringDamper,
  ObjectConnectorLinearSpringDamper,
  ObjectJointRollingDisc,
  NodePointSlope1,
  ObjectANCFCable,
  MarkerBodyCable2DCoordinates,
  ObjectJointSliding2D,
  MarkerBodyCable2DShape,
  ObjectContactFrictionCircleCable2D,
  ObjectKinematicTree,
  MarkerKinematicTreeRigid,
] as AnyItemDefinition[]

/** Registers the built-in types once (idempotent, so every entry point can call it). */
export function registerBuiltinItems(): void {
  for (const def of BUILTIN_ITEM_TYPES) if (!getItemType(def.kind, def.type)) registerItemType(def as never)
}
