// ConnectorRigidBodySpringDamper and ConnectorLinearSpringDamper against closed forms:
//  - a rigid body on a 6-DOF spring to ground: a pure x displacement oscillates at sqrt(k_x/m), a pure
//    rotation about z (0.5 rad, large: the Tait-Bryan angle of Rz(phi) is phi exactly, so the torsion
//    stays linear) at sqrt(k_rz/J_zz);
//  - a mass on a linear spring-damper along a tilted axis of a ground frame follows the damped 1D
//    oscillator along the axis, while its motion across the axis is not resisted (uniform motion).
// The bushing's springForceTorqueUserFunction (Exudyn 1.11's arguments: t, the J0 displacement,
// rotation, velocity, angularVelocity, stiffness, damping, rotJ0, rotJ1, offset), against references
// independent of the engine:
//  - six user functions that are the linear law f = K (u - offset) + D v, written out entry by entry,
//    give the built-in connector's motion (same equations, other evaluation order: round-off only);
//  - a cubic bushing in x and about z on a body otherwise at rest: the ground is J0, so the local
//    displacement is x and the Tait-Bryan z angle of Rz(phi) is phi; both are Duffing oscillators,
//    m x'' = -(k x + c x^3) - d x' and J phi'' = -(k_r phi + c_r phi^3), against the test's own RK4 at
//    40x the steps (its O(h^4) error is far below the integrator's under test).
// Solver: generalized-alpha with spectral radius 1 (the trapezoidal rule), whose only error on a
// linear oscillator is the period elongation (omega h)^2 / 12 (relative) and an amplitude error of the
// same order; the tolerances below are a few times that bound.
import { describe, expect, it } from 'vitest'
import { dampedOscillator, rk4, run, sensorSeries, zeroCrossings, type Json } from './helpers'

const solverSettings = (solverType: string, endTime: number, numberOfSteps: number): Json => ({
  solverType,
  timeIntegration: { endTime, numberOfSteps, generalizedAlpha: { spectralRadius: 1 } },
  solutionSettings: { sensorsWritePeriod: 0 },
})
const settings = (endTime: number, numberOfSteps: number): Json =>
  solverSettings('GeneralizedAlpha', endTime, numberOfSteps)

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

// springForceTorqueUserFunction: the built-in law, row by row, in Exudyn's arguments.
const axes = 'XYZ'
const u = (c: number): string => (c < 3 ? `displacement${axes[c]}` : `rotation${axes[c - 3]}`)
const v = (c: number): string => (c < 3 ? `velocity${axes[c]}` : `angularVelocity${axes[c - 3]}`)
/** The built-in law, row r, as a user function: sum_c K_rc (u_c - offset_c) + D_rc v_c. */
const linearRow = (r: number): string =>
  [0, 1, 2, 3, 4, 5]
    .map((c) => `stiffness${r}${c}*(${u(c)} - offset${c}) + damping${r}${c}*${v(c)}`)
    .join(' + ')

