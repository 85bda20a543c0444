// Pause takes effect at the next step boundary (the session reads the count the process's main
// thread raises, between steps): through a real solver process (the TypeScript entry) on a chain of
// 200 spheres, generalized-alpha with full Newton, paused a few times at random moments of a step.
// Each pause is answered with the run at a point of the time grid, and the resumed run equals the
// uninterrupted one bit for bit (tolerance: none, as for every restart). How long a pause waits is
// measured in bench/pauseLatency.bench.ts.
import { afterAll, describe, expect, it } from 'vitest'
import { sphereChain } from '../../bench/models'
import { lastCoordinates, startTestBackend, type TestBackend } from './helpers'

const H = 1e-3
const STEPS = 100
const PAUSES = 5
const { model, settings } = sphereChain(200, H, STEPS * H)
Object.assign(settings.timeIntegration as object, { newton: { useModifiedNewton: false } })
const PROJECT = JSON.stringify({
  format: 'mbs-studio-project',
  version: 1,
  name: 'chain',
  model,
  simulationSettings: settings,
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('pause while a model is solving', () => {
  const t: TestBackend = startTestBackend()
  afterAll(() => t.dispose())

  it('is answered at a step boundary; the resumed run is the uninterrupted one bit for bit', async () => {
    await t.backend.call('openModel', { text: PROJECT })
    const done = t.events.next('finished', () => true, 60_000)
    const started = performance.now()
    await t.backend.call('run', { maxFrameRate: 1000 })
    await done
    const stepMs = (performance.now() - started) / STEPS
    const reference = lastCoordinates(t.events.of('frames'))

    t.events.clear()
    // (Starting it discards the finished reference run: a 'stopped' event first.)
    const finished = t.events.next('finished', (f) => f.reason !== 'stopped', 60_000)
    await t.backend.call('run', { maxFrameRate: 1000 })
    let pauses = 0
    for (; pauses < PAUSES; pauses++) {
      const stepEnded = await t.events.next('progress', (p) => p.step > 0 && p.state === 'running', 30_000)
      if (stepEnded.step >= STEPS - 1) break
      await sleep(Math.random() * stepMs)
      // The run may end during the sleep (stepMs, from the reference run, includes its build): then
      // the answer says so, and the run is the uninterrupted one.
      const paused = await t.backend.call('pause', undefined).catch((e: Error) => e)
      if (paused instanceof Error) {
        expect(paused.message).toBe('Nothing to pause: the run is finished')
        break
      }
      expect(paused.state).toBe('paused')
      expect(paused.time).toBeCloseTo(paused.step * H, 12)
      await t.backend.call('resume', undefined)
    }
    expect((await finished).reason).toBe('completed')
    expect(pauses).toBeGreaterThanOrEqual(3)
    const resumed = lastCoordinates(t.events.of('frames'))
    expect(Buffer.from(resumed.buffer).equals(Buffer.from(reference.buffer))).toBe(true)
  }, 120_000)
})
