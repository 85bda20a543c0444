// Sensor histories as plot series and CSV: one series per sensor component, on the sensor's time axis.
import { columnsCsv } from './columnsCsv'

export interface SeriesRef {
  sensor: string
  component: number
}

export interface SensorRows {
  size: number
  rows: Float64Array
}

const POSITION_LIKE = /Position|Displacement|Velocity|Acceleration|Force|Torque|Rotation|AngularVelocity/

/** A short label: "bobSensor.y" for vector outputs, "bobSensor[3]" beyond xyz, "bobSensor" for scalars. */
export function componentLabel(sensor: string, component: number, size: number, output?: string): string {
  if (size === 1) return sensor
  if (size === 3 && (!output || POSITION_LIKE.test(output))) return `${sensor}.${'xyz'[component]}`
  return `${sensor}[${component}]`
}

/** Column `component` (0-based, after t) and the times of a sensor's rows. */
export function column(data: SensorRows, component: number): { t: Float64Array; values: Float64Array } {
  const stride = data.size + 1
  const count = Math.floor(data.rows.length / stride)
  const t = new Float64Array(count)
  const values = new Float64Array(count)
  for (let i = 0; i < count; i++) {
    t[i] = data.rows[i * stride]
    values[i] = data.rows[i * stride + 1 + component]
  }
  return { t, values }
}

/** CSV of several series against time: header "t,label,...", rows cut to the shortest series. */
export function seriesCsv(columns: { label: string; t: Float64Array; values: Float64Array }[]): string {
  const count = Math.min(...columns.map((c) => c.values.length))
  const cut = (a: Float64Array) => a.subarray(0, count)
  return columnsCsv(
    ['t', ...columns.map((c) => c.label)],
    columns.length === 0 ? [] : [cut(columns[0].t), ...columns.map((c) => cut(c.values))],
  )
}
