// ConnectorRigidBodySpringDamper's intrinsicFormulation (Exudyn 1.11): springs on the SE(3) logarithm
// [U, Omega] of the relative pose, in the mid frame. References, independent of the engine:
//  - a body with isotropic inertia J on an isotropic torsion spring k, spun about a tilted axis n: the
//    torque -k Omega stays along n, so the body turns about the fixed axis with the harmonic angle
//    theta(t) = (w0 / W) sin(W t), W = sqrt(k / J), at any amplitude (2 rad here); the Tait-Bryan
//    torques of the default formulation are not along n and the axis wanders;
//  - the order of the markers: swapping them negates [U, Omega] and keeps the mid frame, so two free
//    bodies move the same to round-off (the default formulation measures in marker 0's frame);
//  - small relative motions: U = t - 1/2 Omega x t + ..., Omega = Tait-Bryan angles + O(theta^2), so
//    the local forces and torques agree with the default formulation to second order.
// Exudyn 1.11's peer build run of the two free bodies (intrinsicFormulation = True, generalized-alpha
// rho = 1, h = 1e-3, 0.5 s) ends at the same position of body b to 2e-14 m and angular velocity to
// 2e-10 rad/s (Newton's tolerance), in either marker order.
import { describe, expect, it } from 'vitest'
import { run, sensorSeries, type Json } from './helpers'

const settings = (endTime: number, numberOfSteps: number): Json => ({
  solverType: 'GeneralizedAlpha',
  timeIntegration: { endTime, numberOfSteps, generalizedAlpha: { spectralRadius: 1 } },
  solutionSettings: { sensorsWritePeriod: 0 },
})

/** Euler-parameter rates at zero rotation for a global angular velocity w: [0, w / 2]. */
const epRates = (w: number[]): number[] => [0, w[0] / 2, w[1] / 2, w[2] / 2]

interface Body {
  name: string
  position: number[]
  velocity: number[]
  omega: number[]
}

/** Free rigid bodies (m = 2, J = diag(0.5, 0.6, 0.7)) joined by one connector (markers in `order`). */
function twoBodies(connector: Json, order: [string, string], bodies: Body[]): Json {
  return {
    nodes: bodies.map((b) => ({
      type: 'RigidBodyEP',
      name: `n${b.name}`,
      referenceCoordinates: [...b.position, 1, 0, 0, 0],
      initialVelocities: [...b.velocity, ...epRates(b.omega)],
    })),
    objects: [
      ...bodies.map((b) => ({
        type: 'RigidBody',
        name: b.name,
        physicsMass: 2,
        physicsInertia: [0.5, 0.6, 0.7, 0, 0, 0],
        nodeNumber: `n${b.name}`,
      })),
      { type: 'ConnectorRigidBodySpringDamper', name: 'bushing', markerNumbers: order, ...connector },
    ],
    markers: bodies.map((b) => ({ type: 'NodeRigid', name: b.name + 'Frame', nodeNumber: `n${b.name}` })),
    sensors: [
      { type: 'Node', name: 'pb', nodeNumber: 'nb', outputVariableType: 'Position' },
      { type: 'Node', name: 'wb', nodeNumber: 'nb', outputVariableType: 'AngularVelocity' },
      { type: 'Object', name: 'force', objectNumber: 'bushing', outputVariableType: 'ForceLocal' },
      { type: 'Object', name: 'torque', objectNumber: 'bushing', outputVariableType: 'TorqueLocal' },
    ],
  }
}

/** A symmetric, coupled 6x6 stiffness (translational 1e3.., rotational 50..) and a damping 1e-3 of it. */
const K = Array.from({ length: 6 }, (_, i) =>
  Array.from({ length: 6 }, (_, j) =>
    i === j ? (i < 3 ? 1000 + 100 * i : 50 + 5 * i) : i + j === 5 ? 7 : 0,
  ),
)
const D = K.map((row) => row.map((x) => 1e-3 * x))

