// The Newton update of the implicit and static solvers: the iterate minus the solved residual.

/**
 * x[0 .. n2) -= r[0 .. n2) and lambda[0 .. nAE) -= r[n2 .. n2 + nAE); out[0] = max |r_i| (the update)
 * and out[1] = max |x_i| (the new iterate) over i < n2, for the solvers' stagnation test. The maxima go
 * into a preallocated out, not a returned pair: no double is boxed, nothing allocated per call.
 */
export function subtractUpdate(
  x: Float64Array,
  lambda: Float64Array,
  r: Float64Array,
  n2: number,
  nAE: number,
  out: Float64Array,
): void {
  let upd = 0,
    size = 0
  for (let i = 0; i < n2; i++) {
    x[i] -= r[i]
    upd = Math.max(upd, Math.abs(r[i]))
    size = Math.max(size, Math.abs(x[i]))
  }
  for (let k = 0; k < nAE; k++) lambda[k] -= r[n2 + k]
  out[0] = upd
  out[1] = size
}
