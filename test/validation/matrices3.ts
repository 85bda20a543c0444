// 3x3 matrices as nested arrays for test references (independent of the engine's math).
export type M3 = number[][]
export const mul = (P: M3, Q: M3): M3 =>
  P.map((r) => Q[0].map((_, j) => r.reduce((s, v, k) => s + v * Q[k][j], 0)))
export const apply = (P: M3, v: number[]): number[] => P.map((r) => r[0] * v[0] + r[1] * v[1] + r[2] * v[2])
export const transpose = (P: M3): M3 => P[0].map((_, j) => P.map((r) => r[j]))
export const cross = (a: number[], b: number[]): number[] => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]
/** Rotations about the x, y and z axes by a (Tait-Bryan: Rx Ry Rz). */
export const Rx = (a: number): M3 => [
  [1, 0, 0],
  [0, Math.cos(a), -Math.sin(a)],
  [0, Math.sin(a), Math.cos(a)],
]
export const Ry = (a: number): M3 => [
  [Math.cos(a), 0, Math.sin(a)],
  [0, 1, 0],
  [-Math.sin(a), 0, Math.cos(a)],
]
export const Rz = (a: number): M3 => [
  [Math.cos(a), -Math.sin(a), 0],
  [Math.sin(a), Math.cos(a), 0],
  [0, 0, 1],
]
