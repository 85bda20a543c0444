// The local pool of `mbs study` and of the app's studies: N worker processes (caseRunner.ts) taking cases
// from one list. A worker that dies mid-case gives that case a failed row, and a fresh worker takes its
// place. An aborted pool kills its workers: the cases in flight and the rest get no row.
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

export async function runPool(job: PoolJob): Promise<void> {
  const queue = [...job.cases]
  const { signal } = job
  const lane = async (): Promise<void> => {
    let runner = new CaseRunner(job.mbs)
    const kill = () => runner.kill()
    signal?.addEventListener('abort', kill)
    try {
      for (let c = queue.shift(); c && !signal?.aborted; c = queue.shift()) {
        try {
          job.onRow(await runner.run(job.work, c))
        } catch (e) {
          if (!(e instanceof CaseRunnerDied)) throw e
          if (signal?.aborted) break
          job.onRow(failedRow(c, job.work.outputs, e.message))
          runner = new CaseRunner(job.mbs)
        }
      }
      await runner.close()
    } finally {
      signal?.removeEventListener('abort', kill)
    }
  }
  const n = Math.max(0, Math.min(job.workers, queue.length))
  await Promise.all(Array.from({ length: n }, lane))
}
