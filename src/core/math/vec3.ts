// Small, allocation-free 3D helpers on Float64Array (or number[]) storage.
// Matrices are 3x3, row-major, length 9.

export type Vec = Float64Array | number[]

export function cross(a: Vec, b: Vec, out: Vec): void {
  const x = a[1] * b[2] - a[2] * b[1]
  const y = a[2] * b[0] - a[0] * b[2]
  const z = a[0] * b[1] - a[1] * b[0]
  out[0] = x
  out[1] = y
  out[2] = z
}

export function dot3(a: Vec, b: Vec): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

export function norm3(a: Vec): number {
  return Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2])
}

/** out = A x (A 3x3 row-major); out must not alias x. */
export function matVec3(A: Vec, x: Vec, out: Vec): void {
  out[0] = A[0] * x[0] + A[1] * x[1] + A[2] * x[2]
  out[1] = A[3] * x[0] + A[4] * x[1] + A[5] * x[2]
  out[2] = A[6] * x[0] + A[7] * x[1] + A[8] * x[2]
}

/** out = A^T x; out must not alias x. */
export function matTVec3(A: Vec, x: Vec, out: Vec): void {
  out[0] = A[0] * x[0] + A[3] * x[1] + A[6] * x[2]
  out[1] = A[1] * x[0] + A[4] * x[1] + A[7] * x[2]
  out[2] = A[2] * x[0] + A[5] * x[1] + A[8] * x[2]
}

/** out = A B (3x3); out must alias neither. */
export function matMul3(A: Vec, B: Vec, out: Vec): void {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      out[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j]
    }
  }
}

/** out = A^T B (3x3). */
export function matTMul3(A: Vec, B: Vec, out: Vec): void {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      out[3 * i + j] = A[i] * B[j] + A[3 + i] * B[3 + j] + A[6 + i] * B[6 + j]
    }
  }
}

export function identity3(out: Vec): void {
  out[0] = 1
  out[1] = 0
  out[2] = 0
  out[3] = 0
  out[4] = 1
  out[5] = 0
  out[6] = 0
  out[7] = 0
  out[8] = 1
}

/** Rotation matrix from Euler parameters [ep0 (scalar), ep1, ep2, ep3] (need not be normalized exactly). */
export function rotationFromEulerParameters(p0: number, p1: number, p2: number, p3: number, out: Vec): void {
  out[0] = -2 * p3 * p3 - 2 * p2 * p2 + 1
  out[1] = -2 * p3 * p0 + 2 * p2 * p1
  out[2] = 2 * p3 * p1 + 2 * p2 * p0
  out[3] = 2 * p3 * p0 + 2 * p2 * p1
  out[4] = -2 * p3 * p3 - 2 * p1 * p1 + 1
  out[5] = 2 * p3 * p2 - 2 * p1 * p0
  out[6] = -2 * p2 * p0 + 2 * p3 * p1
  out[7] = 2 * p3 * p2 + 2 * p1 * p0
  out[8] = -2 * p2 * p2 - 2 * p1 * p1 + 1
}

/** Rotation matrix A = Rx(rx) Ry(ry) Rz(rz) (Tait-Bryan xyz, as Exudyn's RotXYZ). */
export function rotationFromRxyz(rx: number, ry: number, rz: number, out: Vec): void {
  const c0 = Math.cos(rx),
    s0 = Math.sin(rx)
  const c1 = Math.cos(ry),
    s1 = Math.sin(ry)
  const c2 = Math.cos(rz),
    s2 = Math.sin(rz)
  out[0] = c1 * c2
  out[1] = -c1 * s2
  out[2] = s1
  out[3] = s0 * s1 * c2 + c0 * s2
  out[4] = -s0 * s1 * s2 + c0 * c2
  out[5] = -s0 * c1
  out[6] = -c0 * s1 * c2 + s0 * s2
  out[7] = c0 * s1 * s2 + s0 * c2
  out[8] = c0 * c1
}
