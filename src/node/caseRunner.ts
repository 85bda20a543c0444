// One worker process of a study: the `mbs` command line started as `mbs __study-worker`, which keeps the
// project of the study it last ran and runs the cases it is sent, one at a time. The local pool
// (studyPool.ts), the queue worker (src/cli/studyQueue.ts) and the app's studies (src/host/studyRunner.ts)
// all run their cases through it, so a case gives the same row on each. A process that dies mid-case
// (killed, out of memory) rejects that case with CaseRunnerDied.
import { fork, type ChildProcess } from 'node:child_process'
import {
  parseProject,
  runStudyCase,
  type Project,
  type StudyCase,
  type StudyOutput,
  type StudyRow,
} from '../core'

export const WORKER_COMMAND = '__study-worker'

/** What a study's cases share: its project, the outputs, and a key naming the pair. */
export interface StudyWork {
  key: string
  projectText: string
  outputs: readonly StudyOutput[]
}

type ToWorker =
  | { type: 'load'; key: string; projectText: string; outputs: readonly StudyOutput[] }
  | { type: 'case'; case: StudyCase }
type FromWorker = { type: 'row'; row: StudyRow }

export class CaseRunnerDied extends Error {
  constructor(readonly reason: string) {
    super(`the worker process exited (${reason}) while running this case`)
    this.name = 'CaseRunnerDied'
  }
}

export class CaseRunner {
  private readonly child: ChildProcess
  private loaded: string | undefined
  private waiting: { resolve(row: StudyRow): void; reject(e: Error): void } | undefined
  private exited: string | undefined

  /** `mbs` is the script of the `mbs` command line (bin/mbs.cjs); by default the one running now. */
  constructor(mbs: string = process.argv[1]) {
    this.child = fork(mbs, [WORKER_COMMAND], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    this.child.on('message', (m: FromWorker) => {
      const w = this.waiting
      this.waiting = undefined
      w?.resolve(m.row)
    })
    this.child.on('exit', (code, signal) => {
      this.exited = signal ?? `exit code ${code}`
      const w = this.waiting
      this.waiting = undefined
      w?.reject(new CaseRunnerDied(this.exited))
    })
  }

  get alive(): boolean {
    return this.exited === undefined
  }

  run(work: StudyWork, c: StudyCase): Promise<StudyRow> {
    if (this.exited !== undefined) return Promise.reject(new CaseRunnerDied(this.exited))
    if (this.loaded !== work.key) {
      this.send({ type: 'load', key: work.key, projectText: work.projectText, outputs: work.outputs })
      this.loaded = work.key
    }
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject }
      this.send({ type: 'case', case: c })
    })
  }

  /** Lets the process end after its current case; resolves when it has. */
  close(): Promise<void> {
    if (this.exited !== undefined) return Promise.resolve()
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve())
      if (this.child.connected) this.child.disconnect()
    })
  }

  /** Ends the process now; the case in flight is rejected with CaseRunnerDied. */
  kill(): void {
    if (this.exited === undefined) this.child.kill()
  }

  private send(m: ToWorker): void {
    this.child.send(m)
  }
}

/** The worker process's side: answers each case with its row until the parent disconnects. */
export function caseRunnerProcess(): Promise<number> {
  let project: Project | string = 'no project was loaded'
  let outputs: readonly StudyOutput[] = []
  return new Promise((resolve) => {
    process.on('message', (m: ToWorker) => {
      if (m.type === 'load') {
        const r = parseProject(m.projectText)
        project = r.ok ? r.project : 'the project is not valid'
        outputs = m.outputs
        return
      }
      const row: StudyRow =
        typeof project === 'string'
          ? {
              case: m.case.index,
              status: 'failed',
              error: project,
              wallTime: 0,
              parameters: {},
              outputs: {},
            }
          : runStudyCase(project, outputs, m.case)
      // An orphan (its `mbs worker` was killed) finishes the case and has no one to tell.
      if (process.connected) process.send!({ type: 'row', row } satisfies FromWorker)
    })
    process.on('disconnect', () => resolve(0))
  })
}
