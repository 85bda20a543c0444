// Shared helpers of the validation tests: building projects from plain JSON, running them, reading
// sensor series, and the small numerical tools (least-squares slope, elliptic integral, RK4) that the
// independent references need. Nothing here calls the engine's integrators.
import {
  createSolver,
  formatProblems,
  loadProjectJson,
  runProject,
  SensorRecorder,
  SolverError,
  type Project,
  type RunResult,
  type SolverOptions,
} from '../../src/core'
import { buildSystem } from '../../src/core/simulation'

/** A model or settings tree as plain data (validated by loadProjectJson, so it need not be typed closer). */
export type Json = Record<string, unknown>

/** A validated project from model lists and simulationSettings; throws with the problems otherwise. */
export function makeProject(model: Json, simulationSettings: Json): Project {
  const r = loadProjectJson({
    format: 'mbs-studio-project',
    version: 1,
    name: 'validation',
    model,
    simulationSettings,
  })
  if (!r.ok) throw new Error(formatProblems(r.problems))
  return r.project
}

/** Runs a project and returns the result (system, solver, recorder, statistics). */
export function run(
  model: Json,
  simulationSettings: Json,
  options: Omit<SolverOptions, 'recorder'> = {},
): RunResult {
  return runProject(makeProject(model, simulationSettings), options)
}

/** A system and solver that are built but not run (for advance(), cancellation, expected errors). */
export function prepare(
  model: Json,
  simulationSettings: Json,
  options: Omit<SolverOptions, 'recorder'> = {},
): Omit<RunResult, 'stats'> {
  const p = makeProject(model, simulationSettings)
  const system = buildSystem(p)
  system.state.t = p.settings.timeIntegration.startTime
  const recorder = new SensorRecorder(system, p.settings.solutionSettings.sensorsWritePeriod)
  const solver = createSolver(system, p.settings, { ...options, recorder })
  return { system, solver, recorder }
}

/** The SolverError a function throws (fails the test when it throws something else or nothing). */
export function solverErrorOf(f: () => unknown): SolverError {
  try {
    f()
  } catch (e) {
    if (e instanceof SolverError) return e
    throw e
  }
  throw new Error('expected a SolverError, but the run succeeded')
}

export interface Series {
  t: number[]
  /** values[row][component] */
  values: number[][]
}

/** The recorded rows of a sensor by name. */
export function sensorSeries(recorder: SensorRecorder, name: string): Series {
  const se = recorder.series.find((s) => s.name === name)
  if (!se) throw new Error(`no sensor "${name}"`)
  const w = se.size + 1
  const t: number[] = [],
    values: number[][] = []
  for (let r = 0; r < se.rows; r++) {
    t.push(se.data[r * w])
    values.push(Array.from(se.data.subarray(r * w + 1, (r + 1) * w)))
  }
  return { t, values }
}

/** Least-squares slope of y over x (the measured convergence order when x = log h, y = log error). */
export function slope(x: number[], y: number[]): number {
  const n = x.length
  const mx = x.reduce((a, b) => a + b, 0) / n
  const my = y.reduce((a, b) => a + b, 0) / n
  let sxy = 0,
    sxx = 0
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my)
    sxx += (x[i] - mx) ** 2
  }
  return sxy / sxx
}

/** Order of convergence from errors at step sizes h (fit of log error against log h). */
export function measuredOrder(h: number[], err: number[]): number {
  return slope(h.map(Math.log), err.map(Math.log))
}

/** Complete elliptic integral of the first kind K(k) = pi / (2 AGM(1, sqrt(1 - k^2))). */
export function ellipticK(k: number): number {
  let a = 1,
    b = Math.sqrt(1 - k * k)
  // Stop within 2 ulps: a and b can end one ulp apart for good (k = sin(pi/4)), below 1e-16 a.
  while (Math.abs(a - b) > 2 * Number.EPSILON * a) [a, b] = [(a + b) / 2, Math.sqrt(a * b)]
  return Math.PI / (2 * a)
}

/**
 * Jacobi elliptic functions sn, cn, dn of (u | m) by the descending Landen / AGM scheme (A&S 16.4).
 * dn = cn / cos(phi_1 - phi_0) is 0/0 where cn = 0 (u = K): there take sqrt(1 - m sn^2).
 */
