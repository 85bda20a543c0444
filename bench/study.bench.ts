// Parameter studies (issue #20): 200 short pendulum cases through the real `mbs study` process on 1 and
// 2 local workers (alternated): the speed-up of the whole process, and of the pool once started (its
// --json "steadyRate", after the first quarter of the rows: the process start-up and each worker's JIT
// warm-up are a fixed cost no pool can divide); the overhead per case over the run itself (study wall
// time minus the rows' own wall times, per case, on 1 worker); the throughput through a Redis queue
// (Debian's redis-server on a free loopback port) with 2 `mbs worker` processes.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { BenchResult } from './run'

const BIN = path.resolve('bin/mbs.cjs')
const CASES = 200
const ROUNDS = 3

function studyDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-bench-study-'))
  fs.copyFileSync(path.resolve('resources/examples/pendulum.mbsproj'), path.join(dir, 'pendulum.mbsproj'))
  fs.writeFileSync(
    path.join(dir, 's.mbsstudy'),
    JSON.stringify({
      format: 'mbs-studio-study',
      version: 1,
      project: 'pendulum.mbsproj',
      parameters: [
        { path: 'bob.physicsMass', from: 0.5, to: 2.5, count: CASES },
        { path: 'timeIntegration.numberOfSteps', values: [1000] },
        { path: 'timeIntegration.endTime', values: [1] },
      ],
      outputs: [{ sensor: 'bobPositionSensor', component: 0, statistic: 'final' }],
      output: 'out',
    }),
  )
  return dir
}

interface StudyTimes {
  /** Wall seconds of the whole `mbs study` process. */
  wall: number
  /** The sum of the rows' own run times, s. */
  runs: number
  /** Cases per second once started (the --json summary's steadyRate). */
  rate: number
}

function study(args: string[]): StudyTimes {
  const dir = studyDir()
  const t0 = performance.now()
  const out = execFileSync(
    process.execPath,
    [BIN, 'study', path.join(dir, 's.mbsstudy'), '--json', ...args],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  )
  const wall = (performance.now() - t0) / 1000
  const summary = JSON.parse(out.toString().trimEnd().split('\n').at(-1)!) as { steadyRate: number }
  const rows = fs
    .readFileSync(path.join(dir, 'out', 'rows.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
  if (rows.length !== CASES) throw new Error(`expected ${CASES} rows, got ${rows.length}`)
  const runs = rows.reduce((s, l) => s + (JSON.parse(l) as { wallTime: number }).wallTime, 0)
  fs.rmSync(dir, { recursive: true })
  return { wall, runs, rate: summary.steadyRate }
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
    study(['--queue', url]) // warm-up: the workers' processes start and load the project
    return CASES / study(['--queue', url]).wall
  } finally {
    for (const c of started) c.kill('SIGTERM')
  }
}

export default async function studyBench(): Promise<BenchResult[]> {
  const one: StudyTimes[] = []
  const two: StudyTimes[] = []
  for (let r = 0; r < ROUNDS; r++) {
    one.push(study(['--workers', '1']))
    two.push(study(['--workers', '2']))
  }
  const overhead = one.map((a) => ((a.wall - a.runs) / CASES) * 1000)
  const whole = one.map((a, i) => a.wall / two[i].wall)
  const steady = one.map((a, i) => two[i].rate / a.rate)
  const range = (xs: number[]) => `min-max ${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)}`
  const label = `${CASES} pendulum cases (1000 steps), speed-up 2 vs 1 local workers`
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
      name: `${label}, whole process incl. start-up (median of ${ROUNDS}, alternated)`,
      value: median(whole),
      unit: 'x',
      extra:
        `1 worker ${median(one.map((a) => a.wall)).toFixed(2)} s, ` +
        `2 workers ${median(two.map((a) => a.wall)).toFixed(2)} s; ${range(whole)}`,
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
