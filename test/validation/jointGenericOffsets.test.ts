// JointGeneric's offsetUserFunction (Exudyn 1.11): prescribed translations and Tait-Bryan rotations of
// joint frame J0 as functions of t. References, independent of the engine:
//  - a body welded to the ground through the offsets follows them: its centre x(t) (global offsets, all
//    translations constrained) and its Tait-Bryan angles theta(t) exactly; the reaction force is
//    -m x''(t) (Newton) and the reaction torque minus the Euler torque I_g w' + w x I_g w of the prescribed
//    rotation, w = e_x rx' + Rx e_y ry' + Rx Ry e_z rz' (global, written out here);
//  - a body on a slider whose axis (J0's x) turns by phi(t) about z and is shifted sideways by d(t):
//    with p = s e1 + d e2 (e1, e2 turning with phi) and no force along e1,
//    s'' = s phi'^2 + 2 d' phi' + d phi'', integrated by the test's own RK4;
//  - Exudyn 1.11's peer build run of the slider (bench/exudynScripts/jointGenericOffsets.py).
import { describe, expect, it } from 'vitest'
import type { CompiledSystem, ObjectComputation } from '../../src/core'
import { buildSystem } from '../../src/core/simulation'
import { collectGraphics } from '../../src/core/system/visualization'
import { groundAndRigidBody, makeProject, rk4, run, seededRandom, sensorSeries, type Json } from './helpers'
import { apply, cross as crossV, mul, Rx, Ry, Rz, transpose } from './matrices3'
import { splitRunMatches } from './restartModels'

const m = 2,
  inertia = [0.5, 0.6, 0.7]
// Translation x(t) = A sin(w t + phase) and angles theta_i(t) = B_i sin(w_i t + phase_i).
const A = 0.1,
  w = 3,
  phase = 0.5
const B = [0.3, -0.2, 0.4],
  wr = [2, 1.5, 2.5],
  pr = [0.2, 0.7, 0.4]
const x = (t: number): number => A * Math.sin(w * t + phase)
const x_t = (t: number): number => A * w * Math.cos(w * t + phase)
const x_tt = (t: number): number => -A * w * w * Math.sin(w * t + phase)
const theta = (t: number): number[] => B.map((b, i) => b * Math.sin(wr[i] * t + pr[i]))
const theta_t = (t: number): number[] => B.map((b, i) => b * wr[i] * Math.cos(wr[i] * t + pr[i]))
const angleExpressions = B.map((b, i) => `${b}*sin(${wr[i]}*t + ${pr[i]})`)
const angleDerivatives = B.map((b, i) => `${b * wr[i]}*cos(${wr[i]}*t + ${pr[i]})`)

/** Global angular velocity of Rx(th0) Ry(th1) Rz(th2) at t. */
function omega(t: number): number[] {
  const th = theta(t),
    d = theta_t(t)
  const a = [d[0], 0, 0],
    b = apply(Rx(th[0]), [0, d[1], 0]),
    c = apply(mul(Rx(th[0]), Ry(th[1])), [0, 0, d[2]])
  return [0, 1, 2].map((i) => a[i] + b[i] + c[i])
}

/**
 * The couple on the ground (marker 0, the Torque output): minus Euler's torque on the body,
 * -(I_g w' + w x I_g w) (w' by a central difference, error ~1e-10).
 */
function eulerTorque(t: number): number[] {
  const th = theta(t)
  const R = mul(mul(Rx(th[0]), Ry(th[1])), Rz(th[2]))
  const Ig = mul(
    mul(
      R,
      inertia.map((v, i) => [0, 1, 2].map((j) => (i === j ? v : 0))),
    ),
    transpose(R),
  )
  const h = 1e-5
  const wt = omega(t),
    wp = omega(t + h),
    wm = omega(t - h)
  const dw = [0, 1, 2].map((i) => (wp[i] - wm[i]) / (2 * h))
  const Iw = apply(Ig, wt),
    Idw = apply(Ig, dw),
    gyro = crossV(wt, Iw)
  return [0, 1, 2].map((i) => -(Idw[i] + gyro[i]))
}

