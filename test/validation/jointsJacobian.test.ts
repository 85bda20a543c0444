// Every joint: g = 0 in a consistent configuration, and the analytic constraint Jacobian C_q and the
// index-2 equations match central differences of g in a random configuration.
//
// Tolerance 1e-7 relative: central differences with step 1e-5 have truncation error ~1e-10 (g is
// smooth, third derivatives O(1)) and roundoff ~1e-16 / 1e-5 = 1e-11, so anything above 1e-7 is a
// wrong Jacobian, not noise. Euler-parameter columns are compared along directions tangent to the
// unit sphere |ep| = 1 only: the constraint keeps ep there, and radial derivatives of the quadratic
// rotation-matrix formula are not what the (rotation-only) Jacobian describes.
import { describe, expect, it } from 'vitest'
import { buildSystem } from '../../src/core/simulation'
import type { CompiledSystem, ObjectComputation } from '../../src/core'
import { makeProject, seededRandom, type Json } from './helpers'

const REL_TOL = 1e-7

/** A deterministic pseudo-random sequence (reproducible configurations). */
const R_JOINT = [
  [0, -1, 0],
  [0.6, 0, 0.8],
  [-0.8, 0, 0.6],
] // an arbitrary rotation (det 1)

/**
 * Body a (EP node) at the origin and body b (Rxyz node) at [1, 0.4, 0.2]; their markers meet at [0.5, 0.2,
 * 0.1].
 */
function model3D(joints: Json[]): Json {
  return {
    nodes: [
      { type: 'RigidBodyEP', name: 'nA', referenceCoordinates: [0, 0, 0, 1, 0, 0, 0] },
      { type: 'RigidBodyRxyz', name: 'nB', referenceCoordinates: [1, 0.4, 0.2, 0, 0, 0] },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      {
        type: 'RigidBody',
        name: 'a',
        nodeNumber: 'nA',
        physicsMass: 1,
        physicsInertia: [1, 2, 2.5, 0, 0, 0],
      },
      {
        type: 'RigidBody',
        name: 'b',
        nodeNumber: 'nB',
        physicsMass: 2,
        physicsInertia: [1, 1, 1, 0, 0, 0],
        physicsCenterOfMass: [0.1, 0, 0],
      },
      ...joints,
    ],
    markers: [
      { type: 'BodyRigid', name: 'mA', bodyNumber: 'a', localPosition: [0.5, 0.2, 0.1] },
      { type: 'BodyRigid', name: 'mB', bodyNumber: 'b', localPosition: [-0.5, -0.2, -0.1] },
      { type: 'BodyRigid', name: 'mG', bodyNumber: 'ground', localPosition: [0.5, 0.2, 0.1] },
    ],
    loads: [],
    sensors: [],
  }
}

function model2D(joints: Json[]): Json {
  return {
    nodes: [
      { type: 'RigidBody2D', name: 'nA', referenceCoordinates: [0, 0, 0] },
      { type: 'RigidBody2D', name: 'nB', referenceCoordinates: [1, 0.4, 0] },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'RigidBody2D', name: 'a', nodeNumber: 'nA', physicsMass: 1, physicsInertia: 0.1 },
      { type: 'RigidBody2D', name: 'b', nodeNumber: 'nB', physicsMass: 1, physicsInertia: 0.1 },
      ...joints,
    ],
    markers: [
      { type: 'BodyRigid', name: 'mA', bodyNumber: 'a', localPosition: [0.5, 0.2, 0] },
      { type: 'BodyRigid', name: 'mB', bodyNumber: 'b', localPosition: [-0.5, -0.2, 0] },
    ],
    loads: [],
    sensors: [],
  }
}

