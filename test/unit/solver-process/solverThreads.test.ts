// A stop does not wait for the spare thread: in a fresh solver process (its first worker thread, the
// TypeScript entry) with a large model, a stop that ends the worker while it builds, sets up or
// solves the first run is answered although the spare never gets ready (here a thread that never
// loads the session). The answers keep the request order: the run's 'running' before the stop's
// 'idle', the run's 'finished' (stopped, no step) before the stop's answer; nothing is answered twice.
// With a spare that does load, it answers what comes next. Ordering and state, never time.
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { springLattice } from '../../../bench/models'
import { startSolverWorker } from '../../../src/solver-process/solverThreads'
import { projectText, solverRequest } from '../../integration/helpers'
import { events, responses, startThreads as startHarness } from './threadsHarness'

const { model, settings } = springLattice(100, 100_000)
const TEXT = projectText('lattice', model, settings)
const request = solverRequest

/** A process's threads (spares that never load, or solver workers), what they delivered, their controls. */
function startThreads(spares: 'silent' | 'solver') {
  return startHarness((options, index) =>
    index > 0 && spares === 'silent'
      ? new Worker('setInterval(() => undefined, 1000)', { ...options, eval: true })
      : startSolverWorker(options),
  )
}

/**
 * Opens the model (request 1) and runs it (request 2) until the first worker computes (builds, sets
 * up or solves the run): a stop then ends that worker.
 */
async function runComputing(t: ReturnType<typeof startThreads>): Promise<void> {
  await t.until(() => t.delivered.some((d) => d.message.kind === 'ready'))
  t.threads.relay(request(1, 'openModel', { text: TEXT, revision: 1 }), 'parent')
  await t.until(() => t.answer(1) !== undefined)
  t.threads.relay(request(2, 'run', { maxFrameRate: 10 }), 'parent')
  await t.until(() => t.controls[0].work !== 'idle')
}

describe('a stop in the first run of a fresh solver process', () => {
  it('is answered without the spare, after the run and its finished event', async () => {
    const t = startThreads('silent')
    try {
      await runComputing(t)
      const seen = t.delivered.length
      t.threads.relay(request(3, 'stop'), 'parent')
      await t.until(() => t.answer(3) !== undefined)
      expect(t.controls.length).toBeGreaterThan(1)
      expect(responses(t.delivered)).toEqual([1, 2, 3])
      expect(t.answer(2)).toMatchObject({ result: { state: 'running', step: 0 } })
      expect(t.answer(3)).toEqual({ kind: 'response', id: 3, result: { state: 'idle', time: 0, step: 0 } })
      const after = t.delivered.slice(seen)
      expect(events(after)).toEqual(['finished', 'runState'])
      expect(after.find((d) => d.message.kind === 'event')?.message).toMatchObject({
        event: 'finished',
        data: { reason: 'stopped', state: 'idle' },
      })
      expect(after.at(-2)?.message).toMatchObject({ event: 'runState', data: { state: 'idle', time: 0 } })
    } finally {
      t.threads.dispose()
    }
  }, 180_000)

  it('leaves the spare without a run: it answers what comes next, in order', async () => {
    const t = startThreads('solver')
    try {
      await runComputing(t)
      t.threads.relay(request(3, 'stop'), 'parent')
      t.threads.relay(request(4, 'getStatus'), 'parent')
      t.threads.relay(request(5, 'stop'), 'parent')
      await t.until(() => t.answer(5) !== undefined)
      expect(responses(t.delivered)).toEqual([1, 2, 3, 4, 5])
      expect(t.answer(4)).toMatchObject({ result: { state: 'idle', revision: 1 } })
      expect(t.answer(5)).toMatchObject({ error: { code: 'invalid-state' } })
      expect(events(t.delivered).filter((e) => e === 'finished')).toHaveLength(1)
    } finally {
      t.threads.dispose()
    }
  }, 180_000)
})
