// One worker process of a study: the `mbs` command line started as `mbs __study-worker`, which keeps the
// project of the study it last ran and runs the cases it is sent, one at a time. The local pool
// (studyPool.ts), the queue worker (src/cli/studyQueue.ts) and the app's studies (src/host/studyRunner.ts)
// all run their cases through it, so a case gives the same row on each. Cases sent while one runs wait
// in the process's message queue (the pool keeps two or more in flight, so a worker never waits on the
// parent). Cases asked in one go travel in one message; with `refillAt`, cases are held back until the
// process has that many left, so short cases go in batches. The rows of a batch come back together, in
// messages at most HOLD_MS of cases apart: the parent wakes once per message, not per row. A process that
// dies (killed, out of memory) rejects every case it holds with CaseRunnerDied.
import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import {
  CaseSystem,
  parseProject,
  runStudyCase,
  type Project,
  type StudyCase,
  type StudyOutput,
  type StudyRow,
} from '../core'
import { WORKER_COMMAND } from './workerCommand'

export { WORKER_COMMAND }

/** Replaces workerV8Flags' choice: V8 flags separated by spaces, "" for none. */
export const WORKER_FLAGS_ENV = 'MBS_WORKER_V8_FLAGS'

/**
 * The V8 flags of `workers` worker processes on this machine. Each gives a function its feedback vector
 * at its first call (--no-lazy-feedback-allocation; V8 waits until it has run about 8 times its own
 * bytecode): a worker runs the same code for every case, so the optimizing compiler sees the types of
 * the first cases and compiles sooner, with fewer deoptimizations. As many workers as cores: each also
 * runs V8's compiler and garbage collector on its main thread (--single-threaded), since a background
 * thread of one worker can only take a core from another; fewer workers leave those threads to the
 * idle cores. Measured in docs/performance.md, "Studies".
 */
export function workerV8Flags(workers: number, cores = os.availableParallelism()): string[] {
  const chosen = process.env[WORKER_FLAGS_ENV]
  if (chosen !== undefined) return chosen.split(' ').filter((f) => f !== '')
  const feedback = '--no-lazy-feedback-allocation'
  return workers >= cores ? ['--single-threaded', feedback] : [feedback]
}

/** What a study's cases share: its project, the outputs, and a key naming the pair. */
export interface StudyWork {
  key: string
  projectText: string
  outputs: readonly StudyOutput[]
}

type ToWorker =
  | { type: 'load'; key: string; projectText: string; outputs: readonly StudyOutput[]; measure: boolean }
  | { type: 'cases'; cases: StudyCase[] }
/** cpu: the worker's CPU time so far (user + system), ms: what a phase costs, whatever the machine's load. */
/** mainCpu: the CPU time of its main thread alone (threadCpuMs), without V8's GC and compiler threads. */
type FromWorker =
  | { type: 'ready'; startup: number; cpu: number }
  | { type: 'rows'; rows: StudyRow[]; cpu?: number; mainCpu?: number }

/**
 * A worker tells the rows of a batch together once its cases are done, or earlier once the first row
 * held has waited HOLD_MS: a message every ~20 ms at most, and a row's wait for the disk bounded by
 * the case running when it is due.
 */
const HOLD_MS = 20

/**
 * A worker asked to measure (`mbs study --json`) reads its CPU time with each row, and its main thread's
 * CPU (a /proc read, ~0.1 ms) with each of its first rows, then at most once per MAIN_CPU_PERIOD_MS of
 * process CPU: the clock ticks are 10 ms anyway.
 */
const MAIN_CPU_EVERY_ROW = 16
const MAIN_CPU_PERIOD_MS = 100

/** A worker process's timeline, ms on the parent's clock (performance.now()) unless said otherwise. */
export interface RunnerTimes {
  forked: number
  /** When its 'ready' arrived: Node started, the bundle loaded, the worker listening. */
  ready?: number
  /** The worker's own start-up to listening, on its clock, and the CPU time it took. */
  startup?: number
  startupCpu?: number
  firstRow?: number
  /** The worker's CPU time at its first and at its last message of rows, and its rows (in all, and
   * in that first message). */
  firstRowCpu?: number
  lastRowCpu?: number
  firstRows?: number
  /** The same for its main thread alone (where threadCpuMs knows it), read every ~0.1 s of CPU. */
  firstRowMainCpu?: number
  lastRowMainCpu?: number
  /** The rows counted when lastRowMainCpu was read. */
  lastRowMainRows?: number
  rows: number
}