export function jacobi(u: number, m: number): [number, number, number] {
  const a = [1],
    c = [Math.sqrt(m)]
  let b = Math.sqrt(1 - m)
  while (Math.abs(c[c.length - 1]) > 1e-16) {
    const an = a[a.length - 1]
    a.push((an + b) / 2)
    c.push((an - b) / 2)
    b = Math.sqrt(an * b)
  }
  const N = a.length - 1
  let phi = 2 ** N * a[N] * u
  let prev = phi
  for (let n = N; n > 0; n--) {
    prev = phi
    phi = (phi + Math.asin((c[n] / a[n]) * Math.sin(phi))) / 2
  }
  return [Math.sin(phi), Math.cos(phi), Math.cos(phi) / Math.cos(prev - phi)]
}

/**
 * Times where a sampled signal crosses zero in the given direction (+1 upward, -1 downward), by
 * cubic Hermite interpolation between samples using the signal's derivative (so the crossing time is
 * accurate to O(dt^4), far below the integration error of the runs it measures).
 */
export function zeroCrossings(t: number[], x: number[], dx: number[], direction: 1 | -1): number[] {
  const out: number[] = []
  for (let i = 1; i < t.length; i++) {
    if (!(direction * x[i - 1] < 0 && direction * x[i] >= 0)) continue
    const h = t[i] - t[i - 1]
    // Hermite cubic on [0, 1]; Newton from the linear-interpolation guess.
    const p = (s: number): number =>
      (2 * s ** 3 - 3 * s ** 2 + 1) * x[i - 1] +
      (s ** 3 - 2 * s ** 2 + s) * h * dx[i - 1] +
      (-2 * s ** 3 + 3 * s ** 2) * x[i] +
      (s ** 3 - s ** 2) * h * dx[i]
    const dp = (s: number): number =>
      (6 * s ** 2 - 6 * s) * x[i - 1] +
      (3 * s ** 2 - 4 * s + 1) * h * dx[i - 1] +
      (-6 * s ** 2 + 6 * s) * x[i] +
      (3 * s ** 2 - 2 * s) * h * dx[i]
    let s = x[i - 1] / (x[i - 1] - x[i])
    for (let k = 0; k < 20; k++) {
      const ds = p(s) / dp(s)
      s -= ds
      if (Math.abs(ds) < 1e-15) break
    }
    out.push(t[i - 1] + s * h)
  }
  return out
}

/** Classical RK4 for y' = f(t, y) with a fixed step, written independently of the engine's solvers. */
export function rk4(
  f: (t: number, y: number[]) => number[],
  y0: number[],
  t0: number,
  t1: number,
  steps: number,
): number[] {
  const h = (t1 - t0) / steps
  let y = y0.slice()
  const axpy = (a: number[], s: number, b: number[]): number[] => a.map((v, i) => v + s * b[i])
  for (let n = 0; n < steps; n++) {
    const t = t0 + n * h
    const k1 = f(t, y)
    const k2 = f(t + h / 2, axpy(y, h / 2, k1))
    const k3 = f(t + h / 2, axpy(y, h / 2, k2))
    const k4 = f(t + h, axpy(y, h, k3))
    y = y.map((v, i) => v + (h / 6) * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]))
  }
  return y
}

/**
 * Underdamped oscillator m x'' + d x' + k x = 0 with x(0) = x0, x'(0) = v0: x, x', x'' at time t.
 * x(t) = e^(-delta t) (x0 cos(wd t) + (v0 + delta x0) / wd sin(wd t)), delta = d / 2m, wd = sqrt(k/m -
 * delta^2).
 */
export function dampedOscillator(
  m: number,
  k: number,
  d: number,
  x0: number,
  v0: number,
): (t: number) => { x: number; v: number; a: number } {
  const delta = d / (2 * m)
  const wd = Math.sqrt(k / m - delta * delta)
  if (!(wd > 0)) throw new Error('dampedOscillator: only the underdamped case')
  const B = (v0 + delta * x0) / wd
  return (t) => {
    const e = Math.exp(-delta * t),
      c = Math.cos(wd * t),
      s = Math.sin(wd * t)
    const x = e * (x0 * c + B * s)
    const v = e * ((B * wd - delta * x0) * c - (x0 * wd + delta * B) * s)
    return { x, v, a: -(k * x + d * v) / m }
  }
}

// --- Models shared by several validation files ------------------------------------------------------

/** Mass 2 kg, stiffness 50 N/m (omega = 5 rad/s), initial displacement 0.1 m and velocity 0.3 m/s. */
export const OSCILLATOR = { m: 2, k: 50, x0: 0.1, v0: 0.3 }

/**
 * The oscillator's mass on a Point node at [1, 0, 0], held along x by a coordinate spring
 * (ConnectorCoordinateSpringDamper to a ground coordinate) or a point-to-point spring
 * (ConnectorSpringDamper of length 1 to the origin: along its own axis L - L0 = x exactly, so the
 * problem stays linear). y and z carry no force.
 */