describe('ConnectorRigidBodySpringDamper, intrinsicFormulation', () => {
  it('spun about a tilted axis: turns about that fixed axis, theta = (w0 / W) sin(W t), at 2 rad', () => {
    const J = 0.5,
      k = 10,
      W = Math.sqrt(k / J),
      n = [1 / 3, 2 / 3, 2 / 3],
      w0 = 2 * W
    const spun = (intrinsicFormulation: boolean) => {
      const model: Json = {
        nodes: [
          {
            type: 'RigidBodyEP',
            name: 'node',
            referenceCoordinates: [0, 0, 0, 1, 0, 0, 0],
            initialVelocities: [0, 0, 0, ...epRates(n.map((x) => w0 * x))],
          },
        ],
        objects: [
          { type: 'Ground', name: 'ground' },
          {
            type: 'RigidBody',
            name: 'body',
            physicsMass: 1,
            physicsInertia: [J, J, J, 0, 0, 0],
            nodeNumber: 'node',
          },
          {
            type: 'ConnectorRigidBodySpringDamper',
            name: 'spring',
            markerNumbers: ['groundFrame', 'bodyFrame'],
            stiffness: [1e4, 1e4, 1e4, k, k, k].map((x, i) =>
              [0, 1, 2, 3, 4, 5].map((j) => (i === j ? x : 0)),
            ),
            intrinsicFormulation,
          },
        ],
        markers: [
          { type: 'BodyRigid', name: 'groundFrame', bodyNumber: 'ground' },
          { type: 'NodeRigid', name: 'bodyFrame', nodeNumber: 'node' },
        ],
        sensors: [
          { type: 'Object', name: 'rotation', objectNumber: 'spring', outputVariableType: 'Rotation' },
        ],
      }
      return sensorSeries(run(model, settings(2, 2000)).recorder, 'rotation')
    }
    const axisDeviation = (r: ReturnType<typeof spun>): number =>
      Math.max(
        ...r.values.map(([a, b, c]) =>
          Math.hypot(b * n[2] - c * n[1], c * n[0] - a * n[2], a * n[1] - b * n[0]),
        ),
      )
    const r = spun(true)
    const theta = r.values.at(-1)!.reduce((sum, x, i) => sum + x * n[i], 0)
    const exact = (w0 / W) * Math.sin(W * 2)
    // The trapezoidal rule's phase error on a linear oscillator, (W h)^2 / 12 per radian of W t, times
    // the amplitude 2 rad: 3e-5 rad; measured 6.7e-5 (the Euler-parameter node's rotation update adds
    // error of the same order); bound 3x the estimate. The axis holds to round-off.
    expect(Math.abs(theta - exact)).toBeLessThan(3 * 2 * ((W * 1e-3) ** 2 / 12) * W * 2)
    expect(axisDeviation(r)).toBeLessThan(1e-12)
    // The default formulation's torques act on Tait-Bryan angles: the axis leaves n at this amplitude.
    expect(axisDeviation(spun(false))).toBeGreaterThan(0.05)
  })

  const bodies: Body[] = [
    { name: 'a', position: [0, 0, 0], velocity: [0.3, -0.2, 0.1], omega: [2, -1, 3] },
    { name: 'b', position: [0.01, 0.02, -0.01], velocity: [-0.3, 0.2, 0], omega: [-1, 4, 0.5] },
  ]
  const final = (intrinsicFormulation: boolean, order: [string, string]) => {
    const r = run(
      twoBodies({ stiffness: K, damping: D, intrinsicFormulation }, order, bodies),
      settings(0.5, 500),
    )
    return {
      p: sensorSeries(r.recorder, 'pb').values.at(-1)!,
      w: sensorSeries(r.recorder, 'wb').values.at(-1)!,
    }
  }
  const difference = (x: number[], y: number[]) => Math.max(...x.map((xi, i) => Math.abs(xi - y[i])))

  it('independent of the order of the markers (the default formulation is not)', () => {
    const ab = final(true, ['aFrame', 'bFrame']),
      ba = final(true, ['bFrame', 'aFrame'])
    // The same equations up to the order of floating-point operations: round-off over 500 steps.
    expect(difference(ab.p, ba.p)).toBeLessThan(1e-12)
    expect(difference(ab.w, ba.w)).toBeLessThan(1e-10)
    const abDefault = final(false, ['aFrame', 'bFrame']),
      baDefault = final(false, ['bFrame', 'aFrame'])
    expect(difference(abDefault.w, baDefault.w)).toBeGreaterThan(1e-3)
  })

  it('agrees with the default formulation to second order in small relative motions', () => {
    const initial = (intrinsicFormulation: boolean, eps: number) => {
      const small: Body[] = [
        { name: 'a', position: [0, 0, 0], velocity: [0, 0, 0], omega: [0, 0, 0] },
        { name: 'b', position: [eps, -2 * eps, 1.5 * eps], velocity: [0, 0, 0], omega: [0, 0, 0] },
      ]
      const model = twoBodies({ stiffness: K, intrinsicFormulation }, ['aFrame', 'bFrame'], small)
      // Body b turned by the rotation vector eps [1, 2, -1.5] (Euler parameters cos, sin of half the angle).
      const w = [eps, 2 * eps, -1.5 * eps],
        phi = Math.hypot(...w)
      const nodes = model.nodes as Json[]
      nodes[1].referenceCoordinates = [
        ...small[1].position,
        Math.cos(phi / 2),
        ...w.map((x) => (Math.sin(phi / 2) * x) / phi),
      ]
      const r = run(model, settings(1e-6, 1))
      return [...sensorSeries(r.recorder, 'force').values[0], ...sensorSeries(r.recorder, 'torque').values[0]]
    }
    const gap = (eps: number) => difference(initial(true, eps), initial(false, eps))
    const coarse = gap(1e-2),
      fine = gap(1e-3)
    // The forces are O(eps |K|) = 30 N at eps = 1e-2; they differ by about 1/2 |K| |Omega| |t| (the
    // displacement turned by half the rotation), |Omega| = |t| = 2.69 eps (measured 0.24 N against the
    // bound 0.43 N); a tenth of eps gives a hundredth of the difference.
    expect(coarse).toBeLessThan(0.5 * 1200 * 2.69e-2 ** 2)
    expect(coarse / fine).toBeGreaterThan(80)
    expect(coarse / fine).toBeLessThan(120)
  })
})
