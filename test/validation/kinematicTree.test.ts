// KinematicTree (minimal coordinates) against independent references: the exact pendulum period,
// energy conservation, the double pendulum's Lagrange equations, the redundant-coordinate sphere
// chain of the benchmark, free fall on a prismatic joint, the CRBA mass matrix against inverse
// dynamics and the articulated-body solve, a checkpoint restart, and the input checks. The Spherical
// joint against the same tree built from three revolute joints, and a spherical pendulum's energy and
// vertical angular momentum.
import { describe, expect, it } from 'vitest'
import {
  ellipticK,
  GRAVITY,
  makeProject,
  prepare,
  rk4,
  run,
  seededRandom,
  sensorSeries,
  zeroCrossings,
  type Json,
} from './helpers'
import { splitRunMatches } from './restartModels'
import { sphereChain, sphereChainTree } from '../../bench/models'
import { KinematicTreeBody } from '../../src/core/items/objects/KinematicTree'
import { TreeDynamics } from '../../src/core/items/common/kinematicTreeDynamics'
import type { FrameKinematics } from '../../src/core/system/computation'
import { collectGraphics } from '../../src/core/system/visualization'

type Vec3 = [number, number, number]
type Mat3 = [Vec3, Vec3, Vec3]
const I3: Mat3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]
const Z3: Mat3 = [
  [0, 0, 0],
  [0, 0, 0],
  [0, 0, 0],
]

interface Link {
  type: string
  parent: number
  offset?: Vec3
  T?: Mat3
  mass?: number
  com?: Vec3
  inertia?: Mat3
}

/**
 * One KinematicTree on a GenericODE2 node with the given joint references and initial values (one per
 * coordinate).
 */
function treeModel(
  links: Link[],
  reference: number[],
  initial: number[],
  extra: Json = {},
  sensors: Json[] = [],
  markers: Json[] = [],
  loads: Json[] = [],
): Json {
  return {
    nodes: [
      {
        type: 'GenericODE2',
        name: 'q',
        numberOfODE2Coordinates: reference.length,
        referenceCoordinates: reference,
        initialCoordinates: initial,
      },
    ],
    objects: [
      {
        type: 'KinematicTree',
        name: 'tree',
        nodeNumber: 'q',
        gravity: [0, -GRAVITY, 0],
        jointTypes: links.map((l) => l.type),
        linkParents: links.map((l) => l.parent),
        jointTransformations: links.map((l) => l.T ?? I3),
        jointOffsets: links.map((l) => l.offset ?? [0, 0, 0]),
        linkInertiasCOM: links.map((l) => l.inertia ?? Z3),
        linkCOMs: links.map((l) => l.com ?? [0, 0, 0]),
        linkMasses: links.map((l) => l.mass ?? 0),
        ...extra,
      },
    ],
    markers,
    loads,
    sensors,
  }
}

const settings = (solverType: string, endTime: number, steps: number, writePeriod = endTime): Json => ({
  solverType,
  timeIntegration: { endTime, numberOfSteps: steps, generalizedAlpha: { spectralRadius: 0.9 } },
  solutionSettings: { sensorsWritePeriod: writePeriod },
})

describe('KinematicTree pendulum (one revolute joint about z, gravity -y)', () => {
  // Link angle theta = phi - pi/2 with phi the angle from the downward vertical: reference -pi/2, so
  // the node coordinate is phi.
  const L = 1
  const pendulum = (phi0: number, link: Link, sensors: Json[] = []): Json =>
    treeModel([link], [-Math.PI / 2], [phi0], {}, sensors)

  it('period of a point mass at 0.1 rad against the exact (elliptic-integral) period', () => {
    const phi0 = 0.1
    const sensors = [
      { type: 'Node', name: 'phi', nodeNumber: 'q', outputVariableType: 'Coordinates' },
      { type: 'Node', name: 'omega', nodeNumber: 'q', outputVariableType: 'Coordinates_t' },
    ]
    const r = run(
      pendulum(phi0, { type: 'RevoluteZ', parent: -1, mass: 1, com: [L, 0, 0] }, sensors),
      settings('RK44', 6, 6000, 0),
    )
    const phi = sensorSeries(r.recorder, 'phi'),
      omega = sensorSeries(r.recorder, 'omega')
    const down = zeroCrossings(
      phi.t,
      phi.values.map((v) => v[0]),
      omega.values.map((v) => v[0]),
      -1,
    )
    const exact = 4 * Math.sqrt(L / GRAVITY) * ellipticK(Math.sin(phi0 / 2))
    expect(down.length).toBeGreaterThanOrEqual(2)
    // RK44 at h = 1 ms (omega h = 3e-3) has a phase error ~(omega h)^4 = 1e-10 per period at most,
    // the Hermite crossing interpolation an O(h^4) one of the same size (measured together: 8e-13);
    // 1e-10 relative still fails for any error in the dynamics (a wrong mass or gravity term changes
    // the period at the 1e-3 level).
    expect(Math.abs(down[1] - down[0] - exact) / exact).toBeLessThan(1e-10)
  })

  it('energy of a physical pendulum at 2.5 rad (non-isotropic inertia) is conserved', () => {
    const m = 2,
      c = 0.5,
      Jzz = 0.03
    const model = pendulum(2.5, {
      type: 'RevoluteZ',
      parent: -1,
      mass: m,
      com: [c, 0, 0],
      inertia: [
        [0.01, 0.002, 0],
        [0.002, 0.02, 0],
        [0, 0, Jzz],
      ],
    })
    const energy = (phi: number, w: number): number =>
      0.5 * (Jzz + m * c * c) * w * w - m * GRAVITY * c * Math.cos(phi)
    const { system } = run(model, settings('RK44', 3, 3000))
    const { q, v } = system.state
    const E0 = energy(2.5, 0)
    // The item's KineticEnergy output (summed over its links) is the planar formula's kinetic part.
    const tree = system.objects.find((r) =>
      r.computation.outputVariables?.includes('KineticEnergy'),
    )!.computation
    const out = new Float64Array(1)
    expect(tree.output!('KineticEnergy', system.state, out)).toBe(1)
    expect(Math.abs(out[0] - 0.5 * (Jzz + m * c * c) * v[0] * v[0])).toBeLessThan(1e-13 * m * GRAVITY * c)
    // RK44's energy error over 3 s at omega h < 6e-3 is bounded by ~(omega h)^4 omega t ~ 1e-8 of
    // m g c, and is far smaller in practice (measured 2.2e-12); 1e-10 of m g c fails for a missing or
    // wrong velocity term (Coriolis/centrifugal), which changes the energy at the 1e-2 level.
    expect(Math.abs(energy(q[0], v[0]) - E0)).toBeLessThan(1e-10 * m * GRAVITY * c)
  })
})