/** A body on `node` joined at its centre to the ground's origin by `joint` (a JointGeneric). */
function bodyOnGround(node: Json, joint: Json, sensors: Json[]): Json {
  return {
    nodes: [{ name: 'node', ...node }],
    objects: [
      ...groundAndRigidBody(m, inertia),
      { type: 'JointGeneric', markerNumbers: ['groundFrame', 'bodyFrame'], ...joint },
    ],
    markers: [
      { type: 'BodyRigid', name: 'groundFrame', bodyNumber: 'ground' },
      { type: 'BodyRigid', name: 'bodyFrame', bodyNumber: 'body' },
    ],
    loads: [],
    sensors,
  }
}

/** A RigidBodyRxyz body whose centre is welded to the ground's origin through the drive's offsets. */
function weldedDrive(extra: Json = {}): Json {
  return bodyOnGround(
    {
      type: 'RigidBodyRxyz',
      referenceCoordinates: [0, 0, 0, 0, 0, 0],
      initialCoordinates: [x(0), 0, 0, ...theta(0)],
      initialVelocities: [x_t(0), 0, 0, ...theta_t(0)],
    },
    {
      name: 'drive',
      offsetUserFunction: [`${A}*sin(${w}*t + ${phase})`, 0, 0, ...angleExpressions],
      ...extra,
    },
    [
      { type: 'Node', name: 'q', nodeNumber: 'node', outputVariableType: 'Coordinates' },
      { type: 'Node', name: 'v', nodeNumber: 'node', outputVariableType: 'Coordinates_t' },
      { type: 'Object', name: 'force', objectNumber: 'drive', outputVariableType: 'Force' },
      { type: 'Object', name: 'torque', objectNumber: 'drive', outputVariableType: 'Torque' },
      { type: 'Object', name: 'forceLocal', objectNumber: 'drive', outputVariableType: 'ForceLocal' },
    ],
  )
}

const WITH_DERIVATIVE = {
  offsetUserFunction_t: [`${A * w}*cos(${w}*t + ${phase})`, 0, 0, ...angleDerivatives],
}

const settings = (solverType: string, numberOfSteps: number, endTime = 2): Json => ({
  solverType,
  timeIntegration: { endTime, numberOfSteps, generalizedAlpha: { spectralRadius: 0.8 } },
  solutionSettings: { sensorsWritePeriod: endTime / 20 },
})

/** max over rows and components |sensor - f(t)|. */
function deviation(series: { t: number[]; values: number[][] }, f: (t: number) => number[]): number {
  return Math.max(...series.t.flatMap((t, i) => f(t).map((r, k) => Math.abs(series.values[i][k] - r))))
}

const coordinates = (t: number): number[] => [x(t), 0, 0, ...theta(t)]
const velocities = (t: number): number[] => [x_t(t), 0, 0, ...theta_t(t)]
const force = (t: number): number[] => [-m * x_tt(t), 0, 0]

