// Pause and stop latency of the solver process (issue 23: pause under 100 ms, stop under 50 ms on
// these models): the large models run in a real solver process (the built entry, as the app ships
// it, when `npm run build` has made one; else the TypeScript entry through tsx). Pauses are sent at
// random moments of a step, each followed by resume: a pause takes effect at the next step boundary,
// so it waits for the rest of the step plus the message hops. A stop ends the solver thread and the
// spare takes over, so it waits for neither. And pause and stop sent while a run is built (the run
// request builds the system) and while its setup runs (ordering, first factorization, initial
// accelerations): in a fresh solver process a stop right behind the first 'run' (cold build), then,
// once the thread that took over answers, a stop once the second 'run' has answered (cold setup); in
// another fresh process the same with pauses, each resumed. Wall times through the whole chain (host
// -> process main thread -> answer), so they grow with other load on the machine, as the steps do.
import { existsSync } from 'node:fs'
import { createBackend } from '../src/host/backend'
import {
  builtSolverEntry,
  nodeSolverLauncher,
  sourceSolverEntry,
  type SolverEntry,
} from '../src/host/nodeSolverLauncher'
import type { ApiEvents } from '../src/shared/api'
import type { JsonObject } from '../src/core'
import { EXAMPLES_DIR } from '../test/integration/helpers'
import { rigidBodies3D, sphereChain, springLattice } from './models'
import type { BenchResult } from './run'

type Json = JsonObject

const PAUSES = 8
const WARM_UP_STEPS = 3

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const MODELS = [
  { name: 'perf3DRigidBodies (400 bodies)', ...rigidBodies3D(400, 100_000) },
  { name: 'sphere chain N = 1000', ...sphereChain(1000, 1e-3, 100) },
  { name: 'spring lattice 100 x 100 (RK44)', ...springLattice(100, 100_000) },
]

export default async function pauseLatencyBench(): Promise<BenchResult[]> {
  const built = builtSolverEntry()
  const entry = existsSync(built.path) ? built : sourceSolverEntry()
  const results: BenchResult[] = []
  for (const { name, model, settings } of MODELS) {
    const setup = await measureDuringSetup(entry, model, settings)
    const via = `${entry === built ? 'built' : 'tsx'} entry`
    results.push({
      name: `${name}: during build, stop / pause answered after`,
      value: setup.build.stopMs,
      unit: 'ms',
      extra:
        `pause ${setup.build.pauseMs.toFixed(1)} ms; run request (build) ${setup.runMs.toFixed(0)} ms, ` +
        `resume to first step ${setup.build.firstStepMs.toFixed(0)} ms wall; ${via}`,
    })
    results.push({
      name: `${name}: during setup, stop / pause answered after`,
      value: setup.setup.stopMs,
      unit: 'ms',
      extra:
        `pause ${setup.setup.pauseMs.toFixed(1)} ms; ` +
        `resume to first step (setup) ${setup.setup.firstStepMs.toFixed(0)} ms wall; ${via}`,
    })
    const { latencies, stepMs, stopMs } = await measure(entry, model, settings)
    latencies.sort((a, b) => a - b)
    results.push({
      name: `${name}: pause answered after (max of ${PAUSES})`,
      value: latencies[latencies.length - 1],
      unit: 'ms',
      extra:
        `median ${latencies[latencies.length >> 1].toFixed(1)} ms; stop ${stopMs.toFixed(1)} ms; ` +
        `a step takes ${stepMs.toFixed(0)} ms wall; ${via}`,
    })
  }
  return results
}

function startBackend(entry: SolverEntry) {
  return createBackend({
    host: 'web',
    version: 'bench',
    examplesDir: EXAMPLES_DIR,
    launchSolver: nodeSolverLauncher(entry),
  })
}

const projectText = (model: Json, simulationSettings: Json): string =>
  JSON.stringify({
    format: 'mbs-studio-project',
    version: 1,
    name: 'pause latency',
    model,
    simulationSettings,
  })

interface DuringSetup {
  stopMs: number
  pauseMs: number
  /** From resume to the first progress event (what the pause interrupted, then the first step). */
  firstStepMs: number
}

/**
 * Wall times of a stop and of a pause sent right behind the first 'run' of a fresh solver process
 * (while the run request builds the system: a cold build) and as soon as the next 'run' has answered
 * (the setup runs in the first slice after it), and from each pause's resume to the first progress
 * event. Stops and pauses each in a fresh process; before the second run the thread that took over
 * from the first has answered (getState), so that the second run does not wait for it to load.
 */
