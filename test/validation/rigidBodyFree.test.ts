// Free rigid bodies without gravity:
//  - torque-free asymmetric body (J = diag(2, 3, 4)) on Euler-parameter and Tait-Bryan nodes against
//    the closed-form (Jacobi elliptic) body-frame angular velocity, with kinetic energy and the
//    global angular momentum vector conserved; errors shrink at each method's order;
//  - the unstable intermediate axis (Dzhanibekov effect): the spin flips, energy and momentum stay;
//  - a body whose centre of mass is away from the node (coupled mass matrix and quadratic velocity
//    terms): energy and momentum conserved, and the centre of mass moves on a straight line;
//  - LoadTorqueVector on rigid nodes: phi = M t^2 / (2 J) about a principal axis.
import { describe, expect, it } from 'vitest'
import { jacobi, measuredOrder, run, sensorSeries, type Json } from './helpers'

const J = [2, 3, 4]
const OMEGA0 = [1, 0, 2] // body frame; omega_y(0) = 0 fixes the phase of the closed form below
const END = 4

/**
 * Torque-free motion for I1 < I2 < I3 and L^2 > 2 T I2 (Landau-Lifshitz section 37), omega_2(0) = 0:
 * omega = [a cn(tau), b sn(tau), c dn(tau)], tau = s t.
 */
function closedForm([I1, I2, I3]: number[], w0: number[]): (t: number) => number[] {
  const T2 = I1 * w0[0] ** 2 + I2 * w0[1] ** 2 + I3 * w0[2] ** 2
  const L2 = (I1 * w0[0]) ** 2 + (I2 * w0[1]) ** 2 + (I3 * w0[2]) ** 2
  const a = Math.sqrt((T2 * I3 - L2) / (I1 * (I3 - I1)))
  const b = Math.sqrt((T2 * I3 - L2) / (I2 * (I3 - I2)))
  const c = Math.sqrt((L2 - T2 * I1) / (I3 * (I3 - I1)))
  const s = Math.sqrt(((I3 - I2) * (L2 - T2 * I1)) / (I1 * I2 * I3))
  const m = ((I2 - I1) * (T2 * I3 - L2)) / ((I3 - I2) * (L2 - T2 * I1))
  return (t) => {
    const [sn, cn, dn] = jacobi(s * t, m)
    return [Math.sign(w0[0]) * a * cn, b * sn, Math.sign(w0[2]) * c * dn]
  }
}

type NodeType = 'RigidBodyEP' | 'RigidBodyRxyz'

/** Euler-parameter rates from the body-frame angular velocity: p' = 1/2 p * (0, w). */
function eulerParameterRates(p: number[], w: number[]): number[] {
  const [p0, p1, p2, p3] = p
  return [
    -0.5 * (p1 * w[0] + p2 * w[1] + p3 * w[2]),
    0.5 * (p0 * w[0] + p2 * w[2] - p3 * w[1]),
    0.5 * (p0 * w[1] + p3 * w[0] - p1 * w[2]),
    0.5 * (p0 * w[2] + p1 * w[1] - p2 * w[0]),
  ]
}

/**
 * A free body at the origin with identity orientation, body-frame angular velocity w0 (at identity, Rxyz
 * rates = w0).
 */
function freeBody(
  node: NodeType,
  inertia: number[],
  w0: number[],
  com: number[] = [0, 0, 0],
  v0: number[] = [0, 0, 0],
  extra: Partial<Json> = {},
): Json {
  const ep = node === 'RigidBodyEP'
  return {
    nodes: [
      {
        type: node,
        name: 'n',
        referenceCoordinates: ep ? [0, 0, 0, 1, 0, 0, 0] : [0, 0, 0, 0, 0, 0],
        initialVelocities: [...v0, ...(ep ? eulerParameterRates([1, 0, 0, 0], w0) : w0)],
      },
    ],
    objects: [
      {
        type: 'RigidBody',
        name: 'body',
        nodeNumber: 'n',
        physicsMass: 3,
        physicsInertia: inertia,
        physicsCenterOfMass: com,
      },
    ],
    markers: [{ type: 'NodeRigid', name: 'mNode', nodeNumber: 'n' }],
    loads: [],
    sensors: [
      { type: 'Node', name: 'omegaLocal', nodeNumber: 'n', outputVariableType: 'AngularVelocityLocal' },
      { type: 'Node', name: 'A', nodeNumber: 'n', outputVariableType: 'RotationMatrix' },
      { type: 'Object', name: 'energy', objectNumber: 'body', outputVariableType: 'KineticEnergy' },
      {
        type: 'Body',
        name: 'comPosition',
        bodyNumber: 'body',
        localPosition: com,
        outputVariableType: 'Position',
      },
      {
        type: 'Body',
        name: 'comVelocity',
        bodyNumber: 'body',
        localPosition: com,
        outputVariableType: 'Velocity',
      },
    ],
    ...extra,
  }
}

