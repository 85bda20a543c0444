// springForceUserFunction on ConnectorCoordinateSpringDamper (Exudyn 1.11's arguments: t,
// displacement, velocity, stiffness, damping, offset). References, independent of the engine:
//  - a user function that is the linear law gives the built-in spring's motion (same equations; the
//    evaluation order differs, so round-off only);
//  - the Duffing oscillator of Exudyn's perfSpringDamperUserFunction, m x'' + d x' + 0.1 k x + k x^3
//    = F0 sin(2 pi (f1 t / (2 T)) t), against the test's own RK4 at a step 20x finer (its error,
//    O(h^4), is far below the integrator's under test).
import { describe, expect, it } from 'vitest'
import { rk4, run, sensorSeries, type Json } from './helpers'

const mass = 1.6,
  k = 4000,
  d = 4,
  F0 = 80,
  T = 0.5
const f1 = Math.sqrt(k / mass) / (2 * Math.PI)
const sweep = `${F0}*sin(2*pi*(${f1 / T}*0.5*t)*t)`
const load = (t: number): number => F0 * Math.sin(2 * Math.PI * ((f1 / T) * 0.5 * t) * t)

const COORDINATE_SPRINGS = ['ConnectorCoordinateSpringDamper', 'ConnectorCoordinateSpringDamperExt']

function duffing(userFunction: string, linear = false, type = COORDINATE_SPRINGS[0]): Json {
  return {
    nodes: [
      { type: 'Point', name: 'node', referenceCoordinates: [0.5, 0, 0], initialCoordinates: [0.01, 0, 0] },
      { type: 'PointGround', name: 'groundNode' },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'MassPoint', name: 'mass', physicsMass: mass, nodeNumber: 'node' },
      {
        type,
        name: 'spring',
        markerNumbers: ['groundX', 'massX'],
        stiffness: k,
        damping: d,
        offset: linear ? 0.002 : 0,
        springForceUserFunction: userFunction,
      },
    ],
    markers: [
      { type: 'NodeCoordinate', name: 'groundX', nodeNumber: 'groundNode', coordinate: 0 },
      { type: 'NodeCoordinate', name: 'massX', nodeNumber: 'node', coordinate: 0 },
    ],
    loads: [{ type: 'Coordinate', name: 'sweep', markerNumber: 'massX', load: F0, loadUserFunction: sweep }],
    sensors: [{ type: 'Node', name: 'q', nodeNumber: 'node', outputVariableType: 'Coordinates' }],
  }
}

const settings = (steps: number): Json => ({
  solverType: 'GeneralizedAlpha',
  timeIntegration: { endTime: T, numberOfSteps: steps, generalizedAlpha: { spectralRadius: 1 } },
  solutionSettings: { sensorsWritePeriod: 0 },
})

const finalX = (model: Json, steps: number): number => {
  const q = sensorSeries(run(model, settings(steps)).recorder, 'q')
  return q.values[q.values.length - 1][0]
}

// The same on ConnectorCoordinateSpringDamperExt, whose user function (Exudyn's: t, displacement,
// velocity, stiffness, damping, offset, velocityOffset and the friction parameters) replaces the whole
// force: the same laws, the same references.
describe.each(COORDINATE_SPRINGS)('springForceUserFunction on %s', (type) => {
  it('the linear law as a user function moves as the built-in spring', () => {
    const user = sensorSeries(
      run(duffing('stiffness*(displacement - offset) + damping*velocity', true, type), settings(1000))
        .recorder,
      'q',
    )
    const builtIn = sensorSeries(run(duffing('', true, type), settings(1000)).recorder, 'q')
    const scale = Math.max(...builtIn.values.map((r) => Math.abs(r[0])))
    for (let i = 0; i < builtIn.values.length; i++)
      expect(Math.abs(user.values[i][0] - builtIn.values[i][0])).toBeLessThan(1e-12 * scale)
  })

  it('the Duffing oscillator of perfSpringDamperUserFunction converges to RK4 at second order', () => {
    const model = duffing(
      '0.1*stiffness*displacement + stiffness*displacement^3 + velocity*damping',
      false,
      type,
    )
    const [x] = rk4(
      (t, [u, v]) => [v, (load(t) - (0.1 * k * u + k * u ** 3 + d * v)) / mass],
      [0.01, 0],
      0,
      T,
      40_000,
    )
    const e1 = Math.abs(finalX(model, 2000) - x),
      e2 = Math.abs(finalX(model, 4000) - x)
    // Generalized-alpha is second order: halving h divides the error by about 4 (3 allows for the
    // higher-order terms at omega h = 0.06 and 0.03).
    expect(e1 / e2).toBeGreaterThan(3)
    // At h = T/4000 (omega h = 0.03) the error is 8.5e-6 of x(T); bound 2e-5 of it.
    expect(e2).toBeLessThan(2e-5 * Math.abs(x))
  })
})

