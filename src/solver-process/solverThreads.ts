// The solver process's main thread keeps two worker threads (threads.ts): the active one runs the
// solver session, the spare one holds the same model (every open and change the active one answered
// is mirrored to it) and nothing else. A pause is relayed with a count the session reads at step
// boundaries. A stop while the active thread computes, and a pause while it builds or sets up a run,
// end that thread instead of waiting for it: the spare takes over with the run as the last answers
// left it (restore), the messages the ended thread had not answered are relayed to it again, and a new
// spare is started and given the model; a stop or pause with nothing else unanswered before it is
// answered here (answerHere), not by the spare, which may still be loading, and the spare is given the
// paused run or none. So a stop never waits for a step, a build, a setup or the spare, a pause never
// waits for a build, a setup or the spare, and no state is ever half updated: the ended thread's
// memory goes with it.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
  type WorkerOptions,
} from 'node:worker_threads'
import type { ModelPatch } from '../shared/modelPatch'
import { isRequestMessage, PROTOCOL_VERSION } from '../shared/protocol'
import type { FromSolverMessage } from '../shared/solverProtocol'
import { pauseAnswers, pausedSeed, restoredSeed, runPace, stopAnswers } from './restoredRun'
import {
  interruptsStep,
  RUN_STARTERS,
  WorkerControl,
  type Link,
  type RelayedMessage,
  type RunProgress,
  type RunSeed,
  type ToWorkerMessage,
  type WorkerMessage,
} from './threads'

interface SolverThread {
  worker: Worker
  port: MessagePort
  control: WorkerControl
  /** Ended: its messages are no longer taken. */
  ended: boolean
}

/** Where the worker threads' answers and events go (the host link or the event port). */
export type Deliver = (to: Link | 'events', message: FromSolverMessage) => void

interface Request {
  method: string
  params: unknown
}

/** Starts a worker thread with these options (the default runs solverWorker.ts). */
export type StartWorker = (options: WorkerOptions) => Worker

export class SolverThreads {
  private active: SolverThread
  private spare: SolverThread | null = null
  private seq = 0
  /** Requests relayed and not answered yet, in the order relayed (by link and id). */
  private readonly unanswered = new Map<string, RelayedMessage>()
  /** The model as the active thread answered it: the last open and the changes since, for a new spare. */
  private model: {
    open: { text: string; revision: number }
    changes: { patch: ModelPatch; revision: number }[]
  } | null = null
  private run: RunSeed | null = null
  private pace = 0
  /** The host was told the process is ready (by the first thread; later ones take over silently). */
  private announced = false

  constructor(
    private readonly deliver: Deliver,
    private readonly onFailure: (error: unknown) => void,
    private readonly startWorker: StartWorker = startSolverWorker,
  ) {
    this.active = this.start()
  }

  relay(message: unknown, link: Link): void {
    const relayed: RelayedMessage = {
      kind: 'relay',
      seq: ++this.seq,
      link,
      message,
      counted: interruptsStep(message),
    }
    const key = requestKey(link, message)
    if (key) this.unanswered.set(key, relayed)
    if (!relayed.counted) return this.post(this.active, relayed)
    this.active.control.countPause()
    const method = (message as Request).method
    const work = this.active.control.work
    if (work === 'starting' || (work === 'solving' && method === 'stop')) this.replaceActive(relayed)
    else this.post(this.active, relayed)
  }

  /** Ends every thread (the process is leaving). */
  dispose(): void {
    for (const thread of [this.active, this.spare]) if (thread) this.end(thread)
  }

  private start(): SolverThread {
    const control = new WorkerControl()
    const { port1, port2 } = new MessageChannel()
    const workerData = { control: control.buffer, port: port2 }
    const worker = this.startWorker({ workerData, transferList: [port2] })
    const thread: SolverThread = { worker, port: port1, control, ended: false }
    port1.on('message', (message: WorkerMessage) => this.take(thread, message))
    // Without its threads the process cannot answer: the owner exits, so the host restarts it.
    worker.on('error', (error) => thread.ended || this.onFailure(error))
    // An ended thread's open files (a results file, left as written so far) are closed by Node.
    worker.on('exit', (code) => {
      if (!thread.ended) this.onFailure(new Error(`a solver thread exited with code ${code}`))
    })
    return thread
  }

  private take(thread: SolverThread, { to, message, run, pace }: WorkerMessage): void {
    if (thread !== this.active) return
    if (message.kind === 'response') {
      const key = `${String(to)} ${String(message.id)}`
      const relayed = this.unanswered.get(key)
      this.unanswered.delete(key)
      if (relayed && !('error' in message && message.error)) this.answered(relayed.message as Request)
      if (run !== undefined) this.run = run
      if (pace !== undefined) this.pace = pace
    }
    if (message.kind === 'ready') {
      // The spare starts once the first thread is ready, so that the two do not compete at start.
      this.spare ??= this.startSpare()
      if (this.announced) return
      this.announced = true
    }
    this.deliver(to, message)
  }

  /** Keeps the model the active thread now holds, and has the spare follow it. */
  private answered({ method, params }: Request): void {
    if (method === 'openModel') {
      const open = params as { text: string; revision: number }
      this.model = { open, changes: [] }
      if (this.spare) this.post(this.spare, { kind: 'mirror', open })
    } else if (method === 'applyChange' && this.model) {
      const change = params as { patch: ModelPatch; revision: number }
      this.model.changes.push(change)
      if (this.spare) this.post(this.spare, { kind: 'mirror', change })
    }
  }