describe('KinematicTree double pendulum against the Lagrange equations in absolute angles', () => {
  // Same physics as doublePendulum.test.ts: point masses m1, m2 on massless rods L1, L2, released at
  // rest from absolute angles (0.6, -0.4) rad from the downward vertical, compared at t = 1 s.
  const m1 = 1,
    m2 = 0.5,
    L1 = 1,
    L2 = 0.7,
    a0 = 0.6,
    b0 = -0.4
  const positions = (a: number, b: number): number[] => [
    L1 * Math.sin(a),
    -L1 * Math.cos(a),
    L1 * Math.sin(a) + L2 * Math.sin(b),
    -L1 * Math.cos(a) - L2 * Math.cos(b),
  ]
  const lagrange = (_t: number, y: number[]): number[] => {
    const [a, b, da, db] = y
    const c = Math.cos(a - b),
      s = Math.sin(a - b)
    const A11 = (m1 + m2) * L1,
      A12 = m2 * L2 * c,
      A21 = L1 * c,
      A22 = L2
    const r1 = -m2 * L2 * db * db * s - (m1 + m2) * GRAVITY * Math.sin(a)
    const r2 = L1 * da * da * s - GRAVITY * Math.sin(b)
    const det = A11 * A22 - A12 * A21
    return [da, db, (r1 * A22 - A12 * r2) / det, (A11 * r2 - A21 * r1) / det]
  }
  const [aT, bT] = rk4(lagrange, [a0, b0, 0, 0], 0, 1, 20000)
  const reference = positions(aT, bT)
  // Link 0 turns by a - pi/2 from the x axis; link 1 by b - a relative to link 0.
  const model = treeModel(
    [
      { type: 'RevoluteZ', parent: -1, mass: m1, com: [L1, 0, 0] },
      { type: 'RevoluteZ', parent: 0, offset: [L1, 0, 0], mass: m2, com: [L2, 0, 0] },
    ],
    [-Math.PI / 2, 0],
    [a0, b0 - a0],
    {},
    [
      { type: 'Marker', name: 'mass1', markerNumber: 'tip1' },
      { type: 'Marker', name: 'mass2', markerNumber: 'tip2' },
    ],
    [
      {
        type: 'KinematicTreeRigid',
        name: 'tip1',
        objectNumber: 'tree',
        linkNumber: 0,
        localPosition: [L1, 0, 0],
      },
      {
        type: 'KinematicTreeRigid',
        name: 'tip2',
        objectNumber: 'tree',
        linkNumber: 1,
        localPosition: [L2, 0, 0],
      },
    ],
  )
  const simulate = (solverType: string, steps: number): number[] => {
    const r = run(model, settings(solverType, 1, steps))
    const p1 = sensorSeries(r.recorder, 'mass1').values.at(-1)!,
      p2 = sensorSeries(r.recorder, 'mass2').values.at(-1)!
    return [p1[0], p1[1], p2[0], p2[1]]
  }
  const norm = (x: number[]): number => Math.hypot(...x)
  const minus = (x: number[], y: number[]): number[] => x.map((v, i) => v - y[i])

  it('RK44 (articulated-body accelerations) at h = 1 ms', () => {
    // RK44's global error at h = 1e-3 is ~(omega h)^4 ~ 1e-10 m at most here (measured 8.5e-12; the
    // reference's own, at h = 5e-5, ~1e-15); 1e-9 m fails for any wrong velocity or gravity term.
    expect(norm(minus(simulate('RK44', 1000), reference))).toBeLessThan(1e-9)
  })

  it('GeneralizedAlpha (CRBA, numerical Jacobian): error matches the step-refinement estimate', () => {
    // As in doublePendulum.test.ts: the error of the h run must agree with (x_h - x_h/2) 4/3 to within
    // 20% of its size, which shows convergence to the reference at second order.
    const coarse = simulate('GeneralizedAlpha', 500),
      fine = simulate('GeneralizedAlpha', 1000)
    const estimate = minus(coarse, fine).map((d) => (d * 4) / 3)
    expect(norm(minus(minus(coarse, reference), estimate))).toBeLessThan(0.2 * norm(estimate))
  })
})

describe("KinematicTree in the explicit solvers' matrix path", () => {
  it('a mass point beside the tree: RK44 assembles the CRBA mass matrix and agrees with the ABA path', () => {
    const tree = treeModel(
      [
        {
          type: 'RevoluteZ',
          parent: -1,
          mass: 1,
          com: [1, 0, 0],
          inertia: [
            [0.1, 0, 0],
            [0, 0.2, 0],
            [0, 0, 0.3],
          ],
        },
        { type: 'RevoluteX', parent: 0, offset: [1, 0, 0], mass: 0.5, com: [0, 0.7, 0.2] },
      ],
      [-1, 0.5],
      [0, 0],
    )
    const aba = run(tree, settings('RK44', 1, 1000)).system.state.q
    const withPoint = structuredClone(tree)
    ;(withPoint.nodes as Json[]).push({ type: 'Point', name: 'p' })
    ;(withPoint.objects as Json[]).push({ type: 'MassPoint', name: 'm', physicsMass: 1, nodeNumber: 'p' })
    const r = run(withPoint, settings('RK44', 1, 1000))
    expect(r.solver.stats.jacobians).toBeGreaterThan(0)
    // Same equations, solved by LU instead of ABA: they differ by rounding only (measured 2.2e-16 rad
    // after 1000 steps of this non-chaotic motion); 1e-12 rad leaves room for its growth.
    for (let i = 0; i < 2; i++) expect(Math.abs(r.system.state.q[i] - aba[i])).toBeLessThan(1e-12)
  })
})