export function cpuMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/**
 * The calling thread's CPU time, ms, from Linux's /proc/thread-self/stat (utime + stime in clock ticks
 * of 10 ms: USER_HZ is 100 on Linux); undefined elsewhere. Node 20 has no process.threadCpuUsage.
 */
export function threadCpuMs(): number | undefined {
  try {
    const stat = fs.readFileSync('/proc/thread-self/stat', 'latin1')
    // The fields after the command name "(...)": state is [0], utime [11], stime [12].
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(f[11]) + Number(f[12])) * 10
  } catch {
    return undefined
  }
}

/**
 * Where a case was when its worker died: 'running' (the one case of its batch without a row: it is the
 * cause, or was at least cut off), 'batch' (one of several of the batch running then, whose rows the
 * worker held: which one ran is unknown) or 'waiting' (sent behind it, or not sent).
 */
export type DiedState = 'running' | 'batch' | 'waiting'

export class CaseRunnerDied extends Error {
  constructor(
    readonly reason: string,
    readonly state: DiedState = 'running',
  ) {
    super(`the worker process exited (${reason}) while running this case`)
    this.name = 'CaseRunnerDied'
  }
}

export interface CaseRunnerOptions {
  /** Cases asked are sent once the process holds this many or fewer (unset: at once); settable later. */
  refillAt?: number
  /** The worker reads its CPU times with its rows (`times`' CPU fields; unset: no). */
  measure?: boolean
}

export class CaseRunner {
  private readonly child: ChildProcess
  private loaded: string | undefined
  /**
   * The cases asked and not answered, by case index, in the order the process runs them, with the
   * message that sent them (undefined: not sent yet).
   */
  private readonly waiting = new Map<
    number,
    { resolve(row: StudyRow): void; reject(e: Error): void; message?: number }
  >()
  private messages = 0
  /** The cases asked and not yet sent (the last of `waiting`), and how many were sent and not answered. */
  private unsent: StudyCase[] = []
  private sent = 0
  private flushQueued = false
  refillAt: number
  private readonly measure: boolean
  private exited: string | undefined
  readonly times: RunnerTimes = { forked: performance.now(), rows: 0 }

  /**
   * `mbs` is the script of the `mbs` command line (bin/mbs.cjs); by default the one running now.
   * `v8Flags` are added to this process's own (workerV8Flags).
   */
  constructor(
    mbs: string = process.argv[1],
    v8Flags: readonly string[] = [],
    options: CaseRunnerOptions = {},
  ) {
    this.refillAt = options.refillAt ?? Infinity
    this.measure = options.measure ?? false
    this.child = fork(mbs, [WORKER_COMMAND], {
      execArgv: [...process.execArgv, ...v8Flags],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    this.child.on('message', (m: FromWorker) => {
      const times = this.times
      if (m.type === 'ready') {
        times.ready = performance.now()
        times.startup = m.startup
        times.startupCpu = m.cpu
        return
      }
      times.firstRow ??= performance.now()
      times.firstRows ??= m.rows.length
      times.rows += m.rows.length
      if (m.cpu !== undefined) {
        times.firstRowCpu ??= m.cpu
        times.lastRowCpu = m.cpu
      }
      if (m.mainCpu !== undefined) {
        times.firstRowMainCpu ??= m.mainCpu
        times.lastRowMainCpu = m.mainCpu
        times.lastRowMainRows = times.rows
      }
      for (const row of m.rows) {
        this.sent--
        this.waiting.get(row.case)?.resolve(row)
        this.waiting.delete(row.case)
      }
      // After the resolves: the cases their callers ask next join the batch this sends.
      this.queueFlush()
    })
    this.child.on('exit', (code, signal) => {
      const reason = signal ?? `exit code ${code}`
      this.exited = reason
      // The message the process was on: the first with a case unanswered.
      const held = [...this.waiting.values()]
      const current = held[0]?.message
      const unanswered = held.filter((w) => w.message !== undefined && w.message === current).length
      for (const w of held) {
        const state =
          w.message !== current || current === undefined ? 'waiting' : unanswered > 1 ? 'batch' : 'running'
        w.reject(new CaseRunnerDied(reason, state))
      }
      this.waiting.clear()
      this.unsent = []
    })
  }

  get alive(): boolean {
    return this.exited === undefined
  }

  /** `alone`: the case goes in a message of its own, now (its row then tells it was the one running). */
  run(work: StudyWork, c: StudyCase, alone = false): Promise<StudyRow> {
    if (this.exited !== undefined) return Promise.reject(new CaseRunnerDied(this.exited))
    if (this.loaded !== work.key) {
      this.flush()
      const { key, projectText, outputs } = work
      this.send({ type: 'load', key, projectText, outputs, measure: this.measure })
      this.loaded = work.key
    }
    if (alone) this.flush()
    return new Promise((resolve, reject) => {
      this.waiting.set(c.index, { resolve, reject })
      this.unsent.push(c)
      if (alone) this.flush()
      else this.queueFlush()
    })
  }

  /** Sends the cases asked, after the caller's synchronous run() calls, once the process runs low. */
  private queueFlush(): void {
    if (this.flushQueued || this.unsent.length === 0 || this.sent > this.refillAt) return
    this.flushQueued = true
    queueMicrotask(() => {
      this.flushQueued = false
      this.flush()
    })
  }

  private flush(): void {
    const cases = this.unsent
    if (cases.length === 0 || this.exited !== undefined) return
    this.unsent = []
    this.sent += cases.length
    const message = this.messages++
    for (const c of cases) this.waiting.get(c.index)!.message = message
    this.send({ type: 'cases', cases })
  }

  /** Lets the process end after the cases it holds; resolves when it has. */
  close(): Promise<void> {
    if (this.exited !== undefined) return Promise.resolve()
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve())
      if (this.child.connected) this.child.disconnect()
    })
  }

  /** Ends the process now; the cases it holds are rejected with CaseRunnerDied. */
  kill(): void {
    if (this.exited === undefined) this.child.kill()
  }

  private send(m: ToWorker): void {
    // A channel closed by a dying worker fails the send; its exit then rejects the cases it held.
    this.child.send(m, (error) => error && this.kill())
  }
}

