// Every item's potential against its own force law: at rest (q' = 0, so dampers and velocity terms
// vanish) the generalized force f_lhs - f_loads must be dV/dq, with V the PotentialEnergy of a
// SensorSystem taken by central differences. The force code and the potential code are written
// separately, so this checks each item's potential independently; and the refusals for forces that
// have no potential.
import { describe, expect, it } from 'vitest'
import { buildSystem } from '../../../../src/core/simulation'
import { SystemEvaluator } from '../../../../src/core/system/evaluator'
import { makeProject, seededRandom, type Json } from '../../../validation/helpers'

const SETTINGS = { solverType: 'GeneralizedAlpha', timeIntegration: { endTime: 1, numberOfSteps: 10 } }
const I3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]
const ENERGY = { type: 'System', name: 'V', outputVariableType: 'PotentialEnergy' }

/** Largest |dV/dq - (f_lhs - f_loads)| over all coordinates, relative to the largest force, at q. */
function gradientMismatch(model: Json, amplitude: number | number[], seed: number): number {
  const system = buildSystem(makeProject({ ...model, sensors: [ENERGY] }, SETTINGS))
  const s = system.state
  const random = seededRandom(seed)
  for (let i = 0; i < s.q.length; i++)
    s.q[i] = (typeof amplitude === 'number' ? amplitude : amplitude[i]) * random()
  s.v.fill(0)
  const sensor = system.sensors[0].computation
  const out = new Float64Array(1)
  const V = (): number => (sensor.evaluate(s, out), out[0])
  const force = new Float64Array(s.q.length)
  new SystemEvaluator(system).ode2Residual(s, force)
  let mismatch = 0
  for (let i = 0; i < s.q.length; i++) {
    // Central differences, step 1e-6: truncation ~1e-12 and round-off ~1e-10 of V's scale.
    const q = s.q[i],
      h = 1e-6
    s.q[i] = q + h
    const up = V()
    s.q[i] = q - h
    const down = V()
    s.q[i] = q
    mismatch = Math.max(mismatch, Math.abs((up - down) / (2 * h) - force[i]))
  }
  const scale = Math.max(...force.map(Math.abs))
  expect(scale).toBeGreaterThan(1)
  return mismatch / scale
}

const point = (name: string, at: number[]): Json => ({ type: 'Point', name, referenceCoordinates: at })
const mass = (name: string, node: string, m: number): Json => ({
  type: 'MassPoint',
  name,
  nodeNumber: node,
  physicsMass: m,
})
const position = (name: string, body: string, at = [0, 0, 0]): Json => ({
  type: 'BodyPosition',
  name,
  bodyNumber: body,
  localPosition: at,
})
const coordinate = (name: string, node: string, c: number): Json => ({
  type: 'NodeCoordinate',
  name,
  nodeNumber: node,
  coordinate: c,
})
const gravity = (name: string, marker: string): Json => ({
  type: 'MassProportional',
  name,
  markerNumber: marker,
  loadVector: [0.5, -9.81, 1],
})

