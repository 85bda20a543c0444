// Parameter studies (issue #20): 200 short pendulum cases through the real `mbs study` process on 1 and
// 2 local workers (alternated): the speed-up of the whole process, and of the pool once started (its
// --json "steadyRate", after the first quarter of the rows: the process start-up and each worker's JIT
// warm-up are a fixed cost no pool can divide); the phases of both (the --json summary's "phases" and
// "cpu") and Amdahl's bound from the 1-worker run's serial part (start to first row, last row to end);
// the same speed-ups for 100 cases 20 times longer; the machine's own ceiling (two independent 1-worker
// studies side by side against one alone: what 2 processes get here without any pool); the overhead
// per case over the run itself (study wall time minus the rows' own wall times, per case, on 1 worker);
// the throughput through a Redis queue (Debian's redis-server on a free loopback port) with 2 `mbs
// worker` processes. The workers' V8 flags (src/node/caseRunner.ts workerV8Flags: feedback from a
// function's first call, and --single-threaded when the workers fill the cores, as 2 do here;
// MBS_WORKER_V8_FLAGS sets them), the shipped choice against none and against --single-threaded
// alone: each set tried on 1 and 2 workers, alternated with the others, and reported both ways
// (against its own 1-worker run, and against 1 worker without flags). CPU times, which a loaded
// machine disturbs less than wall times: a worker's process and main-thread CPU per case (the
// difference is V8's compiler and GC threads, which a lone worker runs on the other core), and the
// pool's speed-up estimated from them. The machine's own ceiling for arithmetic: a loop with no
// allocation, 2 processes against 1.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { workerV8Flags } from '../src/node/caseRunner'
import type { BenchResult } from './run'
import { requireFreshCli } from './freshCli'

const run = promisify(execFile)

const BIN = path.resolve('bin/mbs.cjs')
const CASES = 200
const STEPS = 1000
const ROUNDS = 3
/** The longer cases: 20 times the steps, half the cases. */
const LONG = { cases: 100, steps: 20_000, rounds: 3 }

function studyDir(cases: number, steps: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-bench-study-'))
  fs.copyFileSync(path.resolve('resources/examples/pendulum.mbsproj'), path.join(dir, 'pendulum.mbsproj'))
  fs.writeFileSync(
    path.join(dir, 's.mbsstudy'),
    JSON.stringify({
      format: 'mbs-studio-study',
      version: 1,
      project: 'pendulum.mbsproj',
      parameters: [
        { path: 'bob.physicsMass', from: 0.5, to: 2.5, count: cases },
        { path: 'timeIntegration.numberOfSteps', values: [steps] },
        { path: 'timeIntegration.endTime', values: [1] },
      ],
      outputs: [{ sensor: 'bobPositionSensor', component: 0, statistic: 'final' }],
      output: 'out',
    }),
  )
  return dir
}

/** The --json summary's phases (s from the process's start) and CPU times (s), src/cli/studySummary.ts. */
interface Summary {
  steadyRate: number
  phases: Record<'entered' | 'started' | 'workersReady' | 'firstRow' | 'lastRow' | 'flushed', number>
  cpu: Record<
    'parentStartup' | 'parentRead' | 'parent' | 'parentRows' | 'workerStartup' | 'workerFirstCase',
    number
  > & {
    workerPerCase: number
    /** null where the worker's main-thread CPU is unknown (not Linux). */
    workerMainPerCase: number | null
  }
}

/** The workers' V8 flags tried (MBS_WORKER_V8_FLAGS), "" for none; undefined: the default choice. */
const FLAG_SETS = ['', '--single-threaded']
/** What 2 workers on 2 cores run with (workerV8Flags), for the ceiling's processes side by side. */
const FILLING = workerV8Flags(2, 2).join(' ')

interface StudyTimes {
  /** Wall seconds of the whole `mbs study` process. */
  wall: number
  /** The sum of the rows' own run times, s. */
  runs: number
  /** Cases per second once started (the --json summary's steadyRate). */
  rate: number
  summary: Summary
}

async function study(
  args: string[],
  cases = CASES,
  steps = STEPS,
  workerFlags?: string,
): Promise<StudyTimes> {
  const dir = studyDir(cases, steps)
  const t0 = performance.now()
  const env = { ...process.env, MBS_WORKER_V8_FLAGS: workerFlags }
  if (workerFlags === undefined) delete env.MBS_WORKER_V8_FLAGS
  const { stdout } = await run(
    process.execPath,
    [BIN, 'study', path.join(dir, 's.mbsstudy'), '--json', ...args],
    { env },
  )
  const wall = (performance.now() - t0) / 1000
  const summary = JSON.parse(stdout.trimEnd().split('\n').at(-1)!) as Summary
  const rows = fs
    .readFileSync(path.join(dir, 'out', 'rows.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
  if (rows.length !== cases) throw new Error(`expected ${cases} rows, got ${rows.length}`)
  const runs = rows.reduce((s, l) => s + (JSON.parse(l) as { wallTime: number }).wallTime, 0)
  fs.rmSync(dir, { recursive: true })
  return { wall, runs, rate: summary.steadyRate, summary }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })
}

