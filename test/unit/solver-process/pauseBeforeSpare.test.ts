// A pause does not wait for the spare thread: in a fresh solver process (its first worker thread, the
// TypeScript entry) with a large model, a pause that ends the worker while it builds the first run is
// answered while the spare is still held before loading its modules (a gate it waits on). The answers
// keep the request order (the run's 'running', then 'progress' and 'runState' paused, then the
// pause's answer: paused at the start time, step 0). Once the spare is let go it restores the paused
// run, and resume gives the results of an uninterrupted run bit for bit (tolerance: none, as for
// every restart). Ordering and state, never time.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { springLattice } from '../../../bench/models'
import { ResultsReader } from '../../../src/core'
import { FileSource } from '../../../src/node/runFiles'
import { startSolverWorker } from '../../../src/solver-process/solverThreads'
import type { WorkerData } from '../../../src/solver-process/threads'
import { projectText, solverRequest, temporaryDir } from '../../integration/helpers'
import { responses, startThreads } from './threadsHarness'

// Three RK44 steps of the 100 x 100 lattice: the first run's build is long, the run itself short.
const { model, settings } = springLattice(100, 3)
const TEXT = projectText('lattice', model, settings)
const request = solverRequest
const dir = temporaryDir()

const WORKER = fileURLToPath(new URL('../../../src/solver-process/solverWorker.ts', import.meta.url))
const TSX = createRequire(import.meta.url).resolve('tsx/cjs/api')

/** A solver worker that waits for the gate to open before it loads (startSolverWorker's, gated). */
function gatedWorker(options: WorkerOptions, gate: Int32Array): Worker {
  const code =
    `Atomics.wait(new Int32Array(require('node:worker_threads').workerData.gate), 0, 0);` +
    `require(${JSON.stringify(TSX)}).register(); require(${JSON.stringify(WORKER)})`
  const workerData = { ...(options.workerData as WorkerData), gate: gate.buffer }
  return new Worker(code, { ...options, workerData, eval: true })
}

function lastFrame(path: string): { frames: number; last: Float64Array } {
  const source = new FileSource(path)
  try {
    const reader = ResultsReader.open(source)
    return { frames: reader.frameCount, last: reader.frame(reader.frameCount - 1) }
  } finally {
    source.close()
  }
}

describe('a pause in the first run of a fresh solver process', () => {
  it('is answered before the spare is ready; resumed by the spare bit for bit', async () => {
    const gate = new Int32Array(new SharedArrayBuffer(4))
    const { threads, delivered, controls, until, answer } = startThreads((options, index) =>
      index === 0 ? startSolverWorker(options) : gatedWorker(options, gate),
    )
    const completed = () =>
      delivered.filter(
        ({ message: m }) => m.kind === 'event' && m.event === 'finished' && m.data.reason === 'completed',
      )
    try {
      await until(() => delivered.some((d) => d.message.kind === 'ready'))
      threads.relay(request(1, 'openModel', { text: TEXT, revision: 1 }), 'parent')
      await until(() => answer(1) !== undefined)
      const paused = join(dir, 'paused.mbsres')
      threads.relay(request(2, 'run', { maxFrameRate: 1000, resultsPath: paused }), 'parent')
      await until(() => controls[0].work === 'starting')
      const seen = delivered.length
      threads.relay(request(3, 'pause'), 'parent')
      await until(() => answer(3) !== undefined)
      // Answered with the spare still at its gate: before it could load, parse or answer anything.
      expect(Atomics.load(gate, 0)).toBe(0)
      expect(responses(delivered)).toEqual([1, 2, 3])
      expect(answer(2)).toEqual({ kind: 'response', id: 2, result: { state: 'running', time: 0, step: 0 } })
      expect(answer(3)).toEqual({ kind: 'response', id: 3, result: { state: 'paused', time: 0, step: 0 } })
      const after = delivered.slice(seen).filter((d) => d.message.kind === 'event')
      expect(after.map((d) => d.message)).toMatchObject([
        { event: 'progress', data: { state: 'paused', time: 0, endTime: 0.003, step: 0 } },
        { event: 'runState', data: { state: 'paused', time: 0, step: 0 } },
      ])

      Atomics.store(gate, 0, 1)
      Atomics.notify(gate, 0)
      threads.relay(request(4, 'resume'), 'parent')
      await until(() => completed().length === 1)
      expect(answer(4)).toMatchObject({ result: { state: 'running', time: 0, step: 0 } })
      expect(completed()[0].message).toMatchObject({ data: { statistics: { steps: 3 } } })

      // The uninterrupted run, in the same process.
      const uninterrupted = join(dir, 'uninterrupted.mbsres')
      threads.relay(request(5, 'run', { maxFrameRate: 1000, resultsPath: uninterrupted }), 'parent')
      await until(() => completed().length === 2)
      expect(responses(delivered)).toEqual([1, 2, 3, 4, 5])
      const expected = lastFrame(uninterrupted)
      const resumed = lastFrame(paused)
      expect(resumed.frames).toBe(expected.frames)
      expect(Buffer.from(resumed.last.buffer).equals(Buffer.from(expected.last.buffer))).toBe(true)
    } finally {
      Atomics.store(gate, 0, 1)
      Atomics.notify(gate, 0)
      threads.dispose()
    }
  }, 180_000)
})
