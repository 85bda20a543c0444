// Node1D, ObjectMass1D and ObjectRotationalMass1D against closed forms: free motion (Exudyn's
// MiniExample), a 1D oscillator, constant torque on a rotor, gravity along a rotated axis, and a
// geared drive train.
import { describe, expect, it } from 'vitest'
import { dampedOscillator, run, sensorSeries, type Json } from './helpers'

const GA = (endTime: number, numberOfSteps: number): Json => ({
  solverType: 'GeneralizedAlpha',
  timeIntegration: { endTime, numberOfSteps, generalizedAlpha: { spectralRadius: 0.8 } },
  solutionSettings: { sensorsWritePeriod: endTime / 10 },
})
const coordinates = (name: string, node: string, outputVariableType = 'Coordinates'): Json => ({
  type: 'Node',
  name,
  nodeNumber: node,
  outputVariableType,
})
const last = (recorder: Parameters<typeof sensorSeries>[0], name: string): number[] =>
  sensorSeries(recorder, name).values.at(-1)!

describe('Mass1D', () => {
  it("Exudyn's MiniExample: free motion from q0 = 0.5, v0 = 0.5 ends at position 2 after 1 s", () => {
    const model = {
      nodes: [
        {
          type: 'Node1D',
          name: 'n',
          referenceCoordinates: [1],
          initialCoordinates: [0.5],
          initialVelocities: [0.5],
        },
      ],
      objects: [{ type: 'Mass1D', name: 'mass', nodeNumber: 'n', physicsMass: 1 }],
      markers: [],
      loads: [],
      sensors: [{ type: 'Body', name: 'p', bodyNumber: 'mass', outputVariableType: 'Position' }],
    }
    const { recorder } = run(model, GA(1, 100))
    // Zero force: every Newmark-type step integrates constant velocity exactly, so only round-off remains.
    expect(last(recorder, 'p')[0]).toBeCloseTo(2, 13)
    expect(last(recorder, 'p')[1]).toBe(0)
  })

  it('oscillator on a coordinate spring-damper matches the analytic solution', () => {
    const m = 2,
      k = 50,
      d = 1,
      x0 = 0.1,
      v0 = 0
    const model = {
      nodes: [
        { type: 'PointGround', name: 'g' },
        { type: 'Node1D', name: 'n', initialCoordinates: [x0] },
      ],
      objects: [
        { type: 'Mass1D', name: 'mass', nodeNumber: 'n', physicsMass: m },
        {
          type: 'ConnectorCoordinateSpringDamper',
          name: 'spring',
          markerNumbers: ['mg', 'mn'],
          stiffness: k,
          damping: d,
        },
      ],
      markers: [
        { type: 'NodeCoordinate', name: 'mg', nodeNumber: 'g' },
        { type: 'NodeCoordinate', name: 'mn', nodeNumber: 'n' },
      ],
      loads: [],
      sensors: [coordinates('x', 'n')],
    }
    const T = 2,
      steps = 2000
    const { recorder } = run(model, GA(T, steps))
    const exact = dampedOscillator(m, k, d, x0, v0)
    const xs = sensorSeries(recorder, 'x')
    const omega = Math.sqrt(k / m)
    // Generalized-alpha phase error ~ omega T (omega h)^2 / 12 of the amplitude (see oscillator.test.ts), x
    // 1.5 margin.
    const tolerance = 1.5 * ((1.5 * omega * T * (omega * (T / steps)) ** 2) / 12) * x0
    let maxError = 0
    xs.t.forEach((t, i) => (maxError = Math.max(maxError, Math.abs(xs.values[i][0] - exact(t).x))))
    expect(maxError).toBeLessThan(tolerance)
  })

  it('gravity acts through the component along the rotated axis (a = g . R e_x)', () => {
    const angle = 0.3 // the mass slides along a line tilted by 0.3 rad below the x-axis
    const c = Math.cos(angle),
      s = Math.sin(angle)
    const model = {
      nodes: [{ type: 'Node1D', name: 'n' }],
      objects: [
        {
          type: 'Mass1D',
          name: 'mass',
          nodeNumber: 'n',
          physicsMass: 3,
          referencePosition: [1, 2, 0],
          referenceRotation: [
            [c, s, 0],
            [-s, c, 0],
            [0, 0, 1],
          ],
        },
      ],
      markers: [{ type: 'BodyMass', name: 'mm', bodyNumber: 'mass' }],
      loads: [{ type: 'MassProportional', name: 'gravity', markerNumber: 'mm', loadVector: [0, -9.81, 0] }],
      sensors: [
        coordinates('q', 'n'),
        { type: 'Body', name: 'p', bodyNumber: 'mass', outputVariableType: 'Position' },
      ],
    }
    const T = 1
    const { recorder } = run(model, GA(T, 10))
    const a = 9.81 * s
    // Constant acceleration: Newmark-type steps are exact, so round-off is the only error.
    expect(last(recorder, 'q')[0]).toBeCloseTo((a * T * T) / 2, 12)
    const p = last(recorder, 'p')
    expect(p[0]).toBeCloseTo(1 + c * ((a * T * T) / 2), 12)
    expect(p[1]).toBeCloseTo(2 - s * ((a * T * T) / 2), 12)
  })
})

