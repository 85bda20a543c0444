// Parameter studies: the cases a study file expands to, the output statistics against closed forms, and
// `mbs study` through the real bin with 2 worker processes: every case once, each row equal bit for bit
// to the case run alone, failures recorded, and a study killed mid-way and resumed losing nothing.
import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  outputValue,
  parseProject,
  parseStudy,
  runStudyCase,
  studyCases,
  type SensorSeries,
  type StudyRow,
} from '../../../src/core'
import { progressBar } from '../../../src/cli/studySummary'
import { workerV8Flags } from '../../../src/node/caseRunner'
import { REPO_ROOT, spawnCli } from './spawnCli'

const PENDULUM = path.join(REPO_ROOT, 'resources', 'examples', 'pendulum.mbsproj')

function study(fields: Record<string, unknown>) {
  const r = parseStudy(
    JSON.stringify({
      format: 'mbs-studio-study',
      version: 1,
      project: 'pendulum.mbsproj',
      outputs: [{ sensor: 'bobPositionSensor', component: 1, statistic: 'min' }],
      output: 'out',
      ...fields,
    }),
  )
  if (!r.ok) throw new Error(JSON.stringify(r.problems))
  return r.study
}

describe('study cases', () => {
  it('expands a grid with the last parameter fastest and ranges with both ends exact', () => {
    const s = study({
      parameters: [
        { path: 'bob.physicsMass', values: [1, 2] },
        { path: 'gravity.loadVector', values: [[0, -1, 0]] },
        { path: 'rod.distance', from: 0.1, to: 1000, count: 5, scale: 'log' },
      ],
    })
    const cases = studyCases(s)
    expect(cases).toHaveLength(10)
    expect(cases.map((c) => c.overrides[0].value)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2])
    const d = cases.slice(0, 5).map((c) => c.overrides[2].value as number)
    expect(d[0]).toBe(0.1)
    expect(d[4]).toBe(1000)
    // Log spacing: ratio 10 between neighbours, to round-off.
    for (let i = 1; i < 5; i++) expect(d[i] / d[i - 1]).toBeCloseTo(10, 12)
  })

  it('puts each Latin-hypercube sample in its own stratum, the same for the same seed', () => {
    const s = study({
      design: { type: 'latinHypercube', samples: 16, seed: 7 },
      parameters: [
        { path: 'bob.physicsMass', from: 1, to: 3 },
        { path: 'rod.distance', from: 0.5, to: 1.5 },
      ],
    })
    const cases = studyCases(s)
    for (const [j, from] of [1, 0.5].entries()) {
      const strata = cases.map((c) =>
        Math.floor(((c.overrides[j].value as number) - from) / (2 / 16 / (j + 1))),
      )
      expect([...strata].sort((a, b) => a - b)).toEqual([...Array(16).keys()])
    }
    expect(studyCases(s)).toEqual(cases)
  })

  it('draws random samples uniform over each range, the same for the same seed', () => {
    const design = (seed: number) => ({ type: 'random', samples: 2000, seed })
    const s = study({ design: design(11), parameters: [{ path: 'bob.physicsMass', from: 1, to: 3 }] })
    const values = studyCases(s).map((c) => c.overrides[0].value as number)
    expect(values).toHaveLength(2000)
    expect(values.every((v) => v >= 1 && v <= 3)).toBe(true)
    // Uniform on [1, 3]: mean 2, variance (3 - 1)^2 / 12 = 1/3; the sample mean lies within 4 standard
    // errors (4 sqrt(1/3 / 2000) = 0.052), the sample variance within 10 % (5 of its standard errors).
    const mean = values.reduce((a, b) => a + b, 0) / values.length
    const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1)
    expect(Math.abs(mean - 2)).toBeLessThan(0.052)
    expect(Math.abs(variance - 1 / 3)).toBeLessThan(1 / 30)
    expect(studyCases(s)).toEqual(studyCases(s))
    const other = study({ design: design(12), parameters: [{ path: 'bob.physicsMass', from: 1, to: 3 }] })
    expect(studyCases(other)[0].overrides[0].value).not.toBe(values[0])
  })

  it('names the problem of a bad study', () => {
    const r = parseStudy(
      JSON.stringify({
        format: 'mbs-studio-study',
        version: 1,
        project: 'p.mbsproj',
        output: 'out',
        parameters: [{ path: 'rod.distance', from: 1, to: 2 }],
        outputs: [{ sensor: 's', statistic: 'median' }],
      }),
    )
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.problems.map((p) => p.path)).toEqual(['parameters[0].count', 'outputs[0].statistic'])
  })
})

