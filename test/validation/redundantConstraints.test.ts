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
import {
  pendulumModel,
  PHYSICAL_PENDULUM,
  physicalPendulumErrors,
  physicalPendulumModel,
  prepare,
  type Json,
} from './helpers'

const PERIOD = PHYSICAL_PENDULUM.period
const a = 0.1
const pendulum = (kind: '2D' | '3D'): Json => physicalPendulumModel(kind, kind === '2D' ? [0, 0] : [-a, a])

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
      expect(w.items).toEqual(dropped.map((k) => `object "pivot2" (${type}) equation ${k}`))
      expect(w.message).toContain(
        `object "pivot2" (${type}) equations ${dropped.join(', ')}. Their reaction forces are not unique`,
      )
      // The dropped equations carry no reaction; the first bearing carries the load.
      const lambda = system.state.lambda
      const pivot2 = system.objects.find((r) => r.item.name === 'pivot2')!.computation
      for (let k = 0; k < pivot2.nAE; k++) expect(lambda[pivot2.aeIndex + k]).toBe(0)
      // The single-joint pendulum of jointsPendulumSlider.test.ts at the same step (h = T/667): period
      // error 4.8e-5, energy drift 2.1e-4 of m g d (GA; the trapezoidal rule conserves better); bounds x2.
      const e = physicalPendulumErrors(recorder)
      expect(e.periods).toBeGreaterThanOrEqual(2)
      expect(e.periodError).toBeLessThan(1e-4)
      expect(e.energyDrift).toBeLessThan(4e-4)
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
  for (const solverType of ['GeneralizedAlpha', 'TrapezoidalIndex2', 'ExplicitEuler', 'DOPRI5'])
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

// The explicit solvers drop the same equations in their constraint solve (index-1 form) and project
// with all of them: a pendulum on two identical planar joints moves as the one-joint pendulum.
describe('explicit solvers with a duplicated planar joint', () => {
  for (const solverType of ['RK44', 'DOPRI5'])
    it(`${solverType}: the copy is dropped, the motion is the one-joint pendulum's`, () => {
      const settings = { solverType, timeIntegration: { endTime: 1, numberOfSteps: 500 } }
      const two = prepare(physicalPendulumModel('2D', [0, 0]), settings)
      two.solver.solve()
      expect(two.solver.warnings.map((w) => w.items)).toEqual([
        ['object "pivot2" (JointRevolute2D) equation 0', 'object "pivot2" (JointRevolute2D) equation 1'],
      ])
      const one = prepare(physicalPendulumModel('2D'), settings)
      one.solver.solve()
      expect(two.solver.stats.steps).toBe(one.solver.stats.steps)
      // The same equations with one identity row more (the dropped multipliers) and a projection
      // that includes the copy (its regularization moves the solution by ~eps = 1e-9 relative per
      // iteration only along the dependence, where nothing moves): the states differ by round-off.
      const q2 = two.system.state.q,
        q1 = one.system.state.q
      for (let i = 0; i < q1.length; i++) expect(Math.abs(q2[i] - q1[i])).toBeLessThan(1e-12)
      const v2 = two.system.state.v,
        v1 = one.system.state.v
      for (let i = 0; i < v1.length; i++) expect(Math.abs(v2[i] - v1[i])).toBeLessThan(1e-12)
    })
})