/** The worker process's side: answers each case with its row until the parent disconnects. */
export function caseRunnerProcess(): Promise<number> {
  let project: Project | string = 'no project was loaded'
  let kept: CaseSystem | undefined
  let outputs: readonly StudyOutput[] = []
  let measure = false
  let mainRead = -Infinity
  let told = 0
  const send = (rows: StudyRow[]) => {
    // An orphan (its `mbs worker` was killed) finishes its cases and has no one to tell.
    if (!measure) return tell({ type: 'rows', rows })
    const cpu = cpuMs()
    told += rows.length
    const read = told <= MAIN_CPU_EVERY_ROW || cpu - mainRead >= MAIN_CPU_PERIOD_MS
    if (read) mainRead = cpu
    tell({ type: 'rows', rows, cpu, mainCpu: read ? threadCpuMs() : undefined })
  }
  const run = (cases: readonly StudyCase[]) => {
    let rows: StudyRow[] = []
    let since = 0
    for (const c of cases) {
      rows.push(
        typeof project === 'string'
          ? { case: c.index, status: 'failed', error: project, wallTime: 0, parameters: {}, outputs: {} }
          : runStudyCase(project, outputs, c, kept),
      )
      const now = performance.now()
      if (rows.length === 1) since = now
      if (now - since >= HOLD_MS) {
        send(rows)
        rows = []
      }
    }
    if (rows.length > 0) send(rows)
  }
  return new Promise((resolve) => {
    process.on('message', (m: ToWorker) => {
      if (m.type === 'load') {
        const r = parseProject(m.projectText)
        project = r.ok ? r.project : 'the project is not valid'
        kept = r.ok ? new CaseSystem(r.project) : undefined
        outputs = m.outputs
        measure = m.measure
        return
      }
      run(m.cases)
    })
    process.on('disconnect', () => resolve(0))
    // A parent that let this worker go while it was starting (more workers than cases) is not waited for.
    if (process.connected) tell({ type: 'ready', startup: performance.now(), cpu: cpuMs() })
    else resolve(0)
  })
}

/**
 * Sends to the parent while it listens. A parent that lets go during the send (EPIPE: it had more
 * workers than cases, or it was killed) needs no answer: the callback takes the error, which would
 * otherwise be an unhandled 'error' event that ends this process with a stack trace.
 */
function tell(m: FromWorker): void {
  if (process.connected) process.send!(m, undefined, {}, () => undefined)
}
