// The local pool of `mbs study` and of the app's studies: N worker processes (caseRunner.ts) taking cases
// from one list, each holding IN_FLIGHT of them so it starts the next as soon as it sends a row. A worker
// that dies gives the case it was running a failed row, puts the ones waiting behind it back on the list,
// and a fresh worker takes its place. An aborted pool kills its workers: the cases in flight and the rest
// get no row.
import { failedRow, type StudyCase, type StudyRow } from '../core'
import { CaseRunner, CaseRunnerDied, type StudyWork } from './caseRunner'

export interface PoolJob {
  work: StudyWork
  cases: readonly StudyCase[]
  workers: number
  onRow(row: StudyRow): void
  /** The `mbs` script the workers run (CaseRunner's default without it). */
  mbs?: string
  signal?: AbortSignal
}

/** Cases sent to a worker ahead of its rows: two hide the parent's round trip behind the next case. */
const IN_FLIGHT = 2

export async function runPool(job: PoolJob): Promise<void> {
  const queue = [...job.cases]
  const { signal } = job
  const worker = async (): Promise<void> => {
    let runner = new CaseRunner(job.mbs)
    const kill = () => runner.kill()
    signal?.addEventListener('abort', kill)
    const slot = async (): Promise<void> => {
      for (let c = queue.shift(); c && !signal?.aborted; c = queue.shift()) {
        const used = runner
        try {
          job.onRow(await used.run(job.work, c))
        } catch (e) {
          if (!(e instanceof CaseRunnerDied)) throw e
          if (signal?.aborted) break
          if (e.started) job.onRow(failedRow(c, job.work.outputs, e.message))
          else queue.unshift(c)
          if (runner === used) runner = new CaseRunner(job.mbs)
        }
      }
    }
    try {
      await Promise.all(Array.from({ length: IN_FLIGHT }, slot))
      await runner.close()
    } finally {
      signal?.removeEventListener('abort', kill)
    }
  }
  const n = Math.max(0, Math.min(job.workers, queue.length))
  await Promise.all(Array.from({ length: n }, worker))
}
