// A triangle soup as an STL loader gives it (three points of its own per triangle) bounds the same
// solid as the welded mesh. Reference: the homogeneous box [0.5, 0.9] x [-0.1, 0.1] x [0, 0.05] of
// density 2700: m = rho lx ly lz, centre at the box centre, J_c = m/12 (ly^2 + lz^2, ...) moved to the
// origin by the parallel-axis theorem. Tolerance 1e-12 relative (to the largest moment for the
// products of inertia): exact for a polyhedron up to the round-off of a few dozen operations.
import { describe, expect, it } from 'vitest'
import { MeshError, soupMassProperties, weldedMesh } from '../../../../src/core'

const [x0, y0, z0] = [0.5, -0.1, 0]
const [lx, ly, lz] = [0.4, 0.2, 0.05]
const RHO = 2700

/** The box as 12 triangles, each with its own 3 points, listed clockwise seen from outside if `inward`. */
function soup(inward: boolean): { points: number[]; triangles: number[] } {
  const corner = (k: number) => [x0 + (k & 1 ? lx : 0), y0 + (k & 2 ? ly : 0), z0 + (k & 4 ? lz : 0)]
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ]
  const corners = quads.flatMap(([a, b, c, d]) => [a, b, c, a, c, d])
  const ordered = inward ? corners.map((_, i) => corners[3 * Math.floor(i / 3) + [0, 2, 1][i % 3]]) : corners
  return { points: ordered.flatMap(corner), triangles: ordered.map((_, i) => i) }
}

function expectBox(p: ReturnType<typeof soupMassProperties>): void {
  const m = RHO * lx * ly * lz
  const c = [x0 + lx / 2, y0 + ly / 2, z0 + lz / 2]
  // Relative to the quantity's scale: the mass, or the largest moment of inertia for the tensor.
  const close = (a: number, b: number, scale = Math.abs(b)) =>
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-12 * scale)
  close(p.mass, m)
  c.forEach((x, i) => expect(Math.abs(p.centerOfMass[i] - x)).toBeLessThanOrEqual(1e-12))
  const Jc = [(m / 12) * (ly ** 2 + lz ** 2), (m / 12) * (lx ** 2 + lz ** 2), (m / 12) * (lx ** 2 + ly ** 2)]
  close(p.inertia[0], Jc[0] + m * (c[1] ** 2 + c[2] ** 2))
  close(p.inertia[1], Jc[1] + m * (c[0] ** 2 + c[2] ** 2))
  close(p.inertia[2], Jc[2] + m * (c[0] ** 2 + c[1] ** 2))
  // Products of inertia about the origin: -m c_i c_j (the box's own vanish).
  const scale = Math.max(...p.inertia.slice(0, 3))
  close(p.inertia[3], -m * c[1] * c[2], scale)
  close(p.inertia[4], -m * c[0] * c[2], scale)
  close(p.inertia[5], -m * c[0] * c[1], scale)
}

describe('triangle soups', () => {
  it('welding merges the 36 points of a box soup into its 8 corners', () => {
    const { points, triangles } = soup(false)
    const welded = weldedMesh(points, triangles)
    expect(welded.points.length / 3).toBe(8)
    expect(welded.triangles.length).toBe(36)
  })

  it('an outward soup has the analytic box mass properties', () =>
    expectBox(soupMassProperties(...args(false))))

  it('an inward soup is turned outward: the same solid', () => expectBox(soupMassProperties(...args(true))))

  it('an open soup is refused with the reason', () => {
    const { points, triangles } = soup(false)
    expect(() => soupMassProperties(points, triangles.slice(0, 33), RHO)).toThrow(MeshError)
    expect(() => soupMassProperties(points, triangles.slice(0, 33), RHO)).toThrow(/the mesh is open/)
  })
})

function args(inward: boolean): [number[], number[], number] {
  const { points, triangles } = soup(inward)
  return [points, triangles, RHO]
}