describe('JointGeneric offsets: a welded body follows x(t) and Tait-Bryan angles theta(t)', () => {
  it('GeneralizedAlpha (index 3): the motion to Newton accuracy, the reactions to O(h^2)', () => {
    const { recorder } = run(weldedDrive(), settings('GeneralizedAlpha', 400))
    // g(q, t) = 0 is solved at every step: coordinates equal the offsets to the Newton tolerance.
    expect(deviation(sensorSeries(recorder, 'q'), coordinates)).toBeLessThan(1e-10)
    // Velocities and multipliers of index-3 generalized-alpha are O(h^2) (Arnold-Bruels): h = 5e-3 with
    // frequencies up to 3: (w h)^2 = 2e-4 of the amplitudes (velocities ~1, force m A w^2 = 1.8, torque
    // ~1), after the multipliers' start-up transient, which decays as spectralRadius^n (0.8^60 = 2e-6
    // at t = 0.3) from up to 1e-2 (as in drives.test.ts).
    const after = (name: string, t0: number) => {
      const se = sensorSeries(recorder, name),
        from = se.t.findIndex((t) => t >= t0)
      return { t: se.t.slice(from), values: se.values.slice(from) }
    }
    expect(deviation(sensorSeries(recorder, 'v'), velocities)).toBeLessThan(2e-4)
    expect(deviation(sensorSeries(recorder, 'force'), force)).toBeLessThan(1e-2 * m * A * w * w)
    expect(deviation(sensorSeries(recorder, 'torque'), eulerTorque)).toBeLessThan(1e-2)
    expect(deviation(after('force', 0.3), force)).toBeLessThan(1e-4 * m * A * w * w)
    expect(deviation(after('torque', 0.3), eulerTorque)).toBeLessThan(1e-4)
  })

  it('the initial accelerations are consistent: reactions at t = 0 are the exact ones', () => {
    // [[M, C^T], [C, 0]] [a; lambda] = [f; -(velocity and time terms)] at t = 0: x'' and the Euler torque
    // from the acceleration-level time terms (second derivatives numerical, ~1e-8 relative).
    for (const extra of [{}, WITH_DERIVATIVE]) {
      const { recorder } = run(weldedDrive(extra), settings('GeneralizedAlpha', 10, 0.01))
      const f = sensorSeries(recorder, 'force').values[0],
        tq = sensorSeries(recorder, 'torque').values[0]
      const ref = [...force(0), ...eulerTorque(0)]
      expect(Math.max(...[...f, ...tq].map((v, i) => Math.abs(v - ref[i])))).toBeLessThan(1e-7)
    }
  })

  it("TrapezoidalIndex2: q' equals the offsets' derivative at every step, with or without _t", () => {
    for (const extra of [{}, WITH_DERIVATIVE]) {
      const { recorder } = run(weldedDrive(extra), settings('TrapezoidalIndex2', 400))
      // Index 2 solves C_q q' + g_t = 0 exactly: x' (a global translation, linear in q) to the Newton
      // tolerance and the ~1e-11 of a numerical derivative. The angles' rates are fixed through the
      // angular velocity at the drifted angles (g = 0 only to O(h^2)): O(h^2) = 2.5e-5 times rates <= 1.
      const v = sensorSeries(recorder, 'v')
      expect(deviation({ t: v.t, values: v.values.map((r) => [r[0]]) }, (t) => [x_t(t)])).toBeLessThan(1e-9)
      expect(deviation(v, velocities)).toBeLessThan(1e-5)
      // Positions integrate the velocities by the trapezoidal rule: error <= T h^2 max|q'''| / 12, with
      // max |q'''| = B_z w_z^3 = 6.25.
      const h = 2 / 400
      expect(deviation(sensorSeries(recorder, 'q'), coordinates)).toBeLessThan((2 * h * h * 6.25) / 12)
    }
  })

  it('RK44 with projection: the motion after every step, the reactions from the index-1 form', () => {
    const { recorder } = run(weldedDrive(), settings('RK44', 200))
    // The projection solves g(q, t) = 0 and C_q q' + g_t = 0 at the end of each step.
    expect(deviation(sensorSeries(recorder, 'q'), coordinates)).toBeLessThan(1e-12)
    expect(deviation(sensorSeries(recorder, 'v'), velocities)).toBeLessThan(1e-9)
    // Multipliers of [[M, C^T], [C, 0]] with the acceleration time terms: exact up to the numerical
    // second derivatives of the offsets (~1e-8) and the reference's central difference (~1e-10).
    expect(deviation(sensorSeries(recorder, 'force'), force)).toBeLessThan(1e-7)
    expect(deviation(sensorSeries(recorder, 'torque'), eulerTorque)).toBeLessThan(1e-7)
  })
})

// The slider: J0's x free, y shifted by d(t) = D sin(wd t), J0 turned by phi(t) = P sin(wp t) about z.
const D = 0.05,
  wd = 4,
  P = 0.6,
  wp = 2,
  s0 = 0.3,
  v0 = 0.1
