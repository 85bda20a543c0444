// Redundant constraints (constraintRank.ts): equations that depend on the others are found by the
// rank-revealing QR of C_q when the Newton matrix is singular, listed in a warning by item and
// equation, and dropped (their multipliers 0), so the model runs. Reference (independent, analytic):
// a physical pendulum (centre of mass at d from the pivot) released at theta0 swings with the period
// 4 sqrt(I_p / (m g d)) K(sin(theta0 / 2)), I_p = J_com + m d^2, and keeps its energy, however many
// equivalent joints hold it:
//  - planar: RigidBody2D on two identical JointRevolute2D (2 of 4 equations dependent);
//  - 3D: RigidBody (Tait-Bryan node) on two coaxial JointRevoluteZ bearings at z = -a and z = +a, a
//    hinge with two bearings (5 of 10 equations dependent);
//  - a mass point on two identical ConnectorDistance rods: the same motion as on one rod.
import { describe, expect, it } from 'vitest'
import { ellipticK, GRAVITY, pendulumModel, prepare, sensorSeries, zeroCrossings, type Json } from './helpers'

const m = 2,
  d = 0.4,
  Jc = 0.05,
  theta0 = 2,
  a = 0.1
const Ip = Jc + m * d * d
const PERIOD = 4 * Math.sqrt(Ip / (m * GRAVITY * d)) * ellipticK(Math.sin(theta0 / 2))

function pendulum(kind: '2D' | '3D'): Json {
  const phi = theta0 - Math.PI / 2
  const com = [d * Math.sin(theta0), -d * Math.cos(theta0)]
  const planar = kind === '2D'
  const joint = planar ? 'JointRevolute2D' : 'JointRevoluteZ'
  const z = planar ? [0, 0] : [-a, a]
  return {
    nodes: [
      planar
        ? { type: 'RigidBody2D', name: 'n', referenceCoordinates: [...com, phi] }
        : { type: 'RigidBodyRxyz', name: 'n', referenceCoordinates: [...com, 0, 0, 0, phi] },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      planar
        ? { type: 'RigidBody2D', name: 'link', nodeNumber: 'n', physicsMass: m, physicsInertia: Jc }
        : {
            type: 'RigidBody',
            name: 'link',
            nodeNumber: 'n',
            physicsMass: m,
            physicsInertia: [0.01, Jc, Jc, 0, 0, 0],
          },
      { type: joint, name: 'bearing1', markerNumbers: ['g1', 'l1'] },
      { type: joint, name: 'bearing2', markerNumbers: ['g2', 'l2'] },
    ],
    markers: [
      { type: 'BodyRigid', name: 'g1', bodyNumber: 'ground', localPosition: [0, 0, z[0]] },
      { type: 'BodyRigid', name: 'g2', bodyNumber: 'ground', localPosition: [0, 0, z[1]] },
      { type: 'BodyRigid', name: 'l1', bodyNumber: 'link', localPosition: [-d, 0, z[0]] },
      { type: 'BodyRigid', name: 'l2', bodyNumber: 'link', localPosition: [-d, 0, z[1]] },
      { type: 'BodyMass', name: 'mMass', bodyNumber: 'link' },
    ],
    loads: [
      { type: 'MassProportional', name: 'gravity', markerNumber: 'mMass', loadVector: [0, -GRAVITY, 0] },
    ],
    sensors: [
      { type: 'Node', name: 'q', nodeNumber: 'n', outputVariableType: 'Coordinates' },
      { type: 'Node', name: 'qt', nodeNumber: 'n', outputVariableType: 'Coordinates_t' },
      { type: 'Node', name: 'com', nodeNumber: 'n', outputVariableType: 'Position' },
      { type: 'Object', name: 'T', objectNumber: 'link', outputVariableType: 'KineticEnergy' },
    ],
  }
}

