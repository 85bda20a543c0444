// Model builders for the ANCF cable tests, after Exudyn's GenerateStraightLineANCFCable2D: a straight
// line of n ANCFCable2D elements from p0 to p1, coordinate constraints at node 0 to a ground node,
// and optionally gravity on every element through BodyMass markers; and the Jacobian check of both
// cable elements.
import { expect } from 'vitest'
import type { CompiledSystem } from '../../src/core/system/compiledSystem'
import type { Json } from './helpers'

export interface CableProperties {
  physicsMassPerLength: number
  physicsBendingStiffness: number
  physicsAxialStiffness: number
  [parameter: string]: number
}

export interface StraightCable {
  p0: [number, number]
  p1: [number, number]
  elements: number
  cable: CableProperties
  /** Constrain node 0's coordinates [x, y, r'x, r'y] (1 = fixed), as Exudyn's fixedConstraintsNode0. */
  fixedConstraintsNode0: number[]
  massProportionalLoad?: [number, number]
}

/** Model lists; nodes are "n0".."nN", elements "c0".."c(N-1)". */
export function straightCable(spec: StraightCable): {
  nodes: Json[]
  objects: Json[]
  markers: Json[]
  loads: Json[]
} {
  const { p0, p1, elements: n } = spec
  const dx = p1[0] - p0[0],
    dy = p1[1] - p0[1]
  const length = Math.hypot(dx, dy)
  const slope = [dx / length, dy / length]
  const nodes: Json[] = [{ type: 'PointGround', name: 'ground' }]
  const objects: Json[] = []
  const markers: Json[] = []
  const loads: Json[] = []
  for (let i = 0; i <= n; i++)
    nodes.push({
      type: 'Point2DSlope1',
      name: `n${i}`,
      referenceCoordinates: [p0[0] + (dx * i) / n, p0[1] + (dy * i) / n, slope[0], slope[1]],
    })
  for (let i = 0; i < n; i++) {
    objects.push({
      type: 'ANCFCable2D',
      name: `c${i}`,
      nodeNumbers: [`n${i}`, `n${i + 1}`],
      physicsLength: length / n,
      ...spec.cable,
    })
    if (spec.massProportionalLoad) {
      markers.push({ type: 'BodyMass', name: `mass${i}`, bodyNumber: `c${i}` })
      loads.push({
        type: 'MassProportional',
        name: `gravity${i}`,
        markerNumber: `mass${i}`,
        loadVector: [...spec.massProportionalLoad, 0],
      })
    }
  }
  markers.push({ type: 'NodeCoordinate', name: 'groundCoordinate', nodeNumber: 'ground' })
  spec.fixedConstraintsNode0.forEach((fixed, k) => {
    if (!fixed) return
    markers.push({ type: 'NodeCoordinate', name: `n0c${k}`, nodeNumber: 'n0', coordinate: k })
    objects.push({
      type: 'ConnectorCoordinate',
      name: `fix${k}`,
      markerNumbers: ['groundCoordinate', `n0c${k}`],
    })
  })
  return { nodes, objects, markers, loads }
}

/**
 * The analytic Jacobian (stiffness and damping) of the system's first object (one cable element with
 * n coordinates at q = 0.1 sin(3i + 1), q' = 0.7 cos(2i)) against central differences of its forces.
 * Central differences with h = 1e-6: truncation ~h^2 f''' (below 1e-8 of the largest entry) plus
 * round-off ~1e-16 |f| / h, which dominates for the small damping entries.
 */
export function expectJacobianMatchesCentralDifferences(system: CompiledSystem, n: number): void {
  const s = system.state
  const o = system.objects[0].computation
  for (let i = 0; i < n; i++) {
    s.q[i] = 0.1 * Math.sin(3 * i + 1)
    s.v[i] = 0.7 * Math.cos(2 * i)
  }
  for (const [factorK, factorD] of [
    [1, 0],
    [0, 1],
  ]) {
    const J = new Float64Array(n * n)
    o.computeODE2LHSJacobian!(s, factorK, factorD, J)
    const x = factorK ? s.q : s.v
    let maxError = 0,
      maxEntry = 0,
      maxForce = 0
    for (let j = 0; j < n; j++) {
      const h = 1e-6,
        saved = x[j]
      const fp = new Float64Array(n),
        fm = new Float64Array(n)
      x[j] = saved + h
      o.computeODE2LHS!(s, fp)
      x[j] = saved - h
      o.computeODE2LHS!(s, fm)
      x[j] = saved
      for (let i = 0; i < n; i++) {
        const d = (fp[i] - fm[i]) / (2 * h)
        maxError = Math.max(maxError, Math.abs(d - J[i * n + j]))
        maxEntry = Math.max(maxEntry, Math.abs(d))
        maxForce = Math.max(maxForce, Math.abs(fp[i]))
      }
    }
    expect(maxError).toBeLessThan(1e-8 * maxEntry + (1e-15 * maxForce) / 1e-6)
  }
}
