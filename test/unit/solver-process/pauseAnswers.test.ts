// The answers the solver process's main thread gives to a pause that ended the worker thread in a
// run's build or setup (pauseAnswers, with the run's start and end time from the control block the
// ended thread wrote) are those a session gives when it restores the ended run and is paused (the
// reference: SolverSession.restore then pause, answered as solverWorker.ts answers), message for
// message and in the same order. The spare then restores the run paused (pausedSeed), and resume
// gives the uninterrupted run's results bit for bit (tolerance: none, as for every restart).
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sphereChain } from '../../../bench/models'
import { ResultsReader } from '../../../src/core'
import { FileSource } from '../../../src/node/runFiles'
import type { ApiEventName, ApiEvents, RunOptions } from '../../../src/shared/api'
import { errorPayload } from '../../../src/shared/protocol'
import type { FromSolverMessage } from '../../../src/shared/solverProtocol'
import { pauseAnswers, pausedSeed, restoredSeed, runPace } from '../../../src/solver-process/restoredRun'
import { SolverSession } from '../../../src/solver-process/solverSession'
import {
  WorkerControl,
  type Link,
  type RunSeed,
  type WorkerMessage,
} from '../../../src/solver-process/threads'
import { projectText, solverRequest, temporaryDir } from '../../integration/helpers'

const { model, settings } = sphereChain(8, 1e-3, 0.01)
const PROJECT = projectText('chain', model, {
  ...settings,
  solutionSettings: { solutionWritePeriod: 1e-3 },
  timeIntegration: { ...(settings.timeIntegration as object), startTime: 0.25, endTime: 0.26 },
})
const dir = temporaryDir()
const request = solverRequest
const nextTask = () => new Promise((resolve) => setImmediate(resolve))

type Request = { link: Link; message: ReturnType<typeof solverRequest> }

/** A session on the model, its messages (as solverWorker.ts posts them) and its 'finished' events. */
function session(control?: WorkerControl) {
  const messages: WorkerMessage[] = []
  const finished: ApiEvents['finished'][] = []
  const emit = <E extends ApiEventName>(event: E, data: ApiEvents[E]): void => {
    messages.push({ to: 'events', message: { kind: 'event', event, data } as FromSolverMessage })
    if (event === 'finished') finished.push(data as ApiEvents['finished'])
  }
  const s = new SolverSession(emit, control)
  s.openModel({ text: PROJECT, revision: 1 })
  messages.length = 0
  const answer = async ({ link, message }: Request, result: () => unknown): Promise<void> => {
    try {
      messages.push({ to: link, message: { kind: 'response', id: message.id, result: await result() } })
    } catch (error) {
      messages.push({ to: link, message: { kind: 'response', id: message.id, error: errorPayload(error) } })
    }
  }
  const untilFinished = async (): Promise<void> => {
    while (finished.length === 0) await new Promise((resolve) => setTimeout(resolve, 2))
  }
  return { s, messages, answer, finished, untilFinished }
}

/** The last frame of a results file. */
function lastFrame(path: string): Float64Array {
  const source = new FileSource(path)
  try {
    const reader = ResultsReader.open(source)
    expect(reader.frameCount).toBeGreaterThan(2)
    return reader.frame(reader.frameCount - 1)
  } finally {
    source.close()
  }
}

describe('a pause answered by the main thread', () => {
  const pause = { link: 'parent' as const, message: request(9, 'pause') }
  const options = (name: string, extra: RunOptions = {}): RunOptions => ({
    resultsPath: join(dir, `${name}.mbsres`),
    ...extra,
  })
  it.each([
    ['a run request being built', null, options('built', { realTimeFactor: 3, endTime: 0.255 })],
    ['a run request over an answered run', options('answered', { realTimeFactor: 2 }), options('next')],
    ['an answered run in its setup', options('setup', { endTime: 0.256 }), null],
  ])('%s: the answers of restore then pause; resumed bit for bit', async (_, answered, runOptions) => {
    const run: RunSeed | null = answered && { kind: 'dynamic', options: answered, state: 'running' }
    // The starter on the event port's link, the pause on the host's: each answer goes to its link.
    const starter = runOptions ? { link: 1 as const, message: request(4, 'run', runOptions) } : null
    const seed = restoredSeed(run, starter?.message)!
    expect(seed).toMatchObject({ kind: 'dynamic', state: 'running' })

    // The ended thread: its run request wrote the run's start and end time before its build (which a
    // pause counted first leaves for later).
    const control = new WorkerControl()
    control.countPause()
    session(control).s.run(seed.options)

    const reference = session()
    const restored = reference.s.restore({ run, starter, pace: 0.5, progress: null })
    if (starter) void reference.answer(starter, () => restored)
    await nextTask()
    void reference.answer(pause, () => reference.s.pause())
    await nextTask()
    const answers = pauseAnswers(starter, pause, control.progress.time, control.endTime)
    expect(answers).toEqual(reference.messages)
    expect(runPace(seed.options, 0.5)).toBe(reference.s.nextPace)
    expect(pausedSeed(seed)).toEqual(reference.s.runSeed())
    // Not vacuous: paused at the model's start time, step 0, with the run's own end time.
    expect(answers.at(-1)).toEqual({
      to: 'parent',
      message: { kind: 'response', id: 9, result: { state: 'paused', time: 0.25, step: 0 } },
    })
    const progress = answers.find((m) => m.message.kind === 'event')?.message
    const endTime = seed.options.endTime ?? 0.26
    expect(progress).toMatchObject({ event: 'progress', data: { state: 'paused', endTime } })

    // The spare restores the paused run; resumed, it is the uninterrupted run bit for bit.
    const path = seed.options.resultsPath!
    const uninterrupted = session()
    uninterrupted.s.run({ ...seed.options, realTimeFactor: 0 })
    await uninterrupted.untilFinished()
    const expected = lastFrame(path)
    // The resumed run writes the file anew.
    rmSync(path)
    const spare = session()
    spare.s.restore({ run: pausedSeed(seed), starter: null, pace: 0.5, progress: null })
    expect(spare.s.runSeed()).toEqual(pausedSeed(seed))
    expect(spare.s.resume()).toMatchObject({ state: 'running', time: 0.25, step: 0 })
    await spare.untilFinished()
    expect(spare.finished[0]).toMatchObject({ reason: 'completed', time: endTime })
    expect(Buffer.from(lastFrame(path).buffer).equals(Buffer.from(expected.buffer))).toBe(true)
  })
})
