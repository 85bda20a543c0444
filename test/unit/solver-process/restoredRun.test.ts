// The answers the solver process's main thread gives to a stop that ended the worker thread
// (stopAnswers) are those a session gives when it restores the ended run and is stopped (the
// reference: SolverSession.restore then stop, answered as solverWorker.ts answers), message for
// message and in the same order, for each kind of run the stop can find: a run, step or static solve
// request being started, or an answered run. Exact equality: the host cannot tell who answered.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sphereChain } from '../../../bench/models'
import type { ApiEventName, ApiEvents } from '../../../src/shared/api'
import { errorPayload } from '../../../src/shared/protocol'
import type { FromSolverMessage } from '../../../src/shared/solverProtocol'
import { restoredSeed, runPace, stopAnswers } from '../../../src/solver-process/restoredRun'
import { SolverSession } from '../../../src/solver-process/solverSession'
import type { Link, RunProgress, RunSeed, WorkerMessage } from '../../../src/solver-process/threads'
import { projectText, solverRequest, temporaryDir } from '../../integration/helpers'

const { model, settings } = sphereChain(8, 1e-3, 0.01)
const START_TIME = 0.25
const PROJECT = projectText('chain', model, {
  ...settings,
  timeIntegration: { ...(settings.timeIntegration as object), startTime: START_TIME, endTime: 0.26 },
})
const dir = temporaryDir()
const written = join(dir, 'written.mbsres')
writeFileSync(written, 'records of the ended thread')

const request = solverRequest
const progress: RunProgress = {
  time: 0.253,
  statistics: { steps: 3, newtonIterations: 7, jacobians: 1, rejectedSteps: 0, wallTime: 0.02 },
}
const nextTask = () => new Promise((resolve) => setImmediate(resolve))

/** What a worker posts when its session restores the run and the stop comes next (solverWorker.ts). */
async function sessionAnswers(
  run: RunSeed | null,
  starter: { link: Link; message: ReturnType<typeof solverRequest> } | null,
  stop: { link: Link; message: ReturnType<typeof solverRequest> },
): Promise<{ messages: WorkerMessage[]; pace: number }> {
  const messages: WorkerMessage[] = []
  const emit = <E extends ApiEventName>(event: E, data: ApiEvents[E]): void => {
    messages.push({ to: 'events', message: { kind: 'event', event, data } as FromSolverMessage })
  }
  const session = new SolverSession(emit)
  session.openModel({ text: PROJECT, revision: 1 })
  messages.length = 0
  const answer = async (link: Link, id: number, result: () => unknown): Promise<void> => {
    try {
      messages.push({ to: link, message: { kind: 'response', id, result: await result() } })
    } catch (error) {
      messages.push({ to: link, message: { kind: 'response', id, error: errorPayload(error) } })
    }
  }
  const restored = session.restore({ run, starter, pace: 0.5, progress })
  if (starter) void answer(starter.link, starter.message.id, () => restored)
  await nextTask()
  void answer(stop.link, stop.message.id, () => session.stop())
  await nextTask()
  return { messages, pace: session.nextPace }
}

describe('a stop answered by the main thread', () => {
  const stop = { link: 'parent' as const, message: request(9, 'stop') }
  const answered: RunSeed = {
    kind: 'dynamic',
    options: { resultsPath: written, realTimeFactor: 2 },
    state: 'running',
  }
  it.each([
    ['a run request being built', null, request(4, 'run', { resultsPath: written, realTimeFactor: 3 })],
    ['a run request without options', answered, request(4, 'run')],
    ['a step request', answered, request(4, 'step', { count: 5 })],
    ['a step request without a run', null, request(4, 'step')],
    ['a static solve', answered, request(4, 'staticSolve')],
    ['an answered run', answered, null],
  ])('%s: the answers and events of restore then stop, in order', async (_, run, starterMessage) => {
    // The starter on the event port's link, the stop on the host's: each answer goes to its link.
    const starter = starterMessage ? { link: 1 as const, message: starterMessage } : null
    const reference = await sessionAnswers(run, starter, stop)
    const seed = restoredSeed(run, starter?.message)
    expect(seed).not.toBeNull()
    expect(stopAnswers(seed!, starter, stop, progress, START_TIME)).toEqual(reference.messages)
    expect(runPace(seed!.options, 0.5)).toBe(reference.pace)
    // Not vacuous: the stop's answer is idle at the model's start time, the run's report where it was.
    expect(reference.messages.at(-1)).toEqual({
      to: 'parent',
      message: { kind: 'response', id: 9, result: { state: 'idle', time: START_TIME, step: 0 } },
    })
    const finished = reference.messages.find((m) => m.message.kind === 'event')?.message
    expect(finished).toMatchObject({ event: 'finished', data: { reason: 'stopped', time: progress.time } })
  })
})