const d = (t: number): number => D * Math.sin(wd * t)
const d_t = (t: number): number => D * wd * Math.cos(wd * t)
const phi = (t: number): number => P * Math.sin(wp * t)
const phi_t = (t: number): number => P * wp * Math.cos(wp * t)
const phi_tt = (t: number): number => -P * wp * wp * Math.sin(wp * t)

/** The i-th offset user function parameter's name (Exudyn's vector argument by component). */
const par = (i: number): string => `offsetUserFunctionParameters${i}`

function slider(solverType: string, numberOfSteps = 400): [Json, Json] {
  // At t = 0: phi = d = 0, so p = [s0, 0, 0] and p' = v0 e1 + (s0 phi' + d') e2.
  const model = bodyOnGround(
    {
      type: 'RigidBodyEP',
      referenceCoordinates: [s0, 0, 0, 1, 0, 0, 0],
      initialVelocities: [v0, s0 * phi_t(0) + d_t(0), 0, 0, 0, 0, phi_t(0) / 2],
    },
    {
      name: 'slider',
      constrainedAxes: [0, 1, 1, 1, 1, 1],
      offsetUserFunctionParameters: [D, wd, P, wp, 0, 0],
      offsetUserFunction: [0, `${par(0)}*sin(${par(1)}*t)`, 0, 0, 0, `${par(2)}*sin(${par(3)}*t)`],
    },
    [{ type: 'Node', name: 'p', nodeNumber: 'node', outputVariableType: 'Position' }],
  )
  return [model, settings(solverType, numberOfSteps)]
}

/** [s, s'] of the slider by RK4 (step 1e-4) from s0, v0 to t. */
function sliderReference(t: number): number {
  if (t === 0) return s0
  const f = (tau: number, y: number[]): number[] => [
    y[1],
    y[0] * phi_t(tau) ** 2 + 2 * d_t(tau) * phi_t(tau) + d(tau) * phi_tt(tau),
  ]
  return rk4(f, [s0, v0], 0, t, Math.round(t / 1e-4))[0]
}

describe('JointGeneric offsets: a slider on a turning, shifting axis', () => {
  for (const [solverType, tolerance] of [
    // Generalized-alpha and the trapezoidal rule: O(h^2), h^2 = 2.5e-5 times |s''| <= 2 -> 5e-5.
    // RK44 with projection: O(h^4), h^4 = 6e-10 -> 1e-9.
    ['GeneralizedAlpha', 5e-5],
    ['TrapezoidalIndex2', 5e-5],
    ['RK44', 1e-9],
  ] as const)
    it(`${solverType}: s(t) as the reference, the sideways offset d(t) held`, () => {
      const { recorder } = run(...slider(solverType))
      const p = sensorSeries(recorder, 'p')
      let sideways = 0,
        along = 0
      p.t.forEach((t, i) => {
        const [px, py] = p.values[i]
        const c = Math.cos(phi(t)),
          s = Math.sin(phi(t))
        along = Math.max(along, Math.abs(px * c + py * s - sliderReference(t)))
        sideways = Math.max(sideways, Math.abs(-px * s + py * c - d(t)))
      })
      // Index 3 and the projection hold g = 0 to Newton accuracy; index 2 holds g' = 0, so the position
      // drifts at O(h^2) like s.
      expect(sideways).toBeLessThan(solverType === 'TrapezoidalIndex2' ? 1e-5 : 1e-10)
      expect(along).toBeLessThan(tolerance)
    })

  for (const solverType of ['GeneralizedAlpha', 'TrapezoidalIndex2', 'RK44'])
    it(`${solverType}: a checkpoint mid-motion restarts bit for bit`, () => {
      const [model, s] = slider(solverType, 100)
      splitRunMatches(model, { ...s, timeIntegration: { endTime: 0.5, numberOfSteps: 100 } })
    })
})

