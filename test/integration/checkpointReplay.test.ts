// Checkpoints and results files through the solver process: a run saved at T1 and continued from the
// checkpoint ends in exactly the state of an uninterrupted run; a results file written by a run
// replays frame by frame.
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ApiEvents } from '../../src/shared/api'
import { PENDULUM, startTestBackend, temporaryDir, type TestBackend } from './helpers'

let t: TestBackend
let dir: string
beforeAll(async () => {
  t = startTestBackend()
  dir = temporaryDir()
  await t.backend.call('openModel', { text: PENDULUM })
})
afterAll(() => t.dispose())

/** The last sample of the frames received since the events were cleared. */
function lastSample(): { time: number; position: number[] } {
  const frames = t.events.of('frames')
  const last = frames[frames.length - 1]
  const n = last.times.length - 1
  return { time: last.times[n], position: Array.from(last.positions.slice(3 * n, 3 * n + 3)) }
}

async function runTo(endTime: number, resultsPath?: string): Promise<ApiEvents['finished']> {
  t.events.clear()
  const finished = t.events.next('finished', (f) => f.reason !== 'stopped')
  await t.backend.call('run', { endTime, resultsPath })
  return finished
}

it('continues from a checkpoint to exactly the state of an uninterrupted run', async () => {
  await runTo(0.6)
  const uninterrupted = lastSample()

  await runTo(0.25)
  const checkpoint = join(dir, 'at-0.25.mbschk')
  expect(await t.backend.call('saveCheckpoint', { path: checkpoint })).toEqual({
    path: checkpoint,
    time: expect.closeTo(0.25, 12),
  })
  await t.backend.call('stop', undefined)

  const loaded = await t.backend.call('loadCheckpoint', { path: checkpoint, endTime: 0.6 })
  expect(loaded).toMatchObject({ state: 'paused', step: 250 })
  expect(loaded.time).toBeCloseTo(0.25, 12)
  t.events.clear()
  const finished = t.events.next('finished')
  await t.backend.call('resume', undefined)
  expect(await finished).toMatchObject({ reason: 'completed', statistics: { steps: 600 } })
  // Exact restart: the continued run reproduces the uninterrupted one bit for bit.
  expect(lastSample()).toEqual(uninterrupted)
})

it('writes a results file during a run and replays it frame by frame', async () => {
  const results = join(dir, 'pendulum.mbsres')
  await runTo(0.5, results)
  const live = lastSample()
  t.events.clear()
  const info = await t.backend.call('openResults', { path: results })
  // solutionWritePeriod 0.01 s over 0.5 s: frames at 0, 0.01, ..., 0.5.
  expect(info).toMatchObject({ frames: 51, startTime: 0 })
  expect(info.endTime).toBeCloseTo(0.5, 12)
  await expect.poll(() => t.events.of('frames').reduce((n, batch) => n + batch.times.length, 0)).toBe(51)
  // The replayed last frame is the live run's last state: positions from the same coordinates.
  const replayed = lastSample()
  expect(replayed.time).toBeCloseTo(live.time, 12)
  for (let i = 0; i < 3; i++) expect(replayed.position[i]).toBeCloseTo(live.position[i], 12)
})

it('answers unreadable and foreign files with structured errors', async () => {
  const missing = join(dir, 'missing.mbschk')
  await expect(t.backend.call('loadCheckpoint', { path: missing })).rejects.toMatchObject({
    code: 'io-error',
  })
  await expect(
    t.backend.call('openResults', { path: join(dir, 'pendulum.mbsres.missing') }),
  ).rejects.toMatchObject({ code: 'io-error' })
  await t.backend.call('stop', undefined).catch(() => undefined)
  await expect(t.backend.call('saveCheckpoint', { path: join(dir, 'x.mbschk') })).rejects.toMatchObject({
    code: 'invalid-state',
  })
})
