// Rotation parametrizations of rigid-body nodes: Euler parameters, Tait-Bryan xyz angles and the
// planar angle. Each maps its parameters theta to the rotation matrix A (local -> global) and to the
// local G matrix (Gbar, 3 x size, row-major) with local angular velocity omega_l = Gbar theta'.
// Global quantities follow as G = A Gbar. Allocation-free.
import { rotationFromEulerParameters, rotationFromRxyz, type Vec } from './vec3'

export interface RotationParametrization {
  /** Number of rotation parameters. */
  readonly size: number
  rotationMatrix(theta: Vec, out: Vec): void
  /** Gbar (3 x size, row-major): omega_local = Gbar theta'. */
  localG(theta: Vec, out: Vec): void
  /**
   * Parametrizations with a singular angle: how far theta is from it, as |cos| of the angle that
   * reaches it (0 at the singularity, where Gbar loses rank). Absent: no singularity (Euler parameters).
   */
  singularityDistance?(theta: Vec): number
  /** (d/dt Gbar) theta': the part of the local angular acceleration that does not come from theta''. */
  localGdotThetaDot(theta: Vec, thetaDot: Vec, out: Vec): void
  // Second derivatives (geometric stiffness of joints), exact for the formulas as computed. A and
  // G = A Gbar at theta are passed for the parametrizations whose A is orthogonal at every theta.
  /** out (3 x size, row-major) = [dA/dtheta_j w]_j. */
  rotationDerivativeTimes(theta: Vec, A: Vec, G: Vec, w: Vec, out: Vec): void
  /** out (3 x size) = [dA^T/dtheta_j w]_j. */
  transposeDerivativeTimes(theta: Vec, A: Vec, G: Vec, w: Vec, out: Vec): void
  /** out (size x size) = d(Gbar^T v)/dtheta at fixed v. */
  localGTransposeDerivative(theta: Vec, v: Vec, out: Vec): void
}

const R = { t: new Float64Array(3), u: new Float64Array(3), conj: new Float64Array(4) }

/** Orthogonal A with exact G: dA/dtheta_j w = G_j x (A w) (G_j column j of G, 3 x n). */
function orthogonalDerivativeTimes(n: number, A: Vec, G: Vec, w: Vec, out: Vec): void {
  const a = R.t
  a[0] = A[0] * w[0] + A[1] * w[1] + A[2] * w[2]
  a[1] = A[3] * w[0] + A[4] * w[1] + A[5] * w[2]
  a[2] = A[6] * w[0] + A[7] * w[1] + A[8] * w[2]
  for (let j = 0; j < n; j++) {
    const g0 = G[j],
      g1 = G[n + j],
      g2 = G[2 * n + j]
    out[j] = g1 * a[2] - g2 * a[1]
    out[n + j] = g2 * a[0] - g0 * a[2]
    out[2 * n + j] = g0 * a[1] - g1 * a[0]
  }
}

/** Orthogonal A with exact G: dA^T/dtheta_j w = -A^T (G_j x w). */
function orthogonalTransposeDerivativeTimes(n: number, A: Vec, G: Vec, w: Vec, out: Vec): void {
  const c = R.u
  for (let j = 0; j < n; j++) {
    const g0 = G[j],
      g1 = G[n + j],
      g2 = G[2 * n + j]
    c[0] = g1 * w[2] - g2 * w[1]
    c[1] = g2 * w[0] - g0 * w[2]
    c[2] = g0 * w[1] - g1 * w[0]
    out[j] = -(A[0] * c[0] + A[3] * c[1] + A[6] * c[2])
    out[n + j] = -(A[1] * c[0] + A[4] * c[1] + A[7] * c[2])
    out[2 * n + j] = -(A[2] * c[0] + A[5] * c[1] + A[8] * c[2])
  }
}

/** Tait-Bryan angles [rx, ry, rz] with A = Rx(rx) Ry(ry) Rz(rz) (Exudyn's RotationMatrix2RotXYZ). */
export function taitBryanFromRotation(A: Vec, out: Vec): void {
  out[0] = Math.atan2(-A[5], A[8])
  out[1] = Math.asin(Math.max(-1, Math.min(1, A[2])))
  out[2] = Math.atan2(-A[1], A[0])
}

/**
 * Euler parameters [p0 (scalar), p1, p2, p3]: Gbar = 2 [-p_v, p0 I - p~_v]. Gbar is linear in p and
 * Gbar(p') p' = 0, so the quadratic velocity term (d/dt Gbar) theta' vanishes.
 */
