// The system energies of SensorSystem: its kinetic energy against the closed form 1/2 m |v|^2 +
// 1/2 w^T J w of every body type (and a kinematic tree's own link sum), T + V conserved to the
// integrator's error on conservative models (a pendulum, a spring-mass, rigid-body chains), and the
// energy balance T + V + dissipated work = E(0) on a damped model.
import { describe, expect, it } from 'vitest'
import { GRAVITY, oscillatorModel, OSCILLATOR, pendulumModel, run, sensorSeries, type Json } from './helpers'
import type { SensorRecorder } from '../../src/core'

const energySensors = (prefix = ''): Json[] =>
  ['KineticEnergy', 'PotentialEnergy', 'TotalEnergy'].map((v) => ({
    type: 'System',
    name: prefix + v,
    outputVariableType: v,
  }))

const column = (recorder: SensorRecorder, name: string, c = 0): number[] =>
  sensorSeries(recorder, name).values.map((row) => row[c])

/** Largest |E(t) - E(0)| over the rows, relative to scale. */
function drift(recorder: SensorRecorder, scale: number): number {
  const E = column(recorder, 'TotalEnergy')
  return Math.max(...E.map((e) => Math.abs(e - E[0]))) / scale
}

const settings = (solverType: string, endTime: number, steps: number, spectralRadius = 1): Json => ({
  solverType,
  timeIntegration: { endTime, numberOfSteps: steps, generalizedAlpha: { spectralRadius } },
  solutionSettings: { sensorsWritePeriod: 0 },
})

/** A free body on each kind of node, moving and turning under gravity; the node sits at the COM. */
function freeBody(node: 'RigidBodyEP' | 'RigidBodyRxyz' | 'RigidBody2D'): Json {
  const planar = node === 'RigidBody2D'
  const nodeItem: Json = planar
    ? { type: node, name: 'n', referenceCoordinates: [0.1, 0.2, 0.3], initialVelocities: [1, -2, 3] }
    : node === 'RigidBodyEP'
      ? {
          type: node,
          name: 'n',
          referenceCoordinates: [0.1, 0.2, 0.3, 1, 0, 0, 0],
          // Euler-parameter rates orthogonal to p = [1, 0, 0, 0], as |p| = 1 requires.
          initialVelocities: [1, -2, 0.5, 0, 0.7, -1.1, 0.4],
        }
      : {
          type: node,
          name: 'n',
          referenceCoordinates: [0.1, 0.2, 0.3, 0.2, -0.3, 0.4],
          initialVelocities: [1, -2, 0.5, 1.4, -2.2, 0.8],
        }
  return {
    nodes: [nodeItem],
    objects: [
      planar
        ? { type: 'RigidBody2D', name: 'body', nodeNumber: 'n', physicsMass: 2, physicsInertia: 0.3 }
        : {
            type: 'RigidBody',
            name: 'body',
            nodeNumber: 'n',
            physicsMass: 2,
            // [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] with products of inertia.
            physicsInertia: [0.3, 0.4, 0.5, 0.05, -0.02, 0.03],
          },
    ],
    markers: [{ type: 'BodyMass', name: 'mass', bodyNumber: 'body' }],
    loads: [{ type: 'MassProportional', name: 'g', markerNumber: 'mass', loadVector: [0, -GRAVITY, 0] }],
    sensors: [
      ...energySensors(),
      { type: 'Node', name: 'v', nodeNumber: 'n', outputVariableType: 'Velocity' },
      { type: 'Node', name: 'x', nodeNumber: 'n', outputVariableType: 'Position' },
      {
        type: 'Node',
        name: 'w',
        nodeNumber: 'n',
        outputVariableType: planar ? 'AngularVelocity' : 'AngularVelocityLocal',
      },
    ],
  }
}