async function queueThroughput(): Promise<number> {
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  const started: ChildProcess[] = []
  try {
    const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    started.push(redis)
    await new Promise<void>((resolve) =>
      redis.stdout!.on('data', (b: Buffer) => b.toString().includes('Ready to accept') && resolve()),
    )
    for (let i = 0; i < 2; i++)
      started.push(
        spawn(process.execPath, [BIN, 'worker', '--queue', url, '--concurrency', '1'], { stdio: 'ignore' }),
      )
    await study(['--queue', url]) // warm-up: the workers' processes start and load the project
    return CASES / (await study(['--queue', url])).wall
  } finally {
    for (const c of started) c.kill('SIGTERM')
  }
}

interface Pair {
  one: StudyTimes[]
  two: StudyTimes[]
}

/** 1 and 2 workers alternated, under each set of worker flags in turn within a round: the runs of each. */
async function compare(
  rounds: number,
  cases?: number,
  steps?: number,
  flagSets: readonly (string | undefined)[] = [undefined],
): Promise<Pair[]> {
  const pairs = flagSets.map((): Pair => ({ one: [], two: [] }))
  for (let r = 0; r < rounds; r++)
    for (const [i, flags] of flagSets.entries()) {
      pairs[i].one.push(await study(['--workers', '1'], cases, steps, flags))
      pairs[i].two.push(await study(['--workers', '2'], cases, steps, flags))
    }
  return pairs
}

/** A loop of arithmetic with no allocation (a pendulum by symplectic Euler), its wall time printed, ms. */
const ARITHMETIC = `let a = 1, w = 0; const t0 = performance.now();
for (let i = 0; i < 2e7; i++) { w -= 1e-6 * 9.81 * Math.sin(a); a += 1e-6 * w }
console.log(performance.now() - t0, a)`

const arithmetic = async () => Number((await run(process.execPath, ['-e', ARITHMETIC])).stdout.split(' ')[0])

/**
 * The machine's ceiling for arithmetic alone: the loop's rate in 2 processes side by side (summed)
 * over its rate alone, alternated. Below 2 on an idle machine: the two cores are not two cores' worth.
 */
async function arithmeticCeiling(rounds: number): Promise<number[]> {
  const ratios: number[] = []
  for (let r = 0; r < rounds; r++) {
    const alone = await arithmetic()
    const both = await Promise.all([arithmetic(), arithmetic()])
    ratios.push(alone / both[0] + alone / both[1])
  }
  return ratios
}

/**
 * What this machine gives two processes at once, without a pool: two 1-worker studies run side by
 * side, their steady rates summed, over one alone without flags (alternated). Alone, a process's GC
 * and JIT threads borrow the other core, so this ceiling is below 2 even with nothing shared; side by
 * side with `flags` (MBS_WORKER_V8_FLAGS), the workers keep those threads on their main thread.
 */
async function ceiling(rounds: number, flags?: string): Promise<number[]> {
  const ratios: number[] = []
  for (let r = 0; r < rounds; r++) {
    const alone = await study(['--workers', '1'], CASES, STEPS, '')
    const both = await Promise.all([0, 1].map(() => study(['--workers', '1'], CASES, STEPS, flags)))
    ratios.push((both[0].rate + both[1].rate) / alone.rate)
  }
  return ratios
}

const range = (xs: number[]) => `min-max ${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)}`
const ms = (x: number) => `${(x * 1000).toFixed(0)}`

/** Where the wall time went (medians, ms from the process's start) and what it cost in CPU. */
function phases(runs: StudyTimes[]): string {
  const m = (f: (s: Summary) => number) => median(runs.map((r) => f(r.summary)))
  return (
    `entered ${ms(m((s) => s.phases.entered))}, cases sent ${ms(m((s) => s.phases.started))}, ` +
    `workers ready ${ms(m((s) => s.phases.workersReady))}, first row ${ms(m((s) => s.phases.firstRow))}, ` +
    `last row ${ms(m((s) => s.phases.lastRow))}, end ${ms(m((s) => s.phases.flushed))}; CPU ms: parent ` +
    `start-up ${ms(m((s) => s.cpu.parentStartup))}, study read ${ms(m((s) => s.cpu.parentRead))}, ` +
    `parent in all ${ms(m((s) => s.cpu.parent))} ` +
    `(rows ${ms(m((s) => s.cpu.parentRows))}), worker start-up ${ms(m((s) => s.cpu.workerStartup))}, ` +
    `worker's first case ${ms(m((s) => s.cpu.workerFirstCase))}, ` +
    `then per case ${(m((s) => s.cpu.workerPerCase) * 1000).toFixed(2)}`
  )
}

