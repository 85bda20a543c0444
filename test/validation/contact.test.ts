// Penalty contact with friction (ContactSpherePlane, ContactSphereSphere) against closed-form results:
// the linear spring-dashpot's coefficient of restitution, the block on an incline below and above the
// friction angle, a rigid sphere rolling (a = 5/7 g sin(alpha)) or sliding on an incline, and the
// energy a sliding block loses against the work of its friction force integrated along the run.
import { describe, expect, it } from 'vitest'
import { run, sensorSeries, type Json } from './helpers'
import { headOnSpheres } from './sphereModels'

const g = 9.81

/** Coefficient of restitution of a linear spring-dashpot contact, ending when the gap opens. */
function restitution(k: number, d: number, m: number): number {
  const zeta = d / (2 * Math.sqrt(k * m))
  return Math.exp((-zeta * Math.PI) / Math.sqrt(1 - zeta * zeta))
}

/** A mass point (sphere of radius r) above the horizontal ground plane z = 0, gravity given per test. */
function pointOnPlane(o: {
  z: number
  v?: number[]
  gravity?: number[]
  k: number
  d?: number
  mu?: number
  vReg?: number
}): Json {
  return {
    nodes: [
      { type: 'Point', name: 'n', referenceCoordinates: [0, 0, o.z], initialVelocities: o.v ?? [0, 0, 0] },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'MassPoint', name: 'block', physicsMass: 1, nodeNumber: 'n' },
      {
        type: 'ContactSpherePlane',
        name: 'contact',
        markerNumbers: ['floor', 'centre'],
        sphereRadius: 0.1,
        contactStiffness: o.k,
        contactDamping: o.d ?? 0,
        dynamicFriction: o.mu ?? 0,
        frictionProportionalZone: o.vReg ?? 1e-3,
      },
    ],
    markers: [
      { type: 'BodyRigid', name: 'floor', bodyNumber: 'ground' },
      { type: 'BodyPosition', name: 'centre', bodyNumber: 'block' },
      { type: 'BodyMass', name: 'mass', bodyNumber: 'block' },
    ],
    loads: o.gravity
      ? [{ type: 'MassProportional', name: 'gravity', markerNumber: 'mass', loadVector: o.gravity }]
      : [],
    sensors: [
      { type: 'Node', name: 'pos', nodeNumber: 'n', outputVariableType: 'Position' },
      { type: 'Node', name: 'vel', nodeNumber: 'n', outputVariableType: 'Velocity' },
      { type: 'Object', name: 'force', objectNumber: 'contact', outputVariableType: 'Force' },
    ],
  }
}

const settings = (solverType: string, endTime: number, numberOfSteps: number, rho = 1): Json => ({
  solverType,
  timeIntegration: { endTime, numberOfSteps, generalizedAlpha: { spectralRadius: rho } },
  solutionSettings: { sensorsWritePeriod: 0 },
})

describe('coefficient of restitution of the linear spring-dashpot contact', () => {
  const k = 1e5,
    m = 1,
    zeta = 0.1,
    d = 2 * zeta * Math.sqrt(k * m)
  const e = restitution(k, d, m)
  // No gravity: the ball hits at 1 m/s and leaves at e m/s; the rebound velocity is constant after.
  const bounce = (solverType: string, steps: number) => {
    const r = run(pointOnPlane({ z: 0.2, v: [0, 0, -1], k, d }), settings(solverType, 0.2, steps))
    return sensorSeries(r.recorder, 'vel').values.at(-1)![2]
  }

  it('DOPRI5 (error-controlled steps resolve the switch) measures e to 1e-5', () => {
    const measured = bounce('DOPRI5', 100)
    // The controller keeps each step's local error below 1e-8 (default tolerances); the contact takes
    // about 60 steps, and the switch in the force law costs rejected steps, not accuracy (measured 2.4e-6).
    expect(Math.abs(measured - e) / e).toBeLessThan(1e-5)
  })

  for (const solverType of ['GeneralizedAlpha', 'RK44'])
    it(`${solverType} with fixed steps: e within the separation-timing error (d/m) h`, () => {
      const steps = 8000,
        h = 0.2 / steps
      const measured = bounce(solverType, steps)
      expect(Math.abs(measured - e) / e).toBeLessThan((d / m) * h)
    })

  it('ContactSphereSphere: two equal balls, head-on; momentum conserved, e with the reduced mass m/2', () => {
    const model = headOnSpheres({ x: 0.2, v: 1, m, law: { contactStiffness: k, contactDamping: d } })
    const r = run(model, { ...settings('DOPRI5', 0.2, 100) })
    const v0 = sensorSeries(r.recorder, 'v0').values.at(-1)!,
      v1 = sensorSeries(r.recorder, 'v1').values.at(-1)!
    const eMeasured = (v1[0] - v0[0]) / 2
    // Equal and opposite forces at every stage: momentum stays zero to round-off; e as for DOPRI5 above.
    expect(Math.abs(v0[0] + v1[0])).toBeLessThan(1e-12)
    expect(Math.abs(eMeasured - restitution(k, d, m / 2))).toBeLessThan(1e-5)
  })
})

