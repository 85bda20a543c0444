// The run's history for replay and plots: every frame (coordinates q and node positions) and sensor
// row that arrives while the solver runs or a results file is replayed, kept in growing typed arrays;
// the timeline picks the frame to show. A results file brings its own model (`file`), which the
// viewport draws its frames with and the tree and the property editor show, read-only.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { Project } from '../../core'
import type { ApiEvents, ResultsData, ResultsSummary } from '../../shared/api'
import { api } from '../api'
import { frameIndexAt } from '../model/frameIndex'
import { specFromText, type ProjectSpec } from '../model/projectSpec'

/** A growing Float64Array (amortized doubling) for streamed samples. */
class Samples {
  data = new Float64Array(1024)
  length = 0
  push(values: ArrayLike<number>): void {
    if (this.length + values.length > this.data.length) {
      const grown = new Float64Array(Math.max(2 * this.data.length, this.length + values.length))
      grown.set(this.data.subarray(0, this.length))
      this.data = grown
    }
    this.data.set(values, this.length)
    this.length += values.length
  }
  view(): Float64Array {
    return this.data.subarray(0, this.length)
  }
}

/** How many of the first `count` entries (every `stride`-th value of data) lie before t. */
function countBefore(data: Float64Array, count: number, stride: number, t: number): number {
  let n = count
  while (n > 0 && data[(n - 1) * stride] >= t) n--
  return n
}

export interface SensorSeries {
  size: number
  /** Row-major [t, v0, v1, ...]. */
  rows: Samples
}

/** A results file being replayed and the model stored in it. */
export interface ReplayedFile {
  path: string
  spec: ProjectSpec
  project: Project
}