describe('SensorSystem kinetic and potential energy against the closed forms', () => {
  // The same numbers by another route (body-frame inertia tensor and the node's own angular velocity,
  // not the mass matrix): equal to round-off, 1e-13 of the energy.
  for (const node of ['RigidBodyEP', 'RigidBodyRxyz', 'RigidBody2D'] as const)
    it(`a free rigid body on ${node}: T = 1/2 m |v|^2 + 1/2 w^T J w, V = m g y`, () => {
      const { recorder } = run(freeBody(node), settings('GeneralizedAlpha', 0.2, 50, 0.8))
      const m = 2
      const [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] = [0.3, 0.4, 0.5, 0.05, -0.02, 0.03]
      const J = [
        [Jxx, Jxy, Jxz],
        [Jxy, Jyy, Jyz],
        [Jxz, Jyz, Jzz],
      ]
      const v = sensorSeries(recorder, 'v').values,
        x = sensorSeries(recorder, 'x').values,
        w = sensorSeries(recorder, 'w').values
      const T = column(recorder, 'KineticEnergy'),
        V = column(recorder, 'PotentialEnergy'),
        E = column(recorder, 'TotalEnergy')
      expect(T.length).toBe(51)
      T.forEach((t, r) => {
        const rotational =
          node === 'RigidBody2D'
            ? 0.3 * w[r][2] ** 2
            : w[r].reduce((sum, wi, i) => sum + wi * J[i].reduce((a, Jij, j) => a + Jij * w[r][j], 0), 0)
        const closed = 0.5 * m * (v[r][0] ** 2 + v[r][1] ** 2 + v[r][2] ** 2) + 0.5 * rotational
        expect(Math.abs(t - closed)).toBeLessThan(1e-13 * closed)
        expect(Math.abs(V[r] - m * GRAVITY * x[r][1])).toBeLessThan(1e-13 * m * GRAVITY)
        expect(E[r]).toBe(t + V[r])
      })
    })
})

const I3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]

/** A KinematicTree double pendulum: links of 1 m, COM at the tips, 1 and 2 kg; at 60 and 30 deg. */
const TREE_PENDULUM: Json = {
  nodes: [
    {
      type: 'GenericODE2',
      name: 'q',
      numberOfODE2Coordinates: 2,
      referenceCoordinates: [-Math.PI / 2, 0],
      initialCoordinates: [Math.PI / 3, Math.PI / 6],
    },
  ],
  objects: [
    {
      type: 'KinematicTree',
      name: 'tree',
      nodeNumber: 'q',
      gravity: [0, -GRAVITY, 0],
      jointTypes: ['RevoluteZ', 'RevoluteZ'],
      linkParents: [-1, 0],
      jointTransformations: [I3, I3],
      jointOffsets: [
        [0, 0, 0],
        [1, 0, 0],
      ],
      linkInertiasCOM: [
        [
          [0.01, 0, 0],
          [0, 0.02, 0],
          [0, 0, 0.03],
        ],
        I3.map((r) => r.map((x) => 0.05 * x)),
      ],
      linkCOMs: [
        [1, 0, 0],
        [1, 0, 0],
      ],
      linkMasses: [1, 2],
    },
  ],
  markers: [],
  loads: [],
  sensors: [
    ...energySensors(),
    { type: 'Object', name: 'treeT', objectNumber: 'tree', outputVariableType: 'KineticEnergy' },
    { type: 'Node', name: 'angles', nodeNumber: 'q', outputVariableType: 'Coordinates' },
  ],
}

/** Two RigidBody2D links (1 m, 1 kg, J = m L^2 / 12) on JointRevolute2D joints (redundant coordinates). */
function planarChain(): Json {
  const nodes: Json[] = [],
    objects: Json[] = [{ type: 'Ground', name: 'ground' }],
    markers: Json[] = [{ type: 'BodyRigid', name: 'pivot', bodyNumber: 'ground' }],
    loads: Json[] = []
  const phi = [0.6, 1.2]
  let tip = [0, 0]
  phi.forEach((a, i) => {
    const d = [Math.sin(a), -Math.cos(a)]
    nodes.push({
      type: 'RigidBody2D',
      name: `n${i}`,
      referenceCoordinates: [tip[0] + d[0] / 2, tip[1] + d[1] / 2, a - Math.PI / 2],
    })
    tip = [tip[0] + d[0], tip[1] + d[1]]
    objects.push(
      { type: 'RigidBody2D', name: `link${i}`, nodeNumber: `n${i}`, physicsMass: 1, physicsInertia: 1 / 12 },
      {
        type: 'JointRevolute2D',
        name: `joint${i}`,
        markerNumbers: [i === 0 ? 'pivot' : `tip${i - 1}`, `base${i}`],
      },
    )
    markers.push(
      { type: 'BodyRigid', name: `base${i}`, bodyNumber: `link${i}`, localPosition: [-0.5, 0, 0] },
      { type: 'BodyRigid', name: `tip${i}`, bodyNumber: `link${i}`, localPosition: [0.5, 0, 0] },
      { type: 'BodyMass', name: `mass${i}`, bodyNumber: `link${i}` },
    )
    loads.push({
      type: 'MassProportional',
      name: `g${i}`,
      markerNumber: `mass${i}`,
      loadVector: [0, -GRAVITY, 0],
    })
  })
  return { nodes, objects, markers, loads, sensors: energySensors() }
}

