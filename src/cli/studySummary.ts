// What `mbs study` tells while and after it runs: the progress line on a terminal (a bar, the cases done
// and the time left at the mean rate so far) and the --json summary, with the phases of the run so a
// benchmark can say where the wall time went (docs/studies.md, docs/performance.md "Studies").
import { cpuMs, type RunnerTimes } from '../node/caseRunner'

const BAR_WIDTH = 30

/** The progress line: ETA = cases left x (seconds so far / cases done), none before the first row. */
export function progressBar(done: number, total: number, failed: number, seconds: number): string {
  const filled = total > 0 ? Math.round((BAR_WIDTH * done) / total) : BAR_WIDTH
  const eta = done > 0 ? ((total - done) * seconds) / done : NaN
  return (
    `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total} cases` +
    (failed > 0 ? `, ${failed} failed` : '') +
    (Number.isFinite(eta) ? `, ETA ${eta.toFixed(0)} s` : '')
  )
}

/** The parent's clock readings (performance.now(), ms from its process's start) of one study. */
export interface StudyTimes {
  /** The study command began: Node started and the bundle loaded; the CPU time that took, ms. */
  entered: number
  enteredCpu: number
  /** The study was read and checked, the folder ready: the cases went to the pool or the queue. */
  started: number
  /** The CPU time by then, ms. */
  startedCpu: number
  /** When each row arrived, in order. */
  rowTimes: readonly number[]
  /** ms the parent spent on the rows (writing them, the progress line). */
  rowWork: number
  /** The last row arrived and the workers ended. */
  lastRow: number
  /** The local pool's worker processes (none on a queue). */
  workers: readonly RunnerTimes[]
}

const s = (ms: number | null) => (ms === null ? null : ms / 1000)
const mean = (xs: readonly (number | undefined)[]) => {
  const known = xs.filter((x): x is number => x !== undefined)
  return known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : null
}
const max = (xs: readonly (number | undefined)[]) => {
  const known = xs.filter((x): x is number => x !== undefined)
  return known.length > 0 ? Math.max(...known) : null
}

/**
 * The --json summary: wallTime counted from the process's start; steadyRate, rows per second after the
 * first quarter of them (the pool once started and warm; null under 8 rows); the phases, s from the
 * process's start (workersReady: the last worker listening); and their CPU times, s, which a loaded
 * machine stretches less than wall times (a worker's first case is its project load and JIT warm-up).
 */
export function studySummary(t: StudyTimes) {
  const now = performance.now()
  const w = t.workers
  // From the worker's first message of rows (its first case, as cases are dealt one per worker) on.
  const perCase = (first: number | undefined, last: number | undefined, rows: number, from = 1) =>
    rows > from && first !== undefined && last !== undefined ? (last - first) / (rows - from) : undefined
  const steady = w.map((r) => perCase(r.firstRowCpu, r.lastRowCpu, r.rows, r.firstRows))
  const steadyMain = w.map((r) =>
    perCase(r.firstRowMainCpu, r.lastRowMainCpu, r.lastRowMainRows ?? 0, r.firstRows),
  )
  return {
    wallTime: now / 1000,
    steadyRate: steadyRate(t.rowTimes),
    phases: {
      entered: s(t.entered),
      started: s(t.started),
      workersReady: s(max(w.map((r) => r.ready))),
      firstRow: s(t.rowTimes.length > 0 ? t.rowTimes[0] : null),
      steadyFrom: s(t.rowTimes.length > 0 ? (t.rowTimes[Math.ceil(t.rowTimes.length / 4)] ?? null) : null),
      lastRow: s(t.lastRow),
      flushed: s(now),
    },
    cpu: {
      parentStartup: s(t.enteredCpu),
      parentRead: s(t.startedCpu - t.enteredCpu),
      parent: s(cpuMs()),
      parentRows: s(t.rowWork),
      workerStartup: s(mean(w.map((r) => r.startupCpu))),
      workerFirstCase: s(mean(w.map((r) => (r.firstRowCpu ?? NaN) - (r.startupCpu ?? NaN)))),
      workerPerCase: s(mean(steady)),
      workerMainPerCase: s(mean(steadyMain)),
      workers: w.length,
    },
  }
}

/**
 * Rows come in batches, several with one arrival time: the rows counted are those that arrived after
 * the first quarter's row, whose cases ran between the two times.
 */
function steadyRate(times: readonly number[]): number | null {
  if (times.length < 8) return null
  const t0 = times[Math.ceil(times.length / 4)]
  const t1 = times[times.length - 1]
  const after = times.filter((t) => t > t0).length
  return after > 0 ? after / ((t1 - t0) / 1000) : null
}
