// The solver session with a run paused inside its build or its setup (in process, the interrupt flag
// driven by the test): the run request's build or the first slice's setup is interrupted at a chosen
// poll, the pause is answered with the run at step 0, and after resume the run - including its results
// file, whose initial frame is written once the setup completes - is bit for bit the uninterrupted one.
// A checkpoint saved while paused there builds and sets the run up first. Tolerance: none (bit for
// bit), as for every interrupt.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sphereChain } from '../../../bench/models'
import { ResultsReader } from '../../../src/core'
import { FileSource } from '../../../src/node/runFiles'
import type { ApiEventName, ApiEvents } from '../../../src/shared/api'
import { SolverSession } from '../../../src/solver-process/solverSession'
import { temporaryDir } from '../../integration/helpers'

// 48 spheres, sparse: the setup polls in the pattern, the ordering and the first factorization.
const { model, settings } = sphereChain(48, 1e-3, 0.003)
const PROJECT = JSON.stringify({
  format: 'mbs-studio-project',
  version: 1,
  name: 'chain',
  model,
  simulationSettings: {
    ...settings,
    linearSolverType: 'EigenSparse',
    solutionSettings: { solutionWritePeriod: 1e-3 },
  },
})
const dir = temporaryDir()

/**
 * A session whose interrupt flag rises at the interruptAt-th poll (0: never) and stays up until a
 * pause is handled, as the solver process's main thread keeps it up until the worker has handled it.
 */
function session(interruptAt: number) {
  let polls = 0,
    raised = false
  const finished: ApiEvents['finished'][] = []
  const emit = <E extends ApiEventName>(event: E, data: ApiEvents[E]): void => {
    if (event === 'finished') finished.push(data as ApiEvents['finished'])
  }
  const s = new SolverSession(emit, () => (raised ||= ++polls === interruptAt))
  const lower = () => (raised = false)
  return { s, finished, lower, polls: () => polls }
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

describe('a run paused during its build or its setup', () => {
  const reference = session(0)
  reference.s.openModel({ text: PROJECT, revision: 1 })
  reference.s.run({ resultsPath: join(dir, 'reference.mbsres') })
  // The polls of the build in the run request: every 256 items built or set up (about 330 items,
  // each counted in the item loop, phase 1, the LTG setup and phase 2), and one before the solver.
  const buildPolls = reference.polls()

  it('the run request polls while it builds', async () => {
    expect(buildPolls).toBeGreaterThanOrEqual(5)
    await untilFinished(reference.finished)
    // The initial state and one frame per step.
    expect(frames(join(dir, 'reference.mbsres')).length).toBe(4)
  })

  // After the build's polls: poll 1 is the session's check before the slice, 2 follows the
  // pre-checks, 3-4 the pattern, 5-6 the ordering's adjacency passes.
  it.each([
    ['the build (the next slice builds again)', 2, false],
    ['the build, checkpointed while paused', 2, true],
    ["the setup's ordering, checkpointed while paused", 6, true],
  ])('%s: resumes to the results of the uninterrupted run, bit for bit', async (name, poll, checkpointed) => {
    await untilFinished(reference.finished)
    const expected = frames(join(dir, 'reference.mbsres'))
    const inBuild = name.startsWith('the build')
    const at = inBuild ? poll : buildPolls + poll
    const paused = session(at)
    const path = join(dir, `paused ${name}.mbsres`)
    paused.s.openModel({ text: PROJECT, revision: 1 })
    paused.s.run({ resultsPath: path })
    // An interrupted build ends the run request at once (no poll after the one that saw the flag).
    if (inBuild) expect(paused.polls()).toBe(at)
    while (paused.polls() < at) await new Promise((resolve) => setImmediate(resolve))
    const status = paused.s.pause()
    paused.lower()
    expect(status).toMatchObject({ state: 'paused', step: 0, time: 0 })
    if (checkpointed) {
      const checkpoint = paused.s.saveCheckpoint({ path: join(dir, 'paused.mbscp') }) as {
        time: number
      }
      expect(checkpoint.time).toBe(0)
    }
    paused.s.resume()
    await untilFinished(paused.finished)
    expect(paused.finished[0].reason).toBe('completed')
    const actual = frames(path)
    expect(actual.length).toBe(expected.length)
    actual.forEach((frame, i) =>
      expect(Buffer.from(frame.buffer).equals(Buffer.from(expected[i].buffer)), `frame ${i}`).toBe(true),
    )
  })
})
