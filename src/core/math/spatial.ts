// Spatial (6D) inertias about a point, in world-aligned axes, for the kinematic tree's recursive
// algorithms. Motion vectors are [angular; linear], force vectors [moment; force]. A symmetric 6x6
// inertia I = [[A, B], [B^T, C]] (moment = A omega + B v, force = B^T omega + C v) is stored in 21
// numbers at an offset: A (upper triangle a00 a01 a02 a11 a12 a22), B (row-major), C (upper triangle).
// Frames differ only by a translation (no rotation), so moving a quantity to another point is a
// shift by r and never a 6x6 product. Everything works in place on Float64Array, allocation-free.

/** Numbers per stored inertia. */
export const INERTIA_SIZE = 21
/** Offsets of the blocks within a stored inertia. */
export const A_BLOCK = 0
export const B_BLOCK = 6
export const C_BLOCK = 15
/** Index of (i, j) in a stored upper triangle, i, j in 0..2. */
export const SYM = [0, 1, 2, 1, 3, 4, 2, 4, 5] as const

/**
 * Rigid-body inertia about a point o: mass m, COM at c relative to o (world), inertia about the COM
 * either isotropic (jIso times identity, J = null) or the full world tensor J (row-major 3x3 at jo).
 * A = J_c + m (|c|^2 1 - c c^T), B = m c~, C = m 1. Written (not added) at out[oo..oo + 21).
 */
export function rigidInertia(m: number, c: Float64Array, co: number, jIso: number, J: Float64Array | null, jo: number, out: Float64Array, oo: number): void {
  const c0 = c[co], c1 = c[co + 1], c2 = c[co + 2]
  const cc = c0 * c0 + c1 * c1 + c2 * c2
  const a00 = J ? J[jo] : jIso, a11 = J ? J[jo + 4] : jIso, a22 = J ? J[jo + 8] : jIso
  out[oo] = a00 + m * (cc - c0 * c0)
  out[oo + 1] = (J ? J[jo + 1] : 0) - m * c0 * c1
  out[oo + 2] = (J ? J[jo + 2] : 0) - m * c0 * c2
  out[oo + 3] = a11 + m * (cc - c1 * c1)
  out[oo + 4] = (J ? J[jo + 5] : 0) - m * c1 * c2
  out[oo + 5] = a22 + m * (cc - c2 * c2)
  const b = oo + B_BLOCK
  out[b] = 0
  out[b + 1] = -m * c2
  out[b + 2] = m * c1
  out[b + 3] = m * c2
  out[b + 4] = 0
  out[b + 5] = -m * c0
  out[b + 6] = -m * c1
  out[b + 7] = m * c0
  out[b + 8] = 0
  const k = oo + C_BLOCK
  out[k] = m
  out[k + 1] = 0
  out[k + 2] = 0
  out[k + 3] = m
  out[k + 4] = 0
  out[k + 5] = m
}

/**
 * Adds the inertia I (stored at io, about point o_i) moved to the point o_p = o_i - r, i.e.
 * X^T I X with X = [[1, 0], [-r~, 1]] (v_i = v_p + omega x r):
 *   C' = C,  B' = B + r~ C,  A' = A + r~ B^T - B' r~.
 * r = 0 is a plain sum.
 */
export function addShiftedInertia(I: Float64Array, io: number, r0: number, r1: number, r2: number, out: Float64Array, oo: number): void {
  for (let k = 0; k < INERTIA_SIZE; k++) out[oo + k] += I[io + k]
  if (r0 === 0 && r1 === 0 && r2 === 0) return
  const b = io + B_BLOCK, k = io + C_BLOCK
  // Columns of C.
  const c00 = I[k], c01 = I[k + 1], c02 = I[k + 2], c11 = I[k + 3], c12 = I[k + 4], c22 = I[k + 5]
  // r~ C, column j = r x C_j.
  const t00 = r1 * c02 - r2 * c01, t10 = r2 * c00 - r0 * c02, t20 = r0 * c01 - r1 * c00
  const t01 = r1 * c12 - r2 * c11, t11 = r2 * c01 - r0 * c12, t21 = r0 * c11 - r1 * c01
  const t02 = r1 * c22 - r2 * c12, t12 = r2 * c02 - r0 * c22, t22 = r0 * c12 - r1 * c02
  // B' = B + r~ C (rows; the last entry is not needed below).
  const p00 = I[b] + t00, p01 = I[b + 1] + t01, p02 = I[b + 2] + t02
  const p10 = I[b + 3] + t10, p11 = I[b + 4] + t11, p12 = I[b + 5] + t12
  const p20 = I[b + 6] + t20, p21 = I[b + 7] + t21
  const ob = oo + B_BLOCK
  out[ob] += t00
  out[ob + 1] += t01
  out[ob + 2] += t02
  out[ob + 3] += t10
  out[ob + 4] += t11
  out[ob + 5] += t12
  out[ob + 6] += t20
  out[ob + 7] += t21
  out[ob + 8] += t22
  // x_j = r x (row j of B): column j of r~ B^T; y_i = r x (row i of B'): -(row i of B' r~).
  const b01 = I[b + 1], b02 = I[b + 2], b10 = I[b + 3], b11 = I[b + 4], b12 = I[b + 5], b20 = I[b + 6], b21 = I[b + 7], b22 = I[b + 8]
  // Only the upper triangle of A' is needed: x_j[i] and y_i[j] for i <= j.
  const x00 = r1 * b02 - r2 * b01
  const x10 = r1 * b12 - r2 * b11, x11 = r2 * b10 - r0 * b12
  const x20 = r1 * b22 - r2 * b21, x21 = r2 * b20 - r0 * b22, x22 = r0 * b21 - r1 * b20
  const y00 = r1 * p02 - r2 * p01, y01 = r2 * p00 - r0 * p02, y02 = r0 * p01 - r1 * p00
  const y11 = r2 * p10 - r0 * p12, y12 = r0 * p11 - r1 * p10
  const y22 = r0 * p21 - r1 * p20
  // A'(i, j) = A(i, j) + x_j[i] + y_i[j] (upper triangle).
  out[oo] += x00 + y00
  out[oo + 1] += x10 + y01
  out[oo + 2] += x20 + y02
  out[oo + 3] += x11 + y11
  out[oo + 4] += x21 + y12
  out[oo + 5] += x22 + y22
}