/** Gravity tilted by alpha about y: the same as a plane inclined by alpha, downhill along +x. */
const tilted = (alpha: number): number[] => [g * Math.sin(alpha), 0, -g * Math.cos(alpha)]

describe('block on an incline (mass point, regularized Coulomb friction mu = 0.5)', () => {
  const mu = 0.5,
    vReg = 1e-3,
    k = 1e6
  const block = (tanAlpha: number) => {
    const alpha = Math.atan(tanAlpha)
    // Start at the static penetration m g cos(alpha) / k: no normal oscillation.
    const z = 0.1 - (g * Math.cos(alpha)) / k
    const r = run(
      pointOnPlane({ z, gravity: tilted(alpha), k, d: 2e3, mu, vReg }),
      settings('GeneralizedAlpha', 1, 1000, 0.8),
    )
    return { alpha, v: sensorSeries(r.recorder, 'vel'), x: sensorSeries(r.recorder, 'pos') }
  }

  it('below the friction angle (tan(alpha) = 0.8 mu) sticks: creeps at v_reg tan(alpha) / mu < v_reg', () => {
    const { v, x } = block(0.8 * mu)
    // Sticking of the regularized law: the friction force mu f_n v / v_reg balances m g sin(alpha) at
    // v = v_reg tan(alpha) / mu (reached after a few v_reg / (mu g) = 0.2 ms); exact up to the Newton
    // tolerance (1e-10 relative), so 1e-9 of that speed.
    const creep = (vReg * 0.8 * mu) / mu
    expect(Math.abs(v.values.at(-1)![0] - creep)).toBeLessThan(1e-9 * creep)
    expect(x.values.at(-1)![0]).toBeLessThan(vReg * 1)
  })

  it('above it (tan(alpha) = 1.2 mu) it slides with a = g (sin(alpha) - mu cos(alpha))', () => {
    const { alpha, v } = block(1.2 * mu)
    const a = g * (Math.sin(alpha) - mu * Math.cos(alpha))
    const i = v.t.findIndex((t) => t >= 0.5 - 1e-12)
    const measured = (v.values.at(-1)![0] - v.values[i][0]) / (v.t.at(-1)! - v.t[i])
    // Constant sliding force: GA integrates constant accelerations exactly (Newton tolerance 1e-10).
    expect(Math.abs(measured - a)).toBeLessThan(1e-8 * a)
  })
})

describe('rigid sphere on an incline (RigidBodyRxyz, friction torque through the rigid marker)', () => {
  const m = 2,
    r = 0.1,
    J = 0.4 * m * r * r,
    k = 1e6,
    vReg = 1e-4
  // The penalty contact point lies in the middle of the static penetration delta = m g cos(alpha) / k,
  // so the friction force acts at the lever r' = r - delta / 2 (a relative change of 1e-4 here).
  const lever = (alpha: number): number => r - (m * g * Math.cos(alpha)) / k / 2
  const sphere = (alpha: number, mu: number) => {
    const z = r - (m * g * Math.cos(alpha)) / k
    const model: Json = {
      nodes: [{ type: 'RigidBodyRxyz', name: 'n', referenceCoordinates: [0, 0, z, 0, 0, 0] }],
      objects: [
        { type: 'Ground', name: 'ground' },
        {
          type: 'RigidBody',
          name: 'ball',
          physicsMass: m,
          physicsInertia: [J, J, J, 0, 0, 0],
          nodeNumber: 'n',
        },
        {
          type: 'ContactSpherePlane',
          name: 'contact',
          markerNumbers: ['floor', 'centre'],
          sphereRadius: r,
          contactStiffness: k,
          contactDamping: 4e3,
          dynamicFriction: mu,
          frictionProportionalZone: vReg,
        },
      ],
      markers: [
        { type: 'BodyRigid', name: 'floor', bodyNumber: 'ground' },
        { type: 'BodyRigid', name: 'centre', bodyNumber: 'ball' },
        { type: 'BodyMass', name: 'mass', bodyNumber: 'ball' },
      ],
      loads: [{ type: 'MassProportional', name: 'gravity', markerNumber: 'mass', loadVector: tilted(alpha) }],
      sensors: [
        { type: 'Node', name: 'vel', nodeNumber: 'n', outputVariableType: 'Velocity' },
        { type: 'Node', name: 'omega', nodeNumber: 'n', outputVariableType: 'AngularVelocity' },
      ],
    }
    const res = run(model, settings('GeneralizedAlpha', 1, 1000, 0.8))
    const v = sensorSeries(res.recorder, 'vel'),
      w = sensorSeries(res.recorder, 'omega')
    const i = v.t.findIndex((t) => t >= 0.5 - 1e-12)
    const dt = v.t.at(-1)! - v.t[i]
    return {
      a: (v.values.at(-1)![0] - v.values[i][0]) / dt,
      wDot: (w.values.at(-1)![1] - w.values[i][1]) / dt,
      v: v.values.at(-1)![0],
      w: w.values.at(-1)![1],
    }
  }

  it('rolls without slipping when tan(alpha) < 7/2 mu: a = 5/7 g sin(alpha), omega = v / r', () => {
    const alpha = 0.3,
      res = sphere(alpha, 0.5),
      rc = lever(alpha)
    // Rolling on the lever r': a = g sin(alpha) / (1 + J / (m r'^2)) (= 5/7 g sin(alpha) for r' = r).
    const a = (g * Math.sin(alpha)) / (1 + J / (m * rc * rc))
    // Rolling with the regularized law keeps a constant slip speed (below v_reg = 1e-4), so the
    // acceleration is the rolling one up to the Newton tolerance (1e-10 relative of forces ~ 20 N).
    expect(Math.abs(res.a - a)).toBeLessThan(1e-8 * a)
    expect(Math.abs(res.v - rc * res.w)).toBeLessThan(vReg)
  })

  it("slides when tan(alpha) > 7/2 mu: a = g (sin - mu cos), omega' = 5 mu g cos(alpha) / (2 r)", () => {
    const alpha = 0.5,
      mu = 0.1,
      res = sphere(alpha, mu)
    const a = g * (Math.sin(alpha) - mu * Math.cos(alpha)),
      wDot = (mu * m * g * Math.cos(alpha) * lever(alpha)) / J
    // Constant sliding force and torque: exact for GA up to the Newton tolerance.
    expect(Math.abs(res.a - a)).toBeLessThan(1e-8 * a)
    expect(Math.abs(res.wDot - wDot)).toBeLessThan(1e-8 * wDot)
  })
})