/** Point-mass springs of every kind, gravity, a constant force and a coordinate load. */
const POINT_SPRINGS: Json = {
  nodes: [point('p1', [1, 0.2, 0]), point('p2', [0.3, 1, 0.5]), { type: 'PointGround', name: 'g' }],
  objects: [
    { type: 'Ground', name: 'ground' },
    mass('m1', 'p1', 2),
    mass('m2', 'p2', 3),
    {
      type: 'ConnectorSpringDamper',
      name: 'line',
      markerNumbers: ['ground0', 'm1p'],
      referenceLength: 0.7,
      stiffness: 100,
      damping: 3,
      force: 3,
    },
    {
      type: 'ConnectorCartesianSpringDamper',
      name: 'cartesian',
      markerNumbers: ['m1p', 'm2p'],
      stiffness: [10, 20, 30],
      damping: [1, 1, 1],
      offset: [0.1, -0.2, 0.3],
    },
    {
      type: 'ConnectorCoordinateSpringDamper',
      name: 'coordinate',
      markerNumbers: ['m1x', 'm2y'],
      stiffness: 40,
      damping: 2,
      offset: 0.2,
    },
    {
      type: 'ConnectorCoordinateSpringDamperExt',
      name: 'ext',
      markerNumbers: ['m1z', 'm2z'],
      stiffness: 5,
      offset: 0.1,
      factor0: 0.5,
      factor1: 2,
      useLimitStops: true,
      limitStopsUpper: -1,
      limitStopsLower: -2,
      limitStopsStiffness: 300,
    },
    {
      type: 'ConnectorLinearSpringDamper',
      name: 'linear',
      markerNumbers: ['groundFrame', 'm2p'],
      axisMarker0: [0.6, 0.8, 0],
      stiffness: 70,
      offset: 0.3,
      force: 2,
    },
  ],
  markers: [
    position('ground0', 'ground', [0, 0, 0]),
    { type: 'BodyRigid', name: 'groundFrame', bodyNumber: 'ground', localPosition: [0.1, 0, 0] },
    position('m1p', 'm1'),
    position('m2p', 'm2'),
    coordinate('m1x', 'p1', 0),
    coordinate('m1y', 'p1', 1),
    coordinate('m1z', 'p1', 2),
    coordinate('m2y', 'p2', 1),
    coordinate('m2z', 'p2', 2),
    { type: 'BodyMass', name: 'm1m', bodyNumber: 'm1' },
    { type: 'BodyMass', name: 'm2m', bodyNumber: 'm2' },
  ],
  loads: [
    gravity('g1', 'm1m'),
    gravity('g2', 'm2m'),
    { type: 'ForceVector', name: 'push', markerNumber: 'm2p', loadVector: [1, 2, 3] },
    { type: 'Coordinate', name: 'lift', markerNumber: 'm1y', load: 4 },
  ],
}

const rigid2D = (name: string, at: number[]): Json[] => [
  { type: 'RigidBody2D', name: `${name}Node`, referenceCoordinates: at },
  { type: 'RigidBody2D', name, nodeNumber: `${name}Node`, physicsMass: 1, physicsInertia: 0.1 },
]

/** A torsional spring between two planar rigid bodies (rotations about z only: its angle is exact). */
const TORSION: Json = {
  nodes: [rigid2D('a', [0, 0, 0.2])[0], rigid2D('b', [1, 0, -0.4])[0]],
  objects: [
    rigid2D('a', [0, 0, 0.2])[1],
    rigid2D('b', [1, 0, -0.4])[1],
    {
      type: 'ConnectorTorsionalSpringDamper',
      name: 'torsion',
      markerNumbers: ['ar', 'br'],
      stiffness: 7,
      damping: 1,
      offset: 0.2,
      torque: 1.5,
    },
  ],
  markers: [
    { type: 'BodyRigid', name: 'ar', bodyNumber: 'a' },
    { type: 'BodyRigid', name: 'br', bodyNumber: 'b' },
    { type: 'BodyMass', name: 'am', bodyNumber: 'a' },
  ],
  loads: [gravity('ga', 'am')],
}

/** A 6-DOF spring (symmetric K with a coupling term) between the ground and a Tait-Bryan body. */
const BUSHING: Json = {
  nodes: [{ type: 'RigidBodyRxyz', name: 'n', referenceCoordinates: [1, 0.5, 0, 0, 0, 0] }],
  objects: [
    { type: 'Ground', name: 'ground' },
    {
      type: 'RigidBody',
      name: 'body',
      nodeNumber: 'n',
      physicsMass: 2,
      physicsInertia: [0.1, 0.2, 0.3, 0, 0, 0],
    },
    {
      type: 'ConnectorRigidBodySpringDamper',
      name: 'bushing',
      markerNumbers: ['groundFrame', 'bodyFrame'],
      stiffness: [
        [100, 5, 0, 0, 0, 0],
        [5, 200, 0, 0, 0, 0],
        [0, 0, 300, 0, 0, 0],
        [0, 0, 0, 10, 0, 0],
        [0, 0, 0, 0, 20, 0],
        [0, 0, 0, 0, 0, 30],
      ],
      offset: [0.1, 0, 0, 0, 0, 0.01],
    },
  ],
  markers: [
    { type: 'BodyRigid', name: 'groundFrame', bodyNumber: 'ground', localPosition: [1, 0.5, 0] },
    { type: 'BodyRigid', name: 'bodyFrame', bodyNumber: 'body' },
  ],
  loads: [],
}

