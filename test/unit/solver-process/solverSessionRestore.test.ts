// A session taking over the run of a session whose thread the solver process ended (restore: the
// spare thread after a stop, or after a pause while the run was built or set up; threads.ts). In
// process: the ended session's run as its answers described it (runSeed) goes to a second session
// on the same model. Paused and resumed there, the run - including its results file, whose initial
// frame is written once the setup completes - is bit for bit the uninterrupted one, also when a
// checkpoint is saved while it is paused; a stopped one reports where the ended run was. So does a
// run request that finds a pause or stop on its way (answered before it builds). Tolerance: none (bit
// for bit), as for every restart.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sphereChain } from '../../../bench/models'
import { ResultsReader } from '../../../src/core'
import { FileSource } from '../../../src/node/runFiles'
import type { ApiEventName, ApiEvents, RunOptions } from '../../../src/shared/api'
import { SolverSession } from '../../../src/solver-process/solverSession'
import { WorkerControl } from '../../../src/solver-process/threads'
import { projectText, temporaryDir } from '../../integration/helpers'

const { model, settings } = sphereChain(48, 1e-3, 0.003)
const PROJECT = projectText('chain', model, {
  ...settings,
  linearSolverType: 'EigenSparse',
  solutionSettings: { solutionWritePeriod: 1e-3 },
})
const dir = temporaryDir()

function session(control?: WorkerControl) {
  const finished: ApiEvents['finished'][] = []
  const emit = <E extends ApiEventName>(event: E, data: ApiEvents[E]): void => {
    if (event === 'finished') finished.push(data as ApiEvents['finished'])
  }
  const s = new SolverSession(emit, control)
  s.openModel({ text: PROJECT, revision: 1 })
  return { s, finished }
}

const untilFinished = async (finished: unknown[]): Promise<void> => {
  while (finished.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
}

function frames(path: string): Float64Array[] {
  const source = new FileSource(path)
  try {
    const reader = ResultsReader.open(source)
    return Array.from({ length: reader.frameCount }, (_, i) => reader.frame(i))
  } finally {
    source.close()
  }
}

async function expectSameFrames(path: string, expectedPath: string): Promise<void> {
  const expected = frames(expectedPath)
  const actual = frames(path)
  expect(actual.length).toBe(expected.length)
  actual.forEach((frame, i) =>
    expect(Buffer.from(frame.buffer).equals(Buffer.from(expected[i].buffer)), `frame ${i}`).toBe(true),
  )
}

describe('a run restored in another session', () => {
  const reference = session()
  const referencePath = join(dir, 'reference.mbsres')
  reference.s.run({ resultsPath: referencePath })

  it('the uninterrupted run writes the initial state and one frame per step', async () => {
    await untilFinished(reference.finished)
    expect(frames(referencePath).length).toBe(4)
  })

  it.each([
    ['from its answered state (paused in the setup)', false, false],
    ['from the run request it was building', true, false],
    ['from its answered state, checkpointed while paused', false, true],
  ])(
    '%s: resumes to the results of the uninterrupted run, bit for bit',
    async (_, fromStarter, checkpointed) => {
      await untilFinished(reference.finished)
      const path = join(dir, `restored ${String(fromStarter)} ${String(checkpointed)}.mbsres`)
      const options: RunOptions = { resultsPath: path }
      // The ended session got as far as answering the run request (its seed) or not (the starter).
      const ended = session()
      ended.s.run(options)
      const seed = ended.s.runSeed()
      expect(seed).toEqual({ kind: 'dynamic', options, state: 'running' })
      ended.s.stop()
      const spare = session()
      const starter = { link: 'parent' as const, message: { method: 'run', params: options } }
      const answer = spare.s.restore({
        run: fromStarter ? null : seed,
        starter: fromStarter ? starter : null,
        pace: 0,
        progress: null,
      })
      expect(answer).toEqual({ state: 'running', time: 0, step: 0 })
      expect(spare.s.pause()).toMatchObject({ state: 'paused', step: 0, time: 0 })
      if (checkpointed) {
        const checkpoint = spare.s.saveCheckpoint({ path: join(dir, 'restored.mbscp') }) as { time: number }
        expect(checkpoint.time).toBe(0)
      }
      spare.s.resume()
      await untilFinished(spare.finished)
      expect(spare.finished[0].reason).toBe('completed')
      await expectSameFrames(path, referencePath)
    },
  )

  // The process's main thread counted a pause or stop relayed behind the run request: it is answered
  // first, unbuilt, as a run restored from its starter (the build would only delay the answer).
  it('a run request with a stop on its way is not built: stopped at step 0, no results file', () => {
    const control = new WorkerControl()
    control.countPause()
    const interrupted = session(control)
    const path = join(dir, 'never built.mbsres')
    expect(interrupted.s.run({ resultsPath: path })).toEqual({ state: 'running', time: 0, step: 0 })
    expect(interrupted.s.stop()).toMatchObject({ state: 'idle', step: 0 })
    expect(interrupted.finished).toMatchObject([{ reason: 'stopped', statistics: { steps: 0 } }])
    expect(existsSync(path)).toBe(false)
  })

  it('a run request with a pause on its way: paused at step 0, resumed bit for bit', async () => {
    await untilFinished(reference.finished)
    const control = new WorkerControl()
    control.countPause()
    const interrupted = session(control)
    const path = join(dir, 'paused before its build.mbsres')
    interrupted.s.run({ resultsPath: path })
    expect(interrupted.s.pause()).toMatchObject({ state: 'paused', step: 0, time: 0 })
    control.pauseHandled()
    expect(existsSync(path)).toBe(false)
    interrupted.s.resume()
    await untilFinished(interrupted.finished)
    expect(interrupted.finished[0].reason).toBe('completed')
    await expectSameFrames(path, referencePath)
  })

  it('a stopped run reports the ended run time and counters', () => {
    const spare = session()
    const statistics = { steps: 2, newtonIterations: 5, jacobians: 1, rejectedSteps: 0, wallTime: 0.01 }
    spare.s.restore({
      run: { kind: 'dynamic', options: {}, state: 'running' },
      starter: null,
      pace: 0,
      progress: { time: 0.002, statistics },
    })
    expect(spare.s.stop()).toMatchObject({ state: 'idle', step: 0 })
    expect(spare.finished).toEqual([{ reason: 'stopped', state: 'idle', time: 0.002, statistics }])
  })
})
