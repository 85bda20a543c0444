// The sparse path (linearSolverType EigenSparse) against the dense path (EXUdense) on a 20-body chain
// of rigid bodies (Euler parameters) on spherical joints under gravity, generalized-alpha, 100 steps.
// Both solve the same Newton systems; only the round-off of the two factorizations differs, and
// Newton stops at relativeTolerance 1e-10 of the force scale, so positions agree to ~1e-10 relative
// (measured: 2e-13 m). Tolerance 1e-9 m on a chain 10 m long: round-off level, far below any
// modelling effect (a single missing or misplaced matrix entry changes the result by > 1e-4 m).
import { describe, expect, it } from 'vitest'
import { runProject } from '../../../../src/core'
import { makeProject } from '../../../validation/helpers'

function chain(n: number, linearSolverType: string): ReturnType<typeof makeProject> {
  const nodes = [],
    objects: Record<string, unknown>[] = [{ type: 'Ground', name: 'ground' }],
    markers: Record<string, unknown>[] = [
      { type: 'BodyPosition', name: 'pivot', bodyNumber: 'ground', localPosition: [0, 0, 0] },
    ],
    loads = []
  for (let k = 1; k <= n; k++) {
    nodes.push({
      type: 'RigidBodyEP',
      name: `n${k}`,
      referenceCoordinates: [0.5 * k - 0.25, 0, 0, 1, 0, 0, 0],
    })
    objects.push({
      type: 'RigidBody',
      name: `b${k}`,
      physicsMass: 1,
      physicsInertia: [0.004, 0.004, 0.004, 0, 0, 0],
      nodeNumber: `n${k}`,
    })
    markers.push(
      { type: 'BodyMass', name: `mass${k}`, bodyNumber: `b${k}` },
      { type: 'BodyPosition', name: `l${k}`, bodyNumber: `b${k}`, localPosition: [-0.25, 0, 0] },
      { type: 'BodyPosition', name: `r${k}`, bodyNumber: `b${k}`, localPosition: [0.25, 0, 0] },
    )
    loads.push({
      type: 'MassProportional',
      name: `g${k}`,
      markerNumber: `mass${k}`,
      loadVector: [0, -9.81, 0.5],
    })
    objects.push({
      type: 'JointSpherical',
      name: `j${k}`,
      markerNumbers: [k === 1 ? 'pivot' : `r${k - 1}`, `l${k}`],
    })
  }
  return makeProject(
    { nodes, objects, markers, loads, sensors: [] },
    {
      solverType: 'GeneralizedAlpha',
      linearSolverType,
      timeIntegration: { endTime: 0.1, numberOfSteps: 100, newton: { relativeTolerance: 1e-10 } },
    },
  )
}

describe('sparse versus dense linear solver', () => {
  it('a 20-body spherical-joint chain gives the same motion to round-off', () => {
    const dense = runProject(chain(20, 'EXUdense'))
    const sparse = runProject(chain(20, 'EigenSparse'))
    const q = dense.system.state.q,
      qs = sparse.system.state.q
    let diff = 0,
      motion = 0
    for (let i = 0; i < q.length; i++) {
      diff = Math.max(diff, Math.abs(q[i] - qs[i]))
      motion = Math.max(motion, Math.abs(q[i]))
    }
    // The chain really moved (the comparison is not between two resting states).
    expect(motion).toBeGreaterThan(0.01)
    expect(diff).toBeLessThan(1e-9)
    for (let k = 0; k < dense.system.state.lambda.length; k++)
      expect(Math.abs(dense.system.state.lambda[k] - sparse.system.state.lambda[k])).toBeLessThan(
        1e-6 * Math.max(1, Math.abs(dense.system.state.lambda[k])),
      )
  })

  it('auto picks dense for small systems and sparse for large ones', () => {
    const small = runProject(chain(2, 'auto'))
    const large = runProject(chain(20, 'auto'))
    const kind = (r: ReturnType<typeof runProject>): string =>
      (r.solver as unknown as { matrix: object }).matrix.constructor.name
    expect(kind(small)).toBe('DenseSystemMatrix')
    expect(kind(large)).toBe('SparseSystemMatrix')
  })

  it("runs the sparse matrix's one-time setup through options.setupWork, bit for bit the same", () => {
    const results: unknown[] = []
    const setupWork = <T>(work: () => T): T => {
      const result = work()
      results.push(result)
      return result
    }
    const plain = runProject(chain(20, 'EigenSparse'))
    const wrapped = runProject(chain(20, 'EigenSparse'), { setupWork })
    // The Newton matrix of the run is what the work made (the setup went through setupWork).
    expect(results).toHaveLength(1)
    expect(results[0]).toBe((wrapped.solver as unknown as { matrix: object }).matrix)
    expect(Array.from(wrapped.system.state.q)).toEqual(Array.from(plain.system.state.q))
    expect(Array.from(wrapped.system.state.lambda)).toEqual(Array.from(plain.system.state.lambda))
  })
})