// springForceUserFunction on the line springs, in Exudyn 1.11's arguments: ConnectorSpringDamper (t,
// deltaL = L - L0, deltaL_t = L' - velocityOffset, stiffness, damping, force) and
// ConnectorLinearSpringDamper along x (t, displacement, velocity, stiffness, damping, offset). A mass
// point on the x axis, the spring from the origin: m x'' = -fs, against the test's own RK4 at 40x the
// steps; both laws below are the same fs(x, x').
describe('springForceUserFunction on ConnectorSpringDamper and ConnectorLinearSpringDamper', () => {
  const m = 2,
    ks = 800,
    ds = 3,
    L0 = 0.5,
    vOffset = 0.1,
    f0 = 5
  const common = { stiffness: ks, damping: ds, force: f0, velocityOffset: vOffset }
  const kinds = [
    {
      spring: { type: 'ConnectorSpringDamper', referenceLength: L0, ...common },
      linear: 'stiffness*deltaL + damping*deltaL_t + force',
      cubic: 'stiffness*deltaL + 4e5*deltaL^3 + damping*deltaL_t + force',
    },
    {
      spring: { type: 'ConnectorLinearSpringDamper', offset: L0, ...common },
      // The user function gets the raw velocity: velocityOffset 0 for the built-in twin.
      linear: 'stiffness*(displacement - offset) + damping*velocity + 5',
      cubic:
        'stiffness*(displacement - offset) + 4e5*(displacement - offset)^3 + ' +
        `damping*(velocity - ${vOffset}) + 5`,
      builtIn: { velocityOffset: 0 },
    },
  ]
  const line = (spring: Json): Json => ({
    nodes: [
      { type: 'Point', name: 'node', referenceCoordinates: [0.6, 0, 0], initialVelocities: [0.4, 0, 0] },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'MassPoint', name: 'mass', physicsMass: m, nodeNumber: 'node' },
      { name: 'spring', markerNumbers: ['origin', 'point'], ...spring },
    ],
    markers: [
      { type: 'BodyRigid', name: 'origin', bodyNumber: 'ground' },
      { type: 'BodyPosition', name: 'point', bodyNumber: 'mass' },
    ],
    loads: [],
    sensors: [{ type: 'Node', name: 'q', nodeNumber: 'node', outputVariableType: 'Coordinates' }],
  })
  const span = 0.5
  const xs = (spring: Json, solverType: string, steps = 1000): number[] => {
    const settings = {
      solverType,
      timeIntegration: { endTime: span, numberOfSteps: steps, generalizedAlpha: { spectralRadius: 1 } },
      solutionSettings: { sensorsWritePeriod: 0 },
    }
    return sensorSeries(run(line(spring), settings).recorder, 'q').values.map((r) => r[0])
  }

  for (const { spring, linear, cubic, builtIn } of kinds) {
    for (const solverType of ['GeneralizedAlpha', 'RK44'])
      it(`${spring.type}, ${solverType}: the linear law as a user function equals the built-in`, () => {
        const user = xs({ ...spring, ...builtIn, springForceUserFunction: linear }, solverType),
          reference = xs({ ...spring, ...builtIn }, solverType)
        // The same law with the terms in another order at most: equal to round-off.
        for (let i = 0; i < reference.length; i++)
          expect(Math.abs(user[i] - reference[i])).toBeLessThan(1e-13)
      })

    it(`${spring.type}: a cubic spring with velocity offset converges to RK4`, () => {
      const fs = (x: number, v: number): number =>
        ks * (x - L0) + 4e5 * (x - L0) ** 3 + ds * (v - vOffset) + f0
      const [x] = rk4((_t, [u, v]) => [v, -fs(u, v) / m], [0.6, 0.4], 0, span, 40_000)
      const final = (steps: number): number => {
        const r = xs({ ...spring, springForceUserFunction: cubic }, 'GeneralizedAlpha', steps)
        return 0.6 + r[r.length - 1]
      }
      const e1 = Math.abs(final(1000) - x),
        e2 = Math.abs(final(2000) - x)
      // Generalized-alpha (second order): halving h divides the error by about 4 (measured 1.0e-5 and
      // 2.5e-6 m; Exudyn 1.11's own run of the ConnectorSpringDamper model 2.5e-6 m at h = T/2000);
      // bound x4.
      expect(e1 / e2).toBeGreaterThan(3)
      expect(e2).toBeLessThan(1e-5)
    })
  }
})