describe('KinematicTree sphere chain against the redundant-coordinate chain (bench/models.ts)', () => {
  it('N = 2, last sphere at 1 s: RK44 at h = 1 ms vs rigid bodies on spherical joints, step-refined', () => {
    const last = (m: { model: Json; settings: Json }): number[] =>
      sensorSeries(run(m.model, m.settings).recorder, 'last').values.at(-1)!
    const tree = last(sphereChainTree(2, 1e-3, 1))
    // Redundant chain, GeneralizedAlpha (second order) at h/4 and h/8, Richardson-extrapolated.
    const x4 = last(sphereChain(2, 1e-3 / 4, 1)),
      x8 = last(sphereChain(2, 1e-3 / 8, 1))
    const ref = x8.map((v, i) => v + (v - x4[i]) / 3)
    // The extrapolation corrects x8 by 6e-7 m; what is left of the reference's error is of third order,
    // and the tree's RK44 error ~1e-9 m (7e-9 m at N = 10 against RK44 at h/4). Measured agreement
    // 5.5e-10 m; 1e-8 m is 1/60 of the extrapolation's correction, so the test tells the two models
    // apart from the second-order reference, and any difference in the physics fails it.
    expect(Math.hypot(...ref.map((v, i) => v - x8[i]))).toBeGreaterThan(1e-7)
    expect(Math.hypot(...tree.map((v, i) => v - ref[i]))).toBeLessThan(1e-8)
  })
})

describe('KinematicTree prismatic joints and link loads', () => {
  it('free fall along a tilted prismatic axis, pushed by a force on a KinematicTreeRigid marker', () => {
    // Axis x of the joint frame turned by 30 deg about z: a = (cos 30, sin 30, 0). Mass 2 kg, gravity
    // and a force F = (3, 4, 5) N on the link: q'' = (F + m g) . a / m, q = q'' t^2 / 2 exactly.
    const c = Math.cos(Math.PI / 6),
      s = Math.sin(Math.PI / 6)
    const T: Mat3 = [
      [c, -s, 0],
      [s, c, 0],
      [0, 0, 1],
    ]
    const m = 2,
      F: Vec3 = [3, 4, 5]
    const model = treeModel(
      [
        {
          type: 'PrismaticX',
          parent: -1,
          T,
          mass: m,
          com: [0.1, 0.2, 0],
          inertia: [
            [1, 0, 0],
            [0, 1, 0],
            [0, 0, 1],
          ],
        },
      ],
      [0],
      [0],
      {},
      [],
      [
        {
          type: 'KinematicTreeRigid',
          name: 'link',
          objectNumber: 'tree',
          linkNumber: 0,
          localPosition: [0.3, 0, 0],
        },
      ],
      [{ type: 'ForceVector', name: 'push', markerNumber: 'link', loadVector: F }],
    )
    const qdd = (F[0] * c + (F[1] - m * GRAVITY) * s) / m
    // RK44 integrates the constant acceleration exactly: only rounding (1e-14 m over 1000 steps).
    expect(Math.abs(run(model, settings('RK44', 1, 1000)).system.state.q[0] - 0.5 * qdd)).toBeLessThan(1e-12)
  })
})

describe('KinematicTreeRigid marker kinematics', () => {
  const c = Math.cos(0.4),
    s = Math.sin(0.4)
  const tilt: Mat3 = [
    [1, 0, 0],
    [0, c, -s],
    [0, s, c],
  ]
  const cases: [string, Link, number[], number[], number[]][] = [
    [
      'prismatic middle joint',
      { type: 'PrismaticY', parent: 0, offset: [1, 0, 0], T: tilt, mass: 1 },
      [0.2],
      [0.05],
      [-0.3],
    ],
    [
      'spherical middle joint',
      { type: 'Spherical', parent: 0, offset: [1, 0, 0], T: tilt, mass: 1, com: [0.3, 0, 0] },
      [0.2, -0.4, 0.6],
      [0.05, 0.1, -0.2],
      [-0.3, 0.8, 0.4],
    ],
  ]
  for (const [label, middle, middleRef, middleInitial, middleVelocity] of cases)
    it(`position Jacobian = central differences, velocity = J q', angular velocity = G q' (${label})`, () => {
      const model = treeModel(
        [
          { type: 'RevoluteZ', parent: -1, mass: 1, com: [0.5, 0, 0] },
          middle,
          {
            type: 'RevoluteX',
            parent: 1,
            offset: [0.2, 0.3, 0.1],
            mass: 1,
            inertia: [
              [1, 0, 0],
              [0, 1, 0],
              [0, 0, 1],
            ],
          },
        ],
        [0.3, ...middleRef, -0.5],
        [0.1, ...middleInitial, 0.2],
        {},
        [],
        [
          {
            type: 'KinematicTreeRigid',
            name: 'tip',
            objectNumber: 'tree',
            linkNumber: 2,
            localPosition: [0.1, -0.2, 0.3],
          },
        ],
      )
      ;(model.nodes as Json[])[0].initialCoordinates_t = [0.7, ...middleVelocity, 1.1]
      const { system } = prepare(model, settings('RK44', 1, 10))
      const st = system.state,
        k = system.markers[0].computation.kinematics as FrameKinematics,
        nc = st.q.length
      const J = new Float64Array(3 * nc),
        G = new Float64Array(3 * nc),
        p = new Float64Array(3),
        m = new Float64Array(3),
        v = new Float64Array(3),
        w = new Float64Array(3)
      k.positionJacobian(st, J)
      k.rotationJacobian(st, G)
      k.velocity(st, v)
      k.angularVelocity(st, w)
      const delta = 1e-6
      let worst = 0
      for (let j = 0; j < nc; j++) {
        const q0 = st.q[j]
        st.q[j] = q0 + delta
        k.position(st, p)
        st.q[j] = q0 - delta
        k.position(st, m)
        st.q[j] = q0
        for (let i = 0; i < 3; i++)
          worst = Math.max(worst, Math.abs((p[i] - m[i]) / (2 * delta) - J[nc * i + j]))
      }
      // Central differences at delta = 1e-6 on O(1) lengths: truncation ~delta^2 = 1e-12, rounding
      // ~1e-16 / delta = 1e-10; 1e-8 fails for any wrong column (errors are O(1)).
      expect(worst).toBeLessThan(1e-8)
      for (let i = 0; i < 3; i++) {
        let jv = 0,
          gv = 0
        for (let j = 0; j < nc; j++) {
          jv += J[nc * i + j] * st.v[j]
          gv += G[nc * i + j] * st.v[j]
        }
        // Same products of O(1) numbers by two routes: rounding only.
        expect(Math.abs(jv - v[i])).toBeLessThan(1e-14)
        expect(Math.abs(gv - w[i])).toBeLessThan(1e-14)
      }
    })
})

