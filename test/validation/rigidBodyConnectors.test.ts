// ConnectorRigidBodySpringDamper and ConnectorLinearSpringDamper against closed forms:
//  - a rigid body on a 6-DOF spring to ground: a pure x displacement oscillates at sqrt(k_x/m), a pure
//    rotation about z (0.5 rad, large: the Tait-Bryan angle of Rz(phi) is phi exactly, so the torsion
//    stays linear) at sqrt(k_rz/J_zz);
//  - a mass on a linear spring-damper along a tilted axis of a ground frame follows the damped 1D
//    oscillator along the axis, while its motion across the axis is not resisted (uniform motion).
// Solver: generalized-alpha with spectral radius 1 (the trapezoidal rule), whose only error on a
// linear oscillator is the period elongation (omega h)^2 / 12 (relative) and an amplitude error of the
// same order; the tolerances below are a few times that bound.
import { describe, expect, it } from 'vitest'
import { dampedOscillator, run, sensorSeries, zeroCrossings, type Json } from './helpers'

const settings = (endTime: number, numberOfSteps: number): Json => ({
  solverType: 'GeneralizedAlpha',
  timeIntegration: { endTime, numberOfSteps, generalizedAlpha: { spectralRadius: 1 } },
  solutionSettings: { sensorsWritePeriod: 0 },
})

/** Mean period from the upward zero crossings of coordinate `c` of the node sensors q and q'. */
function measuredPeriod(recorder: Parameters<typeof sensorSeries>[0], c: number): number {
  const q = sensorSeries(recorder, 'q'),
    v = sensorSeries(recorder, 'v')
  const crossings = zeroCrossings(
    q.t,
    q.values.map((r) => r[c]),
    v.values.map((r) => r[c]),
    1,
  )
  return (crossings.at(-1)! - crossings[0]) / (crossings.length - 1)
}

describe('ConnectorRigidBodySpringDamper', () => {
  const m = 2,
    J = [0.5, 0.6, 0.7]
  const k = [200, 300, 400, 10, 12, 14]
  const stiffness = k.map((kk, i) => k.map((_, j) => (i === j ? kk : 0)))
  const model = (initialCoordinates: number[]): Json => ({
    nodes: [{ type: 'RigidBodyRxyz', name: 'node', initialCoordinates }],
    objects: [
      { type: 'Ground', name: 'ground' },
      {
        type: 'RigidBody',
        name: 'body',
        physicsMass: m,
        physicsInertia: [...J, 0, 0, 0],
        nodeNumber: 'node',
      },
      {
        type: 'ConnectorRigidBodySpringDamper',
        name: 'bushing',
        markerNumbers: ['groundFrame', 'bodyFrame'],
        stiffness,
      },
    ],
    markers: [
      { type: 'BodyRigid', name: 'groundFrame', bodyNumber: 'ground' },
      { type: 'NodeRigid', name: 'bodyFrame', nodeNumber: 'node' },
    ],
    loads: [],
    sensors: [
      { type: 'Node', name: 'q', nodeNumber: 'node', outputVariableType: 'Coordinates' },
      { type: 'Node', name: 'v', nodeNumber: 'node', outputVariableType: 'Coordinates_t' },
      { type: 'Object', name: 'torque', objectNumber: 'bushing', outputVariableType: 'TorqueLocal' },
    ],
  })
  const h = 1e-3

  it('translational oscillation at sqrt(k_x / m)', () => {
    const omega = Math.sqrt(k[0] / m)
    const { recorder } = run(model([0.01, 0, 0, 0, 0, 0]), settings(3, 3000))
    const period = measuredPeriod(recorder, 0)
    // Trapezoidal period elongation (omega h)^2 / 12 = 8e-6; measured 8.3e-6.
    expect(Math.abs(period / ((2 * Math.PI) / omega) - 1)).toBeLessThan(3 * ((omega * h) ** 2 / 12))
    // The other five coordinates stay at rest (no coupling for a diagonal stiffness at zero rotation).
    const last = sensorSeries(recorder, 'q').values.at(-1)!
    for (const c of [1, 2, 3, 4, 5]) expect(Math.abs(last[c])).toBeLessThan(1e-14)
  })

  it('torsional oscillation at sqrt(k_rz / J_zz), 0.5 rad amplitude, torque = -k_rz phi', () => {
    const omega = Math.sqrt(k[5] / J[2])
    const { recorder } = run(model([0, 0, 0, 0, 0, 0.5]), settings(5, 5000))
    const period = measuredPeriod(recorder, 5)
    // Bound (omega h)^2 / 12 = 1.67e-6; measured 1.67e-6.
    expect(Math.abs(period / ((2 * Math.PI) / omega) - 1)).toBeLessThan(3 * ((omega * h) ** 2 / 12))
    // TorqueLocal is the spring torque k_rz phi on marker 1's side (the body feels minus it).
    const q = sensorSeries(recorder, 'q').values,
      torque = sensorSeries(recorder, 'torque').values
    const worst = Math.max(...q.map((row, i) => Math.abs(torque[i][2] - k[5] * row[5])))
    expect(worst).toBeLessThan(1e-12)
  })
})

