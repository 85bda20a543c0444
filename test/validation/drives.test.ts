// Drives: a coordinate prescribed by a time function through ConnectorCoordinate's offsetUserFunction
// (Exudyn's name), a rotor driven at constant speed (a joint motion), and a load that follows a time
// function. References are the prescribed functions themselves and Newton's law for the drive force.
import { describe, expect, it } from 'vitest'
import { run, sensorSeries, type Json } from './helpers'

const m = 2,
  A = 0.1,
  w = 3,
  phase = 0.5
const u = (t: number): number => A * Math.sin(w * t + phase)
const ut = (t: number): number => A * w * Math.cos(w * t + phase)
const utt = (t: number): number => -A * w * w * Math.sin(w * t + phase)

/** A Mass1D whose coordinate follows u(t), starting consistently at u(0), u'(0). */
function drivenMass(extra: Json = {}): Json {
  return {
    nodes: [
      { type: 'PointGround', name: 'g' },
      { type: 'Node1D', name: 'n', initialCoordinates: [u(0)], initialVelocities: [ut(0)] },
    ],
    objects: [
      { type: 'Mass1D', name: 'mass', nodeNumber: 'n', physicsMass: m },
      {
        type: 'ConnectorCoordinate',
        name: 'drive',
        markerNumbers: ['mg', 'mn'],
        offsetUserFunction: `${A}*sin(${w}*t + ${phase})`,
        ...extra,
      },
    ],
    markers: [
      { type: 'NodeCoordinate', name: 'mg', nodeNumber: 'g' },
      { type: 'NodeCoordinate', name: 'mn', nodeNumber: 'n' },
    ],
    loads: [],
    sensors: [
      { type: 'Node', name: 'q', nodeNumber: 'n', outputVariableType: 'Coordinates' },
      { type: 'Node', name: 'v', nodeNumber: 'n', outputVariableType: 'Coordinates_t' },
      { type: 'Node', name: 'a', nodeNumber: 'n', outputVariableType: 'Coordinates_tt' },
      { type: 'Object', name: 'f', objectNumber: 'drive', outputVariableType: 'Force' },
    ],
  }
}

const settings = (solverType: string, numberOfSteps: number): Json => ({
  solverType,
  timeIntegration: { endTime: 2, numberOfSteps, generalizedAlpha: { spectralRadius: 0.8 } },
  solutionSettings: { sensorsWritePeriod: 0.1 },
})

function maxDeviation(
  recorder: Parameters<typeof sensorSeries>[0],
  name: string,
  f: (t: number) => number,
): number {
  const s = sensorSeries(recorder, name)
  return Math.max(...s.t.map((t, i) => Math.abs(s.values[i][0] - f(t))))
}

describe('prescribed coordinate (ConnectorCoordinate with offsetUserFunction)', () => {
  it("consistent initial acceleration and drive force: q''(0) = u''(0), lambda(0) = -m u''(0)", () => {
    // The initial accelerations solve [[M, C^T], [C, 0]] [a; lambda] = [0; u''(0)]; u'' comes from a
    // central difference with ~1e-11 relative error, so 1e-8 of the amplitude A w^2 = 0.9 is ample.
    for (const extra of [{}, { offsetUserFunction_t: `${A * w}*cos(${w}*t + ${phase})` }]) {
      const { recorder } = run(drivenMass(extra), settings('GeneralizedAlpha', 10))
      expect(sensorSeries(recorder, 'a').values[0][0]).toBeCloseTo(utt(0), 8)
      expect(sensorSeries(recorder, 'f').values[0][0]).toBeCloseTo(-m * utt(0), 8)
    }
  })

  it("GeneralizedAlpha (index 3) holds q = u(t) to Newton accuracy, the force -m u''(t) to O(h^2)", () => {
    const { recorder } = run(drivenMass(), settings('GeneralizedAlpha', 400))
    // Index 3: g(q, t) = 0 is solved at every step, so q equals u(t) to the Newton tolerance.
    expect(maxDeviation(recorder, 'q', u)).toBeLessThan(1e-10)
    // Velocities and multipliers of index-3 generalized-alpha are accurate to O(h^2) (Arnold-Bruels);
    // h = 5e-3, w h = 0.015: relative error of order (w h)^2 = 2e-4, bounded here by 1e-3 of the amplitude.
    expect(maxDeviation(recorder, 'v', ut)).toBeLessThan(1e-3 * A * w)
    expect(maxDeviation(recorder, 'f', (t) => -m * utt(t))).toBeLessThan(1e-2 * m * A * w * w)
  })

  it("TrapezoidalIndex2 holds q' = u'(t) at every step with or without offsetUserFunction_t", () => {
    for (const extra of [{}, { offsetUserFunction_t: `${A * w}*cos(${w}*t + ${phase})` }]) {
      const { recorder } = run(drivenMass(extra), settings('TrapezoidalIndex2', 400))
      // Index 2 solves C q' = u'(t) exactly (Newton tolerance; the numerical u' is accurate to ~1e-11).
      expect(maxDeviation(recorder, 'v', ut)).toBeLessThan(1e-9)
      // Positions integrate those velocities with the trapezoidal rule: error <= T h^2 max|u'''| / 12.
      const h = 2 / 400
      expect(maxDeviation(recorder, 'q', u)).toBeLessThan((2 * h * h * A * w ** 3) / 12)
    }
  })

  it("explicit RK44 with projection holds q = u(t) and q' = u'(t) after every step", () => {
    const { recorder } = run(drivenMass(), settings('RK44', 200))
    // The projection solves g(q, t) = 0 and C q' + g_t = 0 at the end of each step (to 1e-14 and the
    // ~1e-11 accuracy of the numerical u').
    expect(maxDeviation(recorder, 'q', u)).toBeLessThan(1e-12)
    expect(maxDeviation(recorder, 'v', ut)).toBeLessThan(1e-9)
    // Accelerations from the index-1 form include u''(t).
    expect(maxDeviation(recorder, 'a', utt)).toBeLessThan(1e-7)
  })

  it('a velocityLevel drive with offsetUserFunction alone is rejected with a clear message', () => {
    expect(() => run(drivenMass({ velocityLevel: true }), settings('GeneralizedAlpha', 10))).toThrow(
      /offsetUserFunction/,
    )
  })
})

