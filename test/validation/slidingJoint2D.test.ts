// JointSliding2D against closed forms: a mass point sliding without friction along a straight,
// inclined chain of fixed ANCFCable2D elements accelerates at g sin(alpha) across the element
// boundaries, pushed by the wire with m g cos(alpha) within the bound its integrator guarantees; on a
// curved (circular-arc) chain the bead stays on the cable axis to Newton's tolerance and its energy is
// kept; axialForce drives it along a horizontal cable at F / m.
import { describe, expect, it } from 'vitest'
import { GRAVITY, prepare, run, sensorSeries, type Json } from './helpers'

/**
 * Fixed cable nodes at the given points and slopes (all coordinates constrained to ground), ANCFCable2D
 * elements between them, a 1 kg bead on a Point2D node at arc position s0 (given as its position p0
 * and the sliding coordinate) and the JointSliding2D with its GenericODE2 sliding node.
 */
function beadOnWire(
  points: number[][],
  slopes: number[][],
  lengths: number[],
  s0: number,
  p0: number[],
  v0: number[],
  sv0: number,
  extra: { gravity?: number[]; axialForce?: number } = {},
): Json {
  const nodes: Json[] = [{ type: 'PointGround', name: 'ground' }]
  const objects: Json[] = []
  const markers: Json[] = [{ type: 'NodeCoordinate', name: 'groundCoordinate', nodeNumber: 'ground' }]
  points.forEach((p, i) => {
    nodes.push({ type: 'Point2DSlope1', name: `n${i}`, referenceCoordinates: [...p, ...slopes[i]] })
    for (let k = 0; k < 4; k++) {
      markers.push({ type: 'NodeCoordinate', name: `n${i}c${k}`, nodeNumber: `n${i}`, coordinate: k })
      objects.push({
        type: 'ConnectorCoordinate',
        name: `fix${i}c${k}`,
        markerNumbers: ['groundCoordinate', `n${i}c${k}`],
      })
    }
  })
  const offsets = lengths.map((_, i) => lengths.slice(0, i).reduce((a, b) => a + b, 0))
  lengths.forEach((L, i) => {
    objects.push({
      type: 'ANCFCable2D',
      name: `c${i}`,
      nodeNumbers: [`n${i}`, `n${i + 1}`],
      physicsLength: L,
      physicsMassPerLength: 1,
      physicsBendingStiffness: 1,
      physicsAxialStiffness: 100,
    })
    markers.push({ type: 'BodyCable2DCoordinates', name: `cable${i}`, bodyNumber: `c${i}` })
  })
  nodes.push({ type: 'Point2D', name: 'beadNode', referenceCoordinates: p0, initialVelocities: v0 })
  nodes.push({
    type: 'GenericODE2',
    name: 'sNode',
    numberOfODE2Coordinates: 1,
    referenceCoordinates: [s0],
    initialCoordinates_t: [sv0],
  })
  objects.push({ type: 'MassPoint2D', name: 'bead', physicsMass: 1, nodeNumber: 'beadNode' })
  markers.push(
    { type: 'BodyPosition', name: 'beadPosition', bodyNumber: 'bead' },
    { type: 'BodyMass', name: 'beadMass', bodyNumber: 'bead' },
  )
  const start = offsets.filter((o) => o <= s0).length - 1
  objects.push({
    type: 'JointSliding2D',
    name: 'slider',
    markerNumbers: ['beadPosition', `cable${start}`],
    slidingMarkerNumbers: lengths.map((_, i) => `cable${i}`),
    slidingMarkerOffsets: offsets,
    nodeNumber: 'sNode',
    axialForce: extra.axialForce ?? 0,
  })
  return {
    nodes,
    objects,
    markers,
    loads: extra.gravity
      ? [{ type: 'MassProportional', name: 'gravity', markerNumber: 'beadMass', loadVector: extra.gravity }]
      : [],
    sensors: [
      { type: 'Object', name: 's', objectNumber: 'slider', outputVariableType: 'SlidingCoordinate' },
      { type: 'Object', name: 'force', objectNumber: 'slider', outputVariableType: 'Force' },
      { type: 'Node', name: 'p', nodeNumber: 'beadNode', outputVariableType: 'Position' },
      { type: 'Node', name: 'v', nodeNumber: 'beadNode', outputVariableType: 'Velocity' },
    ],
  }
}