describe('KinematicTree graphics', () => {
  it("draws rods joint to joint and on to a last link's COM, and a sphere at each massive link's COM", () => {
    // Double pendulum hanging straight down (angles 0 from the vertical): joints at 0 and (0, -1),
    // COMs at (0, -1) and (0, -1.7); exact up to the rounding of cos(-pi/2).
    const model = treeModel(
      [
        { type: 'RevoluteZ', parent: -1, mass: 1, com: [1, 0, 0] },
        { type: 'RevoluteZ', parent: 0, offset: [1, 0, 0], mass: 1, com: [0.7, 0, 0] },
      ],
      [-Math.PI / 2, 0],
      [0, 0],
    )
    const { system } = prepare(model, settings('RK44', 1, 10))
    const tree = collectGraphics(system).find((g) => g.item === 'object:0')!
    const close = (a: number[], b: number[]): boolean => a.every((v, i) => Math.abs(v - b[i]) < 1e-15)
    const rods = tree.primitives.filter((p) => p.shape === 'cylinder')
    const spheres = tree.primitives.filter((p) => p.shape === 'sphere')
    // Joint 0 to joint 1, then the last link (no children) from its joint to its COM.
    expect(rods).toHaveLength(2)
    expect(
      rods[0].shape === 'cylinder' && close(rods[0].from, [0, 0, 0]) && close(rods[0].to, [0, -1, 0]),
    ).toBe(true)
    expect(
      rods[1].shape === 'cylinder' && close(rods[1].from, [0, -1, 0]) && close(rods[1].to, [0, -1.7, 0]),
    ).toBe(true)
    expect(spheres.map((p) => (p.shape === 'sphere' ? p.center : []))).toSatisfy(
      (c: number[][]) => close(c[0], [0, -1, 0]) && close(c[1], [0, -1.7, 0]),
    )
  })
})

describe('KinematicTree recursive algorithms on a random tree', () => {
  /**
   * 12 links, random parents, joint types, transformations, offsets, COMs, masses, inertias, angles;
   * balls: a chain of ball joints instead (three revolute joints at one point, the first two links
   * massless, zero offsets between them), as Exudyn models them; spherical: the random tree with every
   * third link on a native Spherical joint (middle angle within +-0.5 rad, away from gimbal lock).
   */
  type Kind = 'revolute and prismatic' | 'balls' | 'spherical'
  const KINDS: Kind[] = ['revolute and prismatic', 'balls', 'spherical']
  function randomTree(kind: Kind): TreeDynamics {
    const balls = kind === 'balls',
      spherical = kind === 'spherical'
    const rnd = seededRandom(balls ? 5 : spherical ? 9 : 7)
    const n = 12
    const rot = (ax: number, t: number): number[] => {
      const c = Math.cos(t),
        s = Math.sin(t),
        i = (ax + 1) % 3,
        j = (ax + 2) % 3
      const R = [1, 0, 0, 0, 1, 0, 0, 0, 1]
      R[3 * i + i] = c
      R[3 * i + j] = -s
      R[3 * j + i] = s
      R[3 * j + j] = c
      return R
    }
    const mul = (A: number[], B: number[]): number[] =>
      [0, 1, 2].flatMap((a) =>
        [0, 1, 2].map((b) => A[3 * a] * B[b] + A[3 * a + 1] * B[3 + b] + A[3 * a + 2] * B[6 + b]),
      )
    const inertias: number[] = []
    for (let i = 0; i < n; i++) {
      // R diag(d) R^T with positive d: symmetric positive definite.
      const R = mul(rot(0, 3 * rnd()), rot(2, 3 * rnd())),
        d = [0.2 + rnd(), 0.2 + rnd(), 0.2 + rnd()].map(Math.abs)
      inertias.push(
        ...[0, 1, 2].flatMap((a) =>
          [0, 1, 2].map(
            (b) =>
              R[3 * a] * d[0] * R[3 * b] +
              R[3 * a + 1] * d[1] * R[3 * b + 1] +
              R[3 * a + 2] * d[2] * R[3 * b + 2],
          ),
        ),
      )
    }
    const dyn = new TreeDynamics({
      parents: Int32Array.from({ length: n }, (_, i) =>
        i === 0 ? -1 : balls ? i - 1 : Math.floor((rnd() + 0.5) * i),
      ),
      axes: Uint8Array.from({ length: n }, (_, i) => i % 3),
      prismatic: Uint8Array.from({ length: n }, (_, i) =>
        !balls && i % 5 === 3 && !(spherical && i % 3 === 0) ? 1 : 0,
      ),
      spherical: Uint8Array.from({ length: n }, (_, i) => (spherical && i % 3 === 0 ? 1 : 0)),
      transformations: Float64Array.from(
        Array.from({ length: n }, () => mul(rot(1, 2 * rnd()), rot(0, 2 * rnd()))).flat(),
      ),
      offsets: Float64Array.from({ length: 3 * n }, (_, k) =>
        balls && Math.floor(k / 3) % 3 !== 0 ? 0 : rnd(),
      ),
      masses: Float64Array.from({ length: n }, (_, i) => (balls && i % 3 !== 2 ? 0 : 0.5 + rnd())),
      coms: Float64Array.from({ length: 3 * n }, () => 0.5 * rnd()),
      inertias: Float64Array.from(inertias.map((v, k) => (balls && Math.floor(k / 9) % 3 !== 2 ? 0 : v))),
      baseOffset: Float64Array.of(0.1, 0.2, 0.3),
      gravity: Float64Array.of(0, 0, 0),
    })
    for (let c = 0; c < dyn.coordinates; c++) {
      dyn.theta[c] = 2 * rnd()
      dyn.thetaDot[c] = rnd()
    }
    for (let i = 0; i < n; i++) if (dyn.tree.spherical[i]) dyn.theta[dyn.first[i] + 1] = rnd()
    return dyn
  }

  for (const kind of KINDS)
    it(`CRBA mass matrix = inverse dynamics at unit accelerations; the ABA inverts it (${kind})`, () => {
      const dyn = randomTree(kind),
        n = dyn.coordinates
      dyn.positions()
      const M = new Float64Array(n * n)
      dyn.massMatrix(M)
      // RNEA with zero velocity and gravity: tau = M e_j, column by column (an independent algorithm).
      dyn.thetaDot.fill(0)
      const e = new Float64Array(n),
        tau = new Float64Array(n)
      let worst = 0,
        scale = 0
      for (let j = 0; j < n; j++) {
        e.fill(0)
        e[j] = 1
        dyn.motion(e, 0, null)
        dyn.inverseDynamics(null, null, tau, 0)
        for (let i = 0; i < n; i++) {
          worst = Math.max(worst, Math.abs(tau[i] - M[i * n + j]))
          scale = Math.max(scale, Math.abs(M[i * n + j]))
        }
      }
      // Both are a few hundred floating-point operations per entry on O(1) numbers: 1e-13 of the
      // largest entry is rounding (measured 1.7e-16); any wrong term in either algorithm is O(1).
      expect(worst).toBeLessThan(1e-13 * scale)
      // ABA: M x = b for a random b, checked by the residual M x - b.
      const rnd = seededRandom(11)
      const b = Float64Array.from({ length: n }, () => rnd()),
        x = new Float64Array(n)
      expect(dyn.solveMass(b, 0, x, 0)).toBe(-1)
      let residual = 0,
        bNorm = 0
      for (let i = 0; i < n; i++) {
        let s = -b[i]
        for (let j = 0; j < n; j++) s += M[i * n + j] * x[j]
        residual = Math.max(residual, Math.abs(s))
        bNorm = Math.max(bNorm, Math.abs(b[i]))
      }
      // Backward-stable O(n) elimination: residual ~ eps |M| |x| (measured 7.9e-16 of |b|); 1e-13.
      expect(residual).toBeLessThan(1e-13 * bNorm)
    })

  for (const kind of KINDS)
    it(`the kinetic energy summed over the links equals q'^T M q' / 2 (${kind})`, () => {
      const dyn = randomTree(kind),
        n = dyn.coordinates
      dyn.positions()
      const M = new Float64Array(n * n)
      dyn.massMatrix(M)
      let quadratic = 0
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) quadratic += 0.5 * dyn.thetaDot[i] * M[i * n + j] * dyn.thetaDot[j]
      dyn.motion(null, 0, null)
      // Two independent sums of O(1) terms (link velocities vs the CRBA matrix): rounding is ~1e-15
      // relative; a wrong COM shift or inertia axis changes the energy at O(1).
      expect(Math.abs(dyn.kineticEnergy() - quadratic)).toBeLessThan(1e-13 * quadratic)
    })

  for (const kind of KINDS)
    it(`three-sweep forward dynamics (ABA, bias forces) = RNEA then the zero-velocity ABA (${kind})`, () => {
      const dyn = randomTree(kind),
        n = dyn.coordinates,
        rnd = seededRandom(13)
      const random = (length: number): Float64Array => Float64Array.from({ length }, () => 2 * rnd() - 1)
      const tau = random(n),
        linkForces = random(3 * dyn.n),
        linkTorques = random(3 * dyn.n),
        baseAccel = Float64Array.of(0.3, GRAVITY, -0.2)
      // Two steps: h = RNEA(q, q', q'' = 0, base acceleration, link loads), then M x = tau - h.
      dyn.positions()
      dyn.motion(null, 0, baseAccel)
      const h = new Float64Array(n),
        b = new Float64Array(n),
        twoStep = new Float64Array(n),
        fused = new Float64Array(n)
      dyn.inverseDynamics(linkForces, linkTorques, h, 0)
      for (let i = 0; i < n; i++) b[i] = tau[i] - h[i]
      expect(dyn.solveMass(b, 0, twoStep, 0)).toBe(-1)
      expect(dyn.forwardDynamics(tau, 0, linkForces, linkTorques, baseAccel, fused, 0)).toBe(-1)
      let worst = 0,
        scale = 0
      for (let i = 0; i < n; i++) {
        worst = Math.max(worst, Math.abs(fused[i] - twoStep[i]))
        scale = Math.max(scale, Math.abs(twoStep[i]))
      }
      // The same equations summed in another order: both are backward-stable O(n) recursions, so
      // they differ by rounding, a few eps times the condition of M; 1e-13 of the largest acceleration
      // (measured 1.2e-16, ball joints 2.6e-15). A missing or wrong velocity, gravity or load term is O(1).
      expect(scale).toBeGreaterThan(0.1)
      expect(worst).toBeLessThan(1e-13 * scale)
    })
})

