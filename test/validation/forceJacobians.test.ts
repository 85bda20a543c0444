// Analytic Jacobians of f_lhs (computeODE2LHSJacobian: K = d f_lhs/dq, D = d f_lhs/dq') against
// central differences of computeODE2LHS along random directions, in random states.
//
// Tolerance 1e-7 relative to the largest entry: central differences with step 1e-5 have truncation
// error ~1e-10 (f_lhs is a smooth polynomial or rational function with O(1) third derivatives here)
// and roundoff ~1e-16 / 1e-5 = 1e-11, so a difference above 1e-7 is a wrong Jacobian, not noise.
// The Euler-parameter body's Jacobian is exact for its formulas also off |ep| = 1, so all
// directions are compared (no tangent projection). The springs are checked between point masses,
// where their Jacobian is exact (on rigid-body markers it leaves out the turning of the marker
// Jacobians, an approximation for Newton only).
import { describe, expect, it } from 'vitest'
import { buildSystem } from '../../src/core/simulation'
import type { CompiledSystem, ObjectComputation } from '../../src/core'
import { makeProject, seededRandom, type Json } from './helpers'

const REL_TOL = 1e-7
const EPS = 1e-5

function system(model: Json): CompiledSystem {
  return buildSystem(makeProject(model, { solverType: 'GeneralizedAlpha' }))
}

/** Compares factorK K + factorD D with central differences of f_lhs along q (K) and q' (D). */
function checkForceJacobian(sys: CompiledSystem, o: ObjectComputation, seed: number): void {
  const s = sys.state,
    rnd = seededRandom(seed)
  for (let i = 0; i < s.q.length; i++) {
    s.q[i] = 0.5 * rnd()
    s.v[i] = 2 * rnd()
  }
  const ltg = o.ltgODE2,
    n = ltg.length
  for (const [factorK, factorD] of [
    [1, 0],
    [0, 1],
  ]) {
    const Jac = new Float64Array(n * n)
    o.computeODE2LHSJacobian!(s, factorK, factorD, Jac)
    let scale = 0
    for (const x of Jac) scale = Math.max(scale, Math.abs(x))
    expect(scale).toBeGreaterThan(0)
    const x = factorK === 1 ? s.q : s.v
    for (let trial = 0; trial < 6; trial++) {
      const d = Array.from({ length: n }, () => rnd())
      const x0 = Float64Array.from(x)
      const fp = new Float64Array(n),
        fm = new Float64Array(n)
      for (let j = 0; j < n; j++) x[ltg[j]] = x0[ltg[j]] + EPS * d[j]
      o.computeODE2LHS!(s, fp)
      for (let j = 0; j < n; j++) x[ltg[j]] = x0[ltg[j]] - EPS * d[j]
      o.computeODE2LHS!(s, fm)
      x.set(x0)
      for (let i = 0; i < n; i++) {
        let jd = 0
        for (let j = 0; j < n; j++) jd += Jac[i * n + j] * d[j]
        expect(Math.abs(jd - (fp[i] - fm[i]) / (2 * EPS))).toBeLessThan(REL_TOL * scale)
      }
    }
  }
}

const rigidBody = (node: Json, body: Json): Json => ({
  nodes: [node],
  objects: [{ type: 'RigidBody', name: 'b', nodeNumber: 'n', physicsMass: 3, ...body }],
  markers: [],
  loads: [],
  sensors: [],
})

describe('analytic f_lhs Jacobians match central differences', () => {
  it('RigidBody on Euler parameters, general inertia, centre of mass at the node', () => {
    const sys = system(
      rigidBody(
        { type: 'RigidBodyEP', name: 'n', referenceCoordinates: [0, 0, 0, 1, 0, 0, 0] },
        { physicsInertia: [1, 2, 2.5, 0.1, -0.2, 0.3] },
      ),
    )
    const body = sys.objects[0].computation
    expect(body.computeODE2LHSJacobian).toBeDefined()
    checkForceJacobian(sys, body, 17)
    checkForceJacobian(sys, body, 4711)
  })
  it('RigidBody on Euler parameters with a centre-of-mass offset', () => {
    const sys = system(
      rigidBody(
        { type: 'RigidBodyEP', name: 'n', referenceCoordinates: [0.2, 0, 0, 1, 0, 0, 0] },
        { physicsInertia: [1, 2, 2.5, 0, 0, 0], physicsCenterOfMass: [0.3, -0.1, 0.2] },
      ),
    )
    checkForceJacobian(sys, sys.objects[0].computation, 99)
  })
  const springModel = (connector: Json): Json => ({
    nodes: [
      { type: 'Point', name: 'n0', referenceCoordinates: [0, 0, 0] },
      { type: 'Point', name: 'n1', referenceCoordinates: [1.2, 0.3, -0.4] },
    ],
    objects: [
      { type: 'MassPoint', name: 'm0', nodeNumber: 'n0', physicsMass: 1 },
      { type: 'MassPoint', name: 'm1', nodeNumber: 'n1', physicsMass: 2 },
      { name: 's', markerNumbers: ['p0', 'p1'], ...connector },
    ],
    markers: [
      { type: 'NodePosition', name: 'p0', nodeNumber: 'n0' },
      { type: 'NodePosition', name: 'p1', nodeNumber: 'n1' },
    ],
    loads: [],
    sensors: [],
  })
  it('ConnectorSpringDamper between point masses (stiffness, damping, force, velocity offset)', () => {
    const sys = system(
      springModel({
        type: 'ConnectorSpringDamper',
        stiffness: 300,
        damping: 7,
        referenceLength: 0.8,
        force: 2,
        velocityOffset: 0.3,
      }),
    )
    checkForceJacobian(sys, sys.objects[2].computation, 5)
    checkForceJacobian(sys, sys.objects[2].computation, 77)
  })
  it('ConnectorCartesianSpringDamper between point masses', () => {
    const sys = system(
      springModel({
        type: 'ConnectorCartesianSpringDamper',
        stiffness: [100, 200, 300],
        damping: [1, 2, 3],
        offset: [0.1, 0, -0.2],
      }),
    )
    checkForceJacobian(sys, sys.objects[2].computation, 5)
  })
})
