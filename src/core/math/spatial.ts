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

/*
 * Hot functions here take numbers only as array offsets (small integers): a double passed to a call
 * V8 does not inline is boxed into a fresh heap number: garbage per link and evaluation.
 */

/**
 * Rigid-body inertia about a point o: mass masses[mo], COM at c relative to o (world), inertia about
 * the COM the world tensor J (row-major 3x3 at jo; an isotropic one may be given in body axes).
 * A = J_c + m (|c|^2 1 - c c^T), B = m c~, C = m 1. Written (not added) at out[oo..oo + 21).
 */
export function rigidInertia(
  masses: Float64Array,
  mo: number,
  c: Float64Array,
  co: number,
  J: Float64Array,
  jo: number,
  out: Float64Array,
  oo: number,
): void {
  const m = masses[mo],
    c0 = c[co],
    c1 = c[co + 1],
    c2 = c[co + 2]
  const cc = c0 * c0 + c1 * c1 + c2 * c2
  out[oo] = J[jo] + m * (cc - c0 * c0)
  out[oo + 1] = J[jo + 1] - m * c0 * c1
  out[oo + 2] = J[jo + 2] - m * c0 * c2
  out[oo + 3] = J[jo + 4] + m * (cc - c1 * c1)
  out[oo + 4] = J[jo + 5] - m * c1 * c2
  out[oo + 5] = J[jo + 8] + m * (cc - c2 * c2)
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
 * Adds the articulated inertia I - g U U^T (I stored at io, U a 6-vector at uo; g = 0: I itself),
 * taken about o_i, moved to the point o_p = o_i - r (r at ro): X^T Ia X with X = [[1, 0], [-r~, 1]]
 * (v_i = v_p + omega x r), i.e.
 *   C' = C,  B' = B + r~ C,  A' = A + r~ B^T - B' r~,
 * added to base[oo..oo + 21) into out[oo..oo + 21) (base = out: added in place).
 * The downdate and the shift happen in locals: the link's own inertia is read once and never written.
 */
export function addArticulatedShifted(
  I: Float64Array,
  io: number,
  U: Float64Array,
  uo: number,
  g: number,
  r: Float64Array,
  ro: number,
  base: Float64Array,
  out: Float64Array,
  oo: number,
): void {
  const r0 = r[ro],
    r1 = r[ro + 1],
    r2 = r[ro + 2]
  const u0 = g * U[uo],
    u1 = g * U[uo + 1],
    u2 = g * U[uo + 2],
    u3 = g * U[uo + 3],
    u4 = g * U[uo + 4],
    u5 = g * U[uo + 5]
  const v0 = U[uo],
    v1 = U[uo + 1],
    v2 = U[uo + 2],
    v3 = U[uo + 3],
    v4 = U[uo + 4],
    v5 = U[uo + 5]
  const b = io + B_BLOCK,
    k = io + C_BLOCK
  const a00 = I[io] - u0 * v0,
    a01 = I[io + 1] - u0 * v1,
    a02 = I[io + 2] - u0 * v2
  const a11 = I[io + 3] - u1 * v1,
    a12 = I[io + 4] - u1 * v2,
    a22 = I[io + 5] - u2 * v2
  const b00 = I[b] - u0 * v3,
    b01 = I[b + 1] - u0 * v4,
    b02 = I[b + 2] - u0 * v5
  const b10 = I[b + 3] - u1 * v3,
    b11 = I[b + 4] - u1 * v4,
    b12 = I[b + 5] - u1 * v5
  const b20 = I[b + 6] - u2 * v3,
    b21 = I[b + 7] - u2 * v4,
    b22 = I[b + 8] - u2 * v5
  const c00 = I[k] - u3 * v3,
    c01 = I[k + 1] - u3 * v4,
    c02 = I[k + 2] - u3 * v5
  const c11 = I[k + 3] - u4 * v4,
    c12 = I[k + 4] - u4 * v5,
    c22 = I[k + 5] - u5 * v5
  const ob = oo + B_BLOCK,
    oc = oo + C_BLOCK
  out[oc] = base[oc] + c00
  out[oc + 1] = base[oc + 1] + c01
  out[oc + 2] = base[oc + 2] + c02
  out[oc + 3] = base[oc + 3] + c11
  out[oc + 4] = base[oc + 4] + c12
  out[oc + 5] = base[oc + 5] + c22
  if (r0 === 0 && r1 === 0 && r2 === 0) {
    out[oo] = base[oo] + a00
    out[oo + 1] = base[oo + 1] + a01
    out[oo + 2] = base[oo + 2] + a02
    out[oo + 3] = base[oo + 3] + a11
    out[oo + 4] = base[oo + 4] + a12
    out[oo + 5] = base[oo + 5] + a22
    out[ob] = base[ob] + b00
    out[ob + 1] = base[ob + 1] + b01
    out[ob + 2] = base[ob + 2] + b02
    out[ob + 3] = base[ob + 3] + b10
    out[ob + 4] = base[ob + 4] + b11
    out[ob + 5] = base[ob + 5] + b12
    out[ob + 6] = base[ob + 6] + b20
    out[ob + 7] = base[ob + 7] + b21
    out[ob + 8] = base[ob + 8] + b22
    return
  }
  // B' = B + r~ C; column j of r~ C is r x C_j.
  const p00 = b00 + r1 * c02 - r2 * c01,
    p10 = b10 + r2 * c00 - r0 * c02,
    p20 = b20 + r0 * c01 - r1 * c00
  const p01 = b01 + r1 * c12 - r2 * c11,
    p11 = b11 + r2 * c01 - r0 * c12,
    p21 = b21 + r0 * c11 - r1 * c01
  const p02 = b02 + r1 * c22 - r2 * c12,
    p12 = b12 + r2 * c02 - r0 * c22,
    p22 = b22 + r0 * c12 - r1 * c02
  out[ob] = base[ob] + p00
  out[ob + 1] = base[ob + 1] + p01
  out[ob + 2] = base[ob + 2] + p02
  out[ob + 3] = base[ob + 3] + p10
  out[ob + 4] = base[ob + 4] + p11
  out[ob + 5] = base[ob + 5] + p12
  out[ob + 6] = base[ob + 6] + p20
  out[ob + 7] = base[ob + 7] + p21
  out[ob + 8] = base[ob + 8] + p22
  // A'(i, j) = A(i, j) + x_j[i] + y_i[j] with x_j = r x (row j of B), y_i = r x (row i of B'); upper triangle
  // only.
  const x00 = r1 * b02 - r2 * b01
  const x10 = r1 * b12 - r2 * b11,
    x11 = r2 * b10 - r0 * b12
  const x20 = r1 * b22 - r2 * b21,
    x21 = r2 * b20 - r0 * b22,
    x22 = r0 * b21 - r1 * b20
  const y00 = r1 * p02 - r2 * p01,
    y01 = r2 * p00 - r0 * p02,
    y02 = r0 * p01 - r1 * p00
  const y11 = r2 * p10 - r0 * p12,
    y12 = r0 * p11 - r1 * p10
  const y22 = r0 * p21 - r1 * p20
  out[oo] = base[oo] + (a00 + x00 + y00)
  out[oo + 1] = base[oo + 1] + (a01 + x10 + y01)
  out[oo + 2] = base[oo + 2] + (a02 + x20 + y02)
  out[oo + 3] = base[oo + 3] + (a11 + x11 + y11)
  out[oo + 4] = base[oo + 4] + (a12 + x21 + y12)
  out[oo + 5] = base[oo + 5] + (a22 + x22 + y22)
}

/**
 * Adds a purely translational inertia [[0, 0], [0, C]] (C symmetric, upper triangle c00 c01 c02 c11
 * c12 c22 at co), taken about o_i, moved to o_p = o_i - r (r at ro): C' = C, B' = r~ C,
 * A' = -r~ C r~ = r~ B'^T (what a ball joint passes on; addArticulatedShifted with A = B = 0), added
 * to base[oo..oo + 21) into out[oo..oo + 21).
 */
export function addLinearShifted(
  C: Float64Array,
  co: number,
  r: Float64Array,
  ro: number,
  base: Float64Array,
  out: Float64Array,
  oo: number,
): void {
  const c00 = C[co],
    c01 = C[co + 1],
    c02 = C[co + 2],
    c11 = C[co + 3],
    c12 = C[co + 4],
    c22 = C[co + 5]
  const r0 = r[ro],
    r1 = r[ro + 1],
    r2 = r[ro + 2]
  const ob = oo + B_BLOCK,
    oc = oo + C_BLOCK
  out[oc] = base[oc] + c00
  out[oc + 1] = base[oc + 1] + c01
  out[oc + 2] = base[oc + 2] + c02
  out[oc + 3] = base[oc + 3] + c11
  out[oc + 4] = base[oc + 4] + c12
  out[oc + 5] = base[oc + 5] + c22
  // Column j of r~ C is r x C_j.
  const p00 = r1 * c02 - r2 * c01,
    p10 = r2 * c00 - r0 * c02,
    p20 = r0 * c01 - r1 * c00
  const p01 = r1 * c12 - r2 * c11,
    p11 = r2 * c01 - r0 * c12,
    p21 = r0 * c11 - r1 * c01
  const p02 = r1 * c22 - r2 * c12,
    p12 = r2 * c02 - r0 * c22,
    p22 = r0 * c12 - r1 * c02
  out[ob] = base[ob] + p00
  out[ob + 1] = base[ob + 1] + p01
  out[ob + 2] = base[ob + 2] + p02
  out[ob + 3] = base[ob + 3] + p10
  out[ob + 4] = base[ob + 4] + p11
  out[ob + 5] = base[ob + 5] + p12
  out[ob + 6] = base[ob + 6] + p20
  out[ob + 7] = base[ob + 7] + p21
  out[ob + 8] = base[ob + 8] + p22
  // A'(i, j) = (r x row i of B')_j; upper triangle only.
  out[oo] = base[oo] + (r1 * p02 - r2 * p01)
  out[oo + 1] = base[oo + 1] + (r2 * p00 - r0 * p02)
  out[oo + 2] = base[oo + 2] + (r0 * p01 - r1 * p00)
  out[oo + 3] = base[oo + 3] + (r2 * p10 - r0 * p12)
  out[oo + 4] = base[oo + 4] + (r0 * p11 - r1 * p10)
  out[oo + 5] = base[oo + 5] + (r0 * p21 - r1 * p20)
}
