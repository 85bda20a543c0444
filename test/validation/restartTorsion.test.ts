// ConnectorTorsionalSpringDamper with its counted full turns: against the analytic torsional
// oscillator far beyond +-pi, and the exact restart of generalized-alpha on a constrained rigid-body
// chain whose revolution-counting springs have turned more than once when the checkpoint is taken.
import { describe, expect, it } from 'vitest'
import { decodeCheckpoint } from '../../src/core'
import { rk4, run, sensorSeries, type Json } from './helpers'
import { splitRunMatches } from './restartModels'

const rigidNode = (name: string, x: number, omega: number): Json => ({
  type: 'RigidBodyRxyz',
  name,
  referenceCoordinates: [x, 0, 0, 0, 0, 0],
  initialVelocities: [0, omega * x, 0, 0, 0, omega],
})

/**
 * A chain of rigid links of length 1 spinning about z: link i has its node at its joint (x = i) and its
 * centre of mass in the middle; revolute joints to ground and between the links; a torsional spring in
 * each joint. Everything starts rotating rigidly with omega.
 */
function spinningChain(links: number, omega: number, springs: Json[], gravity: number): Json {
  const nodes: Json[] = [],
    objects: Json[] = [{ type: 'Ground', name: 'ground' }],
    markers: Json[] = [{ type: 'BodyRigid', name: 'base', bodyNumber: 'ground' }],
    loads: Json[] = []
  for (let i = 0; i < links; i++) {
    nodes.push(rigidNode(`n${i}`, i, omega))
    objects.push({
      type: 'RigidBody',
      name: `link${i}`,
      physicsMass: 1,
      physicsCenterOfMass: [0.5, 0, 0],
      physicsInertia: [0.01, 1 / 3, 1 / 3, 0, 0, 0],
      nodeNumber: `n${i}`,
    })
    markers.push(
      { type: 'BodyRigid', name: `top${i}`, bodyNumber: `link${i}` },
      { type: 'BodyRigid', name: `tip${i}`, bodyNumber: `link${i}`, localPosition: [1, 0, 0] },
      { type: 'BodyMass', name: `mass${i}`, bodyNumber: `link${i}` },
    )
    const parent = i === 0 ? 'base' : `tip${i - 1}`
    objects.push({ type: 'JointRevoluteZ', name: `joint${i}`, markerNumbers: [parent, `top${i}`] })
    objects.push({
      type: 'ConnectorTorsionalSpringDamper',
      name: `spring${i}`,
      markerNumbers: [parent, `top${i}`],
      ...springs[i],
    })
    if (gravity !== 0)
      loads.push({
        type: 'MassProportional',
        name: `g${i}`,
        markerNumber: `mass${i}`,
        loadVector: [0, -gravity, 0],
      })
  }
  const sensors = springs.map((_, i) => ({
    type: 'Object',
    name: `angle${i}`,
    objectNumber: `spring${i}`,
    outputVariableType: 'Rotation',
  }))
  return { nodes, objects, markers, loads, sensors }
}

describe('ConnectorTorsionalSpringDamper', () => {
  it('a torsional oscillator swinging to +-5 rad follows the analytic solution (turns counted)', () => {
    // One link about its joint: J = 1/3 (rod of mass 1, length 1, about its end), stiffness k: the angle
    // is phi(t) = (omega0 / Omega) sin(Omega t), Omega = sqrt(k / J); amplitude 5 rad > pi.
    const J = 1 / 3,
      k = 3,
      Omega = Math.sqrt(k / J),
      omega0 = 5 * Omega
    const steps = 2000,
      T = 2
    const { recorder } = run(spinningChain(1, omega0, [{ stiffness: k, damping: 0 }], 0), {
      solverType: 'GeneralizedAlpha',
      timeIntegration: { endTime: T, numberOfSteps: steps, generalizedAlpha: { spectralRadius: 1 } },
      solutionSettings: { sensorsWritePeriod: 0.01 },
    })
    const phi = sensorSeries(recorder, 'angle0')
    let maxError = 0,
      maxAngle = 0
    phi.t.forEach((t, i) => {
      maxError = Math.max(maxError, Math.abs(phi.values[i][0] - (omega0 / Omega) * Math.sin(Omega * t)))
      maxAngle = Math.max(maxAngle, Math.abs(phi.values[i][0]))
    })
    expect(maxAngle).toBeGreaterThan(4.9)
    // Trapezoidal rule (GA with rho_inf = 1) on a linear oscillator: phase lag Omega^3 h^2 t / 12 per
    // unit time, so the error is at most amplitude * Omega * T * (Omega h)^2 / 12; factor 1.5 for the
    // constraint coupling of the joint. A wrapped angle would be off by 2 pi.
    const h = T / steps
    expect(maxError).toBeLessThan((1.5 * 5 * Omega * T * (Omega * h) ** 2) / 12)
  })
})

