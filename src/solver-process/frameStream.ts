// Step frames and sensor rows for a live view, throttled and flow-controlled:
// - a sample (node positions and the ODE2 coordinates at one time) is taken at most maxFrameRate times per
// wall-clock second,   however fast the solver steps, so a screen gets what it can show (the full-rate
// solution belongs in   the results file);
// - samples collect in a preallocated batch sent every FLUSH_INTERVAL_MS;
// - at most WINDOW batches are in flight until the consumer acknowledges them (ackFrames). While the
//   window is full the batch keeps only its newest sample and sensor rows beyond a cap are dropped, so a
//   slow consumer never makes this process (or any hop on the way) grow memory without bound.
import type { CompiledSystem, SystemState } from '../core'
import type { FramesEventData, SensorEventData } from '../shared/api'

const FLUSH_INTERVAL_MS = 50
export const FRAME_WINDOW = 4
const MAX_PENDING_SENSOR_VALUES = 1 << 20
/** Frames per batch when replaying a results file (all frames are sent, none thinned). */
const REPLAY_BATCH = 256

export interface FrameSink {
  frames(data: FramesEventData): void
  sensors(data: SensorEventData): void
  /** A warning for the log (once per run). */
  warn(message: string): void
}

const now = (): number => performance.now()

export class FrameStream {
  private system: CompiledSystem | null = null
  private nodeCount = 0
  private coordinateCount = 0
  private capacity = 1
  private times = new Float64Array(1)
  private positions = new Float64Array(0)
  private coordinates = new Float64Array(0)
  private samples = 0
  private lastSample = -Infinity
  private lastFlush = -Infinity
  private minSampleInterval = 1000 / 60
  private seq = 0
  private acked = 0
  private pendingSensors: { sensor: string; size: number; values: number[] }[] = []
  private pendingSensorValues = 0
  private warnedSensors = false
  private readonly point = new Float64Array(3)
  private replayJob: ReplayJob | null = null
  /** The model revision the samples belong to: every batch carries it. */
  private revision = 0

  constructor(private readonly sink: FrameSink) {}

  get inFlight(): number {
    return this.seq - this.acked
  }

  /**
   * Starts streaming a run of `system` at model revision `revision` (a new run or a reloaded model
   * resets the stream).
   */
  begin(system: CompiledSystem, revision: number, maxFrameRate = 60): void {
    this.endReplay()
    this.system = system
    this.revision = revision
    this.nodeCount = system.nodes.length
    this.coordinateCount = system.nODE2
    this.minSampleInterval = 1000 / Math.max(1, maxFrameRate)
    // Enough slots for one flush interval at the maximum rate, plus one for the sample that forces it.
    this.capacity = Math.ceil((FLUSH_INTERVAL_MS * Math.max(1, maxFrameRate)) / 1000) + 1
    this.times = new Float64Array(this.capacity)
    this.positions = new Float64Array(this.capacity * 3 * this.nodeCount)
    this.coordinates = new Float64Array(this.capacity * this.coordinateCount)
    this.samples = 0
    this.lastSample = -Infinity
    this.pendingSensors = system.sensors.map((record) => ({
      sensor: record.item.name,
      size: record.computation.size,
      values: [],
    }))
    this.pendingSensorValues = 0
    this.warnedSensors = false
    // Batches of an earlier run are no longer waited for.
    this.acked = this.seq
  }

  end(): void {
    this.system = null
  }

  /** The run's model changed in place (a live parameter edit): later batches carry the new revision. */
  setRevision(revision: number): void {
    this.revision = revision
  }

  /** Called after every accepted step; samples when the frame rate allows. */
  offer(state: SystemState, force = false): void {
    const t = now()
    if (!force && t - this.lastSample < this.minSampleInterval) return
    this.lastSample = t
    // With a full window or a full batch the newest sample replaces the last one.
    const slot =
      this.samples < this.capacity && this.inFlight < FRAME_WINDOW
        ? this.samples++
        : Math.max(0, this.samples - 1)
    if (this.samples === 0) this.samples = 1
    this.writeSample(slot, state)
    this.flush(force)
  }

  /** A sensor row (t first) for the live plots. */
  sensorRow(sensorIndex: number, row: Float64Array): void {
    if (this.pendingSensorValues + row.length > MAX_PENDING_SENSOR_VALUES) {
      if (!this.warnedSensors)
        this.sink.warn(
          'The display is too slow for the sensor data: live plots miss rows (the results file has them all)',
        )
      this.warnedSensors = true
      return
    }
    const pending = this.pendingSensors[sensorIndex]
    for (let i = 0; i < row.length; i++) pending.values.push(row[i])
    this.pendingSensorValues += row.length
  }

