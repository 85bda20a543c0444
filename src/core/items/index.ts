// Registers the built-in item types. Each definition lives in one file; adding a type means adding
// its file and one line here (plugins call registerItemType themselves).
import { registerItemType, getItemType } from '../model/registry'
import type { AnyItemDefinition } from '../model/definition'
import { LoadCoordinate } from './loads/Coordinate'
import { LoadForceVector } from './loads/ForceVector'
import { LoadMassProportional } from './loads/MassProportional'
import { LoadTorqueVector } from './loads/TorqueVector'
import { MarkerBodyCable2DCoordinates } from './markers/BodyCable2DCoordinates'
import { MarkerBodyCable2DShape } from './markers/BodyCable2DShape'
import { MarkerBodyMass } from './markers/BodyMass'
import { MarkerBodyPosition } from './markers/BodyPosition'
import { MarkerBodyRigid } from './markers/BodyRigid'
import { MarkerKinematicTreeRigid } from './markers/KinematicTreeRigid'
import { MarkerNodeCoordinate } from './markers/NodeCoordinate'
import { MarkerNodePosition } from './markers/NodePosition'
import { MarkerNodeRigid } from './markers/NodeRigid'
import { NodeGenericData } from './nodes/GenericData'
import { NodeGenericODE2 } from './nodes/GenericODE2'
import { Node1D } from './nodes/Node1D'
import { NodePoint } from './nodes/Point'
import { NodePoint2D } from './nodes/Point2D'
import { NodePoint2DSlope1 } from './nodes/Point2DSlope1'
import { NodePointGround } from './nodes/PointGround'
import { NodePointSlope1 } from './nodes/PointSlope1'
import { NodeRigidBody2D } from './nodes/RigidBody2D'
import { NodeRigidBodyEP } from './nodes/RigidBodyEP'
import { NodeRigidBodyRxyz } from './nodes/RigidBodyRxyz'
import { ObjectANCFCable } from './objects/ANCFCable'
import { ObjectANCFCable2D } from './objects/ANCFCable2D'
import { ObjectConnectorCartesianSpringDamper } from './objects/ConnectorCartesianSpringDamper'
import { ObjectConnectorCoordinate } from './objects/ConnectorCoordinate'
import { ObjectConnectorCoordinateSpringDamper } from './objects/ConnectorCoordinateSpringDamper'
import { ObjectConnectorCoordinateSpringDamperExt } from './objects/ConnectorCoordinateSpringDamperExt'
import { ObjectConnectorDistance } from './objects/ConnectorDistance'
import { ObjectConnectorLinearSpringDamper } from './objects/ConnectorLinearSpringDamper'
import { ObjectConnectorRigidBodySpringDamper } from './objects/ConnectorRigidBodySpringDamper'
import { ObjectConnectorSpringDamper } from './objects/ConnectorSpringDamper'
import { ObjectConnectorTorsionalSpringDamper } from './objects/ConnectorTorsionalSpringDamper'
import { ObjectContactFrictionCircleCable2D } from './objects/ContactFrictionCircleCable2D'
import { ObjectContactSpherePlane } from './objects/ContactSpherePlane'
import { ObjectContactSphereSphere } from './objects/ContactSphereSphere'
import { ObjectGround } from './objects/Ground'
import { ObjectJointGeneric } from './objects/JointGeneric'
import { ObjectJointPrismatic2D } from './objects/JointPrismatic2D'
import { ObjectJointPrismaticX } from './objects/JointPrismaticX'
import { ObjectJointRevolute2D } from './objects/JointRevolute2D'
import { ObjectJointRevoluteZ } from './objects/JointRevoluteZ'
import { ObjectJointRollingDisc } from './objects/JointRollingDisc'
import { ObjectJointSliding2D } from './objects/JointSliding2D'
import { ObjectJointSpherical } from './objects/JointSpherical'
import { ObjectKinematicTree } from './objects/KinematicTree'
import { ObjectMass1D } from './objects/Mass1D'
import { ObjectMassPoint } from './objects/MassPoint'
import { ObjectMassPoint2D } from './objects/MassPoint2D'
import { ObjectRigidBody } from './objects/RigidBody'
import { ObjectRigidBody2D } from './objects/RigidBody2D'
import { ObjectRotationalMass1D } from './objects/RotationalMass1D'
import { SensorBody } from './sensors/Body'
import { SensorLoad } from './sensors/Load'
import { SensorMarker } from './sensors/Marker'
import { SensorNode } from './sensors/Node'
import { SensorObject } from './sensors/Object'
import { SensorSystem } from './sensors/System'

export const BUILTIN_ITEM_TYPES: AnyItemDefinition[] = [
  NodePoint,
  NodePoint2D,
  NodePointGround,
  NodeGenericODE2,
  NodeGenericData,
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
  SensorSystem,
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
]

/** Registers the built-in types once (idempotent, so every entry point can call it). */
export function registerBuiltinItems(): void {
  for (const def of BUILTIN_ITEM_TYPES) if (!getItemType(def.kind, def.type)) registerItemType(def)
}