function settings(solverType: string, steps: number, extra: Json = {}): Json {
  return {
    solverType,
    timeIntegration: { endTime: END, numberOfSteps: steps, ...extra },
    solutionSettings: { sensorsWritePeriod: END / 200 },
  }
}

interface Measures {
  /** max |omega_local - closed form| over the samples */
  omegaError: number
  /** max |T - T0| / T0 */
  energyDrift: number
  /** max |L - L0| / |L0|, L = m r_com x v_com + A J_com omega_local (J_com = J - parallel axis terms) */
  momentumDrift: number
  omega: number[][]
}

function measure(
  model: Json,
  simSettings: Json,
  inertiaCom: number[][],
  mass: number,
  reference?: (t: number) => number[],
): Measures {
  const { recorder } = run(model, simSettings)
  const w = sensorSeries(recorder, 'omegaLocal'),
    A = sensorSeries(recorder, 'A'),
    T = sensorSeries(recorder, 'energy')
  const r = sensorSeries(recorder, 'comPosition'),
    v = sensorSeries(recorder, 'comVelocity')
  const L = w.values.map((wl, i) => {
    const Jw = inertiaCom.map((row) => row[0] * wl[0] + row[1] * wl[1] + row[2] * wl[2])
    const R = A.values[i]
    const spin = [0, 1, 2].map((k) => R[3 * k] * Jw[0] + R[3 * k + 1] * Jw[1] + R[3 * k + 2] * Jw[2])
    const [x, y, z] = r.values[i],
      [vx, vy, vz] = v.values[i]
    return [
      spin[0] + mass * (y * vz - z * vy),
      spin[1] + mass * (z * vx - x * vz),
      spin[2] + mass * (x * vy - y * vx),
    ]
  })
  const L0 = L[0],
    T0 = T.values[0][0]
  return {
    omegaError: reference
      ? Math.max(...w.values.map((wl, i) => Math.hypot(...reference(w.t[i]).map((x, k) => x - wl[k]))))
      : NaN,
    energyDrift: Math.max(...T.values.map(([e]) => Math.abs(e - T0) / T0)),
    momentumDrift: Math.max(
      ...L.map((l) => Math.hypot(l[0] - L0[0], l[1] - L0[1], l[2] - L0[2]) / Math.hypot(...L0)),
    ),
    omega: w.values,
  }
}

const DIAG = (j: number[]): number[][] => [
  [j[0], 0, 0],
  [0, j[1], 0],
  [0, 0, j[2]],
]
const INERTIA6 = [...J, 0, 0, 0]

