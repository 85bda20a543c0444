# The models of test/validation/jointGenericOffsets.test.ts in Exudyn 1.11 (ObjectJointGeneric with a
# Python offsetUserFunction), for the peer comparison there:
#  - welded: a RigidBodyRxyz body welded to the ground through offsets [x(t), 0, 0, theta(t)];
#  - slider: a RigidBodyEP body on J0's x axis, J0 shifted by d(t) along y and turned by phi(t) about z.
# Generalized-alpha (index 3; Exudyn refuses offsetUserFunction_t on velocity level), spectral radius
# 0.8, 400 steps to t = 2. Run: ../shared/peers/exudyn/python bench/exudynScripts/jointGenericOffsets.py
# Prints one JSON line: the last sensor values of both models.
import json
import numpy as np
import exudyn as exu
from exudyn.itemInterface import *

m, inertia = 2.0, [0.5, 0.6, 0.7]
A, w, phase = 0.1, 3.0, 0.5
B, wr, pr = [0.3, -0.2, 0.4], [2.0, 1.5, 2.5], [0.2, 0.7, 0.4]
D, wd, P, wp, s0, v0 = 0.05, 4.0, 0.6, 2.0, 0.3, 0.1


def settings():
    s = exu.SimulationSettings()
    s.solutionSettings.writeSolutionToFile = False
    s.timeIntegration.numberOfSteps = 400
    s.timeIntegration.endTime = 2
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    s.timeIntegration.verboseMode = 0
    return s


def welded():
    theta = lambda t: [B[i] * np.sin(wr[i] * t + pr[i]) for i in range(3)]
    theta_t = lambda t: [B[i] * wr[i] * np.cos(wr[i] * t + pr[i]) for i in range(3)]

    def offset(mbs, t, itemNumber, p):
        return [A * np.sin(w * t + phase), 0, 0] + theta(t)

    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(NodeRigidBodyRxyz(referenceCoordinates=[0] * 6,
                                      initialCoordinates=[A * np.sin(phase), 0, 0] + theta(0),
                                      initialVelocities=[A * w * np.cos(phase), 0, 0] + theta_t(0)))
    body = mbs.AddObject(ObjectRigidBody(physicsMass=m, physicsInertia=inertia + [0, 0, 0], nodeNumber=n))
    mg = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground))
    mb = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body))
    joint = mbs.AddObject(ObjectJointGeneric(markerNumbers=[mg, mb], offsetUserFunction=offset))
    mbs.Assemble()
    mbs.SolveDynamic(settings())
    return {
        'q': list(mbs.GetNodeOutput(n, exu.OutputVariableType.Coordinates)),
        'force': list(mbs.GetObjectOutput(joint, exu.OutputVariableType.ForceLocal)),
    }


def slider():
    def offset(mbs, t, itemNumber, p):
        return [0, p[0] * np.sin(p[1] * t), 0, 0, 0, p[2] * np.sin(p[3] * t)]

    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(ObjectGround())
    n = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[s0, 0, 0, 1, 0, 0, 0],
                                    initialVelocities=[v0, s0 * P * wp + D * wd, 0, 0, 0, 0, P * wp / 2]))
    body = mbs.AddObject(ObjectRigidBody(physicsMass=m, physicsInertia=inertia + [0, 0, 0], nodeNumber=n))
    mg = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground))
    mb = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body))
    mbs.AddObject(ObjectJointGeneric(markerNumbers=[mg, mb], constrainedAxes=[0, 1, 1, 1, 1, 1],
                                     offsetUserFunctionParameters=[D, wd, P, wp, 0, 0],
                                     offsetUserFunction=offset))
    mbs.Assemble()
    mbs.SolveDynamic(settings())
    return {'p': list(mbs.GetNodeOutput(n, exu.OutputVariableType.Position))}


print(json.dumps({'welded': welded(), 'slider': slider()}))