const settings = (solverType: string, endTime: number, numberOfSteps: number, spectralRadius = 1): Json => ({
  solverType,
  timeIntegration: { endTime, numberOfSteps, generalizedAlpha: { spectralRadius } },
  solutionSettings: { sensorsWritePeriod: 0 },
})

/**
 * How a constraint residual left in one step moves the accelerations of the later steps: the l1 norm,
 * over n steps of size h, of the response of q'' to a unit constraint residual, from the scalar
 * recursion of the Newmark family in one constrained direction (written here from the method's formulas,
 * Chung and Hulbert 1993 for the generalized-alpha parameters). Index 3 (generalized-alpha): the position
 * is fixed, x_{k+1} = x_k + h v_k + h^2 ((1/2 - beta) a_k + beta a_{k+1}) = e_{k+1}; index 2
 * (TrapezoidalIndex2: alpha_m = alpha_f = 0, gamma = 1/2): the velocity, v_{k+1} = v_k + h ((1 - gamma) a_k +
 * gamma a_{k+1}) = e_{k+1}; then (1 - alpha_m) a_{k+1} + alpha_m a_k = (1 - alpha_f) q''_{k+1} + alpha_f
 * q''_k.
 */
function constraintResidualGain(solverType: string, rho: number, h: number, n: number): number {
  const index2 = solverType === 'TrapezoidalIndex2'
  const am = index2 ? 0 : (2 * rho - 1) / (rho + 1)
  const af = index2 ? 0 : rho / (rho + 1)
  const gamma = 0.5 - am + af
  const beta = 0.25 * (1 - am + af) ** 2
  let x = 0,
    v = 0,
    a = 0,
    acc = 0,
    gain = 0
  for (let k = 0; k < n; k++) {
    const e = k === 0 ? 1 : 0
    const aNext = index2
      ? (e - v - h * (1 - gamma) * a) / (h * gamma)
      : (e - x - h * v - h * h * (0.5 - beta) * a) / (h * h * beta)
    const accNext = ((1 - am) * aNext + am * a - af * acc) / (1 - af)
    v += h * ((1 - gamma) * a + gamma * aNext)
    x = e
    a = aNext
    acc = accNext
    gain += Math.abs(acc)
  }
  return gain
}

