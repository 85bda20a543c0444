// Writes a results file while a run goes on: the header at construction, then one record per frame
// (at solutionWritePeriod) and per sensor output time, each appended to the sink in one piece.
import { crc32, putF64s, utf8, type ByteSink } from '../checkpoint/binary'
import { systemFingerprint } from '../checkpoint/fingerprint'
import type { SimulationSettings } from '../model/settings'
import type { JsonObject } from '../model/types'
import { OutputSchedule, type OutputScheduleState } from '../solvers/outputSchedule'
import type { SensorRecorder } from '../solvers/sensorRecorder'
import type { CompiledSystem } from '../system/compiledSystem'
import type { SystemState } from '../system/state'
import { ENGINE_BUILD, ENGINE_VERSION } from '../engineVersion'
import { resultsHashes } from './headerHashes'
import {
  HEADER_PREFIX,
  HEADER_SUFFIX,
  RECORD_FRAME,
  RECORD_SENSORS,
  recordBytes,
  RESULTS_FORMAT,
  RESULTS_MAGIC,
  RESULTS_VERSION,
  type FrameField,
  type ResultsHeader,
} from './format'

export interface ResultsWriterOptions {
  /** The project document (as written to the project file), stored as the model snapshot. */
  project: JsonObject
  /** The settings the run uses (defaults filled in), recorded for `mbs verify`. */
  settings?: SimulationSettings
  solverType: string
  /** Time between frames (solutionWritePeriod); 0 = every step. */
  framePeriod: number
  /** Stored vectors; default ['q'] (coordinates), add 'v' for velocities. */
  fields?: FrameField[]
  /** Sensor rows come from this recorder (its rows at sensorsWritePeriod). */
  recorder?: SensorRecorder
  sensorPeriod?: number
  /** The end time the run aims for, recorded for a re-run (`mbs verify`). */
  endTime?: number
  /** The header's start time; default the system's time (a branch's is the original run's). */
  startTime?: number
  /** A what-if branch (its first records are another run's, appendRecords). */
  branch?: ResultsHeader['branch']
}

/** One fixed-size record buffer, reused: kind, sequence, values, checksum, kind. */
class RecordBuffer {
  readonly bytes: Uint8Array
  private readonly view: DataView
  sequence = 0
  constructor(
    private readonly kind: number,
    readonly values: number,
  ) {
    this.bytes = new Uint8Array(recordBytes(values))
    this.view = new DataView(this.bytes.buffer)
  }
  set(i: number, v: number): void {
    this.view.setFloat64(8 + 8 * i, v, true)
  }
  setAll(from: number, x: Float64Array): void {
    putF64s(this.bytes, 8 + 8 * from, x)
  }
  /** Seals the record (sequence number, checksum) and hands it to the sink. */
  flush(sink: ByteSink): void {
    const end = 8 + 8 * this.values
    this.view.setUint32(0, this.kind, true)
    this.view.setUint32(4, this.sequence, true)
    this.view.setUint32(end, crc32(this.bytes, 0, end), true)
    this.view.setUint32(end + 4, this.kind, true)
    sink.append(this.bytes)
    this.sequence++
  }
}

export class ResultsWriter {
  readonly header: ResultsHeader
  private readonly frames: RecordBuffer
  private readonly sensorRows?: RecordBuffer
  private readonly due: OutputSchedule
  private stopSensorRows = (): void => undefined

