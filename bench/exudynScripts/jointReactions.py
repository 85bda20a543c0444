# The 3D models of test/validation/jointReactions.test.ts in Exudyn 1.11, for the peer numbers there:
#  - weld: ObjectJointGeneric (all axes) at a lever from the body's centre, J0 = Rz(0.7) Rx(0.5), at rest;
#  - revolute: ObjectJointRevoluteZ, the body spinning at w = 2 with its centre 0.3 from the axis, t = 0.5;
#  - prismatic: ObjectJointPrismaticX along J0's x axis; spherical: ObjectJointSpherical at the centre.
# Generalized-alpha (spectral radius 0.8 as ours), Newton relative tolerance 1e-12.
# Run: /work/shared/peers/exudyn/python bench/exudynScripts/jointReactions.py  (one JSON line)
import json
import numpy as np
import exudyn as exu
from exudyn.itemInterface import *
from exudyn.rigidBodyUtilities import RotationMatrixX, RotationMatrixY, RotationMatrixZ

m, inertia = 2.0, [0.5, 0.6, 0.7]
F, M = [1.0, 2.0, 3.0], [0.5, -0.7, 0.9]
angles = [0.3, -0.2, 0.4]
A1 = RotationMatrixX(angles[0]) @ RotationMatrixY(angles[1]) @ RotationMatrixZ(angles[2])
J0 = RotationMatrixZ(0.7) @ RotationMatrixX(0.5)
centre = np.array([0.1, 0.2, 0.3])
OUT = exu.OutputVariableType


def solve(node, joint, bodyPoint, groundPoint, force, torque, endTime, steps, outputs):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(node)
    body = mbs.AddObject(ObjectRigidBody(physicsMass=m, physicsInertia=inertia + [0, 0, 0], nodeNumber=n))
    gm = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localPosition=list(groundPoint)))
    bm = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body, localPosition=list(bodyPoint)))
    bc = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body))
    mbs.AddLoad(LoadForceVector(markerNumber=bc, loadVector=force))
    mbs.AddLoad(LoadTorqueVector(markerNumber=bc, loadVector=torque))
    joint.markerNumbers = [gm, bm]
    j = mbs.AddObject(joint)
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.solutionSettings.writeSolutionToFile = False
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = endTime
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    s.timeIntegration.verboseMode = 0
    mbs.SolveDynamic(s)
    return {o: list(mbs.GetObjectOutput(j, getattr(OUT, o))) for o in outputs}


rest = lambda p: NodeRigidBodyRxyz(referenceCoordinates=list(p))
bodyPoint = np.array([0.2, -0.1, 0.15])
weld = solve(rest(list(centre) + angles),
             ObjectJointGeneric(rotationMarker0=J0, rotationMarker1=A1.T @ J0),
             bodyPoint, centre + A1 @ bodyPoint, F, M, 0.01, 10, ['ForceLocal', 'TorqueLocal'])
w, arm = 2.0, 0.3
spin = NodeRigidBodyRxyz(referenceCoordinates=[centre[0] + arm, centre[1], centre[2], 0, 0, 0],
                         initialVelocities=[0, arm * w, 0, 0, 0, w])
revolute = solve(spin, ObjectJointRevoluteZ(), [-arm, 0, 0], centre, [0, 0, F[2]], [M[0], M[1], 0], 0.5, 500,
                 ['ForceLocal', 'TorqueLocal'])
prismatic = solve(rest(list(centre) + [0, 0, 0]), ObjectJointPrismaticX(rotationMarker0=J0, rotationMarker1=J0),
                  [0, 0, 0], centre, F, M, 0.2, 100, ['ForceLocal', 'TorqueLocal'])
spherical = solve(rest(list(centre) + angles), ObjectJointSpherical(), [0, 0, 0], centre, F, M, 0.1, 100, ['Force'])
print(json.dumps({'weld': weld, 'revolute': revolute, 'prismatic': prismatic, 'spherical': spherical}))
