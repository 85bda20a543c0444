// `mbs run`, `validate`, `info`, `help`: the real bin for the contract a script relies on (exit code,
// --json as the last stdout line, CSV numbers that parse back to the identical doubles and equal the
// in-process run bit for bit), and main() in-process for the remaining exit codes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { mbs } from '../../fixtures/cli'
import { defaultSettings, parseProject, ResultsReader, runProject, type Project } from '../../../src/core'
import { FileSource } from '../../../src/node/runFiles'
import { REPO_ROOT, spawnCli } from './spawnCli'

const EXAMPLES = path.join(REPO_ROOT, 'resources', 'examples')
const PENDULUM = path.join('resources', 'examples', 'pendulum.mbsproj')

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-cli-'))
}

function loadExample(name: string): Project {
  const r = parseProject(fs.readFileSync(path.join(EXAMPLES, name), 'utf8'))
  if (!r.ok) throw new Error(JSON.stringify(r.problems))
  return r.project
}

/** A copy of an example with some settings changed, in a temporary directory. */
function exampleVariant(
  name: string,
  edit: (doc: { simulationSettings: Record<string, unknown> }) => void,
): string {
  const doc = JSON.parse(fs.readFileSync(path.join(EXAMPLES, name), 'utf8'))
  edit(doc)
  const file = path.join(tempDir(), name)
  fs.writeFileSync(file, JSON.stringify(doc))
  return file
}

function readCsv(file: string): { comments: string[]; rows: number[][] } {
  const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n')
  const comments = lines.filter((l) => l.startsWith('#'))
  const rows = lines.filter((l) => !l.startsWith('#')).map((l) => l.split(',').map(Number))
  return { comments, rows }
}

describe('mbs run: coincident markers of a line connector are a model error naming the item', () => {
  // The direction (p1 - p0) / L of the line is undefined at L = 0: exit 3 with the item, not 70.
  for (const [type, what, params] of [
    ['ConnectorSpringDamper', 'spring', { stiffness: 100, referenceLength: 0 }],
    ['ConnectorDistance', 'constraint', { distance: 1 }],
  ] as const)
    it(type, () => {
      const file = exampleVariant('pendulum.mbsproj', (doc) => {
        const model = (doc as unknown as { model: Record<string, Record<string, unknown>[]> }).model
        model.nodes[0].referenceCoordinates = [0, 0, 0]
        model.objects[2] = { type, name: 'link', markerNumbers: ['pivot', 'bobPosition'], ...params }
      })
      const { code, err } = mbs('run', file)
      expect(code).toBe(3)
      expect(err.join('\n')).toContain(
        `object "link" (${type}): the two markers coincide (length 0), the ${what} direction is undefined`,
      )
    })
})

describe('mbs run: a check of an item definition at assembly is a model error naming the item', () => {
  it('a sensor asking an object for an output it lacks: exit 2, sensor and object named', () => {
    const file = exampleVariant('pendulum.mbsproj', (doc) => {
      const model = (doc as unknown as { model: Record<string, Record<string, unknown>[]> }).model
      model.sensors.push({
        type: 'Object',
        name: 'groundForce',
        objectNumber: 'ground',
        outputVariableType: 'Force',
      })
    })
    const { code, err } = mbs('run', file)
    expect(code).toBe(2)
    expect(err).toEqual([
      'mbs run: the model cannot be assembled: sensor "groundForce": object "ground" (Ground) has no ' +
        'output Force; it has: none',
    ])
  })
})