export const EULER_PARAMETERS: RotationParametrization = {
  size: 4,
  rotationMatrix: (p, out) => rotationFromEulerParameters(p[0], p[1], p[2], p[3], out),
  localG: (p, out) => {
    const p0 = p[0],
      p1 = p[1],
      p2 = p[2],
      p3 = p[3]
    out[0] = -2 * p1
    out[1] = 2 * p0
    out[2] = 2 * p3
    out[3] = -2 * p2
    out[4] = -2 * p2
    out[5] = -2 * p3
    out[6] = 2 * p0
    out[7] = 2 * p1
    out[8] = -2 * p3
    out[9] = 2 * p2
    out[10] = -2 * p1
    out[11] = 2 * p0
  },
  localGdotThetaDot: (_p, _pd, out) => {
    out[0] = 0
    out[1] = 0
    out[2] = 0
  },
  rotationDerivativeTimes: (p, _A, _G, w, out) => eulerRotationDerivativeTimes(p, w, out),
  // A^T(p0, p_v) = A(p0, -p_v): the derivatives at the conjugate, columns 1..3 negated.
  transposeDerivativeTimes: (p, _A, _G, w, out) => {
    const c = R.conj
    c[0] = p[0]
    c[1] = -p[1]
    c[2] = -p[2]
    c[3] = -p[3]
    eulerRotationDerivativeTimes(c, w, out)
    for (let r = 0; r < 3; r++) for (let j = 1; j < 4; j++) out[4 * r + j] = -out[4 * r + j]
  },
  // Gbar^T v = 2 [-p_v . v; p0 v + p_v x v], so d/dp = 2 [[0, -v^T], [v, -v~]].
  localGTransposeDerivative: (_p, v, out) => {
    const v0 = 2 * v[0],
      v1 = 2 * v[1],
      v2 = 2 * v[2]
    out[0] = 0
    out[1] = -v0
    out[2] = -v1
    out[3] = -v2
    out[4] = v0
    out[5] = 0
    out[6] = v2
    out[7] = -v1
    out[8] = v1
    out[9] = -v2
    out[10] = 0
    out[11] = v0
    out[12] = v2
    out[13] = v1
    out[14] = -v0
    out[15] = 0
  },
}

/**
 * out (3 x 4, row-major) = [dA/dp_0 w, ..., dA/dp_3 w]: derivatives of the Euler-parameter rotation
 * matrix formula (rotationFromEulerParameters, also off |p| = 1) applied to a fixed vector w.
 */
export function eulerRotationDerivativeTimes(p: Vec, w: Vec, out: Vec): void {
  const p0 = p[0],
    p1 = p[1],
    p2 = p[2],
    p3 = p[3],
    w0 = w[0],
    w1 = w[1],
    w2 = w[2]
  // dA/dp0 = 2 [[0, -p3, p2], [p3, 0, -p1], [-p2, p1, 0]]
  out[0] = 2 * (-p3 * w1 + p2 * w2)
  out[4] = 2 * (p3 * w0 - p1 * w2)
  out[8] = 2 * (-p2 * w0 + p1 * w1)
  // dA/dp1 = 2 [[0, p2, p3], [p2, -2 p1, -p0], [p3, p0, -2 p1]]
  out[1] = 2 * (p2 * w1 + p3 * w2)
  out[5] = 2 * (p2 * w0 - 2 * p1 * w1 - p0 * w2)
  out[9] = 2 * (p3 * w0 + p0 * w1 - 2 * p1 * w2)
  // dA/dp2 = 2 [[-2 p2, p1, p0], [p1, 0, p3], [-p0, p3, -2 p2]]
  out[2] = 2 * (-2 * p2 * w0 + p1 * w1 + p0 * w2)
  out[6] = 2 * (p1 * w0 + p3 * w2)
  out[10] = 2 * (-p0 * w0 + p3 * w1 - 2 * p2 * w2)
  // dA/dp3 = 2 [[-2 p3, -p0, p1], [p0, -2 p3, p2], [p1, p2, 0]]
  out[3] = 2 * (-2 * p3 * w0 - p0 * w1 + p1 * w2)
  out[7] = 2 * (p0 * w0 - 2 * p3 * w1 + p2 * w2)
  out[11] = 2 * (p1 * w0 + p2 * w1)
}

