// The local pool of `mbs study`: N worker processes (caseRunner.ts) taking cases from one list. A worker
// that dies mid-case gives that case a failed row, and a fresh worker takes its place.
import type { StudyCase } from '../core'
import { CaseRunner, CaseRunnerDied, type StudyWork } from './caseRunner'
import { failedRow, type StudyRow } from './studyCase'

export interface PoolJob {
  work: StudyWork
  cases: readonly StudyCase[]
  workers: number
  onRow(row: StudyRow): void
}

export async function runPool(job: PoolJob): Promise<void> {
  const queue = [...job.cases]
  const lane = async (): Promise<void> => {
    let runner = new CaseRunner()
    for (let c = queue.shift(); c; c = queue.shift()) {
      try {
        job.onRow(await runner.run(job.work, c))
      } catch (e) {
        if (!(e instanceof CaseRunnerDied)) throw e
        job.onRow(failedRow(c, job.work.outputs, e.message))
        runner = new CaseRunner()
      }
    }
    await runner.close()
  }
  const n = Math.max(0, Math.min(job.workers, queue.length))
  await Promise.all(Array.from({ length: n }, lane))
}
