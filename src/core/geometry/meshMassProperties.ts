// Mass properties of a closed triangle mesh of uniform density by the divergence theorem, exact for
// polyhedra: each outward-oriented triangle (a, b, c) and the reference point span a tetrahedron of
// signed volume det(a, b, c) / 6, first moment V (a + b + c) / 4 and second moment
// int x x^T dV = det(a, b, c) / 120 (a a^T + b b^T + c c^T + s s^T), s = a + b + c (Tonon, J. Math.
// Stat. 2004; the canonical-tetrahedron covariance). Summed over a closed surface the tetrahedra
// outside the body cancel. Computed about the vertices' centroid (so a mesh far from the origin keeps
// its digits) and moved to the body's reference point by the parallel-axis theorem.

/**
 * A triangle mesh: points [x, y, z, ...] and triangles [i0, i1, i2, ...] (counter-clockwise seen from
 * outside).
 */
export interface TriangleMesh {
  readonly points: ArrayLike<number>
  readonly triangles: ArrayLike<number>
}

export interface MassProperties {
  readonly volume: number
  readonly mass: number
  /** Centre of mass in mesh coordinates. */
  readonly centerOfMass: [number, number, number]
  /** Inertia [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] about the mesh origin (the body's reference point). */
  readonly inertia: [number, number, number, number, number, number]
  /** The same about the centre of mass. */
  readonly inertiaAtCenterOfMass: [number, number, number, number, number, number]
}

export class MeshError extends Error {}

/**
 * Why a mesh does not bound a solid, or undefined: indices must be points, and every edge must be
 * used by exactly two triangles in opposite directions (closed, manifold, consistently oriented).
 */
export function closedMeshProblem(mesh: TriangleMesh): string | undefined {
  const nPoints = mesh.points.length / 3
  const t = mesh.triangles
  if (mesh.points.length % 3 !== 0 || mesh.points.length === 0)
    return `the points must be x, y, z triples (got ${mesh.points.length} numbers)`
  if (t.length % 3 !== 0 || t.length === 0)
    return `the triangles must be index triples (got ${t.length} indices)`
  const directed = new Map<string, number>()
  for (let k = 0; k < t.length; k += 3) {
    for (let j = 0; j < 3; j++) {
      const i = t[k + j]
      if (!Number.isInteger(i) || i < 0 || i >= nPoints)
        return `triangle ${k / 3}: index ${i} is not a point (0..${nPoints - 1})`
    }
    if (t[k] === t[k + 1] || t[k + 1] === t[k + 2] || t[k] === t[k + 2])
      return `triangle ${k / 3} repeats a vertex`
    for (let j = 0; j < 3; j++) {
      const key = `${t[k + j]},${t[k + ((j + 1) % 3)]}`
      const n = (directed.get(key) ?? 0) + 1
      if (n > 1)
        return (
          `edge ${key.replace(',', '-')} is used twice in the same direction (triangle ${k / 3}): the ` +
          `mesh is non-manifold or inconsistently oriented`
        )
      directed.set(key, n)
    }
  }
  for (const key of directed.keys()) {
    const [a, b] = key.split(',')
    if (!directed.has(`${b},${a}`))
      return `edge ${a}-${b} belongs to one triangle only: the mesh is open (not a closed surface)`
  }
  return undefined
}

/** Volume, mass, centre of mass and inertia of the solid a closed mesh bounds, at the given density. */
export function meshMassProperties(mesh: TriangleMesh, density: number): MassProperties {
  if (!(density > 0) || !Number.isFinite(density))
    throw new MeshError(`the density must be a positive number, got ${density}`)
  const problem = closedMeshProblem(mesh)
  if (problem) throw new MeshError(problem)
  const p = mesh.points,
    t = mesh.triangles
  const n = p.length / 3
  const o = [0, 0, 0]
  for (let i = 0; i < n; i++) for (let j = 0; j < 3; j++) o[j] += p[3 * i + j] / n
  let V = 0
  const first = [0, 0, 0]
  // Second moments about o: xx, yy, zz, yz, xz, xy.
  const S = [0, 0, 0, 0, 0, 0]
  const at = (i: number, j: number): number => p[3 * i + j] - o[j]
  for (let k = 0; k < t.length; k += 3) {
    const [a, b, c] = [t[k], t[k + 1], t[k + 2]].map((i) => [at(i, 0), at(i, 1), at(i, 2)])
    const det =
      a[0] * (b[1] * c[2] - b[2] * c[1]) -
      a[1] * (b[0] * c[2] - b[2] * c[0]) +
      a[2] * (b[0] * c[1] - b[1] * c[0])
    V += det / 6
    const s = [a[0] + b[0] + c[0], a[1] + b[1] + c[1], a[2] + b[2] + c[2]]
    for (let j = 0; j < 3; j++) first[j] += (det / 24) * s[j]
    const second = (i: number, j: number): number =>
      (det / 120) * (a[i] * a[j] + b[i] * b[j] + c[i] * c[j] + s[i] * s[j])
    S[0] += second(0, 0)
    S[1] += second(1, 1)
    S[2] += second(2, 2)
    S[3] += second(1, 2)
    S[4] += second(0, 2)
    S[5] += second(0, 1)
  }
  if (!(V > 0))
    throw new MeshError(
      V < 0
        ? `the triangles face inwards (volume ${V}): list each triangle counter-clockwise seen from outside`
        : 'the mesh encloses no volume',
    )
  const m = density * V
  const c = first.map((x) => x / V)
  // Inertia about the centre of mass from the second moments about o: J = rho (tr(C) I - C), C taken
  // about the centre of mass (C_o - V c c^T).
  const C = [
    S[0] - V * c[0] * c[0],
    S[1] - V * c[1] * c[1],
    S[2] - V * c[2] * c[2],
    S[3] - V * c[1] * c[2],
    S[4] - V * c[0] * c[2],
    S[5] - V * c[0] * c[1],
  ]
  const Jc: MassProperties['inertia'] = [
    density * (C[1] + C[2]),
    density * (C[0] + C[2]),
    density * (C[0] + C[1]),
    -density * C[3],
    -density * C[4],
    -density * C[5],
  ]
  const g = [o[0] + c[0], o[1] + c[1], o[2] + c[2]]
  // Parallel axis to the mesh origin: J_o = J_c + m (|g|^2 I - g g^T).
  const J: MassProperties['inertia'] = [
    Jc[0] + m * (g[1] * g[1] + g[2] * g[2]),
    Jc[1] + m * (g[0] * g[0] + g[2] * g[2]),
    Jc[2] + m * (g[0] * g[0] + g[1] * g[1]),
    Jc[3] - m * g[1] * g[2],
    Jc[4] - m * g[0] * g[2],
    Jc[5] - m * g[0] * g[1],
  ]
  return { volume: V, mass: m, centerOfMass: [g[0], g[1], g[2]], inertia: J, inertiaAtCenterOfMass: Jc }
}