describe('study outputs', () => {
  it('gives final, min, max, mean, RMS and value-at of sin(t) over one period', () => {
    const n = 1001
    const data = new Float64Array(2 * n)
    for (let i = 0; i < n; i++) {
      const t = (2 * Math.PI * i) / (n - 1)
      data[2 * i] = t
      data[2 * i + 1] = Math.sin(t)
    }
    const series: SensorSeries[] = [{ name: 's', outputVariableType: 'x', size: 1, data, rows: n }]
    const value = (statistic: unknown) =>
      outputValue(series, { name: 'v', sensor: 's', component: 0, statistic } as never) as number
    expect(value('final')).toBeCloseTo(0, 12)
    expect(value('max')).toBe(1)
    expect(value('min')).toBe(-1)
    // Trapezoidal rule: exact mean 0 (odd symmetry), RMS 1/sqrt(2) with error O(h^2) ~ 1e-6 here.
    expect(Math.abs(value('mean'))).toBeLessThan(1e-12)
    expect(Math.abs(value('rms') - Math.SQRT1_2)).toBeLessThan(1e-6)
    // Linear interpolation between rows: error <= h^2/8 max|sin''| = 5e-6.
    expect(Math.abs(value({ at: 1 }) - Math.sin(1))).toBeLessThan(5e-6)
    expect(outputValue(series, { name: 'v', sensor: 'x', component: 0, statistic: 'final' })).toMatch(
      /no sensor named "x"/,
    )
  })
})

function studyFolder(values: (number | string)[]): { file: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-study-'))
  fs.copyFileSync(PENDULUM, path.join(dir, 'pendulum.mbsproj'))
  const file = path.join(dir, 'pendulum.mbsstudy')
  fs.writeFileSync(
    file,
    JSON.stringify({
      format: 'mbs-studio-study',
      version: 1,
      project: 'pendulum.mbsproj',
      parameters: [
        { path: 'gravity.loadVector', values: values.map((g) => (typeof g === 'number' ? [0, -g, 0] : g)) },
        { path: 'timeIntegration.endTime', values: [0.3] },
        { path: 'timeIntegration.numberOfSteps', values: [300] },
      ],
      outputs: [
        { sensor: 'bobPositionSensor', component: 1, statistic: 'min' },
        { sensor: 'bobPositionSensor', component: 0, statistic: { at: 0.25 } },
      ],
      output: 'out',
    }),
  )
  return { file, dir: path.join(dir, 'out') }
}