  /**
   * Ends the active thread and gives its place to the spare: what the thread posted before this
   * moment is taken (a clean cut), its run goes to the spare as the answers left it, and what it had
   * not answered is relayed again, `cause` (the pause or stop that caused this) among it; or it is
   * answered here (answerHere).
   */
  private replaceActive(cause: RelayedMessage): void {
    const old = this.active
    let drained
    while ((drained = receiveMessageOnPort(old.port))) this.take(old, drained.message as WorkerMessage)
    const { started, progress, startTime, endTime } = old.control
    this.end(old)
    const next = this.spare ?? this.startSpare()
    this.active = next
    this.spare = null
    const pending = [...this.unanswered.values()].sort((a, b) => a.seq - b.seq)
    const starter = pending.find((r) => r.seq <= started && RUN_STARTERS.has(methodOf(r.message))) ?? null
    const stop = methodOf(cause.message) === 'stop'
    if (!this.answerHere(next, { cause, stop, starter, pending, progress, startTime, endTime })) {
      this.post(next, {
        kind: 'restore',
        run: this.run,
        starter: starter ? { link: starter.link, message: starter.message } : null,
        pace: this.pace,
        progress: stop ? progress : null,
      })
      for (const relayed of pending) {
        if (relayed === starter) continue
        if (relayed.counted) next.control.countPause()
        this.post(next, relayed)
      }
    }
    this.spare = this.startSpare()
  }

  /**
   * Answers here a stop or pause that ended the active thread, when nothing but the run it stops or
   * pauses was unanswered before it: with the answers and events the spare would give after restore
   * and stop (stopAnswers) or pause (pauseAnswers), from the run as the answers left it and the
   * control block (where the run was, the model's start time, the run's end time), so that they do
   * not wait for the spare to load and parse the model. The spare (`next`) is given the pace and the
   * paused run (or none after a stop), which it restores once ready, unbuilt: resume builds and sets
   * it up as the uninterrupted run did. False when the spare must answer.
   */
  private answerHere(next: SolverThread, context: InterruptContext): boolean {
    const { cause, stop, starter, pending, progress, startTime, endTime } = context
    const seed = restoredSeed(this.run, starter?.message)
    const alone = pending.every((r) => r === cause || r === starter)
    if (!seed || !alone || !isCurrentRequest(cause.message)) return false
    // A pause ends the thread only in a dynamic run's build or setup; anything else the spare answers.
    if (!stop && (seed.kind !== 'dynamic' || seed.state !== 'running')) return false
    for (const { link, message } of pending) this.unanswered.delete(requestKey(link, message) ?? '')
    this.pace = runPace(seed.options, this.pace)
    const messages = stop
      ? stopAnswers(seed, starter, cause, progress, startTime)
      : pauseAnswers(starter, cause, progress.time, endTime)
    this.run = stop ? null : pausedSeed(seed)
    for (const { to, message } of messages) this.deliver(to, message)
    this.post(next, { kind: 'restore', run: this.run, starter: null, pace: this.pace, progress: null })
    return true
  }

  /** A new spare, given the model the active thread holds. */
  private startSpare(): SolverThread {
    const spare = this.start()
    if (this.model) {
      this.post(spare, { kind: 'mirror', open: this.model.open })
      for (const change of this.model.changes) this.post(spare, { kind: 'mirror', change })
    }
    return spare
  }

  private end(thread: SolverThread): void {
    thread.ended = true
    void thread.worker.terminate()
  }

  private post(thread: SolverThread, message: ToWorkerMessage): void {
    thread.port.postMessage(message)
  }
}

/** Where a stop or pause that ended the active thread found the requests and the run. */
interface InterruptContext {
  cause: RelayedMessage
  stop: boolean
  /** The run, step or staticSolve request the ended thread had begun and not answered. */
  starter: RelayedMessage | null
  /** Every request not answered, in the order relayed. */
  pending: RelayedMessage[]
  progress: RunProgress
  startTime: number
  /** The end time of the run the ended thread was starting. */
  endTime: number
}

/**
 * Runs solverWorker.ts. Built: out/main/solver-worker.js beside this file. Source: Node 20 does not
 * apply tsx's loader (--import tsx) to a worker's .ts entry, so the worker registers tsx first.
 */
export function startSolverWorker(options: WorkerOptions): Worker {
  if (!__filename.endsWith('.ts')) return new Worker(join(__dirname, 'solver-worker.js'), options)
  const tsx = createRequire(__filename).resolve('tsx/cjs/api')
  const entry = join(__dirname, 'solverWorker.ts')
  const code = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)})`
  return new Worker(code, { ...options, eval: true })
}

/** A request the session would take (this protocol version), not one it answers with an error. */
function isCurrentRequest(message: unknown): boolean {
  return (
    isRequestMessage(message) &&
    (message as { protocolVersion?: unknown }).protocolVersion === PROTOCOL_VERSION
  )
}

function methodOf(message: unknown): string {
  return String((message as Partial<Request> | null)?.method)
}

/** The key of a request's answer (its link and id), or null for a message without an id. */
function requestKey(link: Link, message: unknown): string | null {
  const id = (message as { id?: unknown } | null)?.id
  return typeof id === 'number' || typeof id === 'string' ? `${String(link)} ${String(id)}` : null
}