describe('ConnectorLinearSpringDamper', () => {
  const m = 2,
    k = 50,
    d = 1.5
  const angle = Math.PI / 6
  const axis = [Math.cos(angle), Math.sin(angle), 0]
  const across = [-Math.sin(angle), Math.cos(angle), 0]
  const x0 = 0.1,
    v0 = 0.3,
    lateralSpeed = 0.7
  it('oscillates as m x" + d x\' + k x = 0 along the axis and moves freely across it', () => {
    const model: Json = {
      nodes: [
        {
          type: 'Point',
          name: 'node',
          initialCoordinates: axis.map((a) => a * x0),
          initialVelocities: axis.map((a, i) => a * v0 + across[i] * lateralSpeed),
        },
      ],
      objects: [
        { type: 'Ground', name: 'ground' },
        { type: 'MassPoint', name: 'mass', physicsMass: m, nodeNumber: 'node' },
        {
          type: 'ConnectorLinearSpringDamper',
          name: 'spring',
          markerNumbers: ['groundFrame', 'massPoint'],
          axisMarker0: axis,
          stiffness: k,
          damping: d,
        },
      ],
      markers: [
        { type: 'BodyRigid', name: 'groundFrame', bodyNumber: 'ground' },
        { type: 'BodyPosition', name: 'massPoint', bodyNumber: 'mass' },
      ],
      loads: [],
      sensors: [
        { type: 'Node', name: 'p', nodeNumber: 'node', outputVariableType: 'Position' },
        { type: 'Object', name: 'dx', objectNumber: 'spring', outputVariableType: 'DisplacementLocal' },
        { type: 'Object', name: 'force', objectNumber: 'spring', outputVariableType: 'ForceLocal' },
      ],
    }
    const h = 1e-3
    const { recorder } = run(model, settings(2, 2000))
    const exact = dampedOscillator(m, k, d, x0, v0)
    const p = sensorSeries(recorder, 'p'),
      dx = sensorSeries(recorder, 'dx').values,
      force = sensorSeries(recorder, 'force').values
    let alongError = 0,
      acrossError = 0,
      outputError = 0
    p.t.forEach((t, i) => {
      const r = p.values[i]
      const along = r[0] * axis[0] + r[1] * axis[1]
      alongError = Math.max(alongError, Math.abs(along - exact(t).x))
      acrossError = Math.max(
        acrossError,
        Math.abs(r[0] * across[0] + r[1] * across[1] - lateralSpeed * t) + Math.abs(r[2]),
      )
      outputError = Math.max(
        outputError,
        Math.abs(dx[i][0] - along),
        Math.abs(force[i][0] - (k * exact(t).x + d * exact(t).v)),
      )
    })
    // Trapezoidal global error ~ x0 omega^3 h^2 t / 12 = 0.1 * 125 * 1e-6 * 2 / 12 = 2e-6; measured 1.1e-6.
    const bound = (x0 * Math.sqrt(k / m) ** 3 * h * h * 2) / 12
    expect(alongError).toBeLessThan(2 * bound)
    // Across the axis no force acts: uniform motion, which the trapezoidal rule integrates exactly
    // (measured 5e-14 of round-off after 2000 steps).
    expect(acrossError).toBeLessThan(1e-12)
    // DisplacementLocal is the axis component; ForceLocal k dx + d dv within k (and d omega) times the error.
    expect(outputError).toBeLessThan(2 * bound * (k + d * Math.sqrt(k / m)))
  })
})