describe('torque-free asymmetric rigid body vs the Jacobi elliptic closed form', () => {
  const reference = closedForm(J, OMEGA0)

  it("the closed form satisfies Euler's equations (checks the reference itself)", () => {
    // Central difference of the closed form against I w' = (I w) x w; 1e-6 is the O(h^2) difference error.
    const h = 1e-4
    for (const t of [0.3, 1.7, 3.1]) {
      const w = reference(t),
        wp = reference(t + h),
        wm = reference(t - h)
      const dw = wp.map((x, k) => (x - wm[k]) / (2 * h))
      const rhs = [
        ((J[1] - J[2]) * w[1] * w[2]) / J[0],
        ((J[2] - J[0]) * w[2] * w[0]) / J[1],
        ((J[0] - J[1]) * w[0] * w[1]) / J[2],
      ]
      for (let k = 0; k < 3; k++) expect(Math.abs(dw[k] - rhs[k])).toBeLessThan(1e-6)
    }
  })

  for (const node of ['RigidBodyEP', 'RigidBodyRxyz'] as const) {
    it(`${node}, GeneralizedAlpha: second-order convergence to the closed form; T and L drift shrink`, () => {
      const steps = [400, 800, 1600]
      const m = steps.map((n) =>
        measure(
          freeBody(node, INERTIA6, OMEGA0),
          settings('GeneralizedAlpha', n, { generalizedAlpha: { spectralRadius: 0.9 } }),
          DIAG(J),
          3,
          reference,
        ),
      )
      const order = measuredOrder(
        steps.map((n) => END / n),
        m.map((x) => x.omegaError),
      )
      // Generalized-alpha is second order: fitted order within [1.8, 2.3] over a 4x step range.
      expect(order).toBeGreaterThan(1.8)
      expect(order).toBeLessThan(2.3)
      // h = 2.5 ms: measured 1.9e-5 (EP) and 6.6e-5 (Rxyz, whose angle rates vary faster); the bound
      // 2e-4 is the h^2 error constant (~10 rad/s^3 over 4 s) with a margin of 3.
      expect(m[2].omegaError).toBeLessThan(2e-4)
      // Numerical dissipation of rho = 0.9 and the O(h^2) error both shrink ~4x per halving
      // (measured 2.4e-7 / 4.7e-6 for T, 5e-7 / 3.2e-6 for L at h = 2.5 ms).
      expect(m[2].energyDrift).toBeLessThan(m[0].energyDrift / 10)
      expect(m[2].energyDrift).toBeLessThan(1e-5)
      expect(m[2].momentumDrift).toBeLessThan(m[0].momentumDrift / 10)
      expect(m[2].momentumDrift).toBeLessThan(1e-5)
    })

    it(`${node}, RK44: fourth-order convergence; DOPRI5 at tight tolerance matches to 1e-7`, () => {
      const steps = [200, 400]
      const m = steps.map((n) =>
        measure(freeBody(node, INERTIA6, OMEGA0), settings('RK44', n), DIAG(J), 3, reference),
      )
      const order = measuredOrder(
        steps.map((n) => END / n),
        m.map((x) => x.omegaError),
      )
      // RK4 is fourth order; the projection onto |ep| = 1 does not lower it. Fitted order 3.5 .. 4.5.
      expect(order).toBeGreaterThan(3.5)
      expect(order).toBeLessThan(4.5)
      // h = 10 ms: measured T drift 2.5e-10 (EP) / 9e-9 (Rxyz), L drift 1.2e-9 / 8e-9: bound 1e-7.
      expect(m[1].energyDrift).toBeLessThan(1e-7)
      expect(m[1].momentumDrift).toBeLessThan(1e-7)
      const d = measure(
        freeBody(node, INERTIA6, OMEGA0),
        settings('DOPRI5', 100, { absoluteTolerance: 1e-11, relativeTolerance: 1e-11 }),
        DIAG(J),
        3,
        reference,
      )
      // Local tolerance 1e-11 over ~100 adaptive steps: measured 1-2e-10; bound 1e-8.
      expect(d.omegaError).toBeLessThan(1e-8)
      expect(d.energyDrift).toBeLessThan(1e-9)
      expect(d.momentumDrift).toBeLessThan(1e-9)
    })
  }

  it('intermediate axis (Dzhanibekov): the spin about y reverses; T and L are conserved (EP, DOPRI5)', () => {
    const w0 = [1e-3, 3, 1e-3]
    const model = freeBody('RigidBodyEP', INERTIA6, w0)
    const { omega, energyDrift, momentumDrift } = measure(
      model,
      settings('DOPRI5', 100, { endTime: 12, absoluteTolerance: 1e-10, relativeTolerance: 1e-10 }),
      DIAG(J),
      3,
    )
    // The spin about the unstable middle axis flips sign within 12 s (growth rate ~ 3 * sqrt(1/4) per s from
    // 1e-3).
    expect(Math.min(...omega.map((w) => w[1]))).toBeLessThan(-2.9)
    expect(energyDrift).toBeLessThan(1e-8)
    expect(momentumDrift).toBeLessThan(1e-8)
  })
})