describe("JointGeneric offsets: Exudyn 1.11's run of the same models", () => {
  // bench/exudynScripts/jointGenericOffsets.py on the peer build (generalized-alpha, index 3, 400 steps
  // to t = 2): Exudyn starts both from zero accelerations (its computeInitialAccelerations on or off
  // gives the same digits), so ours runs with computeInitialAccelerations off here. Same discrete
  // equations: the difference is Newton error, bounded by 1e-9 (relative tolerance 1e-10 on values ~1).
  const EXUDYN = {
    weldedQ: [0.021511998808775485, 0, 0, -0.26147273172407026, 0.10596722818169341, -0.30910579502240804],
    weldedForce: [0.3872312982238311, 0, 0],
    sliderP: [1.2167795964061223, -0.538862766087418, 0],
  }
  const zeroStart = (s: Json): Json => {
    const ti = s.timeIntegration as Json
    return {
      ...s,
      timeIntegration: {
        ...ti,
        generalizedAlpha: { spectralRadius: 0.8, computeInitialAccelerations: false },
      },
    }
  }
  const last = (r: ReturnType<typeof run>, name: string): number[] =>
    sensorSeries(r.recorder, name).values.at(-1)!
  const difference = (a: number[], b: number[]): number => Math.max(...a.map((v, i) => Math.abs(v - b[i])))
  it('the welded body and the slider agree to Newton accuracy', () => {
    const welded = run(weldedDrive(), zeroStart(settings('GeneralizedAlpha', 400)))
    const [model, s] = slider('GeneralizedAlpha')
    const sliding = run(model, zeroStart(s))
    expect(difference(last(welded, 'q'), EXUDYN.weldedQ)).toBeLessThan(1e-9)
    // Exudyn's ForceLocal is the multipliers of the global translation equations, as our Force. Index-3
    // multipliers carry the Newton residual amplified by the iteration matrix (~1/h^2): 1e-8 of the
    // force scale m A w^2, as in drives.test.ts.
    expect(difference(last(welded, 'force'), EXUDYN.weldedForce)).toBeLessThan(1e-8 * m * A * w * w)
    // ForceLocal is in J0 without the offset angles (here the ground's axes), as Exudyn's.
    expect(difference(last(welded, 'forceLocal'), EXUDYN.weldedForce)).toBeLessThan(1e-8 * m * A * w * w)
    expect(difference(last(sliding, 'p'), EXUDYN.sliderP)).toBeLessThan(1e-9)
  })
})

