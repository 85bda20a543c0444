// `mbs study --queue` on a real Redis server (Debian's redis-server, started here on a free loopback
// port and stopped after): 20 cases, 2 `mbs worker` processes, one killed with SIGKILL while it runs a
// case. The table must hold every case exactly once, each row equal bit for bit to the case run alone
// in this process, and the killed worker's case must have been run again by the other worker. A worker
// of another engine build (here one run from the sources) never takes a case of the study.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runStudyCase, type StudyRow } from '../../src/core'
import { parseProject, parseStudy, studyCases } from '../../src/core'
import { REPO_ROOT, spawnCli } from '../unit/cli/spawnCli'

const BIN = path.join(REPO_ROOT, 'bin', 'mbs.cjs')
const PENDULUM = path.join(REPO_ROOT, 'resources', 'examples', 'pendulum.mbsproj')
const children: ChildProcess[] = []
let url = ''

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

beforeAll(async () => {
  const port = await freePort()
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  children.push(redis)
  await new Promise<void>((resolve, reject) => {
    redis.once('error', reject)
    redis.stdout!.on('data', (b: Buffer) => b.toString().includes('Ready to accept connections') && resolve())
  })
  url = `redis://127.0.0.1:${port}`
})

afterAll(() => {
  for (const c of children) c.kill('SIGKILL')
})

/** The `mbs` of the sources, not of a bundle: its engine build is "source", the bin's is a hash. */
const SOURCE_MBS = (argv: string[]) => [
  '--import',
  'tsx',
  '-e',
  `import('./src/cli/entry.ts').then((m) => m.default.mainAsync(${JSON.stringify(argv)}))`,
]

const waitFor = async (condition: () => boolean) => {
  while (!condition()) await new Promise((r) => setTimeout(r, 10))
}

function startWorker(fromSources = false): {
  child: ChildProcess
  log: () => string
  started: () => number | undefined
  ready: () => boolean
} {
  const argv = ['worker', '--queue', url, '--concurrency', '1', '--stall-seconds', '1']
  const child = spawn(process.execPath, fromSources ? SOURCE_MBS(argv) : [BIN, ...argv], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  children.push(child)
  let log = ''
  child.stderr!.on('data', (b: Buffer) => (log += b.toString()))
  // The case this worker is running now: the last "started" line not followed by its result.
  const started = () => {
    const m = [...log.matchAll(/case (\d+) of study \w+: (started|ok|failed)/g)].at(-1)
    return m && m[2] === 'started' ? Number(m[1]) : undefined
  }
  const ready = () => log.includes('mbs worker: taking cases of')
  return { child, log: () => log, started, ready }
}

function studyText(cases: number, steps: number, endTime: number): string {
  return JSON.stringify({
    format: 'mbs-studio-study',
    version: 1,
    project: 'pendulum.mbsproj',
    parameters: [
      { path: 'bob.physicsMass', from: 0.5, to: 2.5, count: cases },
      { path: 'gravity.loadVector', values: [[0, -9.81, 0]] },
      { path: 'timeIntegration.numberOfSteps', values: [steps] },
      { path: 'timeIntegration.endTime', values: [endTime] },
    ],
    outputs: [{ sensor: 'bobPositionSensor', component: 0, statistic: 'final' }],
    output: 'out',
  })
}

/** A study folder with the pendulum and the study file; the file's path. */
function studyFile(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-queue-'))
  fs.copyFileSync(PENDULUM, path.join(dir, 'pendulum.mbsproj'))
  const file = path.join(dir, 'pendulum.mbsstudy')
  fs.writeFileSync(file, text)
  return file
}

const rowsOf = (file: string) =>
  fs
    .readFileSync(path.join(path.dirname(file), 'out', 'rows.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as StudyRow)

describe('mbs study --queue with mbs worker (real Redis)', () => {
  it('runs every case exactly once, equal to the case run alone, with a worker killed mid-case', async () => {
    // Cases long enough (~0.3 s) that the kill below lands inside one.
    const text = studyText(20, 20000, 2)
    const file = studyFile(text)
    const a = startWorker()
    const b = startWorker()
    // Both connected before the study starts (it says so on stderr when it finds no worker).
    await waitFor(() => a.ready() && b.ready())
    const study = spawnCli(['study', file, '--queue', url])
    let killed: number | undefined
    while (killed === undefined) {
      await new Promise((r) => setTimeout(r, 10))
      killed = a.started()
    }
    a.child.kill('SIGKILL')
    const r = await study
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    b.child.kill('SIGTERM')

    const rows = rowsOf(file)
    const s = parseStudy(text)
    const p = parseProject(fs.readFileSync(PENDULUM, 'utf8'))
    if (!s.ok || !p.ok) throw new Error('fixtures')
    const cases = studyCases(s.study)
    expect(rows.map((row) => row.case).sort((x, y) => x - y)).toEqual(cases.map((c) => c.index))
    for (const row of rows) {
      const alone = runStudyCase(p.project, s.study.outputs, cases[row.case])
      expect(row.status).toBe('ok')
      expect(row.outputs).toEqual(alone.outputs)
    }
    expect(rows.find((row) => row.case === killed)!.status).toBe('ok')
  }, 120_000)

  it('a worker of another engine build takes no case: the study waits for one of its own', async () => {
    const other = startWorker(true)
    await waitFor(other.ready)
    expect(other.log()).toContain('taking cases of mbs 0.1.0 (engine build source)')
    const file = studyFile(studyText(2, 100, 0.1))
    const study = spawn(process.execPath, [BIN, 'study', file, '--queue', url], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    children.push(study)
    let said = ''
    study.stderr!.on('data', (b: Buffer) => (said += b.toString()))
    const done = new Promise<number | null>((resolve) => study.once('exit', resolve))
    await waitFor(() => said.includes('no worker of'))
    expect(said).toMatch(/no worker of mbs 0\.1\.0 \(engine build [0-9a-f]{16}\) is connected yet/)
    // Time enough for the other worker to have taken a case, were it on the study's queue.
    await new Promise((r) => setTimeout(r, 1000))
    const own = startWorker()
    expect(await done).toBe(0)
    expect(rowsOf(file).map((row) => row.status)).toEqual(['ok', 'ok'])
    expect(other.log()).not.toMatch(/case \d+ of study/)
    expect(own.log()).toMatch(/case \d+ of study \w+: ok/)
    own.child.kill('SIGTERM')
    other.child.kill('SIGTERM')
  }, 60_000)

  it('says clearly when the Redis server cannot be reached (exit 69)', async () => {
    const port = await freePort()
    const r = await spawnCli(['worker', '--queue', `redis://127.0.0.1:${port}`])
    expect(r.code).toBe(69)
    expect(r.stderr).toMatch(
      /^mbs worker: cannot reach the Redis server at redis:\/\/127\.0\.0\.1:\d+ \(connect ECONNREFUSED/,
    )
  }, 30_000)
})
