// `mbs study --queue` on a real Redis server (Debian's redis-server, started here on a free loopback
// port and stopped after): 20 cases, 2 `mbs worker` processes, one killed with SIGKILL while it runs a
// case. The table must hold every case exactly once, each row equal bit for bit to the case run alone
// in this process, and the killed worker's case must have been run again by the other worker.
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

function startWorker(): {
  child: ChildProcess
  started: () => number | undefined
  ready: () => boolean
} {
  const child = spawn(
    process.execPath,
    [BIN, 'worker', '--queue', url, '--concurrency', '1', '--stall-seconds', '1'],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  children.push(child)
  let log = ''
  child.stderr!.on('data', (b: Buffer) => (log += b.toString()))
  // The case this worker is running now: the last "started" line not followed by its result.
  const started = () => {
    const m = [...log.matchAll(/case (\d+) of study \w+: (started|ok|failed)/g)].at(-1)
    return m && m[2] === 'started' ? Number(m[1]) : undefined
  }
  const ready = () => log.includes('mbs worker: taking cases from')
  return { child, started, ready }
}

describe('mbs study --queue with mbs worker (real Redis)', () => {
  it('runs every case exactly once, equal to the case run alone, with a worker killed mid-case', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-queue-'))
    fs.copyFileSync(PENDULUM, path.join(dir, 'pendulum.mbsproj'))
    const file = path.join(dir, 'pendulum.mbsstudy')
    const text = JSON.stringify({
      format: 'mbs-studio-study',
      version: 1,
      project: 'pendulum.mbsproj',
      parameters: [
        { path: 'bob.physicsMass', from: 0.5, to: 2.5, count: 20 },
        { path: 'gravity.loadVector', values: [[0, -9.81, 0]] },
        // Long enough (~0.3 s) that the kill below lands inside a case.
        { path: 'timeIntegration.numberOfSteps', values: [20000] },
        { path: 'timeIntegration.endTime', values: [2] },
      ],
      outputs: [{ sensor: 'bobPositionSensor', component: 0, statistic: 'final' }],
      output: 'out',
    })
    fs.writeFileSync(file, text)
    const a = startWorker()
    const b = startWorker()
    // Both connected before the study starts (it says so on stderr when it finds no worker).
    while (!a.ready() || !b.ready()) await new Promise((r) => setTimeout(r, 10))
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

    const rows = fs
      .readFileSync(path.join(dir, 'out', 'rows.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as StudyRow)
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

  it('says clearly when the Redis server cannot be reached (exit 69)', async () => {
    const port = await freePort()
    const r = await spawnCli(['worker', '--queue', `redis://127.0.0.1:${port}`])
    expect(r.code).toBe(69)
    expect(r.stderr).toMatch(
      /^mbs worker: cannot reach the Redis server at redis:\/\/127\.0\.0\.1:\d+ \(connect ECONNREFUSED/,
    )
  }, 30_000)
})
