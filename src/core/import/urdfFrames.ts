// Frames of URDF: rotations from roll-pitch-yaw (R = Rz(yaw) Ry(pitch) Rx(roll), fixed axes, as the
// URDF specification defines), a joint frame whose z (or x) axis is a given axis, and Euler
// parameters of a rotation matrix (Shepperd's method: the largest of the four squares first, so no
// division by a small number).

/** A 3x3 matrix as rows. */
export type Mat3 = number[][]
export type Vec3 = number[]

export const IDENTITY: Mat3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]

export function mul(a: Mat3, b: Mat3): Mat3 {
  return a.map((row) => [0, 1, 2].map((j) => row[0] * b[0][j] + row[1] * b[1][j] + row[2] * b[2][j]))
}
export function transpose(a: Mat3): Mat3 {
  return [0, 1, 2].map((i) => [a[0][i], a[1][i], a[2][i]])
}
export function apply(a: Mat3, v: Vec3): Vec3 {
  return a.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2])
}
export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]

/** R = Rz(yaw) Ry(pitch) Rx(roll). */
export function rotationFromRpy([roll, pitch, yaw]: Vec3): Mat3 {
  const [cr, sr, cp, sp, cy, sy] = [
    Math.cos(roll),
    Math.sin(roll),
    Math.cos(pitch),
    Math.sin(pitch),
    Math.cos(yaw),
    Math.sin(yaw),
  ]
  return [
    [cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr],
    [sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr],
    [-sp, cp * sr, cp * cr],
  ]
}

/**
 * A rotation whose column `column` (0: x, 2: z) is the unit axis a: the joint frame of a revolute
 * joint about z or a prismatic joint along x. The identity when a already is that axis.
 */
export function frameWithAxis(a: Vec3, column: 0 | 2): Mat3 {
  const e = column === 2 ? [0, 0, 1] : [1, 0, 0]
  const c = e[0] * a[0] + e[1] * a[1] + e[2] * a[2]
  // Rodrigues' rotation taking e to a: about k = e x a by the angle between them.
  const k = [e[1] * a[2] - e[2] * a[1], e[2] * a[0] - e[0] * a[2], e[0] * a[1] - e[1] * a[0]]
  const s = Math.hypot(k[0], k[1], k[2])
  if (s < 1e-15) {
    if (c > 0) return IDENTITY.map((r) => [...r])
    // a = -e: a half turn about an axis normal to e.
    return column === 2
      ? [
          [1, 0, 0],
          [0, -1, 0],
          [0, 0, -1],
        ]
      : [
          [-1, 0, 0],
          [0, 1, 0],
          [0, 0, -1],
        ]
  }
  const [x, y, z] = k.map((v) => v / s)
  const v = 1 - c
  // + 0: no negative zeros in the project file.
  return [
    [c + x * x * v, x * y * v - z * s, x * z * v + y * s],
    [y * x * v + z * s, c + y * y * v, y * z * v - x * s],
    [z * x * v - y * s, z * y * v + x * s, c + z * z * v],
  ].map((row) => row.map((e) => e + 0))
}

/** Euler parameters [e0, e1, e2, e3] (e0 >= 0) of a rotation matrix. */
export function eulerParameters(R: Mat3): Vec3 {
  const t = R[0][0] + R[1][1] + R[2][2]
  const squares = [1 + t, 1 + 2 * R[0][0] - t, 1 + 2 * R[1][1] - t, 1 + 2 * R[2][2] - t]
  const k = squares.indexOf(Math.max(...squares))
  const q = 0.5 * Math.sqrt(squares[k])
  const f = 1 / (4 * q)
  let e: number[]
  if (k === 0) e = [q, (R[2][1] - R[1][2]) * f, (R[0][2] - R[2][0]) * f, (R[1][0] - R[0][1]) * f]
  else if (k === 1) e = [(R[2][1] - R[1][2]) * f, q, (R[0][1] + R[1][0]) * f, (R[0][2] + R[2][0]) * f]
  else if (k === 2) e = [(R[0][2] - R[2][0]) * f, (R[0][1] + R[1][0]) * f, q, (R[1][2] + R[2][1]) * f]
  else e = [(R[1][0] - R[0][1]) * f, (R[0][2] + R[2][0]) * f, (R[1][2] + R[2][1]) * f, q]
  const sign = e[0] < 0 ? -1 : 1
  const n = Math.hypot(e[0], e[1], e[2], e[3])
  return e.map((x) => (sign * x) / n)
}
