// The outputs of one study case from its sensor rows: final value, min, max, mean and RMS over the
// recorded rows (mean and RMS by the trapezoidal rule in time), or the value at a time (linear
// interpolation between the two rows around it).
import type { SensorSeries } from '../solvers/sensorRecorder'
import type { StudyOutput } from './studyFile'

/** The value of `output`, or a message naming the sensor and what is missing. */
export function outputValue(series: readonly SensorSeries[], output: StudyOutput): number | string {
  const s = series.find((x) => x.name === output.sensor)
  if (!s) return `no sensor named "${output.sensor}"`
  if (output.component >= s.size)
    return `sensor "${output.sensor}" has ${s.size} components; component ${output.component} does not exist`
  if (s.rows === 0) return `sensor "${output.sensor}" recorded no rows`
  const w = s.size + 1
  const t = (i: number) => s.data[i * w]
  const v = (i: number) => s.data[i * w + 1 + output.component]
  const st = output.statistic
  if (typeof st === 'object') {
    if (st.at < t(0) || st.at > t(s.rows - 1))
      return `time ${st.at} s lies outside the recorded rows, ${t(0)} .. ${t(s.rows - 1)} s`
    let i = 0
    while (i < s.rows - 1 && t(i + 1) < st.at) i++
    if (i === s.rows - 1 || t(i + 1) === t(i)) return v(i)
    const u = (st.at - t(i)) / (t(i + 1) - t(i))
    return v(i) + u * (v(i + 1) - v(i))
  }
  if (st === 'final') return v(s.rows - 1)
  let min = Infinity
  let max = -Infinity
  for (let i = 0; i < s.rows; i++) {
    min = Math.min(min, v(i))
    max = Math.max(max, v(i))
  }
  if (st === 'min') return min
  if (st === 'max') return max
  const span = t(s.rows - 1) - t(0)
  if (span === 0) return st === 'mean' ? v(0) : Math.abs(v(0))
  let integral = 0
  for (let i = 0; i + 1 < s.rows; i++) {
    const [a, b] = st === 'mean' ? [v(i), v(i + 1)] : [v(i) ** 2, v(i + 1) ** 2]
    integral += 0.5 * (a + b) * (t(i + 1) - t(i))
  }
  return st === 'mean' ? integral / span : Math.sqrt(integral / span)
}