describe('energy dissipated by friction equals the work of the friction force', () => {
  it('a block sliding to rest on the floor (mu = 0.3, v0 = 2 m/s)', () => {
    const mu = 0.3,
      v0 = 2,
      k = 1e6,
      m = 1
    const res = run(
      pointOnPlane({ z: 0.1 - (m * g) / k, v: [v0, 0, 0], gravity: [0, 0, -g], k, d: 2e3, mu }),
      settings('GeneralizedAlpha', 1, 2000, 0.8),
    )
    const v = sensorSeries(res.recorder, 'vel'),
      f = sensorSeries(res.recorder, 'force'),
      x = sensorSeries(res.recorder, 'pos')
    // Work of the tangential (x, y) contact force along the block's path, trapezoidal rule over steps.
    let work = 0
    for (let j = 1; j < v.t.length; j++) {
      const p = (row: number) => f.values[row][0] * v.values[row][0] + f.values[row][1] * v.values[row][1]
      work += 0.5 * (p(j) + p(j - 1)) * (v.t[j] - v.t[j - 1])
    }
    const kinetic = (row: number[]) => 0.5 * m * (row[0] ** 2 + row[1] ** 2 + row[2] ** 2)
    const lost = kinetic(v.values[0]) - kinetic(v.values.at(-1)!)
    // The normal force is static (the block starts at its penetration), so the kinetic energy lost is
    // all friction. The trapezoidal work is exact while sliding (constant force, linear velocity); only
    // the stop through the linear friction zone (decay time v_reg / (mu g) = 0.3 ms, about one step)
    // is not, and the energy left there is of order m v_reg^2 = 1e-6 J: the bound (measured 1.4e-7).
    const vReg = 1e-3
    expect(Math.abs(lost + work)).toBeLessThan((m * vReg * vReg) / 2)
    expect(lost).toBeCloseTo(0.5 * m * v0 * v0, 12)
    // Stop distance v0^2 / (2 mu g); in the linear zone the block creeps about v_reg^2 / (mu g) = 3.4e-7 m
    // more.
    expect(Math.abs(x.values.at(-1)![0] - (v0 * v0) / (2 * mu * g))).toBeLessThan(
      (3 * vReg * vReg) / (mu * g),
    )
  })
})

describe('bounded plane (planeSize): no support beside the rectangle', () => {
  it('a frictionless block slides off the edge at x = 0.5 and then falls freely', () => {
    const k = 1e6,
      z0 = 0.1 - g / k,
      v0 = 1
    const model = pointOnPlane({ z: z0, v: [v0, 0, 0], gravity: [0, 0, -g], k, d: 2e3 })
    ;(model.objects as Json[])[2].planeSize = [1, 1]
    const r = run(model, settings('GeneralizedAlpha', 1, 1000, 0.8))
    const x = sensorSeries(r.recorder, 'pos')
    // Free fall from the edge (t = 0.5 s): z = z0 - g (t - 0.5)^2 / 2. The support ends inside the step
    // that crosses the edge (h = 1 ms), so the fall starts up to one step early or late: the height is
    // off by at most g (t - 0.5) h; x moves on at v0 exactly (no horizontal force).
    const last = x.values.at(-1)!,
      t = x.t.at(-1)!
    expect(Math.abs(last[0] - v0 * t)).toBeLessThan(1e-12)
    expect(Math.abs(last[2] - (z0 - (g * (t - 0.5) ** 2) / 2))).toBeLessThan(g * (t - 0.5) * 1e-3)
    const atEdge = x.values[x.t.findIndex((tt) => tt >= 0.49)]
    expect(Math.abs(atEdge[2] - z0)).toBeLessThan(1e-12)
  })
})