describe('JointGeneric offsets: derivatives in q and t against central differences', () => {
  // Two free bodies (Tait-Bryan nodes: every direction of q is admissible) joined with rotated joint
  // frames and offsets of t in every component, in a random state at t = 0.7. Steps 1e-5 (first) and
  // 1e-4 (second differences): truncation ~1e-10 / 1e-8, round-off ~1e-11 / 1e-8 for O(1) derivatives,
  // so 1e-7 and 1e-6 separate a wrong term from noise (as jointsJacobian.test.ts and
  // reactionJacobians.test.ts).
  const R0 = [
    [0.36, 0.48, -0.8],
    [-0.8, 0.6, 0],
    [0.48, 0.64, 0.6],
  ]
  const R1 = [
    [0.6, 0, 0.8],
    [0, 1, 0],
    [-0.8, 0, 0.6],
  ]
  const twoBodies = (constrainedAxes: number[]): Json => ({
    nodes: [
      { type: 'RigidBodyRxyz', name: 'n0', referenceCoordinates: [0, 0.1, -0.2, -0.3, 0.2, 0.1] },
      { type: 'RigidBodyRxyz', name: 'n1', referenceCoordinates: [1, 0.1, -0.2, 0.1, -0.2, 0.3] },
    ],
    objects: [
      {
        type: 'RigidBody',
        name: 'b0',
        nodeNumber: 'n0',
        physicsMass: 2,
        physicsInertia: [1, 2, 2.5, 0, 0, 0],
      },
      {
        type: 'RigidBody',
        name: 'b1',
        nodeNumber: 'n1',
        physicsMass: 2,
        physicsInertia: [1, 2, 2.5, 0, 0, 0],
      },
      {
        type: 'JointGeneric',
        name: 'joint',
        markerNumbers: ['m0', 'm1'],
        constrainedAxes,
        rotationMarker0: R0,
        rotationMarker1: R1,
        offsetUserFunctionParameters: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6],
        offsetUserFunction: ['sin(2*t)', 't^2', 'cos(t)', 'sin(t)', 'cos(3*t)', 't'].map(
          (f, i) => `${par(i)}*${f}`,
        ),
      },
    ],
    markers: [
      { type: 'BodyRigid', name: 'm0', bodyNumber: 'b0', localPosition: [0.5, -0.2, 0.1] },
      { type: 'BodyRigid', name: 'm1', bodyNumber: 'b1', localPosition: [-0.4, 0.3, 0.2] },
    ],
    loads: [],
    sensors: [],
  })
  const build = (axes: number[]): { sys: CompiledSystem; joint: ObjectComputation } => {
    const sys = buildSystem(makeProject(twoBodies(axes), { solverType: 'GeneralizedAlpha' }))
    return { sys, joint: sys.objects.find((o) => o.item.name === 'joint')!.computation }
  }
  const AXES = [
    [1, 1, 1, 1, 1, 1],
    [0, 1, 1, 1, 1, 1],
    [1, 0, 1, 0, 1, 1],
    [0, 1, 0, 1, 0, 0],
    [1, 1, 1, 0, 0, 0],
  ]
  for (const axes of AXES)
    it(`constrainedAxes [${axes.join(', ')}]`, () => {
      const { sys, joint } = build(axes)
      const s = sys.state,
        rnd = seededRandom(axes.join('').length * 7 + axes[0] + 2 * axes[3])
      for (let i = 0; i < s.q.length; i++) s.q[i] = 0.5 * rnd()
      for (let i = 0; i < s.v.length; i++) s.v[i] = rnd()
      for (let i = 0; i < s.lambda.length; i++) s.lambda[i] = 10 * rnd()
      const t0 = 0.7,
        n = joint.ltgODE2.length,
        m = joint.nAE,
        q0 = Float64Array.from(s.q),
        v = Float64Array.from(s.v)
      /** g at q0 + tau v, time t0 + dt. */
      const g = (tau: number, dt: number): Float64Array => {
        const out = new Float64Array(m)
        for (let i = 0; i < q0.length; i++) s.q[i] = q0[i] + tau * v[i]
        s.t = t0 + dt
        joint.computeAE!(s, out, false)
        s.q.set(q0)
        s.t = t0
        return out
      }
      s.t = t0
      const C = new Float64Array(m * n),
        gv = new Float64Array(m),
        tv = new Float64Array(m),
        ta = new Float64Array(m)
      joint.computeAEJacobian!(s, C, false)
      joint.computeAE!(s, gv, true)
      joint.computeAETimeTerm!(s, tv, 'velocity')
      joint.computeAETimeTerm!(s, ta, 'acceleration')
      const e1 = 1e-5,
        e2 = 1e-4
      const [gq1, gq2, gt1, gt2, g0] = [g(e1, 0), g(-e1, 0), g(e1, e1), g(-e1, -e1), g(0, 0)]
      const [aq1, aq2, at1, at2] = [g(e2, 0), g(-e2, 0), g(e2, e2), g(-e2, -e2)]
      for (let k = 0; k < m; k++) {
        let cv = 0
        for (let j = 0; j < n; j++) cv += C[k * n + j] * v[joint.ltgODE2[j]]
        // C_q v = dg/dtau at fixed t; the index-2 equation C_q v + g_t = dg/dtau along (v, 1).
        expect(Math.abs(cv - (gq1[k] - gq2[k]) / (2 * e1))).toBeLessThan(1e-7)
        expect(Math.abs(gv[k] - (gt1[k] - gt2[k]) / (2 * e1))).toBeLessThan(1e-7)
        expect(Math.abs(gv[k] - cv - tv[k])).toBeLessThan(1e-14)
        // The acceleration term: d2g/dtau2 along (v, 1) minus d2g/dtau2 at fixed t (the evaluator's part).
        const along = (at1[k] - 2 * g0[k] + at2[k]) / (e2 * e2),
          fixed = (aq1[k] - 2 * g0[k] + aq2[k]) / (e2 * e2)
        expect(Math.abs(ta[k] - (along - fixed))).toBeLessThan(1e-6)
      }
      // The reaction stiffness at t0 (J0 turned by the offsets) against central differences of C_q^T lambda.
      const H = new Float64Array(n * n)
      joint.addReactionJacobian!(s, 1, H)
      const reactions = (sign: number, d: number[]): Float64Array => {
        const out = new Float64Array(n)
        for (let j = 0; j < n; j++) s.q[joint.ltgODE2[j]] = q0[joint.ltgODE2[j]] + sign * e1 * d[j]
        joint.computeAEJacobian!(s, C, false)
        for (let k = 0; k < m; k++)
          for (let j = 0; j < n; j++) out[j] += C[k * n + j] * s.lambda[joint.aeIndex + k]
        s.q.set(q0)
        return out
      }
      const scale = Math.max(...H.map(Math.abs))
      expect(scale).toBeGreaterThan(0)
      for (let trial = 0; trial < 4; trial++) {
        const d = Array.from({ length: n }, () => rnd())
        const fp = reactions(1, d),
          fm = reactions(-1, d)
        for (let i = 0; i < n; i++) {
          let hd = 0
          for (let j = 0; j < n; j++) hd += H[i * n + j] * d[j]
          expect(Math.abs(hd - (fp[i] - fm[i]) / (2 * e1))).toBeLessThan(1e-7 * scale)
        }
      }
    })
})

