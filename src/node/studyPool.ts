// The local pool of `mbs study` and of the app's studies: N worker processes (caseRunner.ts) taking cases
// from one list, each holding IN_FLIGHT of them so it starts the next as soon as it sends a row (short
// cases: up to BATCH_DEPTH, sent in batches: a message per case less for the parent and the worker). A
// worker that dies gives the case it was running a failed row, puts the ones waiting behind it back on
// the list, and a fresh worker takes its place. An aborted pool kills its workers: the cases in flight and
// the rest get no row. The workers are forked when the pool is made, so `mbs study` starts them before it
// reads the study: their start-up (Node and the bundle, ~0.2 s) overlaps the parent's own work.
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

/** Cases sent to a worker ahead of its rows: two hide the parent's round trip behind the next case. */
const IN_FLIGHT = 2
/**
 * A worker whose cases end within SHORT_CASE_S holds up to BATCH_DEPTH, and is sent more when it has
 * IN_FLIGHT left: one message per BATCH_DEPTH - IN_FLIGHT cases. The cost is at most that many short
 * cases held by one worker while another has none at the study's end.
 */
const BATCH_DEPTH = 6
const SHORT_CASE_S = 0.01

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
    // Workers beyond the number of cases would only wait: they end now.
    for (const spare of this.runners.splice(queue.length)) void spare.close()
    const worker = async (first: CaseRunner, dealt: (StudyCase | undefined)[]): Promise<void> => {
      let runner = first
      const kill = () => runner.kill()
      signal?.addEventListener('abort', kill)
      if (signal?.aborted) kill()
      const slots: Promise<void>[] = []
      const slot = async (start: StudyCase | undefined): Promise<void> => {
        for (let c = start ?? queue.shift(); c && !signal?.aborted; c = queue.shift()) {
          const used = runner
          try {
            const row = await used.run(work, c)
            onRow(row)
            if (row.wallTime < SHORT_CASE_S && slots.length < BATCH_DEPTH) slots.push(slot(undefined))
          } catch (e) {
            if (!(e instanceof CaseRunnerDied)) throw e
            if (signal?.aborted) break
            if (e.started) onRow(failedRow(c, work.outputs, e.message))
            else queue.unshift(c)
            if (runner === used) runner = this.fork()
          }
        }
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
    // fewer cases than slots keeps every worker busy.
    const rounds = Array.from({ length: IN_FLIGHT }, () => runners.map(() => queue.shift()))
    await Promise.all(
      runners.map((r, i) =>
        worker(
          r,
          rounds.map((round) => round[i]),
        ),
      ),
    )
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
    const r = new CaseRunner(this.mbs, this.v8Flags, { refillAt: IN_FLIGHT, measure: this.measure })
    this.started.push(r)
    return r
  }
}

export async function runPool(job: PoolJob): Promise<void> {
  const pool = new StudyPool(Math.min(job.workers, job.cases.length), job.mbs)
  await pool.run(job.work, job.cases, job.onRow, job.signal)
}
