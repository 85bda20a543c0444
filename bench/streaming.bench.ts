// Live streaming from the solver process for a 1000-body model (1000 mass points on springs, RK44):
// frames and bytes per second reaching a consumer that acknowledges at once, and the solver process's
// heap while a consumer does not acknowledge at all (flow control must keep it flat).
import { createBackend } from '../src/host/backend'
import { nodeSolverLauncher, sourceSolverEntry } from '../src/host/nodeSolverLauncher'
import type { ApiEvents } from '../src/shared/api'
import { encodeBinaryMessage } from '../src/shared/binaryMessage'
import { EXAMPLES_DIR, massGrid } from '../test/integration/helpers'
import type { BenchResult } from './run'

const BODIES = 1000
const MEASURE_MS = 4000
const HEAP_SAMPLES = 8

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export default async function streamingBench(): Promise<BenchResult[]> {
  const entry = sourceSolverEntry()
  let acknowledge = true
  let samples = 0
  let batches = 0
  let bytes = 0
  let lastProgress: ApiEvents['progress'] | undefined
  const backend = createBackend({
    host: 'web',
    version: 'bench',
    examplesDir: EXAMPLES_DIR,
    // --expose-gc: getState then reports the retained heap, not garbage waiting for collection.
    launchSolver: nodeSolverLauncher({ ...entry, execArgv: [...entry.execArgv, '--expose-gc'] }),
  })
  backend.onEvent((event) => {
    if (event.event === 'progress') lastProgress = event.data
    if (event.event !== 'frames') return
    samples += event.data.times.length
    batches++
    // What the web host puts on the socket for this batch.
    bytes += encodeBinaryMessage(event).byteLength
    if (acknowledge) backend.call('ackFrames', { seq: event.data.seq }).catch(() => undefined)
  })
  try {
    await backend.call('openModel', { text: JSON.stringify(massGrid(BODIES, 1e6)) })
    await backend.call('run', { maxFrameRate: 60 })
    // Warm-up: assembly and the first steps.
    while (!lastProgress || lastProgress.step < 10) await sleep(50)
    samples = batches = bytes = 0
    const stepsBefore = lastProgress.step
    const started = performance.now()
    await sleep(MEASURE_MS)
    const seconds = (performance.now() - started) / 1000
    const stepsPerSecond = (lastProgress.step - stepsBefore) / seconds
    const fast = { samples: samples / seconds, batches: batches / seconds, bytes: bytes / seconds }

    acknowledge = false
    const heap: number[] = []
    for (let i = 0; i < HEAP_SAMPLES; i++) {
      await sleep((2 * MEASURE_MS) / HEAP_SAMPLES)
      heap.push((await backend.call('getState', undefined)).heapUsed)
    }
    const stalled = await backend.call('getState', undefined)
    await backend.call('stop', undefined)
    const mb = (n: number) => n / 1e6
    return [
      { name: `${BODIES} bodies: solver steps`, value: stepsPerSecond, unit: 'steps/s' },
      {
        name: `${BODIES} bodies: frames to a fast consumer`,
        value: fast.samples,
        unit: 'frames/s',
        extra:
          `${fast.batches.toFixed(1)} batches/s, ${mb(fast.bytes).toFixed(2)} MB/s at ` +
          `${((3 * 8 * BODIES) / 1024).toFixed(1)} KiB/frame`,
      },
      {
        name: `${BODIES} bodies: solver heap growth (after GC) with a stalled consumer`,
        value: mb(Math.max(...heap) - Math.min(...heap)),
        unit: 'MB',
        extra:
          `heap ${mb(Math.min(...heap)).toFixed(1)}..${mb(Math.max(...heap)).toFixed(1)} MB over ` +
          `${(2 * MEASURE_MS) / 1000} s, ${stalled.framesInFlight} batches in flight`,
      },
    ]
  } finally {
    backend.dispose()
  }
}