export const useReplayStore = defineStore('replay', () => {
  const times = new Samples()
  const positions = new Samples()
  const coordinates = new Samples()
  let nodeCount = 0
  let coordinateCount = 0
  /** The opened results file and its model (null: the frames belong to the edited model). */
  const file = shallowRef<ReplayedFile | null>(null)
  const sensors = new Map<string, SensorSeries>()
  /** Bumped when data arrives (the arrays themselves are not reactive). */
  const version = ref(0)
  /** The time the viewport shows; null: follow the live run (newest frame). */
  const cursor = ref<number | null>(null)
  const playing = ref(false)
  const speed = ref(1)
  const loop = ref(true)
  const frameCount = computed(() => (version.value, times.length))
  const range = computed(
    () => (
      version.value,
      times.length > 0 ? { start: times.data[0], end: times.data[times.length - 1] } : null
    ),
  )
  const shownFrame = shallowRef<Float64Array | null>(null)
  /** Coordinates q drawn instead of the frames while set: an animated mode shape (stores/modes.ts). */
  const shapeFrame = shallowRef<Float64Array | null>(null)
  /** What the 3D view draws: an animated shape, else the frame the timeline shows. */
  const drawnFrame = computed(() => shapeFrame.value ?? shownFrame.value)

  function clear(): void {
    times.length = 0
    positions.length = 0
    coordinates.length = 0
    sensors.clear()
    file.value = null
    cursor.value = null
    playing.value = false
    shownFrame.value = null
    version.value++
  }

  function addFrames(data: ApiEvents['frames']): void {
    if (data.times.length === 0) return
    // A run that went back in time (a new run, a restored checkpoint) replaces the frames from there on.
    const keep = countBefore(times.data, times.length, 1, data.times[0])
    times.length = keep
    positions.length = keep * 3 * data.nodeCount
    coordinates.length = keep * data.coordinateCount
    nodeCount = data.nodeCount
    coordinateCount = data.coordinateCount
    times.push(data.times)
    positions.push(data.positions)
    coordinates.push(data.coordinates)
    if (cursor.value === null) shownFrame.value = frameAt(times.length - 1)
    version.value++
  }

  function addSensors(data: ApiEvents['sensors']): void {
    for (const { sensor, size, rows } of data.series) {
      const series = sensors.get(sensor) ?? { size, rows: new Samples() }
      if (rows.length > 0)
        series.rows.length =
          (size + 1) * countBefore(series.rows.data, series.rows.length / (size + 1), size + 1, rows[0])
      series.rows.push(rows)
      sensors.set(sensor, series)
    }
    version.value++
  }

  /**
   * The frames and sensor rows of a run read from its results file instead of those streamed live
   * (every frame at solutionWritePeriod, where the live view got at most maxFrameRate a second).
   */
  function replaceWith(data: ResultsData): void {
    times.length = positions.length = coordinates.length = 0
    nodeCount = data.nodeCount
    coordinateCount = data.coordinateCount
    times.push(data.times)
    positions.push(data.positions)
    coordinates.push(data.coordinates)
    sensors.clear()
    addSensors({ revision: 0, series: data.sensors })
    shownFrame.value = frameAt(cursor.value === null ? times.length - 1 : indexAt(cursor.value))
  }

  /** The coordinates q of frame `index`. */
  function frameAt(index: number): Float64Array | null {
    if (index < 0 || index >= times.length) return null
    return coordinates.data.subarray(index * coordinateCount, (index + 1) * coordinateCount)
  }

  /**
   * Starts the replay of a results file: what was recorded so far is dropped (the file's sensors and
   * frames arrive as events once `open` is called), and the frames are drawn with the file's model.
   */
  async function openResults(path: string, open: () => Promise<ResultsSummary>): Promise<ResultsSummary> {
    clear()
    const summary = await open()
    const parsed = specFromText(summary.project)
    file.value = parsed.ok ? { path, spec: parsed.spec, project: parsed.project } : null
    seek(summary.startTime)
    return summary
  }

  /** Index of the last frame at or before t (frames are in time order). */
  const indexAt = (t: number): number => frameIndexAt(times.data, times.length, t)

  /**
   * Shows the last frame at or before t + tolerance (a video's t_k = t0 + k h may land a rounding
   * error short of the frame recorded at it); answers that frame's time.
   */
  function seek(t: number, tolerance = 0): number {
    cursor.value = t
    const index = indexAt(t + tolerance)
    shownFrame.value = frameAt(index)
    return index >= 0 ? times.data[index] : t
  }

  function stepFrame(direction: 1 | -1): void {
    if (times.length === 0) return
    playing.value = false
    const index = Math.min(
      times.length - 1,
      Math.max(0, indexAt(cursor.value ?? times.data[times.length - 1]) + direction),
    )
    seek(times.data[index])
  }

  let lastTick = 0
  function tick(now: number): void {
    if (!playing.value) return
    const r = range.value
    if (r) {
      const dt = lastTick ? ((now - lastTick) / 1000) * speed.value : 0
      let t = (cursor.value ?? r.start) + dt
      if (t > r.end) {
        if (loop.value) t = r.start
        else {
          t = r.end
          playing.value = false
        }
      }
      seek(t)
    }
    lastTick = now
    if (playing.value) requestAnimationFrame(tick)
  }

  function play(): void {
    const r = range.value
    if (!r) return
    if (cursor.value === null || cursor.value >= r.end) seek(r.start)
    playing.value = true
    lastTick = 0
    requestAnimationFrame(tick)
  }

  /** Follow the live run again. */
  function followLive(): void {
    playing.value = false
    cursor.value = null
    shownFrame.value = frameAt(times.length - 1)
  }

  /** A node's positions over all frames, x, y, z interleaved (a trace). */
  function nodeTrace(node: number, upTo = Infinity): number[] {
    const out: number[] = []
    const size = 3 * nodeCount
    for (let i = 0; i < times.length && times.data[i] <= upTo; i++) {
      const o = i * size + 3 * node
      if (Number.isFinite(positions.data[o]))
        out.push(positions.data[o], positions.data[o + 1], positions.data[o + 2])
    }
    return out
  }

  function listen(): void {
    api.on('frames', addFrames)
    api.on('sensors', addSensors)
    // A run of the edited model ends the replay of a results file.
    api.on('runState', ({ state }) => {
      if (file.value && (state === 'running' || state === 'paused')) clear()
    })
  }

  return {
    version,
    cursor,
    playing,
    speed,
    loop,
    frameCount,
    range,
    shownFrame,
    shapeFrame,
    drawnFrame,
    sensors,
    times,
    file,
    clear,
    openResults,
    seek,
    stepFrame,
    play,
    pause: () => (playing.value = false),
    followLive,
    nodeTrace,
    listen,
    addFrames,
    addSensors,
    replaceWith,
  }
})