// springForceUserFunction on ConnectorCartesianSpringDamper: [fx, fy, fz] in t and the components of
// Exudyn 1.11's vector arguments (displacement, velocity, stiffness, damping, offset). A mass point
// held at the origin by the three springs: three decoupled oscillators m x_i'' = -f_i(x_i, x_i').
describe('springForceUserFunction on ConnectorCartesianSpringDamper', () => {
  const m = 1.5,
    k = [800, 500, 300],
    d = [2, 1, 0.5],
    x0 = [0.05, -0.04, 0.03]
  const model = (laws: string[] | ''): Json => ({
    nodes: [{ type: 'Point', name: 'node', referenceCoordinates: [0, 0, 0], initialCoordinates: x0 }],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'MassPoint', name: 'mass', physicsMass: m, nodeNumber: 'node' },
      {
        type: 'ConnectorCartesianSpringDamper',
        name: 'spring',
        markerNumbers: ['origin', 'point'],
        stiffness: k,
        damping: d,
        springForceUserFunction: laws,
      },
    ],
    markers: [
      { type: 'BodyPosition', name: 'origin', bodyNumber: 'ground' },
      { type: 'BodyPosition', name: 'point', bodyNumber: 'mass' },
    ],
    loads: [],
    sensors: [{ type: 'Node', name: 'q', nodeNumber: 'node', outputVariableType: 'Coordinates' }],
  })
  const positions = (laws: string[] | '', solverType: string, steps = 1000): number[][] =>
    sensorSeries(
      run(model(laws), {
        solverType,
        timeIntegration: { endTime: 0.5, numberOfSteps: steps, generalizedAlpha: { spectralRadius: 1 } },
        solutionSettings: { sensorsWritePeriod: 0 },
      }).recorder,
      'q',
    ).values
  const axes = ['X', 'Y', 'Z']

  for (const solverType of ['GeneralizedAlpha', 'RK44'])
    it(`${solverType}: the linear law as user functions moves as the built-in springs`, () => {
      const linear = axes.map(
        (a) => `stiffness${a}*(displacement${a} - offset${a}) + damping${a}*velocity${a}`,
      )
      const user = positions(linear, solverType),
        builtIn = positions('', solverType)
      for (let r = 0; r < builtIn.length; r++)
        for (let i = 0; i < 3; i++) expect(Math.abs(user[r][i] - builtIn[r][i])).toBeLessThan(1e-14)
    })

  it('cubic springs per axis converge to RK4', () => {
    const cubic = axes.map(
      (a) => `stiffness${a}*displacement${a} + 2e5*displacement${a}^3 + damping${a}*velocity${a}`,
    )
    const y = rk4(
      (_t, s) => [
        s[3],
        s[4],
        s[5],
        ...[0, 1, 2].map((i) => -(k[i] * s[i] + 2e5 * s[i] ** 3 + d[i] * s[3 + i]) / m),
      ],
      [...x0, 0, 0, 0],
      0,
      0.5,
      40_000,
    )
    const error = (steps: number): number => {
      const q = positions(cubic, 'GeneralizedAlpha', steps)
      return Math.max(...[0, 1, 2].map((i) => Math.abs(q[q.length - 1][i] - y[i])))
    }
    const e1 = error(1000),
      e2 = error(2000)
    // Generalized-alpha (second order): measured 5.1e-6 and 1.3e-6 m at h = 0.5 and 0.25 ms; bound x4.
    expect(e1 / e2).toBeGreaterThan(3)
    expect(e2).toBeLessThan(5e-6)
  })
})