/**
 * Amdahl's bound on 2 workers from a 1-worker run: its serial part is the start to the first row (the
 * processes' start-up, the project load, the first case's JIT warm-up) and the last row to the end.
 */
function amdahl(one: StudyTimes): { serial: number; bound: number } {
  const p = one.summary.phases
  const serial = p.firstRow + (p.flushed - p.lastRow)
  const parallel = p.lastRow - p.firstRow
  return { serial, bound: (serial + parallel) / (serial + parallel / 2) }
}

const flagsLabel = (flags: string) => (flags === '' ? 'workers without V8 flags' : `workers ${flags}`)

/**
 * CPU per case after a worker's first case, ms (medians): a lone worker's process CPU and its main
 * thread's, and a worker's process CPU with two; the value: the share of a lone worker's CPU on V8's
 * other threads, which the 1-worker run takes from the second core.
 */
function cpuRow(label: string, pair: Pair): BenchResult {
  const m = (runs: StudyTimes[], f: (s: Summary) => number | null) =>
    median(runs.map((r) => f(r.summary) ?? NaN)) * 1000
  const cpu1 = m(pair.one, (s) => s.cpu.workerPerCase)
  const main1 = m(pair.one, (s) => s.cpu.workerMainPerCase)
  return {
    name: `${label}: a lone worker's CPU on V8's compiler and GC threads (not its main thread)`,
    value: (100 * (cpu1 - main1)) / cpu1,
    unit: '%',
    extra:
      `CPU ms per case: lone worker ${cpu1.toFixed(2)} (main thread ${main1.toFixed(2)}), ` +
      `with 2 workers ${m(pair.two, (s) => s.cpu.workerPerCase).toFixed(2)} each`,
  }
}

/**
 * The pool's speed-up from CPU times, which load disturbs less than wall times, over every case after
 * a worker's first (the JIT warm-up of the next ones included, which steadyRate leaves out): a lone
 * worker's rate
 * is its main thread's (V8's compiler and GC threads run on the idle core), 2 workers share 2 cores
 * with the parent: 2 x (lone main-thread CPU per case) / (a worker's CPU per case + the parent's after
 * it read the study, per case). Medians of the runs.
 */
function cpuEstimate(label: string, one: StudyTimes[], two: StudyTimes[]): BenchResult {
  const m = (runs: StudyTimes[], f: (s: Summary) => number | null) =>
    median(runs.map((r) => f(r.summary) ?? NaN)) * 1000
  const lone = m(one, (s) => s.cpu.workerMainPerCase)
  const worker = m(two, (s) => s.cpu.workerPerCase)
  const parent = m(two, (s) => (s.cpu.parent - s.cpu.parentStartup - s.cpu.parentRead) / CASES)
  return {
    name: `${label}, pool from each worker's second case on, from CPU times`,
    value: (2 * lone) / (worker + parent),
    unit: 'x',
    extra:
      `CPU ms per case: lone worker's main thread ${lone.toFixed(2)}; with 2, a worker ` +
      `${worker.toFixed(2)}, the parent ${parent.toFixed(2)}`,
  }
}

/** The rows of one set of worker flags, against 1 worker without flags too (alternated with it). */
function flagRows(flags: string, none: Pair, pair: Pair): BenchResult[] {
  const own = pair.one.map((a, i) => pair.two[i].rate / a.rate)
  const vsNone = none.one.map((a, i) => pair.two[i].rate / a.rate)
  const label = flagsLabel(flags)
  return [
    {
      name: `${label}: pool once started, 2 vs 1 workers both so`,
      value: median(own),
      unit: 'x',
      extra:
        `${median(pair.one.map((a) => a.rate)).toFixed(0)} vs ` +
        `${median(pair.two.map((a) => a.rate)).toFixed(0)} ` +
        `cases/s; ${range(own)}`,
    },
    ...(flags === ''
      ? []
      : [
          {
            name: `${label}: pool once started, 2 so vs 1 without flags`,
            value: median(vsNone),
            unit: 'x',
            extra: range(vsNone),
          },
        ]),
    cpuRow(label, pair),
  ]
}