/** Two planar ANCF elements and one 3D element, pre-curved and pre-stretched, under gravity. */
function cables(): Json {
  const nodes: Json[] = [],
    objects: Json[] = [],
    markers: Json[] = [],
    loads: Json[] = []
  const properties = {
    physicsMassPerLength: 2,
    physicsBendingStiffness: 3,
    physicsAxialStiffness: 500,
    physicsBendingDamping: 0.1,
    physicsReferenceAxialStrain: 0.01,
  }
  for (let i = 0; i < 3; i++)
    nodes.push({ type: 'Point2DSlope1', name: `n${i}`, referenceCoordinates: [0.5 * i, 0, 1, 0] })
  for (let i = 0; i < 2; i++)
    objects.push({
      type: 'ANCFCable2D',
      name: `c${i}`,
      nodeNumbers: [`n${i}`, `n${i + 1}`],
      physicsLength: 0.5,
      physicsReferenceCurvature: 0.3,
      ...properties,
    })
  nodes.push(
    { type: 'PointSlope1', name: 's0', referenceCoordinates: [0, 0, 1, 1, 0, 0] },
    { type: 'PointSlope1', name: 's1', referenceCoordinates: [0.8, 0, 1, 1, 0, 0] },
  )
  objects.push({
    type: 'ANCFCable',
    name: 'c3D',
    nodeNumbers: ['s0', 's1'],
    physicsLength: 0.8,
    strainIsRelativeToReference: 1,
    ...properties,
  })
  for (const c of ['c0', 'c1', 'c3D']) {
    markers.push({ type: 'BodyMass', name: `${c}m`, bodyNumber: c })
    loads.push(gravity(`${c}g`, `${c}m`))
  }
  return { nodes, objects, markers, loads }
}

/** A kinematic tree (revolute, prismatic, revolute) with gravity and constant joint forces. */
const TREE: Json = {
  nodes: [
    {
      type: 'GenericODE2',
      name: 'q',
      numberOfODE2Coordinates: 3,
      referenceCoordinates: [0.3, 0.1, -0.5],
      initialCoordinates: [0, 0, 0],
    },
  ],
  objects: [
    {
      type: 'KinematicTree',
      name: 'tree',
      nodeNumber: 'q',
      gravity: [0, -9.81, 0.5],
      jointTypes: ['RevoluteZ', 'PrismaticX', 'RevoluteY'],
      linkParents: [-1, 0, 1],
      jointTransformations: [I3, I3, I3],
      jointOffsets: [
        [0, 0, 0],
        [1, 0, 0],
        [0.2, 0.1, 0],
      ],
      linkInertiasCOM: [I3, I3, I3],
      linkCOMs: [
        [0.5, 0, 0],
        [0.1, 0.2, 0],
        [0.3, 0, 0.1],
      ],
      linkMasses: [1, 2, 0.5],
      jointForceVector: [1, -2, 0.5],
    },
  ],
  markers: [],
  loads: [],
}

describe('every potential is the potential of its item’s forces: dV/dq = f_lhs - f_loads at rest', () => {
  // Exact items: the mismatch is the central difference's error, ~1e-9 of the largest force; 1e-7.
  it('point-mass springs (line, Cartesian, coordinate, limit stops, axis), gravity, constant loads', () => {
    expect(gradientMismatch(POINT_SPRINGS, 0.05, 1)).toBeLessThan(1e-7)
  })
  it('a torsional spring between planar rigid bodies, with gravity', () => {
    expect(gradientMismatch(TORSION, 0.3, 2)).toBeLessThan(1e-7)
  })
  it('the strain energy of planar and 3D ANCF cables, with gravity', () => {
    expect(gradientMismatch(cables(), 0.02, 3)).toBeLessThan(1e-7)
  })
  it('a kinematic tree: gravity of its links and constant joint forces', () => {
    expect(gradientMismatch(TREE, 0.5, 4)).toBeLessThan(1e-7)
  })
  it('a rigid-body spring: exact for translations, to O(angle) for rotations (its torque law)', () => {
    // Translations only: the rotations stay 0, where the Tait-Bryan torque K theta is the gradient.
    expect(gradientMismatch(BUSHING, [0.05, 0.05, 0.05, 0, 0, 0], 5)).toBeLessThan(1e-7)
    // Rotations of ~1e-3 rad: G^T K theta differs from (dtheta/dq)^T K theta by O(theta) relative
    // (measured 1.2e-5).
    expect(gradientMismatch(BUSHING, 2e-3, 5)).toBeLessThan(1e-3)
  })
})
