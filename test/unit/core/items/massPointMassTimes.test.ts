// MassPoint.addMassTimes (y += m x, the residual's M q'') against the product with the matrix
// computeMassMatrix forms (m I). Exact: each row has the one product m x_i; the matrix's zeros add
// nothing to a nonzero sum.
import { describe, expect, it } from 'vitest'
import { buildSystem } from '../../../../src/core'
import { makeProject, seededRandom } from '../../../validation/helpers'

describe('MassPoint.addMassTimes', () => {
  it.each([
    ['MassPoint', 'Point', [0.1, -0.2, 0.3]],
    ['MassPoint2D', 'Point2D', [0.1, -0.2]],
  ])('%s: y + M x as the formed matrix gives it', (type, nodeType, reference) => {
    const model = {
      nodes: [{ type: nodeType, name: 'n', referenceCoordinates: reference }],
      objects: [{ type, name: 'm', nodeNumber: 'n', physicsMass: 2.7 }],
      markers: [],
      loads: [],
      sensors: [],
    }
    const sys = buildSystem(makeProject(model, { solverType: 'GeneralizedAlpha' }))
    const o = sys.objects[0].computation
    const n = o.ltgODE2.length
    expect(n).toBe(reference.length)
    const M = new Float64Array(n * n)
    o.computeMassMatrix!(sys.state, M)
    const random = seededRandom(3)
    for (let trial = 0; trial < 10; trial++) {
      const x = Float64Array.from({ length: n }, () => 10 * random())
      const y = Float64Array.from({ length: n }, () => random())
      const expected = y.map(
        (yi, i) => yi + M.subarray(i * n, i * n + n).reduce((s, m, j) => s + m * x[j], 0),
      )
      o.addMassTimes!(sys.state, x, y)
      expect(Array.from(y)).toEqual(Array.from(expected))
    }
  })
})