export default async function studyBench(): Promise<BenchResult[]> {
  requireFreshCli()
  const [{ one, two }, ...flagged] = await compare(ROUNDS, CASES, STEPS, [undefined, ...FLAG_SETS])
  const overhead = one.map((a) => ((a.wall - a.runs) / CASES) * 1000)
  const whole = one.map((a, i) => a.wall / two[i].wall)
  const steady = one.map((a, i) => two[i].rate / a.rate)
  const bounds = one.map(amdahl)
  const label = `${CASES} pendulum cases (${STEPS} steps), speed-up 2 vs 1 local workers`
  const [long] = await compare(LONG.rounds, LONG.cases, LONG.steps)
  const sideBySide = await ceiling(ROUNDS, '')
  const sideBySideSingle = await ceiling(ROUNDS, FILLING)
  const machine = await arithmeticCeiling(ROUNDS)
  const longWhole = long.one.map((a, i) => a.wall / long.two[i].wall)
  const longSteady = long.one.map((a, i) => long.two[i].rate / a.rate)
  return [
    {
      name: `${label}, pool once started (median of ${ROUNDS}, alternated)`,
      value: median(steady),
      unit: 'x',
      extra:
        `${median(one.map((a) => a.rate)).toFixed(0)} vs ${median(two.map((a) => a.rate)).toFixed(0)} ` +
        `cases/s; ${range(steady)}`,
    },
    {
      name: `the machine's ceiling: 2 independent 1-worker studies side by side vs 1 alone, steady rates`,
      value: median(sideBySide),
      unit: 'x',
      extra: range(sideBySide),
    },
    {
      name: `the same, the 2 side by side with workers ${FILLING} (the one alone without flags)`,
      value: median(sideBySideSingle),
      unit: 'x',
      extra: range(sideBySideSingle),
    },
    cpuEstimate(label, one, two),
    ...FLAG_SETS.flatMap((flags, i) => flagRows(flags, flagged[0], flagged[i])),
    {
      name: `the machine's ceiling for arithmetic: a loop without allocation, 2 processes vs 1 alone`,
      value: median(machine),
      unit: 'x',
      extra: range(machine),
    },
    {
      name: `${label}, whole process incl. start-up (median of ${ROUNDS}, alternated)`,
      value: median(whole),
      unit: 'x',
      extra:
        `1 worker ${median(one.map((a) => a.wall)).toFixed(2)} s, ` +
        `2 workers ${median(two.map((a) => a.wall)).toFixed(2)} s; ${range(whole)}`,
    },
    {
      name: `${label}, Amdahl's bound on the whole process from the 1-worker run's serial part`,
      value: median(bounds.map((b) => b.bound)),
      unit: 'x',
      extra:
        `serial ${ms(median(bounds.map((b) => b.serial)))} ms ` +
        `of ${ms(median(one.map((a) => a.wall)))} ms`,
    },
    { name: 'phases, 1 worker', value: median(one.map((a) => a.wall)), unit: 's', extra: phases(one) },
    { name: 'phases, 2 workers', value: median(two.map((a) => a.wall)), unit: 's', extra: phases(two) },
    {
      name:
        `${LONG.cases} pendulum cases (${LONG.steps} steps), speed-up 2 vs 1 local workers, whole process ` +
        `(median of ${LONG.rounds}, alternated)`,
      value: median(longWhole),
      unit: 'x',
      extra:
        `1 worker ${median(long.one.map((a) => a.wall)).toFixed(2)} s, ` +
        `2 workers ${median(long.two.map((a) => a.wall)).toFixed(2)} s; ${range(longWhole)}; ` +
        `Amdahl's bound ${median(long.one.map((a) => amdahl(a).bound)).toFixed(2)}`,
    },
    {
      name:
        `${LONG.cases} pendulum cases (${LONG.steps} steps), speed-up 2 vs 1 local workers, pool once ` +
        `started (median of ${LONG.rounds}, alternated)`,
      value: median(longSteady),
      unit: 'x',
      extra:
        `${median(long.one.map((a) => a.rate)).toFixed(1)} vs ` +
        `${median(long.two.map((a) => a.rate)).toFixed(1)} cases/s; ${range(longSteady)}`,
    },
    {
      name: 'overhead per case over the run itself, 1 worker (whole process incl. start-up / cases)',
      value: median(overhead),
      unit: 'ms',
    },
    {
      name: 'throughput through the Redis queue, 2 mbs worker processes',
      value: await queueThroughput(),
      unit: 'cases/s',
    },
  ]
}
