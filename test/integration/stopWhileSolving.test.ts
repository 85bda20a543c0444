// Stop and pause while a run is built, set up or solving, through a real solver process (the
// TypeScript entry). A stop while the session computes, and a pause while it builds or sets up a
// run, end its worker thread; the spare thread, which followed every model change, takes over
// (src/solver-process/solverThreads.ts). The model stays open with its edits, a stopped run reports
// how far it got, the results file it was writing stays readable, and a run resumed after a pause
// in its build or setup, or started again after a stop, equals the uninterrupted one bit for bit
// (tolerance: none, as for every restart). The wait for each is measured in
// bench/pauseLatency.bench.ts.
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { sphereChain, springLattice } from '../../bench/models'
import { ResultsReader } from '../../src/core'
import { FileSource } from '../../src/node/runFiles'
import { lastCoordinates, startTestBackend, temporaryDir, type TestBackend } from './helpers'

const H = 1e-3
const STEPS = 20
const TRIALS = 2
/** Steps of the run stopped in the middle (long enough that the stop comes before its end). */
const LONG = 400
const chain = sphereChain(200, H, STEPS * H)
const chainProject = (solutionSettings = {}) =>
  JSON.stringify({
    format: 'mbs-studio-project',
    version: 1,
    name: 'chain',
    model: chain.model,
    simulationSettings: {
      ...chain.settings,
      solutionSettings: { ...(chain.settings.solutionSettings as object), ...solutionSettings },
    },
  })
const CHAIN = chainProject()
const lattice = springLattice(40, 3)
// Implicit, so that the run has a setup (ordering, first factorization) for a stop to land in: by RK44
// on its lumped masses the lattice has next to none, and an idle machine takes steps before the stop.
const LATTICE = JSON.stringify({
  format: 'mbs-studio-project',
  version: 1,
  name: 'lattice',
  model: lattice.model,
  simulationSettings: { ...lattice.settings, solverType: 'GeneralizedAlpha' },
})

function frameCount(path: string): number {
  const source = new FileSource(path)
  try {
    return ResultsReader.open(source).frameCount
  } finally {
    source.close()
  }
}

describe('stop and pause while a run starts or solves', () => {
  const t: TestBackend = startTestBackend()
  afterAll(() => t.dispose())
  const dir = temporaryDir()

  /** The uninterrupted run's final coordinates. */
  const completedRun = async (endTime?: number): Promise<Float64Array> => {
    t.events.clear()
    const completed = t.events.next('finished', (f) => f.reason === 'completed', 60_000)
    await t.backend.call('run', { maxFrameRate: 1000, endTime })
    await completed
    return lastCoordinates(t.events.of('frames'))
  }

  it('in the build or the setup: idle or paused at step 0, resumed bit for bit', async () => {
    for (const text of [LATTICE, CHAIN]) {
      await t.backend.call('openModel', { text })
      const reference = await completedRun()
      for (const inBuild of [true, false]) {
        // The finished run goes first (stopping it emits its own 'stopped').
        await t.backend.call('stop', undefined)
        for (let i = 0; i < TRIALS; i++) {
          const run = t.backend.call('run', { maxFrameRate: 1000 })
          if (!inBuild) await run
          const stopped = t.events.next('finished', (f) => f.reason === 'stopped', 30_000)
          const stop = await t.backend.call('stop', undefined)
          await run
          expect(stop.state).toBe('idle')
          expect((await stopped).statistics.steps).toBe(0)
        }
        const run = t.backend.call('run', { maxFrameRate: 1000 })
        if (!inBuild) await run
        const pause = await t.backend.call('pause', undefined)
        await run
        expect(pause).toMatchObject({ state: 'paused', step: 0, time: 0 })
        t.events.clear()
        const completed = t.events.next('finished', (f) => f.reason === 'completed', 60_000)
        await t.backend.call('resume', undefined)
        await completed
        const resumed = lastCoordinates(t.events.of('frames'))
        expect(Buffer.from(resumed.buffer).equals(Buffer.from(reference.buffer))).toBe(true)
      }
    }
  }, 240_000)

  it('in the middle of an edited run: its progress, its results file, the next run bit for bit', async () => {
    // A frame per step in the results file.
    await t.backend.call('openModel', { text: chainProject({ solutionWritePeriod: H }) })
    await t.backend.call('edit', {
      patch: [{ op: 'modify', kind: 'objects', name: 'b1', set: { physicsMass: 2 } }],
    })
    const reference = await completedRun(LONG * H)
    await t.backend.call('stop', undefined)
    const path = join(dir, 'stopped.mbsres')
    const stopped = t.events.next('finished', (f) => f.reason === 'stopped', 60_000)
    await t.backend.call('run', { maxFrameRate: 1000, resultsPath: path, endTime: LONG * H })
    const progress = await t.events.next('progress', (p) => p.step >= 3 && p.state === 'running', 60_000)
    const stop = await t.backend.call('stop', undefined)
    expect(stop.state).toBe('idle')
    const finished = await stopped
    expect(finished.statistics.steps).toBeGreaterThanOrEqual(progress.step)
    expect(finished.statistics.steps).toBeLessThan(LONG)
    expect(finished.time).toBeCloseTo(finished.statistics.steps * H, 12)
    // The initial frame and one per step written before the stop (the last one may be cut short).
    expect(frameCount(path)).toBeGreaterThanOrEqual(progress.step)
    const again = await completedRun(LONG * H)
    expect(Buffer.from(again.buffer).equals(Buffer.from(reference.buffer))).toBe(true)
  }, 120_000)
})