describe('redundant constraints are dropped, reported, and the model runs', () => {
  for (const [kind, dropped, solverType] of [
    ['2D', [0, 1], 'GeneralizedAlpha'],
    ['2D', [0, 1], 'TrapezoidalIndex2'],
    ['3D', [0, 1, 2, 3, 4], 'GeneralizedAlpha'],
    ['3D', [0, 1, 2, 3, 4], 'TrapezoidalIndex2'],
  ] as const)
    it(`${kind} pendulum on two equivalent joints, ${solverType}: warning, period and energy`, () => {
      const { solver, recorder, system } = prepare(pendulum(kind), {
        solverType,
        timeIntegration: { endTime: 3 * PERIOD, numberOfSteps: 2000 },
        solutionSettings: { sensorsWritePeriod: 0 },
      })
      solver.solve()
      expect(solver.warnings).toHaveLength(1)
      const w = solver.warnings[0]
      expect(w.time).toBe(0)
      const type = kind === '2D' ? 'JointRevolute2D' : 'JointRevoluteZ'
      expect(w.items).toEqual(dropped.map((k) => `object "bearing2" (${type}) equation ${k}`))
      expect(w.message).toContain(
        `object "bearing2" (${type}) equations ${dropped.join(', ')}. Their reaction forces are not unique`,
      )
      // The dropped equations carry no reaction; the first bearing carries the load.
      const lambda = system.state.lambda
      const bearing2 = system.objects.find((r) => r.item.name === 'bearing2')!.computation
      for (let k = 0; k < bearing2.nAE; k++) expect(lambda[bearing2.aeIndex + k]).toBe(0)
      const q = sensorSeries(recorder, 'q'),
        qt = sensorSeries(recorder, 'qt'),
        y = sensorSeries(recorder, 'com'),
        T = sensorSeries(recorder, 'T')
      const crossings = zeroCrossings(
        q.t,
        q.values.map((r) => theta0 + r[r.length - 1]),
        qt.values.map((r) => r[r.length - 1]),
        1,
      )
      const periods = crossings.slice(1).map((t, i) => t - crossings[i])
      expect(periods.length).toBeGreaterThanOrEqual(2)
      const E = T.values.map(([e], i) => e + m * GRAVITY * y.values[i][1])
      // The single-joint pendulum of jointsPendulumSlider.test.ts at the same step (h = T/667): period
      // error 4.8e-5, energy drift 2.1e-4 of m g d (GA; the trapezoidal rule conserves better); bounds x2.
      for (const p of periods) expect(Math.abs(p / PERIOD - 1)).toBeLessThan(1e-4)
      for (const e of E) expect(Math.abs(e - E[0]) / (m * GRAVITY * d)).toBeLessThan(4e-4)
    })
})

describe('a mass-point pendulum on two identical rods', () => {
  const twoRods = (): Json => {
    const m = pendulumModel(1)
    const rodCopy = {
      type: 'ConnectorDistance',
      name: 'rodCopy',
      markerNumbers: ['pivot', 'bobPosition'],
      distance: 1,
    }
    return { ...m, objects: [...(m.objects as Json[]), rodCopy] }
  }
  for (const solverType of ['GeneralizedAlpha', 'TrapezoidalIndex2'])
    it(`${solverType}: the copy is dropped, the motion is the one-rod pendulum's`, () => {
      const settings = { solverType, timeIntegration: { endTime: 1, numberOfSteps: 1000 } }
      const two = prepare(twoRods(), settings)
      two.solver.solve()
      expect(two.solver.warnings.map((w) => w.items)).toEqual([
        ['object "rodCopy" (ConnectorDistance) equation 0'],
      ])
      const one = prepare(pendulumModel(1), settings)
      one.solver.solve()
      // Same equations, one row more in the matrix (an identity on the dropped multiplier): the
      // iterates differ by round-off only.
      const q2 = two.system.state.q,
        q1 = one.system.state.q
      for (let i = 0; i < q1.length; i++) expect(Math.abs(q2[i] - q1[i])).toBeLessThan(1e-12)
    })
})
