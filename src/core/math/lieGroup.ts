// SO(3) and SE(3) maps of the rotation vector Omega (angle phi = |Omega| in [0, pi], axis Omega / phi),
// as in Exudyn's EXUlie (Bruels, Cardona, Arnold, Mech. Mach. Theory 48 (2012) 121):
//   exp(Omega) = I + sin(phi)/phi ~Omega + (1 - cos(phi))/phi^2 ~Omega^2  (Rodrigues),
//   log(R) from R's Euler parameters, phi = 2 atan2(|e|, e0) with e0 >= 0,
//   SE(3): a translation t relative to the frame of the first pose is the image t = T(Omega)^T U of the
//   algebra's translation U, so U = T(Omega)^-T t = beta t - 1/2 Omega x t + gamma Omega (Omega . t),
//   beta = (phi/2) cot(phi/2), gamma = (1 - beta) / phi^2 (series below phi = 0.02).
// Matrices are row-major 3x3 arrays. Allocation-free.
import type { Vec } from './vec3'

/** out = log(R) as a rotation vector (R orthogonal). */
export function rotationVectorFromMatrix(R: Vec, out: Vec): void {
  // Euler parameters by the largest of 4 e_i^2 (Shepperd's method: no cancellation near phi = pi).
  const t = R[0] + R[4] + R[8]
  let e0: number, e1: number, e2: number, e3: number
  if (t >= R[0] && t >= R[4] && t >= R[8]) {
    const q = 0.5 * Math.sqrt(1 + t),
      f = 0.25 / q
    e0 = q
    e1 = (R[7] - R[5]) * f
    e2 = (R[2] - R[6]) * f
    e3 = (R[3] - R[1]) * f
  } else if (R[0] >= R[4] && R[0] >= R[8]) {
    const q = 0.5 * Math.sqrt(1 + 2 * R[0] - t),
      f = 0.25 / q
    e0 = (R[7] - R[5]) * f
    e1 = q
    e2 = (R[1] + R[3]) * f
    e3 = (R[2] + R[6]) * f
  } else if (R[4] >= R[8]) {
    const q = 0.5 * Math.sqrt(1 + 2 * R[4] - t),
      f = 0.25 / q
    e0 = (R[2] - R[6]) * f
    e1 = (R[1] + R[3]) * f
    e2 = q
    e3 = (R[5] + R[7]) * f
  } else {
    const q = 0.5 * Math.sqrt(1 + 2 * R[8] - t),
      f = 0.25 / q
    e0 = (R[3] - R[1]) * f
    e1 = (R[2] + R[6]) * f
    e2 = (R[5] + R[7]) * f
    e3 = q
  }
  if (e0 < 0) {
    e0 = -e0
    e1 = -e1
    e2 = -e2
    e3 = -e3
  }
  const s = Math.sqrt(e1 * e1 + e2 * e2 + e3 * e3)
  const scale = s > 0 ? (2 * Math.atan2(s, e0)) / s : 0
  out[0] = scale * e1
  out[1] = scale * e2
  out[2] = scale * e3
}

/** out = exp(Omega) (Rodrigues). */
export function rotationFromRotationVector(w: Vec, out: Vec): void {
  const phi = Math.sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2])
  // sin(phi)/phi and (1 - cos(phi))/phi^2 = 1/2 (sin(phi/2) / (phi/2))^2, both without cancellation.
  const a = phi > 0 ? Math.sin(phi) / phi : 1
  const h = phi > 0 ? Math.sin(0.5 * phi) / (0.5 * phi) : 1
  const b = 0.5 * h * h
  const x = w[0],
    y = w[1],
    z = w[2]
  out[0] = 1 - b * (y * y + z * z)
  out[1] = -a * z + b * x * y
  out[2] = a * y + b * x * z
  out[3] = a * z + b * x * y
  out[4] = 1 - b * (x * x + z * z)
  out[5] = -a * x + b * y * z
  out[6] = -a * y + b * x * z
  out[7] = a * x + b * y * z
  out[8] = 1 - b * (x * x + y * y)
}

/** out = U = T(Omega)^-T t, the translation of log_SE(3) of the pose (exp(Omega), t). */
export function se3LogTranslation(w: Vec, t: Vec, out: Vec): void {
  const phi2 = w[0] * w[0] + w[1] * w[1] + w[2] * w[2]
  let beta: number, gamma: number
  if (phi2 <= 0.02 * 0.02) {
    gamma = 1 / 12 + phi2 / 720 + (phi2 * phi2) / 30240
    beta = 1 - gamma * phi2
  } else {
    const e = 0.5 * Math.sqrt(phi2)
    beta = e / Math.tan(e)
    gamma = (1 - beta) / phi2
  }
  const wt = w[0] * t[0] + w[1] * t[1] + w[2] * t[2]
  out[0] = beta * t[0] - 0.5 * (w[1] * t[2] - w[2] * t[1]) + gamma * wt * w[0]
  out[1] = beta * t[1] - 0.5 * (w[2] * t[0] - w[0] * t[2]) + gamma * wt * w[1]
  out[2] = beta * t[2] - 0.5 * (w[0] * t[1] - w[1] * t[0]) + gamma * wt * w[2]
}
