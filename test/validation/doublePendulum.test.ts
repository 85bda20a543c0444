// Planar double pendulum of two mass points and two ConnectorDistance constraints against the
// minimal-coordinate reference: the Lagrange equations in the two absolute angles, integrated in the
// test by its own RK4 at h = 5e-5 (its error at t = 1 s, checked against h = 1e-4, is ~2e-15). Released
// at rest from theta = (0.6, -0.4) rad and compared at t = 1 s, before the motion becomes chaotic.
import { describe, expect, it } from 'vitest'
import { GRAVITY, rk4, run } from './helpers'

const m1 = 1,
  m2 = 0.5,
  L1 = 1,
  L2 = 0.7
const theta1 = 0.6,
  theta2 = -0.4
const T = 1

/** Positions [x1, y1, x2, y2] of the masses for the angles from the downward vertical. */
const positions = (a: number, b: number): number[] => [
  L1 * Math.sin(a),
  -L1 * Math.cos(a),
  L1 * Math.sin(a) + L2 * Math.sin(b),
  -L1 * Math.cos(a) - L2 * Math.cos(b),
]
const initial = positions(theta1, theta2)

const model = {
  nodes: [
    { type: 'Point2D', name: 'node1', referenceCoordinates: initial.slice(0, 2) },
    { type: 'Point2D', name: 'node2', referenceCoordinates: initial.slice(2, 4) },
  ],
  objects: [
    { type: 'Ground', name: 'ground' },
    { type: 'MassPoint2D', name: 'mass1', physicsMass: m1, nodeNumber: 'node1' },
    { type: 'MassPoint2D', name: 'mass2', physicsMass: m2, nodeNumber: 'node2' },
    { type: 'ConnectorDistance', name: 'rod1', markerNumbers: ['pivot', 'point1'], distance: L1 },
    { type: 'ConnectorDistance', name: 'rod2', markerNumbers: ['point1', 'point2'], distance: L2 },
  ],
  markers: [
    { type: 'BodyPosition', name: 'pivot', bodyNumber: 'ground' },
    { type: 'BodyPosition', name: 'point1', bodyNumber: 'mass1' },
    { type: 'BodyPosition', name: 'point2', bodyNumber: 'mass2' },
    { type: 'BodyMass', name: 'bodyMass1', bodyNumber: 'mass1' },
    { type: 'BodyMass', name: 'bodyMass2', bodyNumber: 'mass2' },
  ],
  loads: [
    { type: 'MassProportional', name: 'gravity1', markerNumber: 'bodyMass1', loadVector: [0, -GRAVITY, 0] },
    { type: 'MassProportional', name: 'gravity2', markerNumber: 'bodyMass2', loadVector: [0, -GRAVITY, 0] },
  ],
  sensors: [],
}

/**
 * Lagrange equations of the double pendulum in the absolute angles a, b:
 *   (m1 + m2) L1 a'' + m2 L2 cos(a - b) b'' = -m2 L2 sin(a - b) b'^2 - (m1 + m2) g sin a
 *   L1 cos(a - b) a'' + L2 b''              =  L1 sin(a - b) a'^2 - g sin b
 */
function lagrange(_t: number, y: number[]): number[] {
  const [a, b, da, db] = y
  const c = Math.cos(a - b),
    s = Math.sin(a - b)
  const A11 = (m1 + m2) * L1,
    A12 = m2 * L2 * c,
    A21 = L1 * c,
    A22 = L2
  const r1 = -m2 * L2 * db * db * s - (m1 + m2) * GRAVITY * Math.sin(a)
  const r2 = L1 * da * da * s - GRAVITY * Math.sin(b)
  const det = A11 * A22 - A12 * A21
  return [da, db, (r1 * A22 - A12 * r2) / det, (A11 * r2 - A21 * r1) / det]
}

const reference = ((): number[] => {
  const [a, b] = rk4(lagrange, [theta1, theta2, 0, 0], 0, T, 20000)
  return positions(a, b)
})()

/** Positions at T from the engine. */
function simulate(solverType: string, steps: number, adaptive = false): number[] {
  const { q } = run(model, {
    solverType,
    timeIntegration: {
      endTime: T,
      numberOfSteps: steps,
      adaptiveStep: adaptive,
      relativeTolerance: 1e-10,
      absoluteTolerance: 1e-10,
      generalizedAlpha: { spectralRadius: 0.9 },
    },
  }).system.state
  return initial.map((x, i) => x + q[i])
}

const norm = (x: number[]): number => Math.hypot(...x)
const minus = (x: number[], y: number[]): number[] => x.map((v, i) => v - y[i])

describe('double pendulum vs the minimal-coordinate reference at t = 1 s', () => {
  /**
   * Tolerance from step refinement: with results x_h and x_h/2 of a method of order p, the error of
   * x_h is estimated as e = (x_h - x_h/2) 2^p / (2^p - 1). The true error x_h - x_ref must agree with
   * this estimate in size and direction to within 20% of |e| (the neglected next-order term is
   * O(h) relative to e: measured agreement 0.1 .. 5%). This shows the solver converges to the
   * reference solution, not just to something, with the error the estimate predicts.
   */
  const methods = [
    { solverType: 'ExplicitEuler', order: 1, steps: 2000 },
    { solverType: 'RK44', order: 4, steps: 100 },
    { solverType: 'DOPRI5', order: 5, steps: 50 },
    { solverType: 'TrapezoidalIndex2', order: 2, steps: 1000 },
    { solverType: 'GeneralizedAlpha', order: 2, steps: 1000 },
  ]
  for (const { solverType, order, steps } of methods)
    it(`${solverType}: error matches the step-refinement estimate`, () => {
      const coarse = simulate(solverType, steps)
      const fine = simulate(solverType, 2 * steps)
      const estimate = minus(coarse, fine).map((d) => (d * 2 ** order) / (2 ** order - 1))
      const error = minus(coarse, reference)
      expect(norm(minus(error, estimate))).toBeLessThan(0.2 * norm(estimate))
    })

  /** DOPRI5 with error control at tolerance 1e-10: the global error stays within 10x the tolerance. */
  it('DOPRI5 adaptive (tolerance 1e-10)', () => {
    expect(norm(minus(simulate('DOPRI5', 10, true), reference))).toBeLessThan(1e-9)
  })
})
