// The run's history for replay and plots: every frame (node positions) and sensor row that arrives
// while the solver runs, kept in growing typed arrays; the timeline picks the frame to show.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { ApiEvents } from '../../shared/api'
import { api } from '../api'

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

export interface SensorSeries {
  size: number
  /** Row-major [t, v0, v1, ...]. */
  rows: Samples
}

export const useReplayStore = defineStore('replay', () => {
  const times = new Samples()
  const positions = new Samples()
  let nodeCount = 0
  const sensors = new Map<string, SensorSeries>()
  /** Bumped when data arrives (the arrays themselves are not reactive). */
  const version = ref(0)
  /** The time the viewport shows; null: follow the live run (newest frame). */
  const cursor = ref<number | null>(null)
  const playing = ref(false)
  const speed = ref(1)
  const loop = ref(true)
  const frameCount = computed(() => (version.value, times.length))
  const range = computed(() => (version.value, times.length > 0 ? { start: times.data[0], end: times.data[times.length - 1] } : null))
  const shownFrame = shallowRef<Float64Array | null>(null)

  function clear(): void {
    times.length = 0
    positions.length = 0
    sensors.clear()
    cursor.value = null
    playing.value = false
    shownFrame.value = null
    version.value++
  }

  function addFrames(data: ApiEvents['frames']): void {
    nodeCount = data.nodeCount
    times.push(data.times)
    positions.push(data.positions)
    if (cursor.value === null) shownFrame.value = frameAt(times.length - 1)
    version.value++
  }

  function addSensors(data: ApiEvents['sensors']): void {
    for (const { sensor, size, rows } of data.series) {
      const series = sensors.get(sensor) ?? { size, rows: new Samples() }
      series.rows.push(rows)
      sensors.set(sensor, series)
    }
    version.value++
  }

  function frameAt(index: number): Float64Array | null {
    if (index < 0 || index >= times.length) return null
    const size = 3 * nodeCount
    return positions.data.subarray(index * size, (index + 1) * size)
  }

  /** Index of the last frame at or before t (binary search; frames are in time order). */
  function indexAt(t: number): number {
    let lo = 0
    let hi = times.length - 1
    if (hi < 0) return -1
    if (t <= times.data[0]) return 0
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (times.data[mid] <= t) lo = mid
      else hi = mid - 1
    }
    return lo
  }

  function seek(t: number): void {
    cursor.value = t
    shownFrame.value = frameAt(indexAt(t))
  }

  function stepFrame(direction: 1 | -1): void {
    if (times.length === 0) return
    playing.value = false
    const index = Math.min(times.length - 1, Math.max(0, indexAt(cursor.value ?? times.data[times.length - 1]) + direction))
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
      if (Number.isFinite(positions.data[o])) out.push(positions.data[o], positions.data[o + 1], positions.data[o + 2])
    }
    return out
  }

  function listen(): void {
    api.on('frames', addFrames)
    api.on('sensors', addSensors)
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
    sensors,
    times,
    clear,
    seek,
    stepFrame,
    play,
    pause: () => (playing.value = false),
    followLive,
    nodeTrace,
    listen,
    addFrames,
    addSensors,
  }
})
