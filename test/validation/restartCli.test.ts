// The command-line promise (docs/model-format.md, "Command line"): a run of 0..T2 and a run of 0..T1 saved
// and continued T1..T2 print identical sensor rows - checked as text, so every digit of every number
// (the CSV prints each double so that it parses back to itself) - and the example projects round-trip
// through `mbs run --results` -> results file -> replay reader with frames identical to the engine's
// states bit for bit.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main'
import {
  createSolver,
  decodeCheckpoint,
  encodeCheckpoint,
  OutputSchedule,
  parseProject,
  ResultsReader,
  SensorRecorder,
  type Project,
} from '../../src/core'
import { buildSystem } from '../../src/core/simulation'
import { FileSource } from '../../src/node/runFiles'
import { bits } from './restartModels'

const EXAMPLES = path.resolve(__dirname, '../../resources/examples')
const PENDULUM = path.join(EXAMPLES, 'pendulum.mbsproj')
const tempDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-restart-'))

function mbs(...argv: string[]): string[] {
  const out: string[] = [],
    err: string[] = []
  const code = main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) })
  expect(code, `mbs ${argv.join(' ')}: ${err.join('\n')}`).toBe(0)
  return out
}

/** The data rows of a sensor CSV (without the '#' comment lines). */
const csvRows = (file: string): string[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))

describe('mbs run: 0..T2 versus 0..T1 saved and continued T1..T2', () => {
  const dir = tempDir()
  const sensor = 'bobPositionSensor.csv'
  mbs('run', PENDULUM, '--end-time', '1', '--sensors-dir', path.join(dir, 'full'))
  const full = csvRows(path.join(dir, 'full', sensor))

  it('with --end-time T1 --save-checkpoint, then --from-checkpoint: identical rows', () => {
    const ck = path.join(dir, 'half.mbsckpt')
    mbs(
      'run',
      PENDULUM,
      '--end-time',
      '0.5',
      '--save-checkpoint',
      ck,
      '--sensors-dir',
      path.join(dir, 'first'),
    )
    mbs(
      'run',
      PENDULUM,
      '--end-time',
      '1',
      '--from-checkpoint',
      ck,
      '--sensors-dir',
      path.join(dir, 'second'),
    )
    const joined = [...csvRows(path.join(dir, 'first', sensor)), ...csvRows(path.join(dir, 'second', sensor))]
    expect(joined.length).toBe(full.length)
    expect(joined).toEqual(full)
  })

  it('a GA run with reduced steps and the sparse matrix path (cable over a pulley) continues bitwise', () => {
    // Newton failures halve steps here before T1, and the system (> 80 unknowns) takes the sparse LU:
    // both once broke the promise (steps off the nominal grid; pivot reuse depending on history).
    const pulley = path.join(EXAMPLES, 'cableOverPulley.mbsproj')
    const d = tempDir()
    mbs('run', pulley, '--end-time', '0.2', '--sensors-dir', path.join(d, 'full'))
    mbs('run', pulley, '--end-time', '0.1', '--save-checkpoint', path.join(d, 'c.mbsckpt'))
    mbs(
      'run',
      pulley,
      '--end-time',
      '0.2',
      '--from-checkpoint',
      path.join(d, 'c.mbsckpt'),
      '--sensors-dir',
      path.join(d, 'second'),
    )
    for (const f of fs.readdirSync(path.join(d, 'full'))) {
      const after = (rows: string[]): string[] => rows.filter((r) => Number(r.split(',')[0]) > 0.1)
      expect(after(csvRows(path.join(d, 'second', f)))).toEqual(after(csvRows(path.join(d, 'full', f))))
    }
  })

  it('with --checkpoint-at T1 during the whole run: identical rows', () => {
    const ck = path.join(dir, 'at.mbsckpt')
    mbs('run', PENDULUM, '--end-time', '1', '--save-checkpoint', ck, '--checkpoint-at', '0.3')
    mbs(
      'run',
      PENDULUM,
      '--end-time',
      '1',
      '--from-checkpoint',
      ck,
      '--sensors-dir',
      path.join(dir, 'fromAt'),
    )
    const tail = csvRows(path.join(dir, 'fromAt', sensor))
    // Rows every 0.01 s: the continuation starts with the row after t = 0.3.
    expect(tail).toEqual(full.slice(full.length - tail.length))
    expect(Number(tail[0].split(',')[0])).toBeCloseTo(0.31, 12)
  })

  it('mbs info describes the checkpoint', () => {
    const text = mbs('info', path.join(dir, 'half.mbsckpt')).join('\n')
    expect(text).toMatch(/^MBS Studio checkpoint, format version 1, \d+ bytes, checksum OK/)
    expect(text).toContain('integrator: GeneralizedAlpha, step size 0.001')
    expect(text).toMatch(/time: 0\.5\d*/)
  })

  it('a checkpoint of another model is refused with the difference', () => {
    const other = path.join(EXAMPLES, 'doublePendulum.mbsproj')
    const err: string[] = []
    const code = main(['run', other, '--from-checkpoint', path.join(dir, 'half.mbsckpt')], {
      out: () => {},
      err: (l) => err.push(l),
    })
    expect(code).toBe(2)
    expect(err.join('\n')).toContain('the checkpoint was saved from a differently built model')
  })
})