  constructor(
    private readonly sink: ByteSink,
    private readonly system: CompiledSystem,
    options: ResultsWriterOptions,
  ) {
    const fields = options.fields ?? ['q']
    const s = system.state
    const lengths = fields.map((f) => s[f].length)
    const sensorItems: ResultsHeader['sensors']['items'] = []
    let offset = 0
    for (const se of options.recorder?.series ?? []) {
      sensorItems.push({ name: se.name, outputVariableType: se.outputVariableType, size: se.size, offset })
      offset += se.size
    }
    this.header = {
      format: RESULTS_FORMAT,
      version: RESULTS_VERSION,
      project: options.project,
      fingerprint: systemFingerprint(system),
      hashes: resultsHashes(options.project, ENGINE_VERSION),
      engineVersion: ENGINE_VERSION,
      engineBuild: ENGINE_BUILD,
      ...(options.settings ? { settings: JSON.parse(JSON.stringify(options.settings)) as JsonObject } : {}),
      layout: {
        nODE2: system.nODE2,
        nODE1: system.nODE1,
        nAE: system.nAE,
        nData: system.nData,
        nodes: system.nodes.map((r) => ({
          name: r.item.name,
          type: r.item.type,
          ode2Index: r.computation.ode2Index,
          nODE2: r.computation.nODE2,
          ode1Index: r.computation.ode1Index,
          nODE1: r.computation.nODE1,
        })),
      },
      solverType: options.solverType,
      startTime: options.startTime ?? s.t,
      endTime: options.endTime ?? null,
      ...(options.branch ? { branch: options.branch } : {}),
      frame: {
        fields,
        lengths,
        valuesPerRecord: 1 + lengths.reduce((a, b) => a + b, 0),
        period: options.framePeriod,
      },
      sensors: { items: sensorItems, valuesPerRecord: 1 + offset, period: options.sensorPeriod ?? 0 },
    }
    this.due = new OutputSchedule(options.framePeriod)
    this.frames = new RecordBuffer(RECORD_FRAME, this.header.frame.valuesPerRecord)
    sink.append(encodeHeader(this.header))
    const rows =
      sensorItems.length > 0
        ? new RecordBuffer(RECORD_SENSORS, this.header.sensors.valuesPerRecord)
        : undefined
    this.sensorRows = rows
    // The recorder hands over one sensor at a time; the row is complete after the last sensor.
    if (rows && options.recorder) {
      const last = sensorItems.length - 1
      this.stopSensorRows = options.recorder.onRow((i, row) => {
        rows.set(0, row[0])
        rows.setAll(1 + sensorItems[i].offset, row.subarray(1))
        if (i === last) rows.flush(sink)
      })
    }
  }

  /** Writes nothing more: the recorder's rows stop reaching the sink (the caller closes it). */
  stop(): void {
    this.stopSensorRows()
  }

  /** The frame schedule (saved in checkpoints as an output, like the sensor recorder's). */
  get schedule(): OutputScheduleState {
    return this.due.schedule
  }
  set schedule(v: OutputScheduleState) {
    this.due.schedule = v
  }

  /** Writes a frame if one is due at s.t (always the first time); use as the solver's onStep. */
  maybeWriteFrame(s: SystemState = this.system.state): boolean {
    if (!this.due.take(s)) return false
    const f = this.frames
    f.set(0, s.t)
    let at = 1
    for (const field of this.header.frame.fields) {
      f.setAll(at, s[field])
      at += s[field].length
    }
    f.flush(this.sink)
    return true
  }

  /**
   * Appends `frames` frame and `rows` sensor-row records of a file of the same layout
   * (ResultsReader.recordsBefore), as if written here; the sequence numbers go on after them.
   */
  appendRecords(bytes: Uint8Array, frames: number, rows: number): void {
    this.sink.append(bytes)
    this.frames.sequence += frames
    if (this.sensorRows) this.sensorRows.sequence += rows
  }

  get framesWritten(): number {
    return this.frames.sequence
  }
  get sensorRowsWritten(): number {
    return this.sensorRows?.sequence ?? 0
  }
}

/**
 * Magic, version, length, the space-padded JSON, then its CRC-32 (from the version on) and the length again.
 */
export function encodeHeader(h: ResultsHeader): Uint8Array {
  const json = utf8(JSON.stringify(h))
  // Pad the JSON with spaces so that the suffix and the records start 8-byte aligned.
  const padded = Math.ceil((HEADER_PREFIX + json.length) / 8) * 8 - HEADER_PREFIX
  const end = HEADER_PREFIX + padded
  const out = new Uint8Array(end + HEADER_SUFFIX).fill(0x20, HEADER_PREFIX, end)
  for (let i = 0; i < 8; i++) out[i] = RESULTS_MAGIC.charCodeAt(i)
  const view = new DataView(out.buffer)
  view.setUint32(8, RESULTS_VERSION, true)
  view.setUint32(12, padded, true)
  out.set(json, HEADER_PREFIX)
  view.setUint32(end, crc32(out, 8, end), true)
  view.setUint32(end + 4, padded, true)
  return out
}