  /** Sends the batch if it is due (or forced) and the consumer has room for it. */
  flush(force = false): void {
    const t = now()
    if (this.inFlight >= FRAME_WINDOW) return
    if (!force && t - this.lastFlush < FLUSH_INTERVAL_MS) return
    if (this.samples === 0 && this.pendingSensorValues === 0) return
    this.lastFlush = t
    if (this.samples > 0) {
      this.sink.frames({
        seq: ++this.seq,
        revision: this.revision,
        nodeCount: this.nodeCount,
        times: this.times.slice(0, this.samples),
        positions: this.positions.slice(0, this.samples * 3 * this.nodeCount),
        coordinateCount: this.coordinateCount,
        coordinates: this.coordinates.slice(0, this.samples * this.coordinateCount),
      })
      this.samples = 0
    }
    if (this.pendingSensorValues > 0) {
      this.sink.sensors({
        revision: this.revision,
        series: this.pendingSensors
          .filter((pending) => pending.values.length > 0)
          .map((pending) => ({
            sensor: pending.sensor,
            size: pending.size,
            rows: Float64Array.from(pending.values),
          })),
      })
      for (const pending of this.pendingSensors) pending.values = []
      this.pendingSensorValues = 0
    }
  }

  /** The consumer has handled batches up to seq. */
  ack(seq: number): void {
    if (!Number.isFinite(seq) || seq <= this.acked) return
    this.acked = Math.min(seq, this.seq)
    // What waited for room (the last frame of a paused or finished run) goes out now.
    this.flush(true)
    this.pumpReplay()
  }

  /**
   * Sends every frame of a replay: `load` puts frame i into the system's state. Batches go out as
   * the window allows (the rest follow acknowledgements); `done` runs after the last one.
   */
  replay(
    system: CompiledSystem,
    revision: number,
    count: number,
    load: (index: number, state: SystemState) => void,
    done: () => void,
  ): void {
    this.begin(system, revision)
    this.replayJob = { system, next: 0, count, load, done }
    this.pumpReplay()
  }

  private pumpReplay(): void {
    const job = this.replayJob
    if (!job) return
    const state = job.system.state
    while (this.inFlight < FRAME_WINDOW && job.next < job.count) {
      const n = Math.min(REPLAY_BATCH, job.count - job.next)
      const times = new Float64Array(n)
      const positions = new Float64Array(n * 3 * this.nodeCount)
      const coordinates = new Float64Array(n * this.coordinateCount)
      for (let k = 0; k < n; k++) {
        job.load(job.next + k, state)
        times[k] = state.t
        this.writePositions(positions, k, state)
        coordinates.set(state.q, k * this.coordinateCount)
      }
      job.next += n
      const { nodeCount, coordinateCount, revision } = this
      const seq = ++this.seq
      this.sink.frames({ seq, revision, nodeCount, times, positions, coordinateCount, coordinates })
    }
    if (job.next >= job.count) this.endReplay()
  }

  private endReplay(): void {
    const job = this.replayJob
    this.replayJob = null
    job?.done()
  }

  private writeSample(slot: number, state: SystemState): void {
    if (!this.system) return
    this.times[slot] = state.t
    this.writePositions(this.positions, slot, state)
    this.coordinates.set(state.q, slot * this.coordinateCount)
  }

  /** Node positions of the state into sample `slot` of target (NaN for nodes without a position). */
  private writePositions(target: Float64Array, slot: number, state: SystemState): void {
    if (this.system) writeNodePositions(this.system, state, target, slot, this.point)
  }
}

/**
 * x, y, z of every node of `system` at `state` into sample `slot` of target (3 numbers per node, NaN
 * for nodes without a position); `point` is scratch of length 3.
 */
export function writeNodePositions(
  system: CompiledSystem,
  state: SystemState,
  target: Float64Array,
  slot: number,
  point: Float64Array,
): void {
  const base = slot * 3 * system.nodes.length
  system.nodes.forEach(({ computation }, node) => {
    const offset = base + 3 * node
    if (!computation.kinematics) {
      target.fill(NaN, offset, offset + 3)
      return
    }
    computation.kinematics.position(state, point)
    target.set(point, offset)
  })
}

interface ReplayJob {
  system: CompiledSystem
  next: number
  count: number
  load(index: number, state: SystemState): void
  done(): void
}