function readRows(dir: string): StudyRow[] {
  return fs
    .readFileSync(path.join(dir, 'rows.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as StudyRow)
}

/** Each row equals the case run alone in this process, bit for bit. */
function expectRowsAlone(file: string, rows: StudyRow[]): void {
  const s = parseStudy(fs.readFileSync(file, 'utf8'))
  const p = parseProject(fs.readFileSync(PENDULUM, 'utf8'))
  if (!s.ok || !p.ok) throw new Error('fixtures')
  const cases = studyCases(s.study)
  expect(rows.map((r) => r.case).sort((a, b) => a - b)).toEqual(cases.map((c) => c.index))
  for (const row of rows) {
    const alone = runStudyCase(p.project, s.study.outputs, cases[row.case])
    expect(row.status).toBe(alone.status)
    expect(row.outputs).toEqual(alone.outputs)
  }
}

describe('mbs study (the real bin, 2 worker processes)', () => {
  it('writes every case once, equal to the case run alone; a bad case is a failed row', async () => {
    const { file, dir } = studyFolder([9.81, 1.62, 3.71, -0, 24.8, 'down'])
    // A pendulum without gravity stays at rest: y min is exactly 0 (it starts at y = 0).
    const r = await spawnCli(['study', file, '--workers', '2'])
    expect(r.stderr).toMatch(/^mbs study: case 5 failed: .*loadVector: expected a vector of 3 numbers/)
    expect(r.code).toBe(0)
    const rows = readRows(dir)
    expectRowsAlone(file, rows)
    expect(rows.filter((row) => row.status === 'failed').map((row) => row.case)).toEqual([5])
    expect(rows.find((row) => row.case === 3)!.outputs['bobPositionSensor[1].min']).toBe(0)
    const csv = fs.readFileSync(path.join(dir, 'rows.csv'), 'utf8').trimEnd().split('\n')
    expect(csv[0]).toBe(
      'case,status,gravity.loadVector,timeIntegration.endTime,timeIntegration.numberOfSteps,' +
        'bobPositionSensor[1].min,bobPositionSensor[0]@0.25,wallTime,error',
    )
    expect(csv).toHaveLength(7)

    const again = await spawnCli(['study', file])
    expect(again.code).toBe(73)
    expect(again.stderr).toMatch(/already holds 6 rows; add --resume/)
  }, 60_000)

  it('gives the same rows with the V8 flags of workers filling the cores and without', async () => {
    // The JIT tiers, its inlining and the GC's threads change when code runs, never what IEEE
    // arithmetic gives.
    for (const flags of [workerV8Flags(2, 2).join(' '), '']) {
      const { file, dir } = studyFolder([9.81, 1.62, 3.71])
      const r = await spawnCli(['study', file, '--workers', '2'], { MBS_WORKER_V8_FLAGS: flags })
      expect(r.code).toBe(0)
      expectRowsAlone(file, readRows(dir))
    }
  }, 60_000)

  it('killed mid-study and resumed: nothing lost, nothing run twice', async () => {
    const { file, dir } = studyFolder(Array.from({ length: 12 }, (_, i) => 1 + i))
    const child = spawn(
      process.execPath,
      [path.join(REPO_ROOT, 'bin', 'mbs.cjs'), 'study', file, '--workers', '2'],
      {
        cwd: REPO_ROOT,
        stdio: 'ignore',
      },
    )
    const rowsFile = path.join(dir, 'rows.jsonl')
    while (!fs.existsSync(rowsFile) || fs.readFileSync(rowsFile, 'utf8').split('\n').length < 4)
      await new Promise((r) => setTimeout(r, 20))
    child.kill('SIGKILL')
    await new Promise((r) => child.once('exit', r))
    // A row cut off by the kill: not a row.
    fs.appendFileSync(rowsFile, '{"case":11,"sta')

    const r = await spawnCli(['study', file, '--resume', '--workers', '2'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/already in the folder/)
    expectRowsAlone(file, readRows(dir))
  }, 60_000)

  it('resumed with another project or another engine build: refused, the rows kept', async () => {
    const { file, dir } = studyFolder([9.81, 1.62])
    expect((await spawnCli(['study', file, '--workers', '1'])).code).toBe(0)
    const rows = fs.readFileSync(path.join(dir, 'rows.jsonl'), 'utf8')
    const record = path.join(dir, 'run.json')
    const run = JSON.parse(fs.readFileSync(record, 'utf8')) as Record<string, string>
    expect(run.projectSha256).toMatch(/^[0-9a-f]{64}$/)
    expect(run.engineBuild).toMatch(/^[0-9a-f]{16}$/)

    const project = path.join(path.dirname(file), 'pendulum.mbsproj')
    const original = fs.readFileSync(project, 'utf8')
    fs.writeFileSync(project, original.replace('"physicsMass": 1', '"physicsMass": 2'))
    const edited = await spawnCli(['study', file, '--resume'])
    expect(edited.code).toBe(64)
    expect(edited.stderr).toMatch(/pendulum\.mbsproj" changed since the 2 rows in ".*out" were computed/)
    fs.writeFileSync(project, original)

    fs.writeFileSync(record, JSON.stringify({ ...run, engineBuild: '0123456789abcdef' }))
    const other = await spawnCli(['study', file, '--resume'])
    expect(other.code).toBe(64)
    expect(other.stderr).toMatch(
      /computed by mbs \S+ \(engine build 0123456789abcdef\), this is mbs \S+ \(engine build [0-9a-f]{16}\)/,
    )
    fs.writeFileSync(record, '{"projectSha256": 1}')
    expect((await spawnCli(['study', file, '--resume'])).stderr).toMatch(/run\.json" does not say/)
    expect(fs.readFileSync(path.join(dir, 'rows.jsonl'), 'utf8')).toBe(rows)

    fs.writeFileSync(record, JSON.stringify(run))
    const same = await spawnCli(['study', file, '--resume'])
    expect(same.code).toBe(0)
    expect(same.stdout).toMatch(/0 cases run \(0 failed\), 2 already in the folder/)
  }, 60_000)

  it('refuses a study whose parameter path does not exist', async () => {
    const { file } = studyFolder([1])
    const text = fs.readFileSync(file, 'utf8').replace('gravity.loadVector', 'gravity.loadVektor')
    fs.writeFileSync(file, text)
    const r = await spawnCli(['study', file])
    expect(r.code).toBe(64)
    expect(r.stderr).toMatch(/load "gravity" \(MassProportional\) has no parameter "loadVektor"/)
  }, 60_000)
})

describe('mbs study progress and summary', () => {
  it('shows a bar and ETA = cases left x seconds so far / cases done', () => {
    // 50 of 200 done in 10 s: 150 left at 0.2 s each; 30 x 50/200 = 7.5 marks, rounded to 8.
    expect(progressBar(50, 200, 0, 10)).toBe(`[${'#'.repeat(8)}${'-'.repeat(22)}] 50/200 cases, ETA 30 s`)
    expect(progressBar(0, 200, 0, 1)).toBe(`[${'-'.repeat(30)}] 0/200 cases`)
    expect(progressBar(200, 200, 3, 7)).toBe(`[${'#'.repeat(30)}] 200/200 cases, 3 failed, ETA 0 s`)
  })

  it('draws the progress line on a terminal only, and ends it before "Done"', async () => {
    const { file } = studyFolder(Array.from({ length: 12 }, (_, i) => 1 + i))
    // script(1) (util-linux) gives the study a pseudo-terminal, as a user's shell would.
    const command = `${process.execPath} ${path.join(REPO_ROOT, 'bin', 'mbs.cjs')} study ${file} --workers 2`
    const tty = await new Promise<string>((resolve, reject) =>
      execFile('script', ['-qec', command, '/dev/null'], { cwd: REPO_ROOT }, (e, stdout) =>
        e ? reject(e) : resolve(stdout),
      ),
    )
    const lines = tty.split('\r\x1b[K').slice(1)
    expect(lines[0]).toBe(
      `[${'#'.repeat(3)}${'-'.repeat(27)}] 1/12 cases, ETA ${lines[0].match(/ETA (\d+)/)![1]} s`,
    )
    expect(lines.some((l) => /^\[#{30}\] 12\/12 cases, ETA 0 s$/.test(l))).toBe(true)
    expect(lines.at(-1)).toMatch(/^Done: 12 cases run \(0 failed\)/)
    // Through a pipe (a script, a log file) there is no progress line. More workers than cases: the
    // spare, forked before the study was read, is let go and the study ends.
    const { file: again, dir } = studyFolder([1, 2])
    const piped = await spawnCli(['study', again, '--workers', '3'])
    expect(piped.code).toBe(0)
    // Nothing on standard error: no progress line, and no EPIPE of the spare's 'ready' message.
    expect(piped.stderr).toBe('')
    expectRowsAlone(again, readRows(dir))
  }, 60_000)

  it('reports its phases in order in the --json summary', async () => {
    const { file } = studyFolder(Array.from({ length: 10 }, (_, i) => 1 + i))
    const r = await spawnCli(['study', file, '--workers', '2', '--json'])
    expect(r.code).toBe(0)
    const summary = JSON.parse(r.stdout.trimEnd().split('\n').at(-1)!) as {
      cases: number
      wallTime: number
      steadyRate: number
      phases: Record<string, number>
      cpu: Record<string, number>
    }
    expect(summary.cases).toBe(10)
    // One clock (the parent's performance.now()): each phase starts after the one before it.
    const p = summary.phases
    const order = [p.entered, p.started, p.firstRow, p.steadyFrom, p.lastRow, p.flushed, summary.wallTime]
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(p.workersReady).toBeGreaterThan(p.entered)
    expect(summary.steadyRate).toBeGreaterThan(0)
    expect(summary.cpu.workers).toBe(2)
    const positive = ['parentStartup', 'parentRead', 'parent', 'workerStartup', 'workerFirstCase']
    for (const k of [...positive, 'workerPerCase']) expect(summary.cpu[k]).toBeGreaterThan(0)
    expect(summary.cpu.parent).toBeGreaterThanOrEqual(summary.cpu.parentStartup + summary.cpu.parentRead)
    // The main thread's share of a worker's CPU (Linux's /proc; null elsewhere), in 10 ms clock ticks.
    if (process.platform === 'linux') expect(summary.cpu.workerMainPerCase).toBeGreaterThanOrEqual(0)
    else expect(summary.cpu.workerMainPerCase).toBeNull()
  }, 60_000)
})