describe('KinematicTree Spherical joint', () => {
  const rnd = seededRandom(21)
  const vec = (scale: number): Vec3 => [scale * rnd(), scale * rnd(), scale * rnd()]
  /** A rotation from two random angles (about y, then x). */
  const randomRotation = (): Mat3 => {
    const a = 4 * rnd(),
      b = 4 * rnd(),
      ca = Math.cos(a),
      sa = Math.sin(a),
      cb = Math.cos(b),
      sb = Math.sin(b)
    return [
      [ca, sa * sb, sa * cb],
      [0, cb, -sb],
      [-sa, ca * sb, ca * cb],
    ]
  }
  /** Diagonal inertia turned by a random rotation: symmetric positive definite, not isotropic. */
  const randomInertia = (): Mat3 => {
    const R = randomRotation(),
      d = [0.1 + Math.abs(rnd()), 0.1 + Math.abs(rnd()), 0.1 + Math.abs(rnd())]
    return [0, 1, 2].map((a) =>
      [0, 1, 2].map((b) => R[a][0] * d[0] * R[b][0] + R[a][1] * d[1] * R[b][1] + R[a][2] * d[2] * R[b][2]),
    ) as Mat3
  }
  // 8 links on random parents; links 0, 2, 5, 7 Spherical, the others revolute or prismatic.
  const types = [
    'Spherical',
    'RevoluteY',
    'Spherical',
    'PrismaticZ',
    'RevoluteX',
    'Spherical',
    'RevoluteZ',
    'Spherical',
  ]
  const links: Link[] = types.map((type, i) => ({
    type,
    parent: i === 0 ? -1 : Math.floor((rnd() + 0.5) * i),
    offset: vec(1),
    T: randomRotation(),
    mass: 0.5 + Math.abs(rnd()),
    com: vec(0.6),
    inertia: randomInertia(),
  }))
  const coordinates = types.reduce((sum, t) => sum + (t === 'Spherical' ? 3 : 1), 0)
  // Middle angles of the ball joints within +-0.5 rad at the start (gimbal lock at +-pi/2).
  const reference = Array.from({ length: coordinates }, () => rnd())
  const initial = Array.from({ length: coordinates }, () => 0.5 * rnd())
  const velocities = Array.from({ length: coordinates }, () => 2 * rnd())
  const loads = {
    linkForces: links.map(() => vec(2)),
    linkTorques: links.map(() => vec(1)),
    jointForceVector: Array.from({ length: coordinates }, () => rnd()),
  }

  /**
   * The same tree as Exudyn builds a ball joint: RevoluteX at the joint (offset and transformation),
   * then massless RevoluteY and a RevoluteZ carrying the link at the same point. The coordinates keep
   * their order (x, y, z of a ball joint are three consecutive links); link loads go to the Z link.
   */
  function asRevolutes(): { links: Link[]; linkForces: Vec3[]; linkTorques: Vec3[] } {
    const out: Link[] = [],
      index: number[] = [],
      linkForces: Vec3[] = [],
      linkTorques: Vec3[] = []
    links.forEach((l, i) => {
      const parent = l.parent < 0 ? -1 : index[l.parent]
      if (l.type === 'Spherical') {
        out.push(
          { type: 'RevoluteX', parent, offset: l.offset, T: l.T },
          { type: 'RevoluteY', parent: out.length },
          { ...l, type: 'RevoluteZ', parent: out.length + 1, offset: [0, 0, 0], T: I3 },
        )
        linkForces.push([0, 0, 0], [0, 0, 0])
        linkTorques.push([0, 0, 0], [0, 0, 0])
      } else out.push({ ...l, parent })
      index[i] = out.length - 1
      linkForces.push(loads.linkForces[i])
      linkTorques.push(loads.linkTorques[i])
    })
    return { links: out, linkForces, linkTorques }
  }

  const withVelocities = (model: Json): Json => {
    ;(model.nodes as Json[])[0].initialCoordinates_t = velocities
    return model
  }
  const native = withVelocities(treeModel(links, reference, initial, loads))
  const expanded = asRevolutes()
  const revolutes = withVelocities(
    treeModel(expanded.links, reference, initial, {
      ...loads,
      linkForces: expanded.linkForces,
      linkTorques: expanded.linkTorques,
    }),
  )

  for (const [solverType, steps] of [
    ['RK44', 200],
    ['GeneralizedAlpha', 100],
  ] as const)
    it(`equals 3 revolute joints with massless links (${solverType}, loaded 3D tree, ${steps} steps)`, () => {
      const a = run(native, settings(solverType, steps * 1e-3, steps)).system.state,
        b = run(revolutes, settings(solverType, steps * 1e-3, steps)).system.state
      let worst = 0,
        scale = 0
      for (let c = 0; c < coordinates; c++) {
        worst = Math.max(worst, Math.abs(a.q[c] - b.q[c]), 1e-3 * Math.abs(a.v[c] - b.v[c]))
        scale = Math.max(scale, Math.abs(a.q[c] - initial[c]))
      }
      // Same equations: the ball joint's Schur complement against three rank-one downdates (RK44), the
      // same CRBA/RNEA sums in another order (GA) differ by rounding only: measured 2.8e-17 (RK44) and
      // 4.2e-17 rad (GA) for motions of 0.34 and 0.13 rad. 1e-12 rad (velocities weighted by h) leaves
      // room for GA's Newton ending one iteration apart through rounding; a wrong S, S^-1 or
      // velocity-product term S' q' changes the motion at 1e-3 rad or more.
      expect(scale).toBeGreaterThan(0.05)
      expect(worst).toBeLessThan(1e-12)
    })

  describe('spherical pendulum (non-isotropic body, gravity -y)', () => {
    const m = 1.5,
      c: Vec3 = [0.8, 0.1, -0.05],
      J: Mat3 = [
        [0.02, 0.003, 0],
        [0.003, 0.05, 0.001],
        [0, 0.001, 0.04],
      ]
    const model = treeModel(
      [{ type: 'Spherical', parent: -1, mass: m, com: c, inertia: J }],
      [0, 0, 0],
      [0.3, 0.2, -0.8],
    )
    ;(model.nodes as Json[])[0].initialCoordinates_t = [1.5, 0.3, -0.7]
    /** Energy and the angular momentum about the vertical through the pivot, from the link's motion. */
    function invariants(system: ReturnType<typeof run>['system']): [number, number] {
      const body = system.objects[0].computation as KinematicTreeBody,
        d = body.dynamics
      body.updatePositions(system.state)
      d.motion(null, 0, null)
      const R = d.R,
        w = d.omega,
        cw = d.comWorld
      const Jw = [0, 1, 2].map((a) =>
        [0, 1, 2].map((b) =>
          [0, 1, 2].reduce(
            (sum, k) => sum + [0, 1, 2].reduce((t, l) => t + R[3 * a + k] * J[k][l] * R[3 * b + l], 0),
            0,
          ),
        ),
      )
      const vc = [w[1] * cw[2] - w[2] * cw[1], w[2] * cw[0] - w[0] * cw[2], w[0] * cw[1] - w[1] * cw[0]]
      // L_y = (J_w w)_y + m (c x v_c)_y about the pivot (the origin).
      const Ly = Jw[1][0] * w[0] + Jw[1][1] * w[1] + Jw[1][2] * w[2] + m * (cw[2] * vc[0] - cw[0] * vc[2])
      const kinetic =
        0.5 * m * (vc[0] ** 2 + vc[1] ** 2 + vc[2] ** 2) +
        0.5 *
          [0, 1, 2].reduce((sum, a) => sum + w[a] * (Jw[a][0] * w[0] + Jw[a][1] * w[1] + Jw[a][2] * w[2]), 0)
      return [kinetic + m * GRAVITY * cw[1], Ly]
    }

    it('RK44 conserves energy and the vertical angular momentum over 2 s', () => {
      const start = prepare(model, settings('RK44', 2, 2000)).system
      const [E0, L0] = invariants(start)
      const { system } = run(model, settings('RK44', 2, 2000))
      const [E, L] = invariants(system)
      const scaleE = m * GRAVITY * Math.hypot(...c),
        scaleL = Math.abs(L0) + 0.1
      // The item's KineticEnergy output is the kinetic part computed here by another route: rounding only.
      const out = new Float64Array(1)
      system.objects[0].computation.output!('KineticEnergy', system.state, out)
      expect(
        Math.abs(
          out[0] +
            m * GRAVITY * (system.objects[0].computation as KinematicTreeBody).dynamics.comWorld[1] -
            E,
        ),
      ).toBeLessThan(1e-13 * scaleE)
      // RK44 at h = 1 ms, angular rates ~2-5 rad/s (omega h < 5e-3): the drift of either invariant is
      // ~(omega h)^4 omega t ~ 1e-8 at most, measured 3.1e-12 (E) and 8.7e-12 (L) relative. 1e-9 fails
      // for any wrong velocity-product (gyroscopic, Coriolis) or gravity term, which change them at 1e-2.
      expect(Math.abs(E - E0)).toBeLessThan(1e-9 * scaleE)
      expect(Math.abs(L - L0)).toBeLessThan(1e-9 * scaleL)
    })
  })

  it("the ABA names a ball joint's first coordinate at gimbal lock (middle angle pi/2) or no inertia", () => {
    const ball = (y: number, mass: number): TreeDynamics => {
      const d = new TreeDynamics({
        parents: Int32Array.of(-1, 0),
        axes: Uint8Array.of(2, 0),
        prismatic: Uint8Array.of(0, 0),
        spherical: Uint8Array.of(0, 1),
        transformations: Float64Array.from([...I3.flat(), ...I3.flat()]),
        offsets: Float64Array.of(0, 0, 0, 1, 0, 0),
        masses: Float64Array.of(1, mass),
        coms: Float64Array.of(0.5, 0, 0, 0.5, 0, 0),
        inertias: Float64Array.from([...I3.flat(), ...(mass > 0 ? I3.flat() : Z3.flat())]),
        baseOffset: new Float64Array(3),
        gravity: new Float64Array(3),
      })
      d.theta[2] = y
      d.positions()
      return d
    }
    const b = Float64Array.of(1, 1, 1, 1),
      x = new Float64Array(4)
    expect(ball(0.3, 1).solveMass(b, 0, x, 0)).toBe(-1)
    expect(ball(Math.PI / 2, 1).solveMass(b, 0, x, 0)).toBe(1)
    expect(ball(0.3, 0).solveMass(b, 0, x, 0)).toBe(1)
  })
})

