// A triangle soup as loaders give it (STL: three points of its own per triangle; OBJ and glTF: a
// point per position, normal and texture combination) welded into a closed mesh: points with the
// same coordinates become one, so the edge test of closedMeshProblem sees the surface's topology.
// A surface listed clockwise seen from outside throughout is turned outward (its signed volume is
// negative): what matters for the mass is the solid it bounds.
import { meshMassProperties, type MassProperties, type TriangleMesh } from './meshMassProperties'

/** The soup with points of identical coordinates merged (first occurrence kept, in order). */
export function weldedMesh(points: ArrayLike<number>, triangles: ArrayLike<number>): TriangleMesh {
  const index = new Map<string, number>()
  const welded: number[] = []
  const remap = new Int32Array(points.length / 3)
  for (let i = 0; i < remap.length; i++) {
    const key = `${points[3 * i]},${points[3 * i + 1]},${points[3 * i + 2]}`
    let j = index.get(key)
    if (j === undefined) {
      j = welded.length / 3
      index.set(key, j)
      welded.push(points[3 * i], points[3 * i + 1], points[3 * i + 2])
    }
    remap[i] = j
  }
  const t: number[] = new Array<number>(triangles.length)
  for (let k = 0; k < triangles.length; k++) t[k] = remap[triangles[k]]
  return { points: welded, triangles: t }
}

/** Signed volume of a closed mesh: sum of det(a, b, c) / 6 over its triangles (divergence theorem). */
function signedVolume({ points: p, triangles: t }: TriangleMesh): number {
  let V = 0
  for (let k = 0; k < t.length; k += 3) {
    const a = 3 * t[k],
      b = 3 * t[k + 1],
      c = 3 * t[k + 2]
    V +=
      (p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) -
        p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) +
        p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c])) /
      6
  }
  return V
}

/**
 * Mass properties of the solid a loaded triangle soup bounds at `density`, welded and turned
 * outward; MeshError when it bounds none (open, non-manifold, inconsistently oriented).
 */
export function soupMassProperties(
  points: ArrayLike<number>,
  triangles: ArrayLike<number>,
  density: number,
): MassProperties {
  const mesh = weldedMesh(points, triangles)
  const t = mesh.triangles as number[]
  if (t.length % 3 === 0 && signedVolume(mesh) < 0)
    for (let k = 0; k + 2 < t.length; k += 3) [t[k + 1], t[k + 2]] = [t[k + 2], t[k + 1]]
  return meshMassProperties(mesh, density)
}
