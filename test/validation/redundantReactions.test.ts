// Reaction forces of redundant joints (minimumNormMultipliers.ts): with equations dropped, the sensors
// report the least-norm multipliers of the generalized reaction the solver computed. References:
//  - a physical pendulum on two identical JointRevolute2D hanging at rest: statics gives the pivot
//    force m g in total, and the least-norm split of two equal equations is m g / 2 each;
//  - the same pendulum swinging: each copy carries half the force of the one-joint pendulum at every
//    output (the motions agree to round-off, redundantConstraints.test.ts);
//  - three parallel cranks on a coupler: the multipliers against the pseudo-inverse of C_q^T (SVD,
//    ml-matrix) applied to the generalized reaction C_q^T lambda of the integration's multipliers.
import { Matrix, pseudoInverse } from 'ml-matrix'
import { describe, expect, it } from 'vitest'
import type { CompiledSystem } from '../../src/core/system/compiledSystem'
import {
  GRAVITY,
  PHYSICAL_PENDULUM,
  physicalPendulumModel,
  prepare,
  sensorSeries,
  type Json,
} from './helpers'
import { parallelogram } from './parallelogramModels'

const { m, d } = PHYSICAL_PENDULUM
const SOLVERS = ['GeneralizedAlpha', 'TrapezoidalIndex2', 'RK44'] as const

/** The physical pendulum on `joints` planar revolute joints at the pivot, with their Force sensors. */
function pendulum(joints: number, hanging: boolean): Json {
  const model = physicalPendulumModel('2D', Array<number>(joints).fill(0))
  const names = Array.from({ length: joints }, (_, i) => (i === 0 ? 'pivot' : `pivot${i + 1}`))
  const sensors = [
    ...(model.sensors as Json[]),
    ...names.map((name) => ({
      type: 'Object',
      name: `F${name}`,
      objectNumber: name,
      outputVariableType: 'Force',
    })),
  ]
  // Hanging: the centre of mass straight below the pivot, the link's x axis pointing down.
  const nodes = hanging
    ? [{ type: 'RigidBody2D', name: 'n', referenceCoordinates: [0, -d, -Math.PI / 2] }]
    : model.nodes
  return { ...model, nodes, sensors }
}

describe('a pendulum on two identical planar joints: each carries half the load', () => {
  for (const solverType of SOLVERS) {
    const settings = {
      solverType,
      timeIntegration: { endTime: 1, numberOfSteps: 500 },
      solutionSettings: { sensorsWritePeriod: 0 },
    }
    it(`${solverType}: hanging at rest, m g / 2 in each joint`, () => {
      const { solver, recorder, system } = prepare(pendulum(2, true), settings)
      solver.solve()
      expect(solver.warnings).toHaveLength(1)
      const f1 = sensorSeries(recorder, 'Fpivot').values,
        f2 = sensorSeries(recorder, 'Fpivot2').values
      expect(f1.length).toBe(501)
      // At rest every step solves the same statics: measured 1.8e-15 N off m g / 2 = 9.8 N; bound x500.
      for (let k = 0; k < f1.length; k++)
        for (const f of [f1[k], f2[k]]) {
          expect(Math.abs(Math.abs(f[1]) - (m * GRAVITY) / 2)).toBeLessThan(1e-12)
          expect(Math.abs(f[0])).toBeLessThan(1e-12)
        }
      // The integration keeps its own multipliers: the dropped copy's are 0.
      const pivot2 = system.objects.find((r) => r.item.name === 'pivot2')!.computation
      expect(system.state.lambda[pivot2.aeIndex + 1]).toBe(0)
    })
    it(`${solverType}: swinging, each copy half of the one-joint pendulum's force`, () => {
      const two = prepare(pendulum(2, false), settings)
      two.solver.solve()
      const one = prepare(pendulum(1, false), settings)
      one.solver.solve()
      const single = sensorSeries(one.recorder, 'Fpivot').values
      const copies = ['Fpivot', 'Fpivot2'].map((name) => sensorSeries(two.recorder, name).values)
      expect(single.length).toBe(501)
      // The motions agree to round-off; forces up to 68 N, measured 7e-15 N apart (bound x140).
      for (let k = 0; k < single.length; k++)
        for (const copy of copies)
          for (let i = 0; i < 2; i++) expect(Math.abs(copy[k][i] - single[k][i] / 2)).toBeLessThan(1e-12)
    })
  }
})

/** C_q at the system's state, dense (nAE x nODE2), from the objects' own Jacobians. */
function constraintJacobian(system: CompiledSystem): Matrix {
  const C = new Matrix(system.nAE, system.nODE2)
  for (const { computation: o } of system.objects) {
    if (o.nAE === 0 || !o.computeAEJacobian) continue
    const n = o.ltgODE2.length
    const J = new Float64Array(o.nAE * n)
    o.computeAEJacobian(system.state, J, false)
    for (let k = 0; k < o.nAE; k++)
      for (let j = 0; j < n; j++)
        C.set(o.aeIndex + k, o.ltgODE2[j], C.get(o.aeIndex + k, o.ltgODE2[j]) + J[k * n + j])
  }
  return C
}

describe('three parallel cranks: the reported multipliers are the least-norm ones', () => {
  for (const solverType of SOLVERS)
    it(`${solverType}: against the pseudo-inverse of C_q^T`, () => {
      const model = parallelogram(3, '2D')
      const joints = (model.objects as Json[]).filter((o) => o.type === 'JointRevolute2D').map((o) => o.name)
      const sensors = joints.map((name) => ({
        type: 'Object',
        name: `F${String(name)}`,
        objectNumber: name,
        outputVariableType: 'Force',
      }))
      const { solver, recorder, system } = prepare(
        { ...model, sensors: [...(model.sensors as Json[]), ...sensors] },
        {
          solverType,
          timeIntegration: { endTime: 0.5, numberOfSteps: 500 },
          solutionSettings: { sensorsWritePeriod: 0 },
        },
      )
      solver.solve()
      expect(solver.warnings).toHaveLength(1)
      // At the final state (the last sensor row): lambda_ref = pinv(C_q^T) C_q^T lambda.
      const C = constraintJacobian(system)
      const lambda = Matrix.columnVector(Array.from(system.state.lambda))
      const reference = pseudoInverse(C.transpose()).mmul(C.transpose().mmul(lambda)).to1DArray()
      const scale = Math.max(...reference.map(Math.abs))
      // The integration's multipliers are not the least-norm ones (one row carries nothing).
      expect(Math.max(...reference.map((x, k) => Math.abs(x - system.state.lambda[k])))).toBeGreaterThan(
        1e-3 * scale,
      )
      for (const name of joints) {
        const o = system.objects.find((r) => r.item.name === name)!.computation
        const rows = sensorSeries(recorder, `F${String(name)}`).values
        const reported = rows[rows.length - 1]
        // SVD against Gram-Schmidt, both backward stable: measured 2e-15 of the largest (23 N); bound x500.
        for (let k = 0; k < 2; k++)
          expect(Math.abs(reported[k] - reference[o.aeIndex + k])).toBeLessThan(1e-12 * scale)
      }
    })
})