describe('rotor driven at constant speed', () => {
  const J = 0.4,
    omega = 5,
    tauLoad = -1.2
  const rotor = (drive: Json): Json => ({
    nodes: [
      { type: 'PointGround', name: 'g' },
      { type: 'Node1D', name: 'n', initialVelocities: [omega] },
    ],
    objects: [
      { type: 'RotationalMass1D', name: 'rotor', nodeNumber: 'n', physicsInertia: J },
      { type: 'ConnectorCoordinate', name: 'motor', markerNumbers: ['mg', 'mn'], ...drive },
    ],
    markers: [
      { type: 'NodeCoordinate', name: 'mg', nodeNumber: 'g' },
      { type: 'NodeCoordinate', name: 'mn', nodeNumber: 'n' },
    ],
    loads: [{ type: 'Coordinate', name: 'resistance', markerNumber: 'mn', load: tauLoad }],
    sensors: [
      { type: 'Node', name: 'phi', nodeNumber: 'n', outputVariableType: 'Coordinates' },
      { type: 'Object', name: 'torque', objectNumber: 'motor', outputVariableType: 'Force' },
    ],
  })
  for (const [label, drive] of [
    ['position level, phi = omega t', { offsetUserFunction: `${omega}*t` }],
    ["velocity level, phi' = omega", { velocityLevel: true, offsetUserFunction_t: `${omega}` }],
  ] as const)
    it(`${label}: the motor supplies exactly the resisting torque`, () => {
      const { recorder } = run(rotor(drive), settings('GeneralizedAlpha', 100))
      // Linear motion: the Newmark update is exact, so the angle follows omega t and the drive
      // torque balances the load (J phi'' = tau - lambda = 0) up to the Newton tolerance: index-3
      // multipliers carry the residual left by absoluteTolerance = 1e-10 amplified by the iteration
      // matrix (measured up to 2.6e-9 = 2e-9 |tau|), hence 1e-8 |tau|.
      expect(maxDeviation(recorder, 'phi', (t) => omega * t)).toBeLessThan(1e-10)
      expect(maxDeviation(recorder, 'torque', () => tauLoad)).toBeLessThan(1e-8 * Math.abs(tauLoad))
    })
})

describe('load that follows a time function', () => {
  it('LoadCoordinate with loadUserFunction F0 sin(w t): x = F0 / (m w^2) (w t - sin(w t))', () => {
    const F0 = 3
    const model = {
      nodes: [{ type: 'Node1D', name: 'n' }],
      objects: [{ type: 'Mass1D', name: 'mass', nodeNumber: 'n', physicsMass: m }],
      markers: [{ type: 'NodeCoordinate', name: 'mn', nodeNumber: 'n' }],
      loads: [{ type: 'Coordinate', name: 'f', markerNumber: 'mn', loadUserFunction: `${F0}*sin(${w}*t)` }],
      sensors: [{ type: 'Node', name: 'q', nodeNumber: 'n', outputVariableType: 'Coordinates' }],
    }
    const T = 2,
      steps = 100,
      h = T / steps
    const { recorder } = run(model, {
      ...settings('RK44', steps),
      timeIntegration: { endTime: T, numberOfSteps: steps },
    })
    // RK4 on x'' = g(t) is Simpson's rule per step: velocity error <= T h^4 max|g''''| / 2880 with
    // g'''' = F0 w^4 / m; the position error accumulates at most T times that (x 2 margin).
    const bound = 2 * T * ((T * h ** 4 * F0 * w ** 4) / (2880 * m))
    expect(maxDeviation(recorder, 'q', (t) => (F0 / (m * w * w)) * (w * t - Math.sin(w * t)))).toBeLessThan(
      bound,
    )
  })
})