describe('mbs run (the real bin)', () => {
  it('runs the pendulum: exit 0, --json summary last, CSV rows identical to the in-process run', async () => {
    const dir = tempDir()
    const { code, stdout, stderr } = await spawnCli(['run', PENDULUM, '--json', '--sensors-dir', dir])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const summary = JSON.parse(stdout.trimEnd().split('\n').at(-1)!)
    expect(Object.keys(summary)).toEqual([
      'time',
      'steps',
      'newtonIterations',
      'jacobians',
      'wallTime',
      'sensors',
    ])
    expect(Object.keys(summary.sensors)).toEqual(['bobPositionSensor'])

    const reference = runProject(loadExample('pendulum.mbsproj'))
    const series = reference.recorder.series[0]
    const { comments, rows } = readCsv(path.join(dir, 'bobPositionSensor.csv'))
    expect(comments).toEqual([
      '# sensor: bobPositionSensor',
      '# type: Node',
      '# outputVariableType: Position',
      '# columns: t,Position[0],Position[1],Position[2]',
    ])
    expect(rows).toHaveLength(series.rows)
    // Bit for bit: the text of each number parses back to exactly the recorded double.
    const mismatches = rows.flat().filter((v, i) => !Object.is(v, series.data[i]))
    expect(mismatches).toEqual([])
    expect(summary.sensors.bobPositionSensor).toEqual(
      Array.from(series.data.subarray((series.rows - 1) * 4 + 1, series.rows * 4)),
    )
    expect(summary.time).toBe(reference.system.state.t)
    expect(summary.steps).toBe(reference.stats.steps)
    expect(summary.newtonIterations).toBe(reference.stats.newtonIterations)
    expect(summary.jacobians).toBe(reference.stats.jacobians)
    expect(summary.wallTime).toBeGreaterThan(0)
  })

  it('answers bad arguments with exit 64, a one-line reason and the usage', async () => {
    const { code, stdout, stderr } = await spawnCli(['run', PENDULUM, '--end-tme', '1'])
    expect(code).toBe(64)
    expect(stdout).toBe('')
    const lines = stderr.trimEnd().split('\n')
    expect(lines[0]).toBe(
      'mbs run: unknown option "--end-tme" (did you mean "--end-time"?); options of run: --end-time, ' +
        '--sensors-dir, --results, --save-checkpoint, --checkpoint-at, --from-checkpoint, --branch-of, ' +
        '--set, --json',
    )
    expect(lines[1]).toMatch(/^Usage: mbs run PROJECT \[--end-time T\]/)
  })

  it('shows a required option without brackets in the usage', async () => {
    const { code, stderr } = await spawnCli(['worker'])
    expect(code).toBe(64)
    expect(stderr).toBe(
      'mbs worker: missing --queue URL (the Redis server, redis://HOST:PORT)\n' +
        'Usage: mbs worker --queue URL [--concurrency N] [--stall-seconds S]  ' +
        '("mbs help worker" for details)\n',
    )
  })
})

describe('mbs run (in-process)', () => {
  it('--end-time overrides the end time and keeps the step size', () => {
    const { code, out } = mbs('run', PENDULUM, '--end-time', '0.5', '--json')
    expect(code).toBe(0)
    const summary = JSON.parse(out.at(-1)!)
    // 500 steps of h = 1e-3 (the file has 2000 steps to t = 2); the summed time is within round-off of 0.5.
    expect(summary.steps).toBe(500)
    expect(Math.abs(summary.time - 0.5)).toBeLessThan(1e-12)
  })

  it('prints a human summary without --json', () => {
    const { code, out } = mbs('run', PENDULUM, '--end-time', '0.01')
    expect(code).toBe(0)
    expect(out).toHaveLength(1)
    expect(out[0]).toMatch(/^Done: Pendulum reached t = 0\.01\d* s in 10 steps/)
  })

  it('honours writeToFile and fileName of sensors', () => {
    const file = exampleVariant('doublePendulum.mbsproj', (d) => {
      const sensors = (d as unknown as { model: { sensors: Record<string, unknown>[] } }).model.sensors
      sensors[0].fileName = 'first.csv'
      sensors[1].writeToFile = false
    })
    const dir = tempDir()
    expect(mbs('run', file, '--end-time', '0.01', '--sensors-dir', dir).code).toBe(0)
    expect(fs.readdirSync(dir).sort()).toEqual(['first.csv', 'rod2Force.csv'])
  })

  it.each([
    [
      ['run', PENDULUM, '--end-time', '0'],
      64,
      '--end-time 0 must be greater than the startTime 0 of the project',
    ],
    [
      ['run', PENDULUM, '--save-checkpoint', 'x.chk', '--checkpoint-at', '3'],
      64,
      '--checkpoint-at 3 must lie within the run, 0 .. 2 s',
    ],
    [['run', PENDULUM, '--from-checkpoint', 'no/such.chk'], 66, 'cannot read the checkpoint "no/such.chk"'],
    [
      ['run', PENDULUM, '--results', 'no/such/dir/r.mbsres'],
      73,
      '--results no/such/dir/r.mbsres: the directory',
    ],
    [
      ['run', 'no-such-project.mbsproj'],
      66,
      'cannot read the project "no-such-project.mbsproj": no such file or directory (ENOENT)',
    ],
    [['validate', 'no-such-project.mbsproj'], 66, 'cannot read the project'],
    [
      ['run', PENDULUM, '--sensors-dir', '/dev/null/x'],
      73,
      'cannot create the sensors directory "/dev/null/x"',
    ],
  ])('%j exits %i: %s', (argv, exitCode, message) => {
    const { code, err } = mbs(...argv)
    expect(code).toBe(exitCode)
    expect(err[0]).toContain(message)
  })

  it('refuses sensor file names outside the sensors directory (exit 2) before solving', () => {
    const file = exampleVariant('pendulum.mbsproj', (d) => {
      ;(d as unknown as { model: { sensors: Record<string, unknown>[] } }).model.sensors[0].fileName =
        '../escape.csv'
    })
    const { code, err } = mbs('run', file, '--sensors-dir', tempDir())
    expect(code).toBe(2)
    expect(err).toEqual([
      'mbs run: sensor "bobPositionSensor" (Node), parameter fileName: expected a file name inside the ' +
        'sensors directory, got "../escape.csv"',
    ])
  })

  it('reports a solver failure with exit 3 and a one-line reason', () => {
    // A pendulum has no static equilibrium in its horizontal start position and its z coordinate is
    // free without stiffness: the static Newton matrix is singular.
    const file = exampleVariant('pendulum.mbsproj', (d) => (d.simulationSettings.solverType = 'Static'))
    const { code, out, err } = mbs('run', file, '--json')
    expect(code).toBe(3)
    expect(out).toEqual([])
    expect(err).toHaveLength(1)
    expect(err[0]).toMatch(
      /^mbs run: solver failed: Static: the stiffness matrix is singular for node "bobNode"/,
    )
  })
})

