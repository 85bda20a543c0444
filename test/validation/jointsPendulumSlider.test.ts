// Joints in motion:
//  - a physical pendulum (rigid link, centre of mass at distance d from the pivot) on JointRevolute2D
//    (RigidBody2D) and on JointRevoluteZ (3D RigidBody on a Tait-Bryan node), released at 2 rad:
//    period T = 4 sqrt(I_p / (m g d)) K(sin(theta0 / 2)) with I_p = J_com + m d^2, energy conserved;
//  - a slider on an incline of angle alpha (JointPrismatic2D, JointPrismaticX on an Euler-parameter
//    body): s = g sin(alpha) t^2 / 2 along the incline, normal force m g cos(alpha).
import { describe, expect, it } from 'vitest'
import {
  GRAVITY,
  measuredOrder,
  PHYSICAL_PENDULUM,
  physicalPendulumErrors,
  physicalPendulumModel,
  run,
  sensorSeries,
  type Json,
} from './helpers'

const { m } = PHYSICAL_PENDULUM
const PERIOD = PHYSICAL_PENDULUM.period
const pendulumModel = (kind: '2D' | '3D'): Json => physicalPendulumModel(kind)

function pendulum(
  kind: '2D' | '3D',
  solverType: string,
  steps: number,
): { periodError: number; energyDrift: number } {
  const end = 3 * PERIOD
  const { recorder } = run(pendulumModel(kind), {
    solverType,
    timeIntegration: { endTime: end, numberOfSteps: steps },
    solutionSettings: { sensorsWritePeriod: 0 },
  })
  return physicalPendulumErrors(recorder)
}

describe('rigid pendulum on a revolute joint: large-amplitude period from K(k)', () => {
  const items = { '2D': 'RigidBody2D + JointRevolute2D', '3D': 'RigidBody (Rxyz) + JointRevoluteZ' }
  for (const kind of ['2D', '3D'] as const) {
    it(`${items[kind]}: GA and DOPRI5 periods and energy`, () => {
      const coarse = pendulum(kind, 'GeneralizedAlpha', 1000)
      const ga = pendulum(kind, 'GeneralizedAlpha', 2000)
      // Generalized-alpha is second order: halving h divides the period error and the numerical
      // dissipation (rho = 0.9) by 4 (measured 4.0); accept an order between 1.8 and 2.2.
      expect(measuredOrder([2, 1], [coarse.periodError, ga.periodError])).toBeGreaterThan(1.8)
      expect(measuredOrder([2, 1], [coarse.periodError, ga.periodError])).toBeLessThan(2.2)
      expect(measuredOrder([2, 1], [coarse.energyDrift, ga.energyDrift])).toBeGreaterThan(1.8)
      // h = T/667 ~ 2.7 ms: measured period error 4.8e-5 and energy drift 2.1e-4 (of m g d); bounds x2.
      expect(ga.periodError).toBeLessThan(1e-4)
      expect(ga.energyDrift).toBeLessThan(4e-4)
      const dp = pendulum(kind, 'DOPRI5', 300)
      // Default tolerances 1e-8: measured period error 7e-9 / 1e-8 and energy drift 2.4e-8 / 3.4e-8
      // (2D / 3D; the crossing interpolation adds only O(dt^4) ~ 1e-10); bound 1e-7.
      expect(dp.periodError).toBeLessThan(1e-7)
      expect(dp.energyDrift).toBeLessThan(1e-7)
    })
  }
})

const alpha = 0.3
const DOWNHILL = [Math.cos(alpha), -Math.sin(alpha), 0]
const NORMAL = [Math.sin(alpha), Math.cos(alpha), 0]