// Joint PD control (Exudyn's jointPControlVector, jointDControlVector and offsets): f_PD = P (u_o -
// theta) + D (v_o - theta') on the right-hand side, theta the joint value (the node's reference
// included, as Exudyn 1.11 does: checked against its peer build). One link about z without gravity,
// J = J_zz + m c^2 about the joint, is the linear oscillator J theta'' + D theta' + P theta = P u_o +
// D v_o: exact solution theta = s + e^(-zeta w t) (a cos w_d t + (zeta w a / w_d) sin w_d t), s = u_o
// + D v_o / P, a = theta0 - s. Without D, T + V (V with the control's 1/2 P (theta - u_o)^2) stays.
describe('KinematicTree joint PD control', () => {
  const m = 2,
    c = 0.5,
    Jzz = 0.1,
    P = 30,
    D = 1.2,
    uo = 0.3,
    vo = 0.1,
    reference = 0.2
  const J = Jzz + m * c * c
  const link: Link = {
    type: 'RevoluteZ',
    parent: -1,
    mass: m,
    com: [c, 0, 0],
    inertia: [
      [0.01, 0, 0],
      [0, 0.1, 0],
      [0, 0, Jzz],
    ],
  }
  const controlled = (gainD: number, sensors: Json[] = []): Json => {
    const model = treeModel([link], [reference], [0], {}, [
      { type: 'Object', name: 'theta', objectNumber: 'tree', outputVariableType: 'Coordinates' },
      ...sensors,
    ])
    Object.assign((model.objects as Json[])[0], {
      gravity: [0, 0, 0],
      jointPControlVector: [P],
      jointDControlVector: [gainD],
      jointPositionOffsetVector: [uo],
      jointVelocityOffsetVector: [vo],
    })
    return model
  }
  const exact = (t: number): number => {
    const w = Math.sqrt(P / J),
      zeta = D / (2 * Math.sqrt(P * J)),
      wd = w * Math.sqrt(1 - zeta * zeta)
    const steady = uo + (D * vo) / P,
      a = reference - steady
    return (
      steady + Math.exp(-zeta * w * t) * (a * Math.cos(wd * t) + ((zeta * w * a) / wd) * Math.sin(wd * t))
    )
  }
  // w h = 7.1e-3 at h = 1 ms: RK44 (fourth order) measured 5.7e-12 rad over 2 s, generalized-alpha
  // (spectral radius 0.9, second order) 1.15e-6 rad; bounds x3.5 and x4.
  for (const [solverType, bound] of [
    ['RK44', 2e-11],
    ['GeneralizedAlpha', 5e-6],
  ] as const)
    it(`${solverType}: the damped oscillation about u_o + D v_o / P`, () => {
      const { recorder } = run(controlled(D), settings(solverType, 2, 2000, 0.01))
      const theta = sensorSeries(recorder, 'theta')
      expect(theta.t.length).toBe(201)
      for (let k = 0; k < theta.t.length; k++)
        expect(Math.abs(theta.values[k][0] - exact(theta.t[k]))).toBeLessThan(bound)
    })

  // forceUserFunction (Exudyn's, in t, q = theta and q_t = theta') holding the same law: the same
  // exact solution and bounds.
  const userLaw = `${P}*(${uo} - q0) + ${D}*(${vo} - q_t0)`
  for (const [solverType, bound] of [
    ['RK44', 2e-11],
    ['GeneralizedAlpha', 5e-6],
  ] as const)
    it(`${solverType}: the same law as forceUserFunction, against the exact solution`, () => {
      const model = treeModel(
        [link],
        [reference],
        [0],
        { gravity: [0, 0, 0], forceUserFunction: [userLaw] },
        [{ type: 'Object', name: 'theta', objectNumber: 'tree', outputVariableType: 'Coordinates' }],
      )
      const theta = sensorSeries(run(model, settings(solverType, 2, 2000, 0.01)).recorder, 'theta')
      expect(theta.t.length).toBe(201)
      for (let k = 0; k < theta.t.length; k++)
        expect(Math.abs(theta.values[k][0] - exact(theta.t[k]))).toBeLessThan(bound)
    })

  it('forceUserFunction on both joints of a double pendulum equals the built-in control', () => {
    // Gravity on, two links: the user functions index q0, q1, q_t0, q_t1 as the control does.
    const links: Link[] = [
      { ...link, type: 'RevoluteZ' },
      { ...link, parent: 0, offset: [1, 0, 0] },
    ]
    const gains = { P: [30, 12], D: [1.2, 0.4], u: [0.3, -0.2], v: [0.1, 0] }
    const sensors = [
      { type: 'Object', name: 'theta', objectNumber: 'tree', outputVariableType: 'Coordinates' },
    ]
    const builtIn = treeModel(
      links,
      [reference, 0.1],
      [0, 0.2],
      {
        jointPControlVector: gains.P,
        jointDControlVector: gains.D,
        jointPositionOffsetVector: gains.u,
        jointVelocityOffsetVector: gains.v,
      },
      sensors,
    )
    const laws = [0, 1].map(
      (i) => `${gains.P[i]}*(${gains.u[i]} - q${i}) + ${gains.D[i]}*(${gains.v[i]} - q_t${i})`,
    )
    const user = treeModel(links, [reference, 0.1], [0, 0.2], { forceUserFunction: laws }, sensors)
    for (const solverType of ['RK44', 'GeneralizedAlpha']) {
      const a = sensorSeries(run(builtIn, settings(solverType, 1, 1000, 0.01)).recorder, 'theta').values
      const b = sensorSeries(run(user, settings(solverType, 1, 1000, 0.01)).recorder, 'theta').values
      expect(b.length).toBe(101)
      // The same equations summed in another order: round-off of joint values near 1.
      for (let k = 0; k < a.length; k++)
        for (const c of [0, 1]) expect(Math.abs(b[k][c] - a[k][c])).toBeLessThan(1e-12)
    }
  })

  it('without D the control is a spring: T + V conserved, V including 1/2 P (theta - u_o)^2', () => {
    const energy = ['KineticEnergy', 'PotentialEnergy', 'TotalEnergy'].map((v) => ({
      type: 'System',
      name: v,
      outputVariableType: v,
    }))
    const { recorder } = run(controlled(0, energy), settings('RK44', 2, 2000, 0.01))
    const V = sensorSeries(recorder, 'PotentialEnergy').values.map((r) => r[0])
    const E = sensorSeries(recorder, 'TotalEnergy').values.map((r) => r[0])
    // At rest at theta0 = the reference: V = 1/2 P (theta0 - u_o)^2 exactly.
    expect(Math.abs(V[0] - 0.5 * P * (reference - uo) ** 2)).toBeLessThan(1e-15)
    // RK44 at w h = 7.1e-3: measured 3.5e-12 of E(0) = 0.15 J over 2 s; bound x3.
    for (const e of E) expect(Math.abs(e - E[0])).toBeLessThan(1e-11 * E[0])
  })
})