describe('SensorSystem on a kinematic tree', () => {
  it('T from the CRBA mass matrix equals the sum over the links; V = sum m g y_com from the angles', () => {
    const { recorder } = run(TREE_PENDULUM, settings('RK44', 0.5, 100))
    const T = column(recorder, 'KineticEnergy'),
      treeT = column(recorder, 'treeT'),
      V = column(recorder, 'PotentialEnergy'),
      angles = sensorSeries(recorder, 'angles').values
    T.forEach((t, r) => {
      // Two routes to the same T (1/2 q'^T M q' against the link velocities): equal to round-off.
      expect(Math.abs(t - treeT[r])).toBeLessThan(1e-13 * Math.max(treeT[r], 1))
      // Node coordinates are displacements from the reference [-pi/2, 0].
      const a = angles[r][0] - Math.PI / 2,
        b = angles[r][1]
      const y1 = Math.sin(a),
        y2 = y1 + Math.sin(a + b)
      expect(Math.abs(V[r] - GRAVITY * (y1 + 2 * y2))).toBeLessThan(1e-12)
    })
  })
})

describe('T + V conserved on conservative models, to the integrator’s error', () => {
  // Each drift is checked against the integrator's order: halving h divides it by 2^order (a wrong
  // potential would leave an O(1) drift that does not shrink with h).
  it('a pendulum (mass point on a distance constraint, released at 2.5 rad): second order', () => {
    const theta0 = 2.5
    const scale = GRAVITY * (1 - Math.cos(theta0))
    const driftAt = (steps: number): number =>
      drift(
        run(pendulumModel(theta0, 1, energySensors()), settings('GeneralizedAlpha', 3, steps)).recorder,
        scale,
      )
    // Trapezoidal (generalized-alpha, rho = 1) at h = 2 ms: measured 5.4e-5 of m g L (1 - cos theta0).
    const coarse = driftAt(1500),
      fine = driftAt(3000)
    expect(coarse).toBeLessThan(1e-4)
    expect(coarse / fine).toBeGreaterThan(3.5)
    expect(coarse / fine).toBeLessThan(4.5)
  })

  it('a spring-mass along its axis: the trapezoidal rule keeps a linear system’s energy exactly', () => {
    const { recorder } = run(
      oscillatorModel('pointToPoint', 0, energySensors()),
      settings('GeneralizedAlpha', 3, 1000),
    )
    const { k, x0, m, v0 } = OSCILLATOR
    const E0 = 0.5 * k * x0 * x0 + 0.5 * m * v0 * v0
    expect(Math.abs(column(recorder, 'TotalEnergy')[0] - E0)).toBeLessThan(1e-15)
    // Round-off only (measured 5e-15 relative over 1000 steps).
    expect(drift(recorder, E0)).toBeLessThan(1e-13)
  })

  it('rigid-body chains: a kinematic tree by RK44 (fourth order), planar links on joints (second)', () => {
    const scale = 3 * GRAVITY
    // RK44 at h = 1 ms: measured 9.9e-11 of the largest potential change, 16x less at h/2.
    const tree = (steps: number): number =>
      drift(run(TREE_PENDULUM, settings('RK44', 3, steps)).recorder, scale)
    const [treeCoarse, treeFine] = [tree(3000), tree(6000)]
    expect(treeCoarse).toBeLessThan(1e-9)
    expect(treeCoarse / treeFine).toBeGreaterThan(12)
    expect(treeCoarse / treeFine).toBeLessThan(20)
    // Redundant coordinates with constraints, trapezoidal at h = 1 ms: measured 1.6e-6.
    const chain = (steps: number): number =>
      drift(run(planarChain(), settings('GeneralizedAlpha', 3, steps)).recorder, scale)
    const [chainCoarse, chainFine] = [chain(3000), chain(6000)]
    expect(chainCoarse).toBeLessThan(1e-5)
    expect(chainCoarse / chainFine).toBeGreaterThan(3.5)
    expect(chainCoarse / chainFine).toBeLessThan(4.5)
  })
})

