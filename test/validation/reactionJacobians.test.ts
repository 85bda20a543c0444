// Geometric stiffness of constraint reactions (addReactionJacobian: d(C_q^T lambda)/dq at fixed lambda)
// against central differences of C_q^T lambda (computeAEJacobian) along random directions, in random
// states with random multipliers, for every joint kind on every rigid-node parametrization.
//
// Tolerance 1e-7 relative to the largest entry: C_q^T lambda is a polynomial (Euler parameters) or
// trigonometric (Tait-Bryan, planar) function of q with O(1) third derivatives in these states, so
// central differences with step 1e-5 have truncation error ~1e-10 and round-off ~1e-16 / 1e-5 =
// 1e-11; a difference above 1e-7 is a wrong derivative, not noise. The Euler parameters are random
// (|ep| != 1): the Jacobian is exact for the formulas as computed, so no tangent projection is needed.
import { describe, expect, it } from 'vitest'
import { buildSystem } from '../../src/core/simulation'
import type { CompiledSystem, ObjectComputation } from '../../src/core'
import { makeProject, seededRandom, type Json } from './helpers'

const REL_TOL = 1e-7
const EPS = 1e-5

/** C_q^T lambda of one object on its local coordinates. */
function reactions(o: ObjectComputation, sys: CompiledSystem, out: Float64Array): void {
  const n = o.ltgODE2.length,
    C = new Float64Array(o.nAE * n)
  o.computeAEJacobian!(sys.state, C, false)
  out.fill(0)
  for (let k = 0; k < o.nAE; k++)
    for (let j = 0; j < n; j++) out[j] += C[k * n + j] * sys.state.lambda[o.aeIndex + k]
}

function checkReactionJacobian(sys: CompiledSystem, o: ObjectComputation, seed: number): void {
  const s = sys.state,
    rnd = seededRandom(seed)
  for (let i = 0; i < s.q.length; i++) s.q[i] = 0.5 * rnd()
  for (let i = 0; i < s.lambda.length; i++) s.lambda[i] = 10 * rnd()
  const ltg = o.ltgODE2,
    n = ltg.length
  const H = new Float64Array(n * n)
  o.addReactionJacobian!(s, 1, H)
  let scale = 0
  for (const x of H) scale = Math.max(scale, Math.abs(x))
  expect(scale).toBeGreaterThan(0)
  const fp = new Float64Array(n),
    fm = new Float64Array(n)
  for (let trial = 0; trial < 6; trial++) {
    const d = Array.from({ length: n }, () => rnd())
    const q0 = Float64Array.from(s.q)
    for (let j = 0; j < n; j++) s.q[ltg[j]] = q0[ltg[j]] + EPS * d[j]
    reactions(o, sys, fp)
    for (let j = 0; j < n; j++) s.q[ltg[j]] = q0[ltg[j]] - EPS * d[j]
    reactions(o, sys, fm)
    s.q.set(q0)
    for (let i = 0; i < n; i++) {
      let hd = 0
      for (let j = 0; j < n; j++) hd += H[i * n + j] * d[j]
      expect(Math.abs(hd - (fp[i] - fm[i]) / (2 * EPS))).toBeLessThan(REL_TOL * scale)
    }
  }
}

const ROT0 = [
  [0.36, 0.48, -0.8],
  [-0.8, 0.6, 0],
  [0.48, 0.64, 0.6],
]
const ROT1 = [
  [0.6, 0, 0.8],
  [0, 1, 0],
  [-0.8, 0, 0.6],
]

/** Two bodies on the given node type (or a body and ground) and one joint between markers off the nodes. */
function jointModel(
  nodeType: 'RigidBodyEP' | 'RigidBodyRxyz' | 'RigidBody2D',
  joint: Json,
  toGround = false,
): Json {
  const node = (name: string, x: number): Json =>
    nodeType === 'RigidBodyEP'
      ? { type: nodeType, name, referenceCoordinates: [x, 0.1, -0.2, 1, 0, 0, 0] }
      : nodeType === 'RigidBodyRxyz'
        ? { type: nodeType, name, referenceCoordinates: [x, 0.1, -0.2, 0.1, -0.2, 0.3] }
        : { type: nodeType, name, referenceCoordinates: [x, 0.1, 0.2] }
  const body = (name: string, nodeNumber: string): Json =>
    nodeType === 'RigidBody2D'
      ? { type: 'RigidBody2D', name, nodeNumber, physicsMass: 2, physicsInertia: 0.3 }
      : { type: 'RigidBody', name, nodeNumber, physicsMass: 2, physicsInertia: [1, 2, 2.5, 0, 0, 0] }
  const second = toGround ? { type: 'Ground', name: 'b1', referencePosition: [1, 0, 0] } : body('b1', 'n1')
  return {
    nodes: toGround ? [node('n0', 0)] : [node('n0', 0), node('n1', 1)],
    objects: [body('b0', 'n0'), second, { name: 'joint', markerNumbers: ['m0', 'm1'], ...joint }],
    markers: [
      { type: 'BodyRigid', name: 'm0', bodyNumber: 'b0', localPosition: [0.5, -0.2, 0.1] },
      { type: 'BodyRigid', name: 'm1', bodyNumber: 'b1', localPosition: [-0.4, 0.3, 0.2] },
    ],
    loads: [],
    sensors: [],
  }
}

function jointOf(model: Json): { sys: CompiledSystem; joint: ObjectComputation } {
  const sys = buildSystem(makeProject(model, { solverType: 'GeneralizedAlpha' }))
  const joint = sys.objects.find((o) => o.item.name === 'joint')!.computation
  expect(joint.addReactionJacobian).toBeDefined()
  return { sys, joint }
}

describe('reaction Jacobians d(C_q^T lambda)/dq match central differences', () => {
  const rotated = { rotationMarker0: ROT0, rotationMarker1: ROT1 }
  for (const nodeType of ['RigidBodyEP', 'RigidBodyRxyz'] as const) {
    it(`JointRevoluteZ, JointPrismaticX and JointGeneric on ${nodeType} (rotated joint frames)`, () => {
      for (const joint of [
        { type: 'JointRevoluteZ', ...rotated },
        { type: 'JointPrismaticX', ...rotated },
        { type: 'JointGeneric', constrainedAxes: [0, 1, 0, 1, 0, 1], ...rotated },
        { type: 'JointGeneric', constrainedAxes: [1, 1, 1, 1, 1, 1], ...rotated },
      ]) {
        const { sys, joint: j } = jointOf(jointModel(nodeType, joint))
        checkReactionJacobian(sys, j, 11)
        checkReactionJacobian(sys, j, 2027)
      }
    })
    it(`JointSpherical on ${nodeType}, between bodies and to ground`, () => {
      for (const toGround of [false, true]) {
        const { sys, joint } = jointOf(jointModel(nodeType, { type: 'JointSpherical' }, toGround))
        checkReactionJacobian(sys, joint, 5)
      }
    })
  }
  it('JointRevolute2D and JointPrismatic2D on RigidBody2D', () => {
    for (const joint of [
      { type: 'JointRevolute2D' },
      { type: 'JointPrismatic2D', axisMarker0: [0.6, 0.8, 0], normalMarker1: [0, 1, 0] },
    ]) {
      const { sys, joint: j } = jointOf(jointModel('RigidBody2D', joint))
      checkReactionJacobian(sys, j, 31)
    }
  })
  it('the Euler-parameter constraint of a RigidBody', () => {
    const { sys } = jointOf(jointModel('RigidBodyEP', { type: 'JointSpherical' }))
    checkReactionJacobian(sys, sys.objects[0].computation, 8)
  })
})