function sliderModel(kind: '2D' | '3D'): Json {
  const planar = kind === '2D'
  const R = [
    [DOWNHILL[0], NORMAL[0], 0],
    [DOWNHILL[1], NORMAL[1], 0],
    [0, 0, 1],
  ] // joint frame: x downhill
  return {
    nodes: [
      planar
        ? { type: 'RigidBody2D', name: 'n', referenceCoordinates: [0, 0, 0] }
        : { type: 'RigidBodyEP', name: 'n', referenceCoordinates: [0, 0, 0, 1, 0, 0, 0] },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      planar
        ? { type: 'RigidBody2D', name: 'slider', nodeNumber: 'n', physicsMass: m, physicsInertia: 0.1 }
        : {
            type: 'RigidBody',
            name: 'slider',
            nodeNumber: 'n',
            physicsMass: m,
            physicsInertia: [0.1, 0.2, 0.25, 0, 0, 0],
            physicsCenterOfMass: [0.05, 0.1, 0],
          },
      planar
        ? {
            type: 'JointPrismatic2D',
            name: 'guide',
            markerNumbers: ['mGround', 'mSlider'],
            axisMarker0: DOWNHILL,
            normalMarker1: NORMAL,
          }
        : {
            type: 'JointPrismaticX',
            name: 'guide',
            markerNumbers: ['mGround', 'mSlider'],
            rotationMarker0: R,
            rotationMarker1: R,
          },
    ],
    markers: [
      { type: 'BodyRigid', name: 'mGround', bodyNumber: 'ground' },
      { type: 'BodyRigid', name: 'mSlider', bodyNumber: 'slider' },
      { type: 'BodyMass', name: 'mMass', bodyNumber: 'slider' },
    ],
    loads: [
      { type: 'MassProportional', name: 'gravity', markerNumber: 'mMass', loadVector: [0, -GRAVITY, 0] },
    ],
    sensors: [
      { type: 'Node', name: 'pos', nodeNumber: 'n', outputVariableType: 'Position' },
      { type: 'Node', name: 'rot', nodeNumber: 'n', outputVariableType: 'Rotation' },
      { type: 'Object', name: 'force', objectNumber: 'guide', outputVariableType: 'Force' },
    ],
  }
}

describe('slider on an incline: prismatic joints', () => {
  const joints = { '2D': 'JointPrismatic2D', '3D': 'JointPrismaticX (EP body, COM offset)' }
  for (const kind of ['2D', '3D'] as const) {
    for (const solverType of ['GeneralizedAlpha', 'TrapezoidalIndex2', 'RK44']) {
      it(`${joints[kind]}, ${solverType}: s = g sin(alpha) t^2 / 2, normal force m g cos(alpha)`, () => {
        const { recorder } = run(sliderModel(kind), {
          solverType,
          timeIntegration: { endTime: 1, numberOfSteps: 100 },
          solutionSettings: { sensorsWritePeriod: 0.1 },
        })
        const pos = sensorSeries(recorder, 'pos'),
          rot = sensorSeries(recorder, 'rot'),
          f = sensorSeries(recorder, 'force')
        const a = GRAVITY * Math.sin(alpha)
        pos.t.forEach((t, i) => {
          const p = pos.values[i]
          // Constant acceleration: every solver here integrates a quadratic exactly; what remains is
          // the Newton / projection tolerance (1e-10 relative), so 1e-8 m.
          expect(Math.abs(p[0] * DOWNHILL[0] + p[1] * DOWNHILL[1] - 0.5 * a * t * t)).toBeLessThan(1e-8)
          expect(Math.abs(p[0] * NORMAL[0] + p[1] * NORMAL[1])).toBeLessThan(1e-8)
          for (const r of rot.values[i]) expect(Math.abs(r)).toBeLessThan(1e-8)
        })
        // The guide pushes the slider with m g cos(alpha) along the normal; the reported multiplier
        // force has the constraint's sign (force on marker 0), so |F| is compared. 1e-8 relative.
        const F = f.values[f.values.length - 1]
        expect(Math.abs(Math.hypot(...F) / (m * GRAVITY * Math.cos(alpha)) - 1)).toBeLessThan(1e-8)
      })
    }
  }
})
