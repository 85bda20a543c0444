// State-space form (A, B, C, D) against closed forms: a mass-spring-damper with position, velocity
// and acceleration outputs, and a pendulum deflected by a steady horizontal force about its
// equilibrium (eigenvalues of A and the basis-independent Markov parameters C B, C A B).
import { EigenvalueDecomposition, type Matrix } from 'ml-matrix'
import { describe, expect, it } from 'vitest'
import { stateSpaceAt, StateSpaceError } from '../../src/core'
import { massSpringDamper } from '../fixtures/coordinateSprings'
import { GRAVITY, makeProject, pendulumModel, type Json } from './helpers'

const STATIC: Json = { solverType: 'Static' }

/** Mass m on a spring k and damper d to ground, pushed by a coordinate load. */
function oscillator(m: number, k: number, d: number, push: number): Json {
  const coordinate = (v: string): Json => ({
    type: 'Node',
    name: v,
    nodeNumber: 'n',
    outputVariableType: v,
  })
  return massSpringDamper(m, k, d, push, ['Coordinates', 'Coordinates_t', 'Coordinates_tt'].map(coordinate))
}

function expectClose(actual: Matrix, expected: number[][], tolerance: number): void {
  expect([actual.rows, actual.columns]).toEqual([expected.length, expected[0]?.length ?? 0])
  expected.forEach((row, i) =>
    row.forEach((v, j) => expect(Math.abs(actual.get(i, j) - v)).toBeLessThanOrEqual(tolerance)),
  )
}

describe("mass-spring-damper: x = [q; q'], A = [0 1; -k/m -d/m], B = [0; 1/m]", () => {
  const m = 2,
    k = 50,
    d = 3
  /**
   * The coordinate spring's K and D are forward differences (relative step 1e-7) of a linear force:
   * exact but for round-off eps |f| / h, about 1e-9 of k. The outputs' central differences of linear
   * sensors are exact but for eps |y| / h (1e-11). 1e-10 absolute on entries of size up to 25.
   */
  const TOL = 1e-10

  it('A, B, C, D equal the closed form (position, velocity and acceleration outputs)', () => {
    for (const push of [4, -4]) {
      const ss = stateSpaceAt(
        makeProject(oscillator(m, k, d, push), STATIC),
        'static',
        ['push'],
        ['Coordinates', 'Coordinates_t', 'Coordinates_tt'],
      )
      // u is the load's magnitude along its value: a negative load pushes the other way.
      const b = Math.sign(push) / m
      expectClose(ss.basis, [[1]], 0)
      expectClose(
        ss.A,
        [
          [0, 1],
          [-k / m, -d / m],
        ],
        TOL,
      )
      expectClose(ss.B, [[0], [b]], TOL)
      // The acceleration output q'' = -k/m q - d/m q' + u/m: a row of A and a direct feedthrough.
      expectClose(
        ss.C,
        [
          [1, 0],
          [0, 1],
          [-k / m, -d / m],
        ],
        TOL,
      )
      expectClose(ss.D, [[0], [0], [b]], TOL)
      // y0: the static displacement push / k, at rest.
      expect(ss.outputValues[0]).toBeCloseTo(push / k, 12)
      expect(ss.outputs).toEqual(['Coordinates', 'Coordinates_t', 'Coordinates_tt'])
    }
  })

  it('names a missing load, a zero load and a sensor of a load', () => {
    const model = oscillator(m, k, d, 0)
    ;(model.sensors as Json[]).push({ type: 'Load', name: 'pushValue', loadNumber: 'push' })
    const project = makeProject(model, STATIC)
    expect(() => stateSpaceAt(project, 'static', ['psuh'], [])).toThrow(
      /no load "psuh" \(did you mean "push"\?\)/,
    )
    expect(() => stateSpaceAt(project, 'static', ['push'], [])).toThrow(/load "push" is zero/)
    expect(() => stateSpaceAt(project, 'static', [], ['pushValue'])).toThrow(StateSpaceError)
  })
})

describe('pendulum deflected by a steady horizontal force F, about its equilibrium', () => {
  /**
   * The reaction stiffness is analytic or a forward difference with relative step 1e-7: frequencies
   * to 1e-6 (as for the modes); the output Jacobian of the position (nonlinear in the coordinates
   * only through the constraint's basis) is a central difference, truncation h^2 ~ 1e-10.
   */
  const TOL = 1e-6
  const L = 0.8,
    m = 1,
    F = 0.5 * m * GRAVITY
  // Equilibrium along the resultant: tan(phi) = F / (m g), effective gravity g' = sqrt(g^2 + (F/m)^2).
  // The static solver cannot start a mechanism (no stiffness across the rod before it turns), so the
  // bob starts at the equilibrium and the initial state (consistent multipliers) is linearized.
  const phi = Math.atan2(F, m * GRAVITY)
  const omega = Math.sqrt(Math.hypot(GRAVITY, F / m) / L)
  const model = pendulumModel(phi, L, [
    { type: 'Node', name: 'bob', nodeNumber: 'bobNode', outputVariableType: 'Position' },
  ])
  ;(model.loads as Json[]).push({
    type: 'ForceVector',
    name: 'force',
    markerNumber: 'bobPosition',
    loadVector: [F, 0, 0],
  })
  const ss = stateSpaceAt(makeProject(model, STATIC), 'initial', ['force'], ['bob'])

  it("eigenvalues of A: +-i sqrt(g' / L)", () => {
    expect(ss.A.rows).toBe(2)
    const evd = new EigenvalueDecomposition(ss.A)
    for (let j = 0; j < 2; j++) {
      expect(Math.abs(evd.realEigenvalues[j])).toBeLessThan(TOL * omega)
      expect(Math.abs(Math.abs(evd.imaginaryEigenvalues[j]) / omega - 1)).toBeLessThan(TOL)
    }
  })

  it('Markov parameters: C B = 0, C A B = (cos phi / m) t with t the tangent (cos phi, sin phi)', () => {
    // The bob's position at the equilibrium: L (sin phi, -cos phi).
    expect(ss.outputValues[0]).toBeCloseTo(L * Math.sin(phi), 8)
    expect(ss.outputValues[1]).toBeCloseTo(-L * Math.cos(phi), 8)
    expectClose(ss.C.mmul(ss.B), [[0], [0], [0]], 1e-12)
    const c = Math.cos(phi),
      s = Math.sin(phi)
    expectClose(ss.C.mmul(ss.A).mmul(ss.B), [[(c * c) / m], [(c * s) / m], [0]], TOL)
    expectClose(ss.D, [[0], [0], [0]], 0)
  })
})