describe('mbs run: a failed run keeps its output', () => {
  it('writes every sensor row and results frame up to the last accepted step, says where, exits 3', () => {
    // From t = 0.5 a force of -Infinity (log 0) acts on the bob: no step past 0.5 can be accepted.
    const file = exampleVariant('pendulum.mbsproj', (d) => {
      const model = (d as unknown as { model: Record<string, Record<string, unknown>[]> }).model
      model.loads.push({
        type: 'ForceVector',
        name: 'breaker',
        markerNumber: 'bobPosition',
        loadVector: [0, 0, 0],
        loadVectorUserFunction: ['0', 'log(1 - step(t - 0.5))', '0'],
      })
    })
    const dir = tempDir()
    const results = path.join(dir, 'run.mbsres')
    const { code, err } = mbs('run', file, '--sensors-dir', dir, '--results', results)
    expect(code).toBe(3)
    expect(err[0]).toMatch(/^mbs run: solver failed: GeneralizedAlpha: Newton did not converge at t = 0\.5 /)
    // Sensor rows every 0.01 s: t = 0, 0.01, ..., 0.49; the halved steps approach 0.5 without reaching it.
    const rows = fs.readFileSync(path.join(dir, 'bobPositionSensor.csv'), 'utf8').trim().split('\n')
    const data = rows.filter((l) => !l.startsWith('#'))
    expect(data).toHaveLength(50)
    expect(Number(data[49].split(',')[0])).toBeCloseTo(0.49, 12)
    const reader = ResultsReader.open(new FileSource(results))
    expect(reader.frameCount).toBe(50)
    expect(reader.frameTime(49)).toBeCloseTo(0.49, 12)
    expect(err.slice(1)).toEqual([
      `the sensor rows up to the last accepted step (50 rows, the last at t = ` +
        `${Number(data[49].split(',')[0])} s) are in ${dir}`,
      `the results frames up to the last accepted step (50) are in ${results}`,
    ])
  })
})

