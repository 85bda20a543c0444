// Flow control of step frames: a consumer that does not acknowledge gets at most FRAME_WINDOW
// batches while the run goes on, the solver process's memory stays flat, and acknowledging resumes
// the stream. Frames are throttled to maxFrameRate however fast the solver steps.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FRAME_WINDOW } from '../../src/solver-process/frameStream'
import { massGrid, startTestBackend, type TestBackend } from './helpers'

let t: TestBackend
beforeAll(() => {
  t = startTestBackend({ acknowledgeFrames: false, exposeGc: true })
})
afterAll(() => t.dispose())

it('holds frames for a consumer that does not ack, with flat memory, and resumes on ack', async () => {
  await t.backend.call('openModel', { text: JSON.stringify(massGrid(50, 1e6)) })
  await t.backend.call('run', { maxFrameRate: 1000 })
  // Let the run go on long enough for many more batches than the window allows.
  await t.events.next('progress', (p) => p.step > 300, 15_000)
  const heapEarly = (await t.backend.call('getState', undefined)).heapUsed
  await t.events.next('progress', (p) => p.step > 1200, 15_000)
  const state = await t.backend.call('getState', undefined)
  expect(state.state).toBe('running')
  expect(t.events.of('frames')).toHaveLength(FRAME_WINDOW)
  expect(state.framesInFlight).toBe(FRAME_WINDOW)
  // Flat: unsent frames are not kept. The heap is measured after a full GC; 900 further steps, sampled
  // at up to 1000 frames/s with 150 coordinates each, would retain up to 1 MB of frames; the 0.5 MB allowance
  // is for V8 bookkeeping that varies between collections.
  expect(state.heapUsed - heapEarly).toBeLessThan(0.5e6)

  const next = t.events.next('frames')
  await t.backend.call('ackFrames', { seq: FRAME_WINDOW })
  const batch = await next
  expect(batch.seq).toBe(FRAME_WINDOW + 1)
  await t.backend.call('stop', undefined)
})

it('throttles frames to maxFrameRate samples per second of wall time', async () => {
  t.events.clear()
  const acknowledge = t.backend.onEvent((event) => {
    if (event.event === 'frames') t.backend.call('ackFrames', { seq: event.data.seq }).catch(() => undefined)
  })
  const started = performance.now()
  await t.backend.call('run', { maxFrameRate: 30 })
  await t.events.next('progress', (p) => p.step > 1000, 15_000)
  const seconds = (performance.now() - started) / 1000
  await t.backend.call('stop', undefined)
  acknowledge()
  const samples = t.events.of('frames').reduce((sum, batch) => sum + batch.times.length, 0)
  // At most one sample per 1/30 s, plus the forced final one.
  expect(samples).toBeLessThanOrEqual(Math.ceil(30 * seconds) + 2)
  expect(samples).toBeGreaterThan(0)
})
