// A pool of worker processes for `mbs study`: each is this same `mbs` started as `mbs __study-worker`,
// loads the project once and runs the cases it is sent, one at a time. A worker that dies mid-case
// (killed, out of memory) gives that case a failed row, and a fresh worker takes its place.
import { fork, type ChildProcess } from 'node:child_process'
import { parseProject, type StudyCase, type StudyOutput } from '../core'
import { readInputFile } from './projectFile'
import { runStudyCase, type StudyRow } from './studyCase'

export const WORKER_COMMAND = '__study-worker'

type ToWorker =
  { type: 'init'; projectFile: string; outputs: StudyOutput[] } | { type: 'case'; case: StudyCase }
type FromWorker = { type: 'row'; row: StudyRow }

export interface PoolJob {
  projectFile: string
  outputs: StudyOutput[]
  cases: StudyCase[]
  workers: number
  onRow(row: StudyRow): void
}

export function runPool(job: PoolJob): Promise<void> {
  const queue = [...job.cases]
  let running = 0
  return new Promise((resolve) => {
    const startWorker = (): void => {
      const child: ChildProcess = fork(process.argv[1], [WORKER_COMMAND], {
        execArgv: process.execArgv,
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      })
      let current: StudyCase | undefined
      const send = (m: ToWorker) => child.send(m)
      const next = (): void => {
        current = queue.shift()
        if (current) send({ type: 'case', case: current })
        else child.disconnect()
      }
      child.on('message', (m: FromWorker) => {
        job.onRow(m.row)
        next()
      })
      child.on('exit', (code, signal) => {
        running--
        if (current) {
          job.onRow({
            case: current.index,
            status: 'failed',
            error: `the worker process exited (${signal ?? `exit code ${code}`}) while running this case`,
            wallTime: 0,
            parameters: Object.fromEntries(current.overrides.map((o) => [o.path, o.value])),
            outputs: Object.fromEntries(job.outputs.map((o) => [o.name, null])),
          })
          current = undefined
          if (queue.length > 0) {
            running++
            startWorker()
          }
        }
        if (running === 0) resolve()
      })
      running++
      send({ type: 'init', projectFile: job.projectFile, outputs: job.outputs })
      next()
    }
    const n = Math.max(1, Math.min(job.workers, queue.length))
    if (queue.length === 0) resolve()
    else for (let i = 0; i < n; i++) startWorker()
  })
}

/** The worker side: answers each case with its row until the parent disconnects. */
export function studyWorker(): Promise<number> {
  let project: ReturnType<typeof parseProject> | undefined
  let outputs: StudyOutput[] = []
  return new Promise((resolve) => {
    process.on('message', (m: ToWorker) => {
      if (m.type === 'init') {
        project = parseProject(readInputFile(m.projectFile, 'project').toString('utf8'))
        outputs = m.outputs
        return
      }
      const row: StudyRow =
        project && project.ok
          ? runStudyCase(project.project, outputs, m.case)
          : {
              case: m.case.index,
              status: 'failed',
              error: 'the project is not valid',
              wallTime: 0,
              parameters: {},
              outputs: {},
            }
      process.send!({ type: 'row', row } satisfies FromWorker)
    })
    process.on('disconnect', () => resolve(0))
  })
}