const JOINTS_3D: [string, Json][] = [
  ['JointSpherical', { type: 'JointSpherical', markerNumbers: ['mA', 'mB'] }],
  [
    'JointSpherical [1,0,1]',
    { type: 'JointSpherical', markerNumbers: ['mA', 'mB'], constrainedAxes: [1, 0, 1] },
  ],
  [
    'JointRevoluteZ',
    {
      type: 'JointRevoluteZ',
      markerNumbers: ['mA', 'mB'],
      rotationMarker0: R_JOINT,
      rotationMarker1: R_JOINT,
    },
  ],
  [
    'JointPrismaticX',
    {
      type: 'JointPrismaticX',
      markerNumbers: ['mA', 'mB'],
      rotationMarker0: R_JOINT,
      rotationMarker1: R_JOINT,
    },
  ],
  [
    'JointGeneric all',
    { type: 'JointGeneric', markerNumbers: ['mA', 'mB'], rotationMarker0: R_JOINT, rotationMarker1: R_JOINT },
  ],
  [
    'JointGeneric revolute x',
    {
      type: 'JointGeneric',
      markerNumbers: ['mA', 'mB'],
      constrainedAxes: [1, 1, 1, 0, 1, 1],
      rotationMarker0: R_JOINT,
      rotationMarker1: R_JOINT,
    },
  ],
  [
    'JointGeneric universal',
    {
      type: 'JointGeneric',
      markerNumbers: ['mA', 'mB'],
      constrainedAxes: [1, 1, 1, 1, 0, 0],
      rotationMarker0: R_JOINT,
      rotationMarker1: R_JOINT,
    },
  ],
  [
    'JointGeneric planar',
    {
      type: 'JointGeneric',
      markerNumbers: ['mA', 'mB'],
      constrainedAxes: [0, 0, 1, 1, 1, 0],
      rotationMarker0: R_JOINT,
      rotationMarker1: R_JOINT,
    },
  ],
  [
    'JointRevoluteZ to ground',
    {
      type: 'JointRevoluteZ',
      markerNumbers: ['mG', 'mA'],
      rotationMarker0: R_JOINT,
      rotationMarker1: R_JOINT,
    },
  ],
]

const JOINTS_2D: [string, Json][] = [
  ['JointRevolute2D', { type: 'JointRevolute2D', markerNumbers: ['mA', 'mB'] }],
  [
    'JointPrismatic2D',
    {
      type: 'JointPrismatic2D',
      markerNumbers: ['mA', 'mB'],
      axisMarker0: [0.6, 0.8, 0],
      normalMarker1: [-0.8, 0.6, 0],
    },
  ],
  [
    'JointPrismatic2D free rotation',
    {
      type: 'JointPrismatic2D',
      markerNumbers: ['mA', 'mB'],
      axisMarker0: [1, 0, 0],
      normalMarker1: [0, 1, 0],
      constrainRotation: false,
    },
  ],
]

const SETTINGS = { solverType: 'GeneralizedAlpha' }

function jointOf(system: CompiledSystem): ObjectComputation {
  return system.objects[system.objects.length - 1].computation
}

/** Global index ranges of Euler parameters (to keep perturbations tangent to |ep| = 1). */
function eulerParameterBlocks(system: CompiledSystem): number[] {
  return system.nodes.filter((n) => n.item.type === 'RigidBodyEP').map((n) => n.computation.ode2Index + 3)
}

function checkJacobian(system: CompiledSystem, seed: number, o = jointOf(system), tangentOnly = true): void {
  const s = system.state
  const rnd = seededRandom(seed)
  const ep = eulerParameterBlocks(system)
  // Random configuration: displacements and rotations of order 0.5, unit Euler parameters.
  for (let i = 0; i < s.q.length; i++) s.q[i] = rnd()
  const tangent = (x: Float64Array): void => {
    for (const b of ep) {
      const p = [0, 1, 2, 3].map((k) => (k === 0 ? 1 : 0) + s.q[b + k])
      const d = [0, 1, 2, 3].map((k) => x[b + k])
      const dp = p.reduce((a, v, k) => a + v * d[k], 0) / p.reduce((a, v) => a + v * v, 0)
      for (let k = 0; k < 4; k++) x[b + k] = d[k] - dp * p[k]
    }
  }
  for (const b of ep) {
    const p = [0, 1, 2, 3].map((k) => (k === 0 ? 1 : 0) + s.q[b + k])
    const n = Math.hypot(...p)
    for (let k = 0; k < 4; k++) s.q[b + k] = p[k] / n - (k === 0 ? 1 : 0)
  }
  const n = o.ltgODE2.length,
    m = o.nAE
  const C = new Float64Array(m * n)
  o.computeAEJacobian!(s, C, false)
  const gp = new Float64Array(m),
    gm = new Float64Array(m),
    gv = new Float64Array(m)
  const eps = 1e-5
  let scale = 0
  for (const c of C) scale = Math.max(scale, Math.abs(c))
  for (let trial = 0; trial < 8; trial++) {
    const d = new Float64Array(s.q.length)
    for (let i = 0; i < d.length; i++) d[i] = rnd()
    if (tangentOnly) tangent(d)
    const q0 = Float64Array.from(s.q)
    for (let i = 0; i < d.length; i++) s.q[i] = q0[i] + eps * d[i]
    o.computeAE!(s, gp, false)
    for (let i = 0; i < d.length; i++) s.q[i] = q0[i] - eps * d[i]
    o.computeAE!(s, gm, false)
    s.q.set(q0)
    // Index-2 equations with q' = d must equal C_q d and the numerical derivative.
    s.v.set(d)
    o.computeAE!(s, gv, true)
    for (let k = 0; k < m; k++) {
      let cd = 0
      for (let j = 0; j < n; j++) cd += C[k * n + j] * d[o.ltgODE2[j]]
      const numeric = (gp[k] - gm[k]) / (2 * eps)
      expect(Math.abs(cd - numeric)).toBeLessThan(REL_TOL * scale)
      expect(Math.abs(gv[k] - numeric)).toBeLessThan(REL_TOL * scale)
    }
  }
}

