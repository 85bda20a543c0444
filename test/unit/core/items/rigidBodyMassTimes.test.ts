// RigidBody.addMassTimes (y += M(q) x without forming M, the residual's M q'') against the product with
// the matrix computeMassMatrix forms, in random states (Euler parameters off |ep| = 1 too) with and
// without a centre-of-mass offset. Tolerance 1e-14 of |M| |x|: the same products summed in another
// association order differ by a few ulps of the largest term; a wrong or missing term is O(1).
import { describe, expect, it } from 'vitest'
import { buildSystem, type CompiledSystem } from '../../../../src/core'
import { makeProject, seededRandom, type Json } from '../../../validation/helpers'

const NODES: [string, Json][] = [
  [
    'Euler parameters',
    { type: 'RigidBodyEP', name: 'n', referenceCoordinates: [0.1, -0.2, 0.3, 1, 0, 0, 0] },
  ],
  [
    'Tait-Bryan',
    { type: 'RigidBodyRxyz', name: 'n', referenceCoordinates: [0.1, -0.2, 0.3, 0.1, -0.2, 0.3] },
  ],
]

function bodySystem(node: Json, centerOfMass: number[]): CompiledSystem {
  const body = {
    type: 'RigidBody',
    name: 'b',
    nodeNumber: 'n',
    physicsMass: 3,
    physicsInertia: [1, 2, 2.5, 0.1, -0.2, 0.3],
    physicsCenterOfMass: centerOfMass,
  }
  const model = { nodes: [node], objects: [body], markers: [], loads: [], sensors: [] }
  return buildSystem(makeProject(model, { solverType: 'GeneralizedAlpha' }))
}

describe('RigidBody.addMassTimes', () => {
  for (const [name, node] of NODES)
    for (const com of [
      [0, 0, 0],
      [0.3, -0.1, 0.2],
    ])
      it(`${name}, centre of mass [${com.join(', ')}]: y + M x as the formed matrix gives it`, () => {
        const sys = bodySystem(node, com)
        const o = sys.objects[0].computation
        const s = sys.state,
          n = o.ltgODE2.length
        const random = seededRandom(17)
        const M = new Float64Array(n * n)
        for (let trial = 0; trial < 20; trial++) {
          for (let i = 0; i < n; i++) s.q[i] = random()
          const x = Float64Array.from({ length: n }, () => 10 * random())
          const y = Float64Array.from({ length: n }, () => random())
          const expected = Float64Array.from(y)
          M.fill(0)
          o.computeMassMatrix!(s, M)
          let scale = 0
          for (let i = 0; i < n; i++)
            for (let j = 0; j < n; j++) {
              expected[i] += M[i * n + j] * x[j]
              scale = Math.max(scale, Math.abs(M[i * n + j] * x[j]))
            }
          o.addMassTimes!(s, x, y)
          for (let i = 0; i < n; i++)
            expect(Math.abs(y[i] - expected[i]), `row ${i}`).toBeLessThan(1e-14 * scale)
        }
      })
})