describe('JointGeneric offsets: the drawn joint axis turns with J0', () => {
  it("J0's z axis drawn at the ground's origin along Rx(rx) Ry(ry) Rz(rz) e_z", () => {
    const sys = buildSystem(makeProject(weldedDrive(), settings('GeneralizedAlpha', 10)))
    const t = 0.9
    sys.state.t = t
    const joint = sys.objects.findIndex((o) => o.item.name === 'drive')
    const drawn = collectGraphics(sys).find((g) => g.item === `object:${joint}`)!
    const cylinder = drawn.primitives[0] as { from: number[]; to: number[] }
    const th = theta(t)
    const axis = apply(mul(mul(Rx(th[0]), Ry(th[1])), Rz(th[2])), [0, 0, 1])
    const length = Math.hypot(...cylinder.to.map((v, i) => v - cylinder.from[i]))
    // Round-off only: the joint's rotation matrix and this one are the same product.
    cylinder.to.forEach((v, i) => {
      expect(Math.abs((v - cylinder.from[i]) / length - axis[i])).toBeLessThan(1e-14)
      expect(Math.abs(v + cylinder.from[i])).toBeLessThan(1e-14)
    })
  })
})

describe('JointGeneric offsets: bad input', () => {
  const problems = (joint: Json): string => {
    try {
      makeProject(weldedDrive(joint), settings('GeneralizedAlpha', 10))
    } catch (e) {
      return (e as Error).message
    }
    return ''
  }
  it('an expression in an unknown name, a wrong count, a derivative without its function', () => {
    expect(problems({ offsetUserFunction: [0, 0, 0, 0, 0, 'sin(omega*t)'] })).toMatch(
      /drive.*offsetUserFunction.*omega/s,
    )
    expect(problems({ offsetUserFunction: [0, 0, 0, 0, 0] })).toMatch(
      /drive.*offsetUserFunction.*list of 6 expressions/s,
    )
    expect(problems({ offsetUserFunction: '', offsetUserFunction_t: [0, 0, 0, 0, 0, 1] })).toMatch(
      /drive.*offsetUserFunction_t.*time derivative of offsetUserFunction/s,
    )
    expect(problems({ alternativeConstraints: true })).toMatch(
      /drive.*offsetUserFunction.*alternativeConstraints/s,
    )
  })
})
