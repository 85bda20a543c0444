# The model of Exudyn's perfSpringDamperUserFunction, written for MBS Studio's benchmark: a 1.6 kg
# mass point on a CoordinateSpringDamper whose force is a Python user function (a Duffing spring
# 0.1 k u + k u^3 + d v), driven by a coordinate load sweeping from 0 to the linear eigenfrequency;
# generalized-alpha with spectral radius 1, h = 1e-4. Run through bench/exudynPeer.ts (its runner
# times SolveDynamic and reads exudynTestGlobals.testResult).
import numpy as np
import exudyn as exu
from exudyn.itemInterface import *
from modelUnitTests import exudynTestGlobals

L, mass, spring, damper, load0 = 0.5, 1.6, 4000.0, 4.0, 80.0
tEnd, h = 50.0, 1e-4
f1 = np.sqrt(spring / mass) / (2 * np.pi)


def springForce(mbs, t, itemNumber, u, v, k, d, offset):
    return 0.1 * k * u + k * u**3 + v * d


def userLoad(mbs, t, load):
    return load * np.sin(2 * np.pi * (f1 / tEnd * 0.5 * t) * t)


SC = exu.SystemContainer()
mbs = SC.AddSystem()
n1 = mbs.AddNode(Point(referenceCoordinates=[L, 0, 0]))
nGround = mbs.AddNode(NodePointGround(referenceCoordinates=[0, 0, 0]))
mbs.AddObject(MassPoint(physicsMass=mass, nodeNumber=n1))
mGround = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=nGround, coordinate=0))
mNode = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=n1, coordinate=0))
mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mGround, mNode], stiffness=spring, damping=damper,
                                     springForceUserFunction=springForce))
mbs.AddLoad(LoadCoordinate(markerNumber=mNode, load=load0, loadUserFunction=userLoad))
mbs.Assemble()

s = exu.SimulationSettings()
s.solutionSettings.writeSolutionToFile = False
s.timeIntegration.numberOfSteps = int(round(tEnd / h))
s.timeIntegration.endTime = tEnd
s.timeIntegration.generalizedAlpha.spectralRadius = 1
s.timeIntegration.verboseMode = 0
mbs.SolveDynamic(s)
exudynTestGlobals.testResult = mbs.GetNodeOutput(n1, exu.OutputVariableType.Position)[0]