export async function measureDuringSetup(
  entry: SolverEntry,
  model: Json,
  simulationSettings: Json,
): Promise<{ build: DuringSetup; setup: DuringSetup; runMs: number }> {
  const stops = await inFreshProcess(entry, model, simulationSettings, 'stop')
  const pauses = await inFreshProcess(entry, model, simulationSettings, 'pause')
  return {
    build: { stopMs: stops.build.ms, pauseMs: pauses.build.ms, firstStepMs: pauses.build.firstStepMs },
    setup: { stopMs: stops.setup.ms, pauseMs: pauses.setup.ms, firstStepMs: pauses.setup.firstStepMs },
    runMs: stops.setup.runMs,
  }
}

/** A stop or pause in the first run's build, then in the second run's setup; a pause resumed each time. */
async function inFreshProcess(
  entry: SolverEntry,
  model: Json,
  simulationSettings: Json,
  method: 'pause' | 'stop',
) {
  const backend = startBackend(entry)
  let progressAt = 0
  backend.onEvent((event) => {
    if (event.event === 'frames') backend.call('ackFrames', { seq: event.data.seq }).catch(() => undefined)
    if (event.event === 'progress' && event.data.state === 'running') progressAt = performance.now()
  })
  const timed = async (method: 'pause' | 'stop' | 'run') => {
    const sent = performance.now()
    const status = await backend.call(method, method === 'run' ? { maxFrameRate: 10 } : undefined)
    return { ms: performance.now() - sent, status }
  }
  /** The stop or pause sent right behind 'run' (inBuild) or once it has answered. */
  const startAnd = async (inBuild: boolean) => {
    const run = timed('run')
    if (!inBuild) await run
    const answer = await timed(method)
    if (answer.status.step !== 0)
      throw new Error(`the ${method} came after the setup (step ${answer.status.step})`)
    return { ...answer, runMs: (await run).ms }
  }
  /** From resume to the first step (nothing for a stop); the run is stopped then. */
  const resumeToFirstStep = async (): Promise<number> => {
    if (method === 'stop') return 0
    progressAt = 0
    const resumed = performance.now()
    await backend.call('resume', undefined)
    while (progressAt === 0) await sleep(1)
    const ms = progressAt - resumed
    await backend.call('stop', undefined)
    return ms
  }
  try {
    await backend.call('openModel', { text: projectText(model, simulationSettings) })
    const build = await startAnd(true)
    const buildFirstStep = await resumeToFirstStep()
    await backend.call('getState', undefined)
    const setup = await startAnd(false)
    const setupFirstStep = await resumeToFirstStep()
    return {
      build: { ...build, firstStepMs: buildFirstStep },
      setup: { ...setup, firstStepMs: setupFirstStep },
    }
  } finally {
    backend.dispose()
  }
}

async function measure(
  entry: SolverEntry,
  model: Json,
  simulationSettings: Json,
): Promise<{ latencies: number[]; stepMs: number; stopMs: number }> {
  let progress: ApiEvents['progress'] | undefined
  let stepStarted = 0
  const backend = startBackend(entry)
  backend.onEvent((event) => {
    if (event.event === 'frames') backend.call('ackFrames', { seq: event.data.seq }).catch(() => undefined)
    if (event.event !== 'progress') return
    progress = event.data
    stepStarted = performance.now()
  })
  try {
    await backend.call('openModel', { text: projectText(model, simulationSettings) })
    await backend.call('run', { maxFrameRate: 10 })
    while (!progress || progress.step < WARM_UP_STEPS) await sleep(20)
    const stepsBefore = progress.step
    const wallBefore = performance.now()
    let stepMs = 0
    const latencies: number[] = []
    for (let i = 0; i < PAUSES; i++) {
      // A progress event follows a step; wait a random part of the next one (at most one step).
      const seen = stepStarted
      while (stepStarted === seen) await sleep(5)
      stepMs = (performance.now() - wallBefore) / Math.max(1, progress.step - stepsBefore)
      await sleep(Math.random() * stepMs)
      const sent = performance.now()
      await backend.call('pause', undefined)
      latencies.push(performance.now() - sent)
      await backend.call('resume', undefined)
    }
    await sleep(Math.random() * stepMs)
    const sent = performance.now()
    await backend.call('stop', undefined)
    return { latencies, stepMs, stopMs: performance.now() - sent }
  } finally {
    backend.dispose()
  }
}
