// The solver process's threads (docs/process-model.md). The main thread (index.ts, solverThreads.ts)
// holds the link to the host and the event port and relays every message; a worker thread
// (solverWorker.ts) runs the solver session, and a spare worker follows the model so that it can take
// over at once. A pause is a flag the session reads at step boundaries; a stop while the worker
// computes, and a pause while a run is built or set up, end the worker thread instead, and the spare
// goes on from the run's last answered state.
import type { MessagePort } from 'node:worker_threads'
import type { RunOptions, RunStatistics } from '../shared/api'
import type { ModelPatch } from '../shared/modelPatch'
import type { FromSolverMessage } from '../shared/solverProtocol'

/**
 * Where a request came from, and so where its answer goes: the host link, or the event port of that
 * number (each port the host hands over gets the next; answers for a replaced port are dropped).
 */
export type Link = 'parent' | number

/** What the session computes: a stop ends the worker unless it is idle, a pause when it is starting. */
export type Work = 'idle' | 'solving' | 'starting'
const WORK_CODES: readonly Work[] = ['idle', 'solving', 'starting']

/** A message from a link, numbered in the order the main thread relayed it; counted: a pause or stop. */
export interface RelayedMessage {
  kind: 'relay'
  seq: number
  link: Link
  message: unknown
  counted: boolean
}

/** The run a session had, as the worker's answers last reported it (SolverSession.runSeed). */
export interface RunSeed {
  kind: 'dynamic' | 'static'
  options: RunOptions
  state: 'running' | 'paused'
}

/** Where a run was when its worker was ended (from the control block). */
export interface RunProgress {
  time: number
  statistics: RunStatistics
}

/** Main thread -> spare worker: the model changes the active worker answered, so both hold the same model. */
export type MirrorMessage =
  | { kind: 'mirror'; open: { text: string; revision: number } }
  | { kind: 'mirror'; change: { patch: ModelPatch; revision: number } }

/**
 * Main thread -> the spare that takes over: the ended worker's run (the answered one, or the run
 * request it was building), its pace, and for a stop where the run was.
 */
export interface RestoreMessage {
  kind: 'restore'
  run: RunSeed | null
  starter: { link: Link; message: unknown } | null
  pace: number
  progress: RunProgress | null
}

export type ToWorkerMessage = RelayedMessage | MirrorMessage | RestoreMessage

/**
 * Worker -> main thread: an answer goes back to its link ('events' to the event port when the host
 * handed one over, else to the host); answers carry the session's run and pace after the request.
 */
export interface WorkerMessage {
  to: Link | 'events'
  message: FromSolverMessage
  run?: RunSeed | null
  pace?: number
}

export interface WorkerData {
  control: SharedArrayBuffer
  port: MessagePort
}

/** Requests that can still be unanswered when their worker is ended in the middle of them. */
export const RUN_STARTERS: ReadonlySet<string> = new Set(['run', 'step', 'staticSolve'])

const PAUSES = 0,
  WORK = 1,
  STARTED = 2,
  INT_SLOTS = 4,
  PROGRESS_SLOTS = 6,
  START_TIME = PROGRESS_SLOTS,
  END_TIME = PROGRESS_SLOTS + 1,
  DOUBLE_SLOTS = PROGRESS_SLOTS + 2

/**
 * Memory shared by the main thread and one worker: the count of pauses and stops relayed and not yet
 * handled, what the worker computes, the number of the last message it began, its run's progress,
 * its model's start time and its run's end time (4 int slots, one unused, keep the doubles 8-byte
 * aligned).
 */
export class WorkerControl {
  private readonly ints: Int32Array
  private readonly progressValues: Float64Array
  private readonly doubles: Float64Array

  constructor(readonly buffer = new SharedArrayBuffer(8 * (DOUBLE_SLOTS + INT_SLOTS / 2))) {
    this.ints = new Int32Array(buffer, 0, INT_SLOTS)
    this.doubles = new Float64Array(buffer, 4 * INT_SLOTS, DOUBLE_SLOTS)
    this.progressValues = this.doubles.subarray(0, PROGRESS_SLOTS)
  }

  countPause(): void {
    Atomics.add(this.ints, PAUSES, 1)
  }
  pauseHandled(): void {
    Atomics.sub(this.ints, PAUSES, 1)
  }
  get pauseRequested(): boolean {
    return Atomics.load(this.ints, PAUSES) > 0
  }

  get work(): Work {
    return WORK_CODES[Atomics.load(this.ints, WORK)]
  }
  set work(work: Work) {
    Atomics.store(this.ints, WORK, WORK_CODES.indexOf(work))
  }

  get started(): number {
    return Atomics.load(this.ints, STARTED)
  }
  set started(seq: number) {
    Atomics.store(this.ints, STARTED, seq)
  }

  /** Written by the worker after every step (plain stores: read when the worker is ended, for a report). */
  setProgress(time: number, s: RunStatistics): void {
    const p = this.progressValues
    p[0] = time
    p[1] = s.steps
    p[2] = s.newtonIterations
    p[3] = s.jacobians
    p[4] = s.rejectedSteps
    p[5] = s.wallTime
  }

  /** The open model's start time, where a stopped run returns to (written on every open and change). */
  get startTime(): number {
    return this.doubles[START_TIME]
  }
  set startTime(time: number) {
    this.doubles[START_TIME] = time
  }

  /**
   * The end time of the last run started (written before its build; read by the main thread for the
   * progress event of a pause it answers itself, after the worker published `work`).
   */
  get endTime(): number {
    return this.doubles[END_TIME]
  }
  set endTime(time: number) {
    this.doubles[END_TIME] = time
  }

  get progress(): RunProgress {
    const [time, steps, newtonIterations, jacobians, rejectedSteps, wallTime] = this.progressValues
    return { time, statistics: { steps, newtonIterations, jacobians, rejectedSteps, wallTime } }
  }
}

/** Requests that are counted as pauses (the session stops at the next step boundary while one waits). */
export function interruptsStep(message: unknown): boolean {
  const { kind, method } = (message ?? {}) as { kind?: unknown; method?: unknown }
  return kind === 'request' && (method === 'pause' || method === 'stop')
}