describe('the energy balance of a damped model: T + V + dissipated work = E(0)', () => {
  it('a spring-mass-damper: the damper power d v^2 integrated over the sensor rows', () => {
    const d = 0.8,
      endTime = 3,
      steps = 3000
    const { recorder } = run(
      oscillatorModel('pointToPoint', d, [
        ...energySensors(),
        { type: 'Object', name: 'v', objectNumber: 'spring', outputVariableType: 'Velocity' },
      ]),
      settings('GeneralizedAlpha', endTime, steps),
    )
    const t = sensorSeries(recorder, 'v').t,
      E = column(recorder, 'TotalEnergy')
    // Motion along the spring's axis only: its length rate is v_x, the damper's power d v_x^2.
    const P = column(recorder, 'v').map((v) => d * v * v)
    let work = 0,
      worst = 0
    for (let r = 1; r < t.length; r++) {
      work += 0.5 * (t[r] - t[r - 1]) * (P[r] + P[r - 1])
      worst = Math.max(worst, Math.abs(E[r] + work - E[0]))
    }
    expect(work).toBeGreaterThan(0.5 * E[0])
    // The trapezoidal quadrature's error bound (t / 12) h^2 max |P''|, with |P''| = 2 d |a^2 + v a'|
    // <= 2 d (|a|^2 + |v| |a'|) bounded by the undamped amplitudes (|x| 0.11 m, |v| 0.55 m/s,
    // omega = 5): 2 * 0.8 * (2.75^2 + 0.55 * 13.75) = 24; the integrator's own error is of the same
    // order (its discrete balance uses the mean velocity of a step).
    const bound = (endTime / 12) * (endTime / steps) ** 2 * 24
    expect(worst).toBeLessThan(bound)
  })
})

describe('SensorSystem refuses what it cannot measure', () => {
  it('a potential of forces without one, naming the item; the kinetic energy still works', () => {
    const model = oscillatorModel('coordinate', 0, energySensors())
    const spring = (model.objects as Json[])[2]
    spring.springForceUserFunction = 'stiffness*displacement^3'
    expect(() => run(model, settings('GeneralizedAlpha', 0.01, 1))).toThrow(
      'sensor "PotentialEnergy": PotentialEnergy needs the potential of every force, but object ' +
        '"spring" (ConnectorCoordinateSpringDamper) has a springForceUserFunction, ' +
        'whose potential is not known',
    )
    const kinetic = { ...model, sensors: energySensors().slice(0, 1) }
    expect(
      column(run(kinetic, settings('GeneralizedAlpha', 0.01, 1)).recorder, 'KineticEnergy')[0],
    ).toBeCloseTo(0.5 * OSCILLATOR.m * OSCILLATOR.v0 ** 2, 14)
  })
  it('an output that is not an energy, with a message naming the parameter and the energies', () => {
    const sensor = { type: 'System', name: 's', outputVariableType: 'Position' }
    expect(() =>
      run(oscillatorModel('coordinate', 0, [sensor]), settings('GeneralizedAlpha', 0.01, 1)),
    ).toThrow(
      'sensor "s" (System), parameter outputVariableType: expected one of "KineticEnergy", ' +
        '"PotentialEnergy", "TotalEnergy", got the string "Position"',
    )
  })
})