describe('ConnectorRigidBodySpringDamper', () => {
  const m = 2,
    J = [0.5, 0.6, 0.7]
  const k = [200, 300, 400, 10, 12, 14]
  const stiffness = k.map((kk, i) => k.map((_, j) => (i === j ? kk : 0)))
  const model = (
    initialCoordinates: number[],
    connector: Json = { stiffness },
    initialVelocities = [0, 0, 0, 0, 0, 0],
    groundPoint = [0, 0, 0],
  ): Json => ({
    nodes: [{ type: 'RigidBodyRxyz', name: 'node', initialCoordinates, initialVelocities }],
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
        ...connector,
      },
    ],
    markers: [
      { type: 'BodyRigid', name: 'groundFrame', bodyNumber: 'ground', localPosition: groundPoint },
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

  describe('springForceTorqueUserFunction', () => {
    it("passes Exudyn's arguments: the values its Python user function receives", () => {
      // Exudyn 1.11 (the peer build): a body at [0.1, 0.2, 0.3], Tait-Bryan [0.1, 0.2, 0.3], velocity
      // [1, 2, 3], angular velocity [0.4, 0.5, 0.6], rotationMarker0 = Rz(0.3); a Python user function
      // recorded displacement, rotation, velocity, angularVelocity at t = 0 (printed to 17 digits).
      const exudyn = {
        default: [
          [0.15463769024482854, 0.16151527715898725, 0.3],
          [0.1548103495859126, 0.16158358110092547, -0.0025178665719566983],
          [1.5463769024482854, 1.6151527715898726, 3.0],
          [0.625685330325588, 0.26576330999798303, 0.6350189046445036],
        ],
        intrinsic: [
          [0.13126373858396786, 0.18392222340750516, 0.29881896110631506],
          [0.1542695989532679, 0.16145442062209092, 0.009999988869033107],
          [1.313306627248947, 1.8389542062625757, 2.982192671524289],
          [0.5747591905515516, 0.31280245609865365, 0.6611866416654261],
        ],
      }
      const Rz = [
        [Math.cos(0.3), -Math.sin(0.3), 0],
        [Math.sin(0.3), Math.cos(0.3), 0],
        [0, 0, 1],
      ]
      for (const [formulation, expected] of Object.entries(exudyn)) {
        // Two bushings that return their arguments as force and torque: (u, rotation) and (v, omega).
        const echo = (a: string, b: string): Json => ({
          rotationMarker0: Rz,
          intrinsicFormulation: formulation === 'intrinsic',
          springForceTorqueUserFunction: [...'XYZ'].map((c) => a + c).concat([...'XYZ'].map((c) => b + c)),
        })
        const m0 = model(
          [0.1, 0.2, 0.3, 0.1, 0.2, 0.3],
          echo('displacement', 'rotation'),
          [1, 2, 3, 0.4, 0.5, 0.6],
        )
        const objects = m0.objects as Json[]
        objects.push({ ...objects[2], name: 'rates', ...echo('velocity', 'angularVelocity') })
        m0.sensors = [
          ['bushing', 'ForceLocal'],
          ['bushing', 'TorqueLocal'],
          ['rates', 'ForceLocal'],
          ['rates', 'TorqueLocal'],
        ].map(([o, v], i) => ({ type: 'Object', name: `s${i}`, objectNumber: o, outputVariableType: v }))
        const { recorder } = run(m0, solverSettings('ExplicitEuler', 1e-9, 1))
        // Round-off of the two implementations (Rz(0.3), the logarithm): 1e-14 of values near 1.
        expected.forEach((row, i) =>
          row.forEach((x, c) =>
            expect(Math.abs(sensorSeries(recorder, `s${i}`).values[0][c] - x)).toBeLessThan(1e-14),
          ),
        )
      }
    })

    it.each(['GeneralizedAlpha', 'RK44'])(
      'the linear law as user functions equals the built-in (%s)',
      (solver) => {
        // Coupled stiffness and damping (symmetric plus a skew part), offsets and a turned joint frame.
        const K = [200, 300, 400, 10, 12, 14].map((kk, r) =>
          [0, 1, 2, 3, 4, 5].map((c) => (r === c ? kk : 3 + r - 0.5 * c)),
        )
        const D = K.map((row) => row.map((x) => 0.01 * x))
        const connector = {
          stiffness: K,
          damping: D,
          offset: [0.01, -0.02, 0.005, 0.02, -0.01, 0.03],
          rotationMarker0: [
            [Math.cos(0.3), -Math.sin(0.3), 0],
            [Math.sin(0.3), Math.cos(0.3), 0],
            [0, 0, 1],
          ],
        }
        const ground = [0.1, -0.2, 0.05]
        const start: [number[], number[]] = [
          [0.02, -0.01, 0.03, 0.1, -0.05, 0.2],
          [0.1, 0.2, -0.1, 0.3, 0.2, -0.4],
        ]
        const laws = [0, 1, 2, 3, 4, 5].map(linearRow)
        const s = solverSettings(solver, 0.5, 500)
        const user = sensorSeries(
          run(model(start[0], { ...connector, springForceTorqueUserFunction: laws }, start[1], ground), s)
            .recorder,
          'q',
        ).values
        const builtIn = sensorSeries(
          run(model(start[0], connector, start[1], ground), s).recorder,
          'q',
        ).values
        const scale = Math.max(...builtIn.flat().map(Math.abs))
        expect(user.length).toBe(501)
        for (let i = 0; i < builtIn.length; i++)
          for (let c = 0; c < 6; c++) expect(Math.abs(user[i][c] - builtIn[i][c])).toBeLessThan(1e-12 * scale)
      },
    )

    it('a cubic bushing in x and about z converges to RK4 at second order', () => {
      const k = 800,
        c = 4e6,
        d = 2,
        kr = 30,
        cr = 60
      const laws = [
        `stiffness00*displacementX + ${c}*displacementX^3 + damping00*velocityX`,
        'stiffness11*displacementY',
        'stiffness22*displacementZ',
        'stiffness33*rotationX',
        'stiffness44*rotationY',
        `stiffness55*rotationZ + ${cr}*rotationZ^3`,
      ]
      const diag = (x: number[]): number[][] => x.map((xx, r) => x.map((_, cc) => (r === cc ? xx : 0)))
      const bushing = {
        stiffness: diag([k, k, k, kr, kr, kr]),
        damping: diag([d, 0, 0, 0, 0, 0]),
        springForceTorqueUserFunction: laws,
      }
      // Marker 0 at the ground origin: u = the body's position.
      const m0 = model([0.02, 0, 0, 0, 0, 0.8], bushing, [0.3, 0, 0, 0, 0, 1])
      const T = 0.5
      const [x] = rk4((_, [p, w]) => [w, -(k * p + c * p ** 3 + d * w) / m], [0.02, 0.3], 0, T, 40_000)
      const [phi] = rk4((_, [p, w]) => [w, -(kr * p + cr * p ** 3) / J[2]], [0.8, 1], 0, T, 40_000)
      const final = (steps: number): number[] =>
        sensorSeries(run(m0, solverSettings('GeneralizedAlpha', T, steps)).recorder, 'q').values.at(-1)!
      const [e1, e2] = [500, 1000].map((n) => {
        const q = final(n)
        return [Math.abs(q[0] - x), Math.abs(q[5] - phi)]
      })
      // Second order: halving h divides both errors by about 4 (3 allows for higher-order terms).
      expect(e1[0] / e2[0]).toBeGreaterThan(3)
      expect(e1[1] / e2[1]).toBeGreaterThan(3)
      // At h = 0.5 ms the errors are 1.31e-6 m (8.4e-5 of x) and 5.9e-6 rad (3.2e-5 of phi); Exudyn's own
      // generalized-alpha run of this model with its Python user function: 1.31e-6 m and 5.9e-6 rad.
      expect(e2[0]).toBeLessThan(1.3e-4 * Math.abs(x))
      expect(e2[1]).toBeLessThan(5e-5 * Math.abs(phi))
    })
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
