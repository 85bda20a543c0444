// Records every sensor at sensorsWritePeriod: one row per output time, t first. Rows are kept in
// growable Float64Arrays (storeInternal) and handed to listeners (CSV writers, the app's plots).
import type { CompiledSystem } from '../system/compiledSystem'
import type { SystemState } from '../system/state'
import { OutputSchedule, type OutputScheduleState } from './outputSchedule'

export interface SensorSeries {
  name: string
  outputVariableType: string
  /** Values per row, without the time column. */
  size: number
  /** Row-major [t, v0, v1, ...] rows; length = rows * (size + 1). */
  data: Float64Array
  rows: number
}

export type SensorRowListener = (sensorIndex: number, row: Float64Array) => void

/**
 * Writes the multipliers the sensors report at state s into out and returns true, or returns false to
 * report s.lambda as it is (the solver's minimum-norm multipliers of redundant constraints).
 */
export type ReportedMultipliers = (s: SystemState, out: Float64Array) => boolean

export class SensorRecorder {
  readonly series: SensorSeries[]
  private readonly due: OutputSchedule
  private readonly row: Float64Array[]
  /** Views of row[i] without the time column, made once (a subarray per recorded row allocated). */
  private readonly rowValues: Float64Array[]
  private readonly listeners: SensorRowListener[] = []
  /** Set by the solver: the multipliers to report instead of the integration's (none: s.lambda). */
  reportedMultipliers: ReportedMultipliers | null = null
  /** The reported multipliers, and the integration's kept aside while the sensors read the former. */
  private reported = new Float64Array(0)
  private integrated = new Float64Array(0)

  constructor(
    private readonly system: CompiledSystem,
    period: number,
    private readonly storeInternal = true,
  ) {
    this.due = new OutputSchedule(period)
    this.series = system.sensors.map((r) => ({
      name: r.item.name,
      outputVariableType: r.computation.outputVariableType,
      size: r.computation.size,
      data: new Float64Array(0),
      rows: 0,
    }))
    this.row = this.series.map((s) => new Float64Array(s.size + 1))
    this.rowValues = this.row.map((r) => r.subarray(1))
  }

  /** Calls `l` with every recorded row; returns the function that stops it. */
  onRow(l: SensorRowListener): () => void {
    this.listeners.push(l)
    return () => {
      const index = this.listeners.indexOf(l)
      if (index >= 0) this.listeners.splice(index, 1)
    }
  }

  /** Where the write schedule stands (part of a run's state, saved in checkpoints). */
  get schedule(): OutputScheduleState {
    return this.due.schedule
  }
  set schedule(v: OutputScheduleState) {
    this.due.schedule = v
  }

  /** No row is due at a time before this (NaN: one may be due at any time). */
  get nextOutputTime(): number {
    return this.due.nextDue
  }

  /** Records if a row is due at s.t (always at the first call, and with force); returns whether it did. */
  maybeRecord(s: SystemState, force = false): boolean {
    if (!this.due.take(s, force)) return false
    this.record(s)
    return true
  }
  private record(s: SystemState): void {
    if (this.reported.length !== s.lambda.length) {
      this.reported = new Float64Array(s.lambda.length)
      this.integrated = new Float64Array(s.lambda.length)
    }
    const swap = this.reportedMultipliers?.(s, this.reported) === true
    if (swap) {
      this.integrated.set(s.lambda)
      s.lambda.set(this.reported)
    }
    try {
      this.recordRows(s)
    } finally {
      if (swap) s.lambda.set(this.integrated)
    }
  }
  private recordRows(s: SystemState): void {
    const sensors = this.system.sensors
    for (let i = 0; i < sensors.length; i++) {
      const row = this.row[i]
      row[0] = s.t
      sensors[i].computation.evaluate(s, this.rowValues[i])
      if (this.storeInternal) this.append(this.series[i], row)
      for (let k = 0; k < this.listeners.length; k++) this.listeners[k](i, row)
    }
  }

  private append(se: SensorSeries, row: Float64Array): void {
    const w = se.size + 1
    if ((se.rows + 1) * w > se.data.length) {
      const grown = new Float64Array(Math.max(64 * w, se.data.length * 2))
      grown.set(se.data)
      se.data = grown
    }
    se.data.set(row, se.rows * w)
    se.rows++
  }

  /** The last recorded row of a sensor (values only), or undefined. */
  last(i: number): number[] | undefined {
    const se = this.series[i]
    if (se.rows === 0) return undefined
    const w = se.size + 1
    return Array.from(se.data.subarray((se.rows - 1) * w + 1, se.rows * w))
  }
}
