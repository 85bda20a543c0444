// Tick labels with as many digits as the tick spacing needs: uPlot's default keeps 3 decimals, so an
// energy error of 1e-5 J reads "-0". Ticks below 1e-3 or from 1e6 on in size get an exponent.

/** Labels of ticks `incr` apart, each distinct from its neighbours. */
export function tickLabels(splits: readonly number[], incr: number): string[] {
  const step = Math.abs(incr)
  if (!(step > 0) || splits.length === 0) return splits.map((v) => String(v))
  const exponent = Math.floor(Math.log10(step))
  const mantissa = step / 10 ** exponent
  // Steps of 2.5 x 10^k need one digit more than steps of 1, 2 or 5 x 10^k.
  const extra = Math.abs(mantissa - Math.round(mantissa)) > 1e-9 ? 1 : 0
  const largest = Math.max(...splits.map((v) => Math.abs(v)))
  if (largest >= 1e6 || largest < 1e-3) {
    const digits = Math.min(15, Math.max(1, Math.floor(Math.log10(largest)) - exponent + 1 + extra))
    return splits.map((v) => (Math.abs(v) < step / 2 ? '0' : v.toExponential(digits - 1)))
  }
  const decimals = Math.min(15, Math.max(0, -exponent + extra))
  return splits.map((v) => (Math.abs(v) < step / 2 ? '0' : v.toFixed(decimals)))
}
