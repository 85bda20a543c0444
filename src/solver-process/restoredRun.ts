// The run an ended worker thread leaves to the thread that takes over (threads.ts): which run it is
// (restoredSeed), its pace (runPace), and what stopping or pausing it answers (stopAnswers,
// pauseAnswers). Shared by the session, which restores the run, and the process's main thread, which
// answers a stop or pause itself from the control block, so that the answer does not wait for the
// spare to load and parse the model.
import { existsSync } from 'node:fs'
import type { ApiEvents, RunOptions, RunStatus } from '../shared/api'
import { ApiError, errorPayload, requestIdOf } from '../shared/protocol'
import type { FromSolverMessage } from '../shared/solverProtocol'
import type { Link, RunProgress, RunSeed, WorkerMessage } from './threads'

/** A request as relayed: where its answer goes, and the message. */
export interface LinkedRequest {
  link: Link
  message: unknown
}

/**
 * The run a thread takes over: the one `starter` (a run, step or staticSolve request without an
 * answer) was starting, else the answered `run`; null for none.
 */
export function restoredSeed(run: RunSeed | null, starter: unknown): RunSeed | null {
  const request = (starter ?? {}) as { method?: string; params?: RunOptions }
  if (request.method === 'run') return { kind: 'dynamic', options: request.params ?? {}, state: 'running' }
  if (request.method === 'staticSolve') return { kind: 'static', options: {}, state: 'running' }
  if (request.method === 'step')
    return { kind: 'dynamic', options: run?.kind === 'dynamic' ? run.options : {}, state: 'paused' }
  return run
}

/** The pace of a run started with `options`: its realTimeFactor if given, else the session's `pace`. */
export function runPace(options: RunOptions, pace: number): number {
  return options.realTimeFactor === undefined ? pace : readPace(options)
}

/** setPace's realTimeFactor: a positive finite number, or 0 / null for as fast as possible. */
export function readPace(params: unknown): number {
  const factor = (params as { realTimeFactor?: unknown } | undefined)?.realTimeFactor ?? 0
  if (typeof factor !== 'number' || !Number.isFinite(factor) || factor < 0)
    throw new ApiError(
      'invalid-params',
      `realTimeFactor expects a number >= 0 (0 or null: as fast as possible), got ${JSON.stringify(factor)}`,
    )
  return factor
}

/**
 * What a session answers and emits, in order, when it restores `seed` (unbuilt, at `progress`) and
 * is stopped (SolverSession.restore then stop): the starter's answer, 'finished' (stopped, where the
 * run was), 'runState' idle at the model's `startTime`, a static solve's refusal, the stop's answer.
 */
export function stopAnswers(
  seed: RunSeed,
  starter: LinkedRequest | null,
  stop: LinkedRequest,
  progress: RunProgress,
  startTime: number,
): WorkerMessage[] {
  const { messages, answer, event } = answers()
  if (starter && seed.kind === 'dynamic') answer(starter, { state: seed.state, time: progress.time, step: 0 })
  // A stopped run's file keeps the records written before its thread was ended.
  const path = seed.options.resultsPath
  event('finished', {
    reason: 'stopped',
    state: 'idle',
    time: progress.time,
    statistics: progress.statistics,
    ...(path && existsSync(path) ? { resultsPath: path } : {}),
  })
  const idle: RunStatus = { state: 'idle', time: startTime, step: 0 }
  event('runState', idle)
  // Settled in the stop, answered once it returns (after its events).
  if (starter && seed.kind === 'static') {
    const error = errorPayload(new ApiError('invalid-state', 'The static solve was stopped'))
    messages.push({
      to: starter.link,
      message: { kind: 'response', id: requestIdOf(starter.message), error },
    })
  }
  answer(stop, idle)
  return messages
}

/**
 * What a session answers and emits, in order, when it restores a running dynamic run (unbuilt, at its
 * start time `time`, ending at `endTime`) and is paused (SolverSession.restore then pause): the
 * starter's answer (running), 'progress' and 'runState' paused at step 0, the pause's answer. The
 * thread that takes over restores the run as pausedSeed gives it.
 */
export function pauseAnswers(
  starter: LinkedRequest | null,
  pause: LinkedRequest,
  time: number,
  endTime: number,
): WorkerMessage[] {
  const { messages, answer, event } = answers()
  if (starter) answer(starter, { state: 'running', time, step: 0 })
  // Nothing simulated since the run started: its real-time factor is 0.
  event('progress', { state: 'paused', time, endTime, step: 0, newtonIterations: 0, realTimeFactor: 0 })
  const paused: RunStatus = { state: 'paused', time, step: 0 }
  event('runState', paused)
  answer(pause, paused)
  return messages
}

/** The run `seed` once paused: what the thread that takes over restores. */
export function pausedSeed(seed: RunSeed): RunSeed {
  return { ...seed, state: 'paused' }
}

/** A list of a session's messages, and how answers and events are added to it. */
function answers() {
  const messages: WorkerMessage[] = []
  const answer = ({ link, message }: LinkedRequest, result: unknown): void => {
    messages.push({ to: link, message: { kind: 'response', id: requestIdOf(message), result } })
  }
  const event = <E extends 'finished' | 'runState' | 'progress'>(name: E, data: ApiEvents[E]): void => {
    messages.push({ to: 'events', message: { kind: 'event', event: name, data } as FromSolverMessage })
  }
  return { messages, answer, event }
}