// springTorqueUserFunction (Exudyn 1.11's arguments: t, rotation, angularVelocity, stiffness,
// damping, offset). One link about its joint, J = 1/3: the linear law as a user function moves as the
// built-in spring; a cubic spring J phi'' = -(k phi + c phi^3) swinging beyond pi (turns counted)
// against the test's own RK4 at 20x the steps.
describe('ConnectorTorsionalSpringDamper springTorqueUserFunction', () => {
  const J = 1 / 3,
    k = 3,
    c = 0.5,
    omega0 = 18
  const angles = (spring: Json, steps: number): number[] =>
    sensorSeries(
      run(spinningChain(1, omega0, [spring], 0), {
        solverType: 'GeneralizedAlpha',
        timeIntegration: { endTime: 2, numberOfSteps: steps, generalizedAlpha: { spectralRadius: 1 } },
        solutionSettings: { sensorsWritePeriod: 0 },
      }).recorder,
      'angle0',
    ).values.map((r) => r[0])

  it('the linear law as a user function moves as the built-in spring', () => {
    const user = angles(
      {
        stiffness: k,
        damping: 0.1,
        springTorqueUserFunction: 'stiffness*(rotation - offset) + damping*angularVelocity',
      },
      1000,
    )
    const builtIn = angles({ stiffness: k, damping: 0.1 }, 1000)
    for (let i = 0; i < builtIn.length; i++) expect(Math.abs(user[i] - builtIn[i])).toBeLessThan(1e-12)
  })

  it('a cubic spring beyond +-pi converges to RK4', () => {
    const spring = {
      stiffness: k,
      damping: 0,
      springTorqueUserFunction: `stiffness*rotation + ${c}*rotation^3`,
    }
    const [phi] = rk4((_t, [u, v]) => [v, -(k * u + c * u ** 3) / J], [0, omega0], 0, 2, 40_000)
    const last = (steps: number): number => {
      const a = angles(spring, steps)
      return a[a.length - 1]
    }
    const e1 = Math.abs(last(1000) - phi),
      e2 = Math.abs(last(2000) - phi)
    // It swings to 3.95 rad. Generalized-alpha (rho = 1, second order): measured 3.8e-4 and 9.5e-5 rad
    // at h = 2 ms and 1 ms, ratio 4.0; bound x4.
    expect(Math.max(...angles(spring, 1000).map(Math.abs))).toBeGreaterThan(Math.PI)
    expect(e1 / e2).toBeGreaterThan(3)
    expect(e2).toBeLessThan(4e-4)
  })
})

describe('exact restart with revolution-counting springs', () => {
  it('GeneralizedAlpha, constrained two-link chain spinning several turns: bitwise identical', () => {
    const model = spinningChain(
      2,
      15,
      [
        { stiffness: 0.5, damping: 0 },
        { stiffness: 5, damping: 0.05 },
      ],
      9.81,
    )
    const { checkpoint, continuous } = splitRunMatches(model, {
      solverType: 'GeneralizedAlpha',
      timeIntegration: { endTime: 1, numberOfSteps: 400, generalizedAlpha: { spectralRadius: 0.8 } },
      solutionSettings: { sensorsWritePeriod: 0.01 },
    })
    // The checkpoint carries counted turns (the first link has turned more than once by T/2).
    const turns = decodeCheckpoint(checkpoint).items.find((b) => b.name === 'spring0')!.state[0]
    expect(Math.abs(turns)).toBeGreaterThanOrEqual(1)
    expect(Math.abs(continuous.recorder.last(0)![0])).toBeGreaterThan(2 * Math.PI)
  })
})
