// The local pool of `mbs study` and of the app's studies: N worker processes (caseRunner.ts) taking cases
// from one list. Each holds two batches of cases, so it starts the next batch as soon as it sends the
// last one's rows; a batch is one case, or BATCH_S of short cases (one message each way per batch, not
// per case: the parent's wake-up per message is what a short case's row cost), smaller as the list
// ends so the workers end together. A worker that dies gives the case it was running a failed row and
// puts the ones waiting behind it back on the list; the cases of a batch whose rows it held go back to
// be run one per message, so the one that kills a worker is found; a fresh worker takes its place. An
// aborted pool kills its workers: the cases in flight and the rest get no row. The workers are forked
// when the pool is made, so `mbs study` starts them before it reads the study: their start-up (Node and
// the bundle, ~0.2 s) overlaps the parent's own work.
import { failedRow, type StudyCase, type StudyRow } from '../core'
import { CaseRunner, CaseRunnerDied, workerV8Flags, type RunnerTimes, type StudyWork } from './caseRunner'

export interface PoolJob {
  work: StudyWork
  cases: readonly StudyCase[]
  workers: number
  onRow(row: StudyRow): void
  /** The `mbs` script the workers run (CaseRunner's default without it). */
  mbs?: string
  signal?: AbortSignal
}

/** The cases' wall time a batch holds, s: ~50 messages a second each way per worker at most. */
const BATCH_S = 0.02
const MAX_BATCH = 64

/**
 * Cases per batch: BATCH_S of cases at the mean wall time so far (one before any row), at most a
 * quarter of each worker's share of the cases left, so no worker holds much when another has none.
 */
export function batchSize(meanWall: number | undefined, left: number, workers: number): number {
  const short = meanWall === undefined ? 1 : Math.floor(BATCH_S / Math.max(meanWall, BATCH_S / MAX_BATCH))
  return Math.max(1, Math.min(short, Math.floor(left / (4 * workers))))
}

export class StudyPool {
  private runners: CaseRunner[]
  /** Every worker process started, replacements included, for the phases of `mbs study --json`. */
  readonly started: CaseRunner[] = []
  private readonly v8Flags: readonly string[]

  /** `measure`: the workers read their CPU times for `times` (`mbs study --json`). */
  constructor(
    workers: number,
    private readonly mbs?: string,
    private readonly measure = false,
  ) {
    this.v8Flags = workerV8Flags(workers)
    this.runners = Array.from({ length: Math.max(0, workers) }, () => this.fork())
  }

  /** Runs the cases; a pool runs one list of cases, and its workers end when it is done or aborted. */
  async run(
    work: StudyWork,
    cases: readonly StudyCase[],
    onRow: (row: StudyRow) => void,
    signal?: AbortSignal,
  ) {
    const queue = [...cases]
    // The cases of a dead worker's batch, run one per message from then on.
    const alone = new Set<number>()
    // Workers beyond the number of cases would only wait: they end now.
    for (const spare of this.runners.splice(queue.length)) void spare.close()
    const workers = this.runners.length
    let meanWall: number | undefined
    const worker = async (first: CaseRunner, dealt: (StudyCase | undefined)[]): Promise<void> => {
      let runner = first
      const kill = () => runner.kill()
      signal?.addEventListener('abort', kill)
      if (signal?.aborted) kill()
      // One slot per case the worker holds: two batches' worth.
      let batch = 1
      let active = 0
      const slots: Promise<void>[] = []
      const slot = async (start: StudyCase | undefined): Promise<void> => {
        active++
        for (let c = start ?? queue.shift(); c && !signal?.aborted; c = queue.shift()) {
          const used = runner
          try {
            const row = await used.run(work, c, alone.has(c.index))
            onRow(row)
            meanWall = meanWall === undefined ? row.wallTime : meanWall + 0.2 * (row.wallTime - meanWall)
            batch = batchSize(meanWall, queue.length, workers)
            runner.refillAt = batch
            while (active < 2 * batch && queue.length > 0) slots.push(slot(undefined))
          } catch (e) {
            if (!(e instanceof CaseRunnerDied)) throw e
            if (signal?.aborted) break
            if (e.state === 'running') onRow(failedRow(c, work.outputs, e.message))
            else queue.unshift(c)
            if (e.state === 'batch') alone.add(c.index)
            if (runner === used) runner = this.fork()
          }
          // A slot beyond two batches ends (the cases got longer, or the list is ending).
          if (active > 2 * batch) break
        }
        active--
      }
      try {
        slots.push(...dealt.map(slot))
        // Until no slot was added while the others ran.
        for (let n = 0; n < slots.length;) {
          n = slots.length
          await Promise.all(slots)
        }
        await runner.close()
      } finally {
        signal?.removeEventListener('abort', kill)
      }
    }
    const runners = this.runners
    this.runners = []
    // The first cases are dealt one per worker before any worker gets its second, so a study with
    // fewer cases than slots keeps every worker busy; the second hides the first row's round trip.
    const rounds = [0, 1].map(() => runners.map(() => queue.shift()))
    await Promise.all(runners.map((r, i) => worker(r, [rounds[0][i], rounds[1][i]])))
  }

  /** Ends the workers of a pool that will not run (the study was refused). */
  kill(): void {
    for (const r of this.runners) r.kill()
    this.runners = []
  }

  /** When each worker process was forked, had started, and sent its first row. */
  get times(): RunnerTimes[] {
    return this.started.map((r) => r.times)
  }

  private fork(): CaseRunner {
    const r = new CaseRunner(this.mbs, this.v8Flags, { refillAt: 1, measure: this.measure })
    this.started.push(r)
    return r
  }
}

export async function runPool(job: PoolJob): Promise<void> {
  const pool = new StudyPool(Math.min(job.workers, job.cases.length), job.mbs)
  await pool.run(job.work, job.cases, job.onRow, job.signal)
}