describe('rigid body with the centre of mass away from the node', () => {
  // Body inertia about the COM diag(J), COM at chi in body coordinates; Exudyn's physicsInertia is
  // about the node: J_node = J_com + m (|chi|^2 I - chi chi^T).
  const m = 3,
    chi = [0.3, -0.2, 0.5]
  const jCom = DIAG(J)
  const jNode = jCom.map((row, i) =>
    row.map((v, k) => v + m * ((i === k ? chi[0] ** 2 + chi[1] ** 2 + chi[2] ** 2 : 0) - chi[i] * chi[k])),
  )
  const inertia6 = [jNode[0][0], jNode[1][1], jNode[2][2], jNode[1][2], jNode[0][2], jNode[0][1]]
  // Node velocity such that the COM moves with 0.2 m/s along x while spinning: v_node = v_com - w x chi.
  const w0 = OMEGA0
  const wxchi = [
    w0[1] * chi[2] - w0[2] * chi[1],
    w0[2] * chi[0] - w0[0] * chi[2],
    w0[0] * chi[1] - w0[1] * chi[0],
  ]
  const vNode = [0.2 - wxchi[0], -wxchi[1], -wxchi[2]]

  for (const node of ['RigidBodyEP', 'RigidBodyRxyz'] as const) {
    it(`${node}: kinetic energy and angular momentum kept, COM on a line, omega as the centred body`, () => {
      const model = freeBody(node, inertia6, w0, chi, vNode)
      const mm = measure(
        model,
        settings('DOPRI5', 100, { absoluteTolerance: 1e-11, relativeTolerance: 1e-11 }),
        jCom,
        m,
        closedForm(J, OMEGA0),
      )
      // Without forces the COM motion decouples: omega(t) is the torque-free solution about the COM.
      expect(mm.omegaError).toBeLessThan(1e-7)
      expect(mm.energyDrift).toBeLessThan(1e-9)
      expect(mm.momentumDrift).toBeLessThan(1e-9)
      const { recorder } = run(model, settings('GeneralizedAlpha', 1600))
      const r = sensorSeries(recorder, 'comPosition')
      // COM: r = chi + [0.2 t, 0, 0]; GA at h = 2.5 ms keeps it to ~1e-5.
      r.t.forEach((t, i) => {
        expect(Math.abs(r.values[i][0] - chi[0] - 0.2 * t)).toBeLessThan(1e-4)
        expect(Math.abs(r.values[i][1] - chi[1])).toBeLessThan(1e-4)
        expect(Math.abs(r.values[i][2] - chi[2])).toBeLessThan(1e-4)
      })
    })
  }
})

describe('LoadTorqueVector on rigid-body nodes', () => {
  for (const node of ['RigidBodyEP', 'RigidBodyRxyz'] as const) {
    it(`${node}: a torque about a principal axis gives phi = M t^2 / (2 J)`, () => {
      const M = 0.8
      const model = freeBody(node, INERTIA6, [0, 0, 0], [0, 0, 0], [0, 0, 0], {
        loads: [{ type: 'TorqueVector', name: 'torque', markerNumber: 'mNode', loadVector: [0, 0, M] }],
        sensors: [{ type: 'Node', name: 'rot', nodeNumber: 'n', outputVariableType: 'Rotation' }],
      })
      const { recorder } = run(model, {
        solverType: 'GeneralizedAlpha',
        timeIntegration: { endTime: 1, numberOfSteps: 200 },
        solutionSettings: { sensorsWritePeriod: 0.1 },
      })
      const rot = sensorSeries(recorder, 'rot')
      // Constant angular acceleration: GA integrates a quadratic exactly up to the Newton tolerance.
      rot.t.forEach((t, i) =>
        expect(Math.abs(rot.values[i][2] - (M * t * t) / (2 * J[2]))).toBeLessThan(1e-8),
      )
    })
  }
})