describe('KinematicTree checkpoint restart and input checks', () => {
  for (const solverType of ['RK44', 'GeneralizedAlpha'])
    it(`${solverType}: a 3-sphere chain continued from a checkpoint repeats the run bit for bit`, () => {
      const m = sphereChainTree(3, 1e-3, 0.2, solverType)
      const s = { ...m.settings, solutionSettings: { sensorsWritePeriod: 0.01 } }
      splitRunMatches(m.model, s)
    })

  const problems = (change: (tree: Json, model: Json) => void): string => {
    const model = treeModel(
      [
        { type: 'RevoluteZ', parent: -1, mass: 1, com: [1, 0, 0] },
        { type: 'RevoluteZ', parent: 0, mass: 1, com: [1, 0, 0] },
      ],
      [0, 0],
      [0, 0],
    )
    change((model.objects as Json[])[0], model)
    try {
      makeProject(model, settings('RK44', 1, 10))
    } catch (e) {
      return (e as Error).message
    }
    return ''
  }
  it('rejects bad parents, list lengths, joint types, rotations, inertias, node and force sizes', () => {
    expect(problems((t) => (t.linkParents = [-1, 1]))).toMatch(
      /linkParents.*link 1: expected -1 \(base\) or the index of an earlier link \(0\.\.0\), got 1/,
    )
    expect(problems((t) => (t.linkMasses = [1]))).toMatch(
      /linkMasses.*expected 2 entries \(one per link, as jointTypes\), got 1/,
    )
    expect(problems((t) => (t.jointTypes = ['RevoluteZ', 'Ball']))).toMatch(
      /jointTypes.*link 1: expected one of RevoluteX, .*Spherical, got "Ball"/,
    )
    expect(
      problems(
        (t) =>
          (t.jointOffsets = [
            [0, 0],
            [0, 0, 0],
          ]),
      ),
    ).toMatch(/jointOffsets.*entry 0/)
    expect(problems((t) => (t.linkForces = [[0, 0, 1]]))).toMatch(/linkForces.*or \[\] for none, got 1/)
    expect(
      problems(
        (t) =>
          (t.jointTransformations = [
            [
              [2, 0, 0],
              [0, 1, 0],
              [0, 0, 1],
            ],
            I3,
          ]),
      ),
    ).toMatch(/jointTransformations.*link 0: expected a rotation matrix \(orthonormal\)/)
    expect(problems((_t, m) => ((m.nodes as Json[])[0].numberOfODE2Coordinates = 3))).toMatch(
      /nodeNumber.*node "q" has 3 coordinates; expected 2, one per link/,
    )
    expect(
      problems(
        (t) =>
          (t.linkInertiasCOM = [
            Z3,
            [
              [1, 0.5, 0],
              [0, 1, 0],
              [0, 0, 1],
            ],
          ]),
      ),
    ).toMatch(/linkInertiasCOM.*link 1: expected a symmetric inertia tensor/)
    // A Spherical link has three coordinates: the node and jointForceVector count coordinates, not links.
    expect(problems((t) => (t.jointTypes = ['RevoluteZ', 'Spherical']))).toMatch(
      new RegExp(
        /nodeNumber.*node "q" has 2 coordinates; /.source +
          /expected 4, one per link \(jointTypes\) and three per Spherical link/.source,
      ),
    )
    expect(problems((t) => (t.jointPControlVector = [1]))).toMatch(
      /jointPControlVector.*expected 2 entries \(one per coordinate: .*\) or \[\] for none, got 1/,
    )
    expect(problems((t) => (t.forceUserFunction = ['-q0']))).toMatch(
      /forceUserFunction.*expected 2 expressions \(one per coordinate\) or "" for none, got 1/,
    )
    expect(problems((t) => (t.forceUserFunction = ['-q0', '-q2']))).toMatch(
      /forceUserFunction.*coordinate 1: unknown name 'q2'/,
    )
    expect(problems((t) => (t.jointForceVector = [1, 2, 3]))).toMatch(
      new RegExp(
        /jointForceVector.*expected 2 entries /.source +
          /\(one per coordinate: 1 per link, 3 per Spherical link\) or \[\] for none, got 3/.source,
      ),
    )
  })
})