export function oscillatorModel(
  spring: 'coordinate' | 'pointToPoint',
  damping: number,
  sensors: Json[] = [],
): Json {
  const { m, k, x0, v0 } = OSCILLATOR
  const connector: Json =
    spring === 'coordinate'
      ? {
          type: 'ConnectorCoordinateSpringDamper',
          name: 'spring',
          markerNumbers: ['groundX', 'massX'],
          stiffness: k,
          damping,
        }
      : {
          type: 'ConnectorSpringDamper',
          name: 'spring',
          markerNumbers: ['groundPoint', 'massPoint'],
          referenceLength: 1,
          stiffness: k,
          damping,
        }
  return {
    nodes: [
      {
        type: 'Point',
        name: 'node',
        referenceCoordinates: [1, 0, 0],
        initialCoordinates: [x0, 0, 0],
        initialVelocities: [v0, 0, 0],
      },
      { type: 'PointGround', name: 'groundNode' },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'MassPoint', name: 'mass', physicsMass: m, nodeNumber: 'node' },
      connector,
    ],
    markers: [
      { type: 'NodeCoordinate', name: 'groundX', nodeNumber: 'groundNode', coordinate: 0 },
      { type: 'NodeCoordinate', name: 'massX', nodeNumber: 'node', coordinate: 0 },
      { type: 'BodyPosition', name: 'groundPoint', bodyNumber: 'ground' },
      { type: 'BodyPosition', name: 'massPoint', bodyNumber: 'mass' },
    ],
    loads: [],
    sensors,
  }
}

export const GRAVITY = 9.81

/**
 * Planar pendulum (resources/examples/pendulum.mbsproj style): a 1 kg mass point on a Point2D node,
 * a ConnectorDistance of the given length to a ground pivot at the origin, gravity along -y; released
 * at rest at angle theta0 from the downward vertical (positive towards +x).
 */
export function pendulumModel(theta0: number, length = 1, sensors: Json[] = []): Json {
  return {
    nodes: [
      {
        type: 'Point2D',
        name: 'bobNode',
        referenceCoordinates: [length * Math.sin(theta0), -length * Math.cos(theta0)],
      },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'MassPoint2D', name: 'bob', physicsMass: 1, nodeNumber: 'bobNode' },
      { type: 'ConnectorDistance', name: 'rod', markerNumbers: ['pivot', 'bobPosition'], distance: length },
    ],
    markers: [
      { type: 'BodyPosition', name: 'pivot', bodyNumber: 'ground' },
      { type: 'BodyPosition', name: 'bobPosition', bodyNumber: 'bob' },
      { type: 'BodyMass', name: 'bobMass', bodyNumber: 'bob' },
    ],
    loads: [
      { type: 'MassProportional', name: 'gravity', markerNumber: 'bobMass', loadVector: [0, -GRAVITY, 0] },
    ],
    sensors,
  }
}

/**
 * The physical pendulum of the joint tests: a rigid link of mass m, centre of mass at d from the
 * pivot, J_com about it, released at rest at theta0 from the downward vertical; exact period
 * 4 sqrt(I_p / (m g d)) K(sin(theta0 / 2)), I_p = J_com + m d^2.
 */
export const PHYSICAL_PENDULUM = (() => {
  const m = 2,
    d = 0.4,
    Jc = 0.05,
    theta0 = 2
  const Ip = Jc + m * d * d
  return {
    m,
    d,
    Jc,
    theta0,
    Ip,
    period: 4 * Math.sqrt(Ip / (m * GRAVITY * d)) * ellipticK(Math.sin(theta0 / 2)),
  }
})()

/**
 * PHYSICAL_PENDULUM as a RigidBody2D (2D) or a RigidBody on a Tait-Bryan node (3D), the node at the
 * centre of mass, the pivot at local [-d, 0, 0] (local x points from the pivot to the centre of mass),
 * held by one revolute joint per entry of bearingsZ (at that z in 3D): "pivot" with markers "mGround"
 * and "mLink", then "pivot2", "mGround2", "mLink2", ... Sensors q, qt (node coordinates and their
 * rates), com (node position) and T (kinetic energy).
 */