/**
 * Tait-Bryan xyz angles: omega_global = e_x rx' + Rx e_y ry' + Rx Ry e_z rz', so in body axes
 * Gbar = [[c1 c2, s2, 0], [-c1 s2, c2, 0], [s1, 0, 1]]; singular at ry = +-pi/2.
 */
export const TAIT_BRYAN_XYZ: RotationParametrization = {
  size: 3,
  // Gimbal lock at ry = +-pi/2: the x and z axes coincide, det Gbar = cos ry.
  singularityDistance: (t) => Math.abs(Math.cos(t[1])),
  rotationMatrix: (t, out) => rotationFromRxyz(t[0], t[1], t[2], out),
  localG: (t, out) => {
    const c1 = Math.cos(t[1]),
      s1 = Math.sin(t[1]),
      c2 = Math.cos(t[2]),
      s2 = Math.sin(t[2])
    out[0] = c1 * c2
    out[1] = s2
    out[2] = 0
    out[3] = -c1 * s2
    out[4] = c2
    out[5] = 0
    out[6] = s1
    out[7] = 0
    out[8] = 1
  },
  localGdotThetaDot: (t, td, out) => {
    const c1 = Math.cos(t[1]),
      s1 = Math.sin(t[1]),
      c2 = Math.cos(t[2]),
      s2 = Math.sin(t[2])
    const d0 = td[0],
      d1 = td[1],
      d2 = td[2]
    // Column 0 differentiated, times rx'; column 1 differentiated, times ry'.
    out[0] = (-s1 * c2 * d1 - c1 * s2 * d2) * d0 + c2 * d2 * d1
    out[1] = (s1 * s2 * d1 - c1 * c2 * d2) * d0 - s2 * d2 * d1
    out[2] = c1 * d1 * d0
  },
  rotationDerivativeTimes: (_t, A, G, w, out) => orthogonalDerivativeTimes(3, A, G, w, out),
  transposeDerivativeTimes: (_t, A, G, w, out) => orthogonalTransposeDerivativeTimes(3, A, G, w, out),
  // Gbar^T v = [c1 c2 v0 - c1 s2 v1 + s1 v2; s2 v0 + c2 v1; v2], differentiated by [rx, ry, rz].
  localGTransposeDerivative: (t, v, out) => {
    const c1 = Math.cos(t[1]),
      s1 = Math.sin(t[1]),
      c2 = Math.cos(t[2]),
      s2 = Math.sin(t[2])
    out[0] = 0
    out[1] = -s1 * c2 * v[0] + s1 * s2 * v[1] + c1 * v[2]
    out[2] = -c1 * s2 * v[0] - c1 * c2 * v[1]
    out[3] = 0
    out[4] = 0
    out[5] = c2 * v[0] - s2 * v[1]
    out[6] = 0
    out[7] = 0
    out[8] = 0
  },
}

/** The planar angle phi about the global z axis: A = Rz(phi), Gbar = [0, 0, 1]^T. */
/**
 * rotationFromRxyz(0, 0, phi) without the cosines and sines of 0: every entry by the same operations on
 * c0 = c1 = 1, s0 = s1 = 0 (bit for bit, signed zeros included).
 */
function planarRotation(phi: number, out: Vec): void {
  const c = Math.cos(phi),
    s = Math.sin(phi)
  out[0] = c
  out[1] = -s
  out[2] = 0
  out[3] = 0 * c + s
  out[4] = -0 * s + c
  out[5] = -0
  out[6] = -0 * c + 0 * s
  out[7] = 0 * s + 0 * c
  out[8] = 1
}

export const PLANAR_ANGLE: RotationParametrization = {
  size: 1,
  rotationMatrix: (t, out) => planarRotation(t[0], out),
  localG: (_t, out) => {
    out[0] = 0
    out[1] = 0
    out[2] = 1
  },
  localGdotThetaDot: (_t, _td, out) => {
    out[0] = 0
    out[1] = 0
    out[2] = 0
  },
  rotationDerivativeTimes: (_t, A, G, w, out) => orthogonalDerivativeTimes(1, A, G, w, out),
  transposeDerivativeTimes: (_t, A, G, w, out) => orthogonalTransposeDerivativeTimes(1, A, G, w, out),
  localGTransposeDerivative: (_t, _v, out) => {
    out[0] = 0
  },
}