describe('examples with every dynamic solver', () => {
  const examples = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.mbsproj'))
  const solvers = ['GeneralizedAlpha', 'TrapezoidalIndex2', 'ExplicitEuler', 'RK44', 'DOPRI5']
  // Examples that only implicit solvers can run, with the reason.
  const implicitOnly: Record<string, string> = {
    'beadOnCable.mbsproj':
      "JointSliding2D's sliding coordinate has no mass; explicit solvers factorize the mass matrix and " +
      'need mass on every coordinate',
    'cableOverPulley.mbsproj':
      'stiff penalty contact and axial cable stiffness on 20 g elements (eigenfrequencies near 8000 ' +
      'rad/s): explicit solvers would need steps below 2e-4 s, the example steps 2e-3 s',
  }
  const solversFor = (file: string): string[] => (implicitOnly[file] ? solvers.slice(0, 2) : solvers)
  // The cable over the pulley costs about 15 Newton iterations per step (stiff penalty contact with
  // stick/slip switching): 0.5 s takes 5 s (GA) and 12 s (TR) CPU, several times that on a loaded
  // 2-core machine. 0.1 s (50 steps) already crosses sticking and slipping segments.
  const endTimeFor = (file: string): number => (file === 'cableOverPulley.mbsproj' ? 0.1 : 0.5)

  it.each(examples)('mbs validate accepts %s', (file) => {
    const { code, out } = mbs('validate', path.join(EXAMPLES, file))
    expect(code).toBe(0)
    expect(out[0]).toMatch(/^OK: .+ \(\d+ nodes?, \d+ objects?, \d+ markers?, \d+ loads?, \d+ sensors?\)$/)
  })

  it.each(examples.flatMap((file) => solversFor(file).map((solver) => [file, solver])))(
    '%s runs with %s',
    (file, solverType) => {
      const variant = exampleVariant(file, (d) => (d.simulationSettings.solverType = solverType))
      const endTime = endTimeFor(file)
      const { code, out, err } = mbs('run', variant, '--end-time', String(endTime), '--json')
      expect(err).toEqual([])
      expect(code).toBe(0)
      const summary = JSON.parse(out.at(-1)!)
      expect(Math.abs(summary.time - endTime)).toBeLessThan(1e-12)
    },
  )

  it('keeps the slider-crank on its constraints (crank radius, rod length, slider on y = 0)', () => {
    const { recorder } = runProject(loadExample('sliderCrank.mbsproj'))
    const pin = recorder.series[0]
    const slider = recorder.series[1]
    let worst = 0
    for (let i = 0; i < pin.rows; i++) {
      const [px, py, pz] = pin.data.subarray(i * 4 + 1, i * 4 + 4)
      const [sx, sy] = slider.data.subarray(i * 4 + 1, i * 4 + 3)
      worst = Math.max(
        worst,
        Math.abs(Math.hypot(px, py, pz) - 0.2),
        Math.abs(Math.hypot(sx - px, sy - py, pz) - 0.6),
        Math.abs(sy),
      )
    }
    // Index-3 generalized-alpha satisfies position constraints to Newton's tolerance (1e-10 relative)
    // at every step, so any violation above 1e-9 m would be a constraint error, not round-off.
    expect(worst).toBeLessThan(1e-9)
  })
})

describe('mbs info, help, version', () => {
  it('describes a project', () => {
    const { code, out } = mbs('info', path.join(EXAMPLES, 'sliderCrank.mbsproj'))
    expect(code).toBe(0)
    expect(out).toEqual([
      'Project: Slider-crank (point masses)',
      'Items: 3 nodes, 6 objects, 7 markers, 2 loads, 5 sensors',
      '  nodes    Point x2, PointGround x1',
      '  objects  Ground x1, MassPoint x2, ConnectorDistance x2, ConnectorCoordinate x1',
      '  markers  BodyPosition x3, NodeCoordinate x2, BodyMass x2',
      '  loads    MassProportional x2',
      '  sensors  Node x3, Object x2',
      `Solver: GeneralizedAlpha, linear solver ${defaultSettings().linearSolverType}`,
      '  time: 0 .. 2 s, 4000 steps (h = 0.0005 s)',
      '  spectral radius: 0.9',
      '  sensors written every 0.01 s',
    ])
  })

  it('reports a file that is not a project', () => {
    const file = path.join(tempDir(), 'x.bin')
    fs.writeFileSync(file, new Uint8Array([0, 1, 2, 3]))
    expect(mbs('info', file)).toMatchObject({
      code: 1,
      err: [`mbs info: "${file}" is not an MBS Studio project, results or checkpoint file`],
    })
    expect(mbs('info', 'test/fixtures/bad/truncated.mbsproj').code).toBe(1)
  })

  it('explains every command and option', () => {
    const general = mbs('--help').out.join('\n')
    for (const c of ['run', 'validate', 'info', 'help']) expect(general).toContain(`mbs ${c} `)
    const run = mbs('help', 'run').out.join('\n')
    for (const o of [
      '--end-time T',
      '--sensors-dir DIR',
      '--results FILE',
      '--save-checkpoint FILE',
      '--checkpoint-at T',
      '--from-checkpoint FILE',
      '--json',
    ])
      expect(run).toContain(o)
    expect(run).toContain('Exit codes:')
    expect(mbs('run', '--help').out).toEqual(mbs('help', 'run').out)
  })

  it('prints the version of the package', () => {
    const version = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version
    expect(mbs('--version')).toEqual({ code: 0, out: [`mbs ${version}`], err: [] })
  })
})
