// Stop and pause pressed right after Start (issue 7: "answers pause/stop within 50 ms while
// solving"): the run's setup - ordering, first factorization, initial accelerations, 0.2-0.6 s for a
// chain of 1000 spheres - runs in the solver session's first slice and polls the same interrupt as
// the steps, so a stop or pause sent the moment 'run' has answered waits for one phase of the setup,
// not for all of it. Before that the run request builds the system (a spring lattice of 40 x 40
// points: 11,000 items, 0.1-0.4 s), polling every 256 items: a stop or pause sent right behind 'run'
// waits for a few items, not for the build. Through a real solver process (the TypeScript entry).
import { afterAll, describe, expect, it } from 'vitest'
import { sphereChain, springLattice } from '../../bench/models'
import { lastCoordinates, startTestBackend, type TestBackend } from './helpers'

const STEPS = 3
const TRIALS = 3
const { model, settings } = sphereChain(1000, 1e-3, STEPS * 1e-3)
const PROJECT = JSON.stringify({
  format: 'mbs-studio-project',
  version: 1,
  name: 'chain',
  model,
  simulationSettings: settings,
})
const lattice = springLattice(40, STEPS)
const LATTICE = JSON.stringify({
  format: 'mbs-studio-project',
  version: 1,
  name: 'lattice',
  model: lattice.model,
  simulationSettings: lattice.settings,
})

const median = (x: number[]): number => [...x].sort((a, b) => a - b)[x.length >> 1]

describe('stop and pause during the setup of a large run', () => {
  const t: TestBackend = startTestBackend()
  afterAll(() => t.dispose())
  const timed = async (method: 'stop' | 'pause') => {
    const sent = performance.now()
    const status = await t.backend.call(method, undefined)
    return { ms: performance.now() - sent, status }
  }

  it('are answered within half the setup, the model stays open, and a resumed run equals the uninterrupted one bit for bit', async () => {
    await t.backend.call('openModel', { text: PROJECT })
    // The uninterrupted run (its first setup also warms the code the trials below run).
    let finished = t.events.next('finished', (f) => f.reason === 'completed', 60_000)
    await t.backend.call('run', { maxFrameRate: 1000 })
    await finished
    const reference = lastCoordinates(t.events.of('frames'))

    const stops: number[] = []
    for (let i = 0; i < TRIALS; i++) {
      // (The first 'run' discards the finished reference run: its 'finished' event comes before the answer.)
      await t.backend.call('run', { maxFrameRate: 1000 })
      const stopped = t.events.next('finished', (f) => f.reason === 'stopped', 30_000)
      const stop = await timed('stop')
      stops.push(stop.ms)
      expect(stop.status.state).toBe('idle')
      expect((await stopped).statistics.steps).toBe(0)
    }

    // Paused at once, then resumed: the setup is done again from the start. The time from resume to
    // the first progress event is the setup and the first step; without interrupting the setup a
    // pause sent at its start would wait for nearly all of it.
    const pauses: number[] = []
    const setups: number[] = []
    for (let i = 0; i < TRIALS; i++) {
      await t.backend.call('run', { maxFrameRate: 1000 })
      const pause = await timed('pause')
      pauses.push(pause.ms)
      expect(pause.status).toMatchObject({ state: 'paused', step: 0, time: 0 })
      t.events.clear()
      finished = t.events.next('finished', (f) => f.reason === 'completed', 60_000)
      const firstStep = t.events.next('progress', (p) => p.state === 'running' && p.step > 0, 30_000)
      const resumed = performance.now()
      await t.backend.call('resume', undefined)
      await firstStep
      setups.push(performance.now() - resumed)
      await finished
      const resumedEnd = lastCoordinates(t.events.of('frames'))
      expect(Buffer.from(resumedEnd.buffer).equals(Buffer.from(reference.buffer))).toBe(true)
    }
    // Medians: a single scheduling delay of a loaded machine does not move them.
    const setupMs = median(setups)
    const detail = `stops ${stops.map((x) => x.toFixed(0)).join(', ')} ms, pauses ${pauses.map((x) => x.toFixed(0)).join(', ')} ms; setup and first step ${setups.map((x) => x.toFixed(0)).join(', ')} ms`
    expect(median(stops), detail).toBeLessThan(setupMs / 2)
    expect(median(pauses), detail).toBeLessThan(setupMs / 2)
  }, 180_000)

  it('sent right behind run, during its build, are answered within half the build, and a run resumed from there equals the uninterrupted one bit for bit', async () => {
    await t.backend.call('openModel', { text: LATTICE })
    // The uninterrupted run, twice: the run request builds the system, the second time warm, as the
    // builds below that the stops and pauses interrupt (a cold build is twice as long).
    let buildMs = 0
    for (let i = 0; i < 2; i++) {
      const completed = t.events.next('finished', (f) => f.reason === 'completed', 60_000)
      const sent = performance.now()
      await t.backend.call('run', { maxFrameRate: 1000 })
      buildMs = performance.now() - sent
      await completed
    }
    const reference = lastCoordinates(t.events.of('frames'))

    // Stop and pause sent without waiting for the run's answer reach the solver process while its
    // worker builds (or, on a fast machine, before it starts: then the build stops at its first poll).
    const stops: number[] = []
    for (let i = 0; i < TRIALS; i++) {
      const run = t.backend.call('run', { maxFrameRate: 1000 })
      const stopped = t.events.next(
        'finished',
        (f) => f.reason === 'stopped' && f.statistics.steps === 0,
        30_000,
      )
      const stop = await timed('stop')
      await run
      stops.push(stop.ms)
      expect(stop.status.state).toBe('idle')
      await stopped
    }
    const pauses: number[] = []
    for (let i = 0; i < TRIALS; i++) {
      const run = t.backend.call('run', { maxFrameRate: 1000 })
      const pause = await timed('pause')
      await run
      pauses.push(pause.ms)
      expect(pause.status).toMatchObject({ state: 'paused', step: 0, time: 0 })
      t.events.clear()
      const completed = t.events.next('finished', (f) => f.reason === 'completed', 60_000)
      await t.backend.call('resume', undefined)
      await completed
      const resumedEnd = lastCoordinates(t.events.of('frames'))
      expect(Buffer.from(resumedEnd.buffer).equals(Buffer.from(reference.buffer))).toBe(true)
    }
    // Medians, as above. Without polls in the build, each would wait for most of a build.
    const detail = `stops ${stops.map((x) => x.toFixed(0)).join(', ')} ms, pauses ${pauses.map((x) => x.toFixed(0)).join(', ')} ms; run request (build) ${buildMs.toFixed(0)} ms`
    expect(median(stops), detail).toBeLessThan(buildMs / 2)
    expect(median(pauses), detail).toBeLessThan(buildMs / 2)
  }, 180_000)
})