function checkConsistent(system: CompiledSystem, o = jointOf(system)): void {
  const g = new Float64Array(o.nAE)
  o.computeAE!(system.state, g, false)
  // Reference configuration with exactly meeting markers: only roundoff (1e-15) remains.
  for (const v of g) expect(Math.abs(v)).toBeLessThan(1e-14)
}

/**
 * C_q asked for after g at the same q (Newton's matrix after the iteration's residual: the joint forms
 * its rows from what the residual's evaluation kept) is bit for bit C_q evaluated afresh.
 */
function checkRowsAfterResidual(model: Json, seed: number): void {
  const [a, b] = [0, 1].map(() => buildSystem(makeProject(model, SETTINGS)))
  const rnd = seededRandom(seed)
  const q = a.state.q.map(() => rnd())
  a.state.q.set(q)
  b.state.q.set(q)
  const o = jointOf(a)
  const after = new Float64Array(o.nAE * o.ltgODE2.length),
    fresh = new Float64Array(after.length)
  o.computeAE!(a.state, new Float64Array(o.nAE), false)
  o.computeAEJacobian!(a.state, after, false)
  jointOf(b).computeAEJacobian!(b.state, fresh, false)
  expect(after.some((v) => v !== 0)).toBe(true)
  expect([...after].map((v) => (Object.is(v, -0) ? '-0' : v))).toEqual(
    [...fresh].map((v) => (Object.is(v, -0) ? '-0' : v)),
  )
}

describe('joint constraint equations and Jacobians', () => {
  for (const [name, joint] of JOINTS_3D) {
    it(`${name}: g = 0 when assembled, C_q matches central differences`, () => {
      const system = buildSystem(makeProject(model3D([joint]), SETTINGS))
      checkConsistent(system)
      checkJacobian(system, 17)
      checkJacobian(system, 4711)
      checkRowsAfterResidual(model3D([joint]), 5)
    })
  }
  for (const [name, joint] of JOINTS_2D) {
    it(`${name}: g = 0 when assembled, C_q matches central differences`, () => {
      const system = buildSystem(makeProject(model2D([joint]), SETTINGS))
      checkConsistent(system)
      checkJacobian(system, 17)
      checkJacobian(system, 4711)
      checkRowsAfterResidual(model2D([joint]), 5)
    })
  }
  it('the number of equations follows the constrained axes', () => {
    const counts = JOINTS_3D.map(([, j]) => jointOf(buildSystem(makeProject(model3D([j]), SETTINGS))).nAE)
    expect(counts).toEqual([3, 2, 5, 5, 6, 5, 4, 3, 5])
  })
  it('the Euler parameter constraint of a RigidBody on a RigidBodyEP node: g and C_q', () => {
    const system = buildSystem(makeProject(model3D([]), SETTINGS))
    const body = system.objects[1].computation
    expect(body.nAE).toBe(1)
    expect(system.objects[2].computation.nAE).toBe(0)
    checkConsistent(system, body)
    // |ep| = 1 is this equation itself, so all directions (also radial) are compared.
    checkJacobian(system, 99, body, false)
  })
})
