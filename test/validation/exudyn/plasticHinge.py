# Exudyn 1.11 peer of the plastic hinge of test/validation/dataNode.test.ts (plasticHinge()): the same
# model with Python user functions (the force function reads the data node through mbs, as Exudyn does).
# Run: ../shared/peers/exudyn/python test/validation/exudyn/plasticHinge.py [stepSize]; prints JSON.
import json, sys
import exudyn as exu
from exudyn.itemInterface import *
import numpy as np
k1, k2, e, d, T = 100., 50., 0.1, 2., 20.
h = float(sys.argv[1]) if len(sys.argv) > 1 else 1e-3
SC = exu.SystemContainer(); mbs = SC.AddSystem()
oGround = mbs.AddObject(ObjectGround())
n = mbs.AddNode(NodeRigidBodyRxyz(referenceCoordinates=[0]*6))
b = mbs.AddObject(ObjectRigidBody(physicsMass=1, physicsInertia=[1e-3,1e-3,1e-3,0,0,0], nodeNumber=n))
mg = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround))
mb = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b))
nd = mbs.AddNode(NodeGenericData(numberOfDataCoordinates=1, initialCoordinates=[0]))
def UFforce(mbs, t, itemNumber, u, rot, v, w, K, D, rotJ0, rotJ1, offset):
    tp = float(np.ravel(mbs.GetNodeOutput(nd, exu.OutputVariableType.Coordinates))[0])
    return [1e4*u[0], 1e4*u[1], 1e4*u[2], 1e3*rot[0], 1e3*rot[1], k1*(rot[2]-tp) + k2*rot[2] + d*w[2]]
def UFpost(mbs, t, itemIndex, data, u, rot, v, w, K, D, rotJ0, rotJ1, offset):
    tp = data[0]; th = rot[2]
    new = th - min(max(th - tp, -e), e)
    return [k1*abs(new - tp), -1, new]
spring = mbs.AddObject(ObjectConnectorRigidBodySpringDamper(markerNumbers=[mg, mb], nodeNumber=nd,
    springForceTorqueUserFunction=UFforce, postNewtonStepUserFunction=UFpost))
mbs.AddLoad(LoadTorqueVector(markerNumber=mb, loadVector=[0,0,1],
    loadVectorUserFunction=lambda mbs, t, load: [0, 0, T*max(0., min(t, 1., 3.-t))]))
sRot = mbs.AddSensor(SensorObject(objectNumber=spring, storeInternal=True, outputVariableType=exu.OutputVariableType.Rotation))
sData = mbs.AddSensor(SensorNode(nodeNumber=nd, storeInternal=True, outputVariableType=exu.OutputVariableType.Coordinates))
mbs.Assemble()
s = exu.SimulationSettings()
s.timeIntegration.endTime = 4; s.timeIntegration.numberOfSteps = int(round(4/h))
s.timeIntegration.generalizedAlpha.spectralRadius = 0.8
s.solutionSettings.sensorsWritePeriod = 0.5
s.solutionSettings.writeSolutionToFile = False
s.displayStatistics = False; s.displayComputationTime = False
mbs.SolveDynamic(s)
rot = mbs.GetSensorStoredData(sRot); dat = mbs.GetSensorStoredData(sData)
print(json.dumps({'t': rot[:,0].tolist(), 'rotationZ': rot[:,3].tolist(), 'plastic': dat[:,1].tolist()}))
