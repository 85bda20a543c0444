// Exact restart of contact with friction: the contact and friction states are data coordinates that the
// discontinuous iteration updates, so a checkpoint taken while a sphere slides (and before it bounces
// again and hits a second ball) must continue bit for bit like the uninterrupted run, for every solver.
import { describe, expect, it } from 'vitest'
import { decodeCheckpoint } from '../../src/core'
import { sensorSeries, type Json } from './helpers'
import { splitRunMatches } from './restartModels'

/**
 * A spinning rigid sphere thrown onto the floor (sliding with backspin, bouncing) that runs into a
 * resting ball (mass point, sphere-sphere contact with friction); gravity on both.
 */
function slidingSpheres(): Json {
  const law = {
    contactStiffness: 1e5,
    contactDamping: 50,
    dynamicFriction: 0.4,
    frictionProportionalZone: 1e-3,
  }
  return {
    nodes: [
      {
        type: 'RigidBodyRxyz',
        name: 'n',
        referenceCoordinates: [0, 0, 0.15, 0, 0, 0],
        initialVelocities: [0.3, 2, 0, 40, 0, 0],
      },
      { type: 'Point', name: 'nb', referenceCoordinates: [0.1, 0.75, 0.1 - (9.81 * 0.5) / 1e5] },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      {
        type: 'RigidBody',
        name: 'ball',
        physicsMass: 1,
        physicsInertia: [0.004, 0.004, 0.004, 0, 0, 0],
        nodeNumber: 'n',
      },
      { type: 'MassPoint', name: 'other', physicsMass: 0.5, nodeNumber: 'nb' },
      {
        type: 'ContactSpherePlane',
        name: 'floorBall',
        markerNumbers: ['floor', 'centre'],
        sphereRadius: 0.1,
        ...law,
      },
      {
        type: 'ContactSpherePlane',
        name: 'floorOther',
        markerNumbers: ['floor', 'centreB'],
        sphereRadius: 0.1,
        ...law,
      },
      {
        type: 'ContactSphereSphere',
        name: 'balls',
        markerNumbers: ['centre', 'centreB'],
        spheresRadii: [0.1, 0.1],
        ...law,
      },
    ],
    markers: [
      { type: 'BodyRigid', name: 'floor', bodyNumber: 'ground' },
      { type: 'BodyRigid', name: 'centre', bodyNumber: 'ball' },
      { type: 'BodyPosition', name: 'centreB', bodyNumber: 'other' },
      { type: 'BodyMass', name: 'mass', bodyNumber: 'ball' },
      { type: 'BodyMass', name: 'massB', bodyNumber: 'other' },
    ],
    loads: [
      { type: 'MassProportional', name: 'gravity', markerNumber: 'mass', loadVector: [0, 0, -9.81] },
      { type: 'MassProportional', name: 'gravityB', markerNumber: 'massB', loadVector: [0, 0, -9.81] },
    ],
    sensors: [
      { type: 'Node', name: 'pos', nodeNumber: 'n', outputVariableType: 'Position' },
      { type: 'Node', name: 'omega', nodeNumber: 'n', outputVariableType: 'AngularVelocity' },
      { type: 'Node', name: 'posB', nodeNumber: 'nb', outputVariableType: 'Position' },
      { type: 'Object', name: 'floorForce', objectNumber: 'floorBall', outputVariableType: 'Force' },
      { type: 'Object', name: 'ballsForce', objectNumber: 'balls', outputVariableType: 'Force' },
    ],
  }
}

const settings = (solverType: string, steps: number): Json => ({
  solverType,
  timeIntegration: { endTime: 0.8, numberOfSteps: steps, generalizedAlpha: { spectralRadius: 0.8 } },
  solutionSettings: { sensorsWritePeriod: 0.002 },
})

describe('exact restart of sliding contact', () => {
  for (const [solverType, steps] of [
    ['GeneralizedAlpha', 1600],
    ['TrapezoidalIndex2', 1600],
    ['RK44', 4000],
    ['DOPRI5', 100],
  ] as const)
    it(`${solverType}: bitwise identical after a checkpoint taken while the sphere slides`, () => {
      const { continuous, checkpoint, checkpointTime } = splitRunMatches(
        slidingSpheres(),
        settings(solverType, steps),
      )
      expect(decodeCheckpoint(checkpoint).data.length).toBe(6)
      // The run really slides at the checkpoint and hits the second ball after it.
      const f = sensorSeries(continuous.recorder, 'floorForce'),
        fb = sensorSeries(continuous.recorder, 'ballsForce')
      const at = f.t.findIndex((t) => t >= checkpointTime)
      const [fx, fy, fz] = f.values[at]
      // Sliding: the friction force is mu f_n (0.4) up to the slip speed's share of the linear zone.
      expect(Math.hypot(fx, fy) / fz).toBeGreaterThan(0.39)
      const hit = fb.t.find((_, i) => fb.values[i][0] !== 0 || fb.values[i][1] !== 0)
      expect(hit).toBeGreaterThan(checkpointTime)
    })
})
