# The redundant sphere chain of bench/models.ts (sphereChain) built in Exudyn for MBS Studio's benchmark:
# N rigid spheres (1 kg, inertia 0.4 m r^2 with r = 0.1 m) on Euler-parameter nodes, centres at
# x = 0.5 k - 0.25, spherical joints 0.25 m either side of each centre (the first to the ground at the
# origin), gravity -9.81 y; generalized-alpha with spectral radius 0.8.
# Usage (through bench/exudynPeer.ts, whose runner times SolveDynamic):
#   sphereChain.py N STEP_SIZE STEPS [EigenSparse|EigenDense] [RELATIVE_TOLERANCE]
# Prints one JSON line {"last": position of the last sphere's centre at the end}.
import json
import sys

import exudyn as exu
from exudyn.itemInterface import *

n, h, steps = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
solver = sys.argv[4] if len(sys.argv) > 4 else 'EigenSparse'
mass, radius, link, g = 1.0, 0.1, 0.5, 9.81
J = 0.4 * mass * radius**2

SC = exu.SystemContainer()
mbs = SC.AddSystem()
ground = mbs.AddObject(ObjectGround())
previous = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0]))
for k in range(1, n + 1):
    node = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=[link * k - link / 2, 0, 0, 1, 0, 0, 0]))
    body = mbs.AddObject(ObjectRigidBody(physicsMass=mass, physicsInertia=[J, J, J, 0, 0, 0],
                                         nodeNumber=node))
    mMass = mbs.AddMarker(MarkerBodyMass(bodyNumber=body))
    left = mbs.AddMarker(MarkerBodyPosition(bodyNumber=body, localPosition=[-link / 2, 0, 0]))
    right = mbs.AddMarker(MarkerBodyPosition(bodyNumber=body, localPosition=[link / 2, 0, 0]))
    mbs.AddLoad(LoadMassProportional(markerNumber=mMass, loadVector=[0, -g, 0]))
    mbs.AddObject(ObjectJointSpherical(markerNumbers=[previous, left]))
    previous = right
mbs.Assemble()

s = exu.SimulationSettings()
s.solutionSettings.writeSolutionToFile = False
s.timeIntegration.numberOfSteps = steps
s.timeIntegration.endTime = steps * h
s.timeIntegration.generalizedAlpha.spectralRadius = 0.8
s.timeIntegration.verboseMode = 0
s.linearSolverType = getattr(exu.LinearSolverType, solver)
if len(sys.argv) > 5:
    s.timeIntegration.newton.relativeTolerance = float(sys.argv[5])
mbs.SolveDynamic(s)
print(json.dumps({'last': list(mbs.GetNodeOutput(node, exu.OutputVariableType.Position))}))
