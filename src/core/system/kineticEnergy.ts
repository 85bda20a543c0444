/** T = 1/2 q_t^T M q_t over the global velocities v at ltg (M: ltg.length^2, row-major). */
export function kineticEnergyOf(M: Float64Array, ltg: Int32Array, v: Float64Array): number {
  const n = ltg.length
  let e = 0
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) e += v[ltg[i]] * M[i * n + j] * v[ltg[j]]
  return 0.5 * e
}