describe('mbs run --from-checkpoint with a step size out of range', () => {
  it('is refused (exit 2), nothing is written and no run reports success at another time', () => {
    const d = tempDir()
    const ck = path.join(d, 'half.mbsckpt')
    mbs('run', PENDULUM, '--end-time', '0.25', '--save-checkpoint', ck)
    const c = decodeCheckpoint(fs.readFileSync(ck))
    fs.writeFileSync(ck, encodeCheckpoint({ ...c, integrator: { ...c.integrator, stepSize: 1e300 } }))
    const err: string[] = []
    const sensors = path.join(d, 'sensors')
    const code = main(
      ['run', PENDULUM, '--end-time', '0.3', '--from-checkpoint', ck, '--sensors-dir', sensors],
      {
        out: () => {},
        err: (l) => err.push(l),
      },
    )
    expect(code).toBe(2)
    expect(err.join('\n')).toContain(
      `--from-checkpoint ${ck}: the checkpoint step size is 1e+300 s; steps of this run are at most 1.5 s`,
    )
    expect(fs.existsSync(path.join(sensors, 'bobPositionSensor.csv'))).toBe(false)
  })
})

describe('example projects: run -> results file -> replay reader', () => {
  const examples = fs
    .readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.mbsproj'))
    .sort()

  for (const name of examples)
    it(`${name}: every frame equals the engine's state bit for bit`, () => {
      const dir = tempDir()
      const file = path.join(dir, 'run.mbsres')
      const endTime = 0.2
      mbs('run', path.join(EXAMPLES, name), '--end-time', String(endTime), '--results', file)
      const parsed = parseProject(fs.readFileSync(path.join(EXAMPLES, name), 'utf8'))
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
      const expected = engineFrames(parsed.project, endTime)
      const source = new FileSource(file)
      const reader = ResultsReader.open(source)
      expect(reader.tail).toBe('')
      expect(reader.frameCount).toBe(expected.length)
      expected.forEach((e, i) => {
        expect(reader.frameTime(i)).toBe(e.t)
        expect(bits(reader.field(i, 'q'))).toEqual(bits(e.q))
        expect(bits(reader.field(i, 'v'))).toEqual(bits(e.v))
      })
      // The replay has the model and the sensor histories too.
      expect(reader.header.project.model).toEqual(JSON.parse(JSON.stringify(parsed.project.model)))
      for (const se of parsed.project.model.sensors)
        expect(reader.sensor(se.name).t.length).toBeGreaterThan(0)
      expect(mbs('info', file)[0]).toMatch(/^MBS Studio results file, format version 2/)
      source.close()
    })
})

/** States at the frame times of an in-process run (the engine's own numbers, no file involved). */
function engineFrames(project: Project, endTime: number): { t: number; q: Float64Array; v: Float64Array }[] {
  const system = buildSystem(project)
  system.state.t = project.settings.timeIntegration.startTime
  const recorder = new SensorRecorder(system, project.settings.solutionSettings.sensorsWritePeriod)
  const due = new OutputSchedule(project.settings.solutionSettings.solutionWritePeriod)
  const frames: { t: number; q: Float64Array; v: Float64Array }[] = []
  const take = (): void => {
    const s = system.state
    if (due.take(s)) frames.push({ t: s.t, q: s.q.slice(), v: s.v.slice() })
  }
  const solver = createSolver(system, project.settings, { recorder, onStep: take })
  solver.setEndTime(endTime)
  solver.initializeSolver()
  take()
  solver.advance(Infinity)
  return frames
}