describe('RotationalMass1D', () => {
  it('constant torque: phi = tau t^2 / (2 J), torque vector projected on the rotated axis', () => {
    const J = 0.5,
      tau = 2
    // Rotor axis = global x (local z mapped to x): a torque [tau, 5, 7] acts with its x-component only.
    const model = {
      nodes: [{ type: 'Node1D', name: 'n' }],
      objects: [
        {
          type: 'RotationalMass1D',
          name: 'rotor',
          nodeNumber: 'n',
          physicsInertia: J,
          referenceRotation: [
            [0, 0, 1],
            [0, 1, 0],
            [-1, 0, 0],
          ],
        },
      ],
      markers: [{ type: 'BodyRigid', name: 'mr', bodyNumber: 'rotor' }],
      loads: [{ type: 'TorqueVector', name: 'torque', markerNumber: 'mr', loadVector: [tau, 5, 7] }],
      sensors: [
        coordinates('phi', 'n'),
        { type: 'Body', name: 'w', bodyNumber: 'rotor', outputVariableType: 'AngularVelocity' },
      ],
    }
    const T = 2
    const { recorder } = run(model, GA(T, 20))
    expect(last(recorder, 'phi')[0]).toBeCloseTo((tau * T * T) / (2 * J), 11)
    const w = last(recorder, 'w')
    expect(w[0]).toBeCloseTo((tau * T) / J, 11)
    expect(Math.abs(w[1]) + Math.abs(w[2])).toBeLessThan(1e-14)
  })

  it("gear train: phi0 = ratio phi1, torque on shaft 0 gives phi1'' = tau ratio / (J0 ratio^2 + J1)", () => {
    const J0 = 0.2,
      J1 = 3,
      ratio = 4,
      tau = 1.5
    const model = {
      nodes: [
        { type: 'Node1D', name: 'n0' },
        { type: 'Node1D', name: 'n1' },
      ],
      objects: [
        { type: 'RotationalMass1D', name: 'motor', nodeNumber: 'n0', physicsInertia: J0 },
        { type: 'RotationalMass1D', name: 'load', nodeNumber: 'n1', physicsInertia: J1 },
        // factorValue1 * phi1 - phi0 = 0: the motor turns `ratio` times faster than the load.
        { type: 'ConnectorCoordinate', name: 'gear', markerNumbers: ['m0', 'm1'], factorValue1: ratio },
      ],
      markers: [
        { type: 'NodeCoordinate', name: 'm0', nodeNumber: 'n0' },
        { type: 'NodeCoordinate', name: 'm1', nodeNumber: 'n1' },
      ],
      loads: [{ type: 'Coordinate', name: 'torque', markerNumber: 'm0', load: tau }],
      sensors: [
        coordinates('phi0', 'n0'),
        coordinates('phi1', 'n1'),
        { type: 'Object', name: 'f', objectNumber: 'gear', outputVariableType: 'Force' },
      ],
    }
    const T = 1
    const { recorder } = run(model, GA(T, 20))
    const alpha1 = (tau * ratio) / (J0 * ratio * ratio + J1)
    expect(last(recorder, 'phi1')[0]).toBeCloseTo((alpha1 * T * T) / 2, 10)
    expect(last(recorder, 'phi0')[0]).toBeCloseTo((ratio * alpha1 * T * T) / 2, 10)
    // Gear force = the torque the load shaft needs, J1 alpha1, divided by the ratio (lambda multiplies
    // factorValue1 on shaft 1).
    expect(last(recorder, 'f')[0]).toBeCloseTo(-(J1 * alpha1) / ratio, 10)
  })

  it('markers off the rotation axis are rejected with a clear message', () => {
    const model = {
      nodes: [{ type: 'Node1D', name: 'n' }],
      objects: [{ type: 'RotationalMass1D', name: 'rotor', nodeNumber: 'n', physicsInertia: 1 }],
      markers: [{ type: 'BodyPosition', name: 'mp', bodyNumber: 'rotor', localPosition: [0.1, 0, 0] }],
      loads: [],
      sensors: [],
    }
    expect(() => run(model, GA(1, 10))).toThrow(/rotor.*RotationalMass1D.*rotation axis/)
  })
})