export function physicalPendulumModel(kind: '2D' | '3D', bearingsZ: number[] = [0]): Json {
  const { m, d, Jc, theta0 } = PHYSICAL_PENDULUM
  const phi = theta0 - Math.PI / 2
  const com = [d * Math.sin(theta0), -d * Math.cos(theta0)]
  const planar = kind === '2D'
  const suffix = (i: number): string => (i === 0 ? '' : String(i + 1))
  return {
    nodes: [
      planar
        ? { type: 'RigidBody2D', name: 'n', referenceCoordinates: [...com, phi] }
        : { type: 'RigidBodyRxyz', name: 'n', referenceCoordinates: [...com, 0, 0, 0, phi] },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      planar
        ? { type: 'RigidBody2D', name: 'link', nodeNumber: 'n', physicsMass: m, physicsInertia: Jc }
        : {
            type: 'RigidBody',
            name: 'link',
            nodeNumber: 'n',
            physicsMass: m,
            physicsInertia: [0.01, Jc, Jc, 0, 0, 0],
          },
      ...bearingsZ.map((_z, i) => ({
        type: planar ? 'JointRevolute2D' : 'JointRevoluteZ',
        name: `pivot${suffix(i)}`,
        markerNumbers: [`mGround${suffix(i)}`, `mLink${suffix(i)}`],
      })),
    ],
    markers: [
      ...bearingsZ.flatMap((z, i) => [
        { type: 'BodyRigid', name: `mGround${suffix(i)}`, bodyNumber: 'ground', localPosition: [0, 0, z] },
        { type: 'BodyRigid', name: `mLink${suffix(i)}`, bodyNumber: 'link', localPosition: [-d, 0, z] },
      ]),
      { type: 'BodyMass', name: 'mMass', bodyNumber: 'link' },
    ],
    loads: [
      { type: 'MassProportional', name: 'gravity', markerNumber: 'mMass', loadVector: [0, -GRAVITY, 0] },
    ],
    sensors: [
      { type: 'Node', name: 'q', nodeNumber: 'n', outputVariableType: 'Coordinates' },
      { type: 'Node', name: 'qt', nodeNumber: 'n', outputVariableType: 'Coordinates_t' },
      { type: 'Node', name: 'com', nodeNumber: 'n', outputVariableType: 'Position' },
      { type: 'Object', name: 'T', objectNumber: 'link', outputVariableType: 'KineticEnergy' },
    ],
  }
}

/**
 * A physicalPendulumModel run's errors: the periods between upward zero crossings of theta (theta0 +
 * the node's angle displacement, the angle from the downward vertical) against the exact period, and
 * the largest change of T + m g y_com, both relative (the energy to m g d: E itself passes near 0).
 */
export function physicalPendulumErrors(recorder: SensorRecorder): {
  periodError: number
  energyDrift: number
  periods: number
} {
  const { m, d, theta0, period } = PHYSICAL_PENDULUM
  const q = sensorSeries(recorder, 'q'),
    qt = sensorSeries(recorder, 'qt'),
    y = sensorSeries(recorder, 'com'),
    T = sensorSeries(recorder, 'T')
  const crossings = zeroCrossings(
    q.t,
    q.values.map((r) => theta0 + r[r.length - 1]),
    qt.values.map((r) => r[r.length - 1]),
    1,
  )
  const periods = crossings.slice(1).map((t, i) => t - crossings[i])
  const E = T.values.map(([e], i) => e + m * GRAVITY * y.values[i][1])
  return {
    periodError: Math.max(...periods.map((p) => Math.abs(p / period - 1))),
    energyDrift: Math.max(...E.map((e) => Math.abs(e - E[0]))) / Math.abs(m * GRAVITY * d),
    periods: periods.length,
  }
}

/**
 * The pendulum's angle theta(t) and theta'(t) from theta'' = -(g / L) sin(theta), by rk4 at the given steps.
 */
export function pendulumReference(
  theta0: number,
  length: number,
  t: number,
  steps: number,
): [number, number] {
  const [theta, omega] = rk4(
    (_t, y) => [y[1], -(GRAVITY / length) * Math.sin(y[0])],
    [theta0, 0],
    0,
    t,
    steps,
  )
  return [theta, omega]
}

/** A reproducible pseudo-random sequence in [-0.5, 0.5) (linear congruential), for random test states. */
export function seededRandom(seed: number): () => number {
  let x = seed
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648
    return x / 2147483648 - 0.5
  }
}

/** The ground and a RigidBody named 'body' on node 'node' (principal inertia [Ixx, Iyy, Izz]). */
export function groundAndRigidBody(mass: number, inertia: number[]): Json[] {
  return [
    { type: 'Ground', name: 'ground' },
    {
      type: 'RigidBody',
      name: 'body',
      physicsMass: mass,
      physicsInertia: [...inertia, 0, 0, 0],
      nodeNumber: 'node',
    },
  ]
}