describe('JointSliding2D', () => {
  const alpha = (30 * Math.PI) / 180
  const t = [Math.cos(alpha), -Math.sin(alpha)] // downhill tangent
  const straight = (n: number, L: number): { points: number[][]; slopes: number[][]; lengths: number[] } => ({
    points: Array.from({ length: n + 1 }, (_, i) => [i * L * t[0], i * L * t[1]]),
    slopes: Array.from({ length: n + 1 }, () => t),
    lengths: Array.from({ length: n }, () => L),
  })

  // The normal force is a Lagrange multiplier; how closely a run gives it is set by the integrator, not by
  // Newton's tolerance alone. In the wire's normal direction (on a straight wire apart from the sliding)
  // Newton leaves in each step a force residual r and a constraint residual e; the constraint fixes the
  // normal position (index 3: x = e) or velocity (index 2: v = e), the Newmark formulas fix the
  // accelerations from it, and the multiplier takes the rest, delta lambda_k = r_k - m delta q''_k. Hence
  //   |delta lambda| <= max |r| + m G max |e|,   G = constraintResidualGain(...),
  // with |r| <= Newton's tolerance (absoluteTolerance + relativeTolerance (|M q''| + |f|) <= 1e-10 +
  // 1e-10 * 2 m g), and e at round-off: the constraint is linear in the unknowns on a straight wire and its
  // rows of the Newton matrix are exact, so every iteration leaves it at a few ulps of the coordinates
  // (positions below 2 m, velocities below 5 m/s: 4 ulp = 8.9e-16 m, 3.6e-15 m/s), given one iteration per
  // step at least (checked). G: index 3 amplifies by 1 / (h^2 beta), index 2 by 1 / (h gamma). At rho_inf = 1
  // generalized-alpha is the trapezoidal rule, whose index-3 recursion has a double root at -1 (weakly
  // unstable, Cardona and Geradin 1989): a residual left once grows linearly, alternating in sign, G grows
  // with the square of the steps (9.2e9 s^-2 for these 170), and the bound is 8e-6 N; the measured error
  // (6e-9 to 3e-8 N) depends on the round-off each step's Newton path happens to leave, not on the
  // tolerance. At rho_inf = 0.8 the roots lie inside the unit circle (G = 3.9e7 s^-2, bound 3.6e-8 N;
  // measured 0.7-1.4e-9); index 2 amplifies far less (G = 1.4e5 s^-2, bound 2.5e-9 N; measured 5e-12).
  const runs: [string, number][] = [
    ['GeneralizedAlpha', 1],
    ['GeneralizedAlpha', 0.8],
    ['TrapezoidalIndex2', 1],
  ]
  for (const [solverType, rho] of runs)
    it(`${solverType}, rho_inf = ${rho}: a bead on a straight 4-element wire slides at g sin(alpha)`, () => {
      const { points, slopes, lengths } = straight(4, 0.5)
      const s0 = 0.1,
        m = 1,
        h = 0.005,
        steps = 170
      const { solver, recorder } = prepare(
        beadOnWire(points, slopes, lengths, s0, [s0 * t[0], s0 * t[1]], [0, 0], 0, {
          gravity: [0, -GRAVITY, 0],
        }),
        settings(solverType, steps * h, steps, rho),
      )
      solver.initializeSolver()
      let withoutIteration = 0
      while (!solver.finished) {
        const before = solver.stats.newtonIterations
        solver.solveStep()
        if (solver.stats.newtonIterations === before) withoutIteration++
      }
      const s = sensorSeries(recorder, 's'),
        force = sensorSeries(recorder, 'force').values
      const a = GRAVITY * Math.sin(alpha)
      // The bead passes three element boundaries (s = 0.5, 1.0, 1.5).
      expect(s.values.at(-1)![0]).toBeGreaterThan(1.5)
      let worst = 0,
        tangential = 0,
        normal = 0
      s.t.forEach((time, i) => {
        worst = Math.max(worst, Math.abs(s.values[i][0] - (s0 + 0.5 * a * time * time)))
        tangential = Math.max(tangential, Math.abs(force[i][0] * t[0] + force[i][1] * t[1]))
        normal = Math.max(
          normal,
          Math.abs(Math.hypot(force[i][0], force[i][1]) - m * GRAVITY * Math.cos(alpha)),
        )
      })
      // Constant acceleration on a straight wire: the integration is exact; Newton's tolerance is left.
      expect(worst).toBeLessThan(1e-9)
      // The wire pushes only normally: the tangential reaction is the residual of the massless sliding
      // coordinate's equation, within Newton's tolerance.
      const newtonTolerance = 1e-10 + 1e-10 * 2 * m * GRAVITY
      expect(tangential).toBeLessThan(newtonTolerance)
      // Normally with m g cos(alpha), within the bound derived above.
      expect(withoutIteration).toBe(0)
      const roundOff = 4 * (solverType === 'TrapezoidalIndex2' ? 8.9e-16 : 2.2e-16)
      expect(normal).toBeLessThan(
        newtonTolerance + m * constraintResidualGain(solverType, rho, h, steps) * roundOff,
      )
    })

  it('axialForce drives the bead along a horizontal wire at F / m', () => {
    const { points, lengths } = {
      points: [
        [0, 0],
        [1, 0],
        [2, 0],
      ],
      lengths: [1, 1],
    }
    const { recorder } = run(
      beadOnWire(
        points,
        [
          [1, 0],
          [1, 0],
          [1, 0],
        ],
        lengths,
        0.2,
        [0.2, 0],
        [0, 0],
        0,
        { axialForce: 3 },
      ),
      settings('GeneralizedAlpha', 0.8, 80),
    )
    const s = sensorSeries(recorder, 's')
    expect(Math.abs(s.values.at(-1)![0] - (0.2 + 0.5 * 3 * 0.8 ** 2))).toBeLessThan(1e-9)
  })

  it('on a circular-arc wire the bead stays on the cable axis and keeps its energy', () => {
    // Quarter circle of radius R from the top, in 4 elements (nodes on the circle, tangent slopes).
    const R = 1,
      n = 4
    const phi = (i: number): number => (i * Math.PI) / (2 * n)
    const points = Array.from({ length: n + 1 }, (_, i) => [R * Math.sin(phi(i)), R * Math.cos(phi(i))])
    const slopes = Array.from({ length: n + 1 }, (_, i) => [Math.cos(phi(i)), -Math.sin(phi(i))])
    const L = (R * Math.PI) / (2 * n)
    const lengths = Array.from({ length: n }, () => L)
    // Start at the top with 0.5 m/s along the tangent.
    const speed = 0.5
    const { recorder } = run(
      beadOnWire(points, slopes, lengths, 0, [0, R], [speed, 0], speed, { gravity: [0, -GRAVITY, 0] }),
      settings('GeneralizedAlpha', 0.8, 800),
    )
    const s = sensorSeries(recorder, 's').values,
      p = sensorSeries(recorder, 'p').values,
      v = sensorSeries(recorder, 'v').values
    expect(s.at(-1)![0]).toBeGreaterThan(0.8) // past two element boundaries (0.39, 0.79)
    let energy = 0,
      offCircle = 0,
      offCable = 0
    const E0 = 0.5 * speed * speed + GRAVITY * R
    p.forEach((row, i) => {
      energy = Math.max(energy, Math.abs(0.5 * (v[i][0] ** 2 + v[i][1] ** 2) + GRAVITY * row[1] - E0) / E0)
      offCircle = Math.max(offCircle, Math.abs(Math.hypot(row[0], row[1]) - R))
      // The cable axis at s, by the cubic Hermite interpolation of the fixed nodes (written here).
      const e = Math.min(n - 1, Math.floor(s[i][0] / L)),
        xi = s[i][0] / L - e
      const H = [
        1 - 3 * xi ** 2 + 2 * xi ** 3,
        L * (xi - 2 * xi ** 2 + xi ** 3),
        3 * xi ** 2 - 2 * xi ** 3,
        L * (xi ** 3 - xi ** 2),
      ]
      for (let c = 0; c < 2; c++) {
        const axis =
          H[0] * points[e][c] + H[1] * slopes[e][c] + H[2] * points[e + 1][c] + H[3] * slopes[e + 1][c]
        offCable = Math.max(offCable, Math.abs(axis - row[c]))
      }
    })
    // The constraint (bead on the cable axis) holds to Newton's tolerance at every step ...
    expect(offCable).toBeLessThan(1e-10)
    // ... and the cubic elements approximate the circle within 1e-4 (measured 6.2e-5 for 4 elements).
    expect(offCircle).toBeLessThan(1e-4)
    // Energy: trapezoidal rule with h = 1 ms on a smooth constrained motion (measured 1.4e-6).
    expect(energy).toBeLessThan(1e-5)
  })
})
