// mbs run --set: an override gives exactly the run of the project file edited by hand (same doubles, bit
// for bit), and a wrong override is refused before anything is solved, naming the item, the parameter
// and what was expected.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { mbs } from '../../fixtures/cli'
import {
  applyOverrides,
  parseOverride,
  parseProject,
  patchOverrides,
  runProject,
  type Override,
} from '../../../src/core'
import { REPO_ROOT } from './spawnCli'

const PENDULUM = path.join(REPO_ROOT, 'resources', 'examples', 'pendulum.mbsproj')

function load(text: string) {
  const r = parseProject(text)
  if (!r.ok) throw new Error(JSON.stringify(r.problems))
  return r.project
}

describe('mbs run --set', () => {
  it('equals the run of the hand-edited file, bit for bit', () => {
    const text = fs.readFileSync(PENDULUM, 'utf8')
    const doc = JSON.parse(text)
    doc.model.loads[0].loadVector = [0, -3.7, 0]
    doc.model.objects[2].distance = 0.5
    doc.simulationSettings.timeIntegration.endTime = 0.5
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-set-')), 'edited.mbsproj')
    fs.writeFileSync(file, JSON.stringify(doc))

    const overridden = mbs(
      'run',
      PENDULUM,
      '--json',
      '--set',
      'gravity.loadVector=[0,-3.7,0]',
      '--set=rod.distance=0.5',
      '--set',
      'simulationSettings.timeIntegration.endTime=0.5',
    )
    const edited = mbs('run', file, '--json')
    expect(overridden.err).toEqual([])
    expect(overridden.code).toBe(0)
    const a = JSON.parse(overridden.out.at(-1)!)
    const b = JSON.parse(edited.out.at(-1)!)
    expect(a.time).toBe(0.5)
    expect(a.sensors).toEqual(b.sensors)
    expect(a.steps).toBe(b.steps)

    // The bob is at distance 0.5 from the pivot: the override reached the constraint.
    const [x, y] = a.sensors.bobPositionSensor
    expect(Math.abs(Math.hypot(x, y) - 0.5)).toBeLessThan(1e-9)
  })

  it('accepts settings paths with and without the simulationSettings prefix', () => {
    const project = load(fs.readFileSync(PENDULUM, 'utf8'))
    const overrides = ['timeIntegration.numberOfSteps=50', 'simulationSettings.solverType=TrapezoidalIndex2']
      .map(parseOverride)
      .filter((o): o is Override => 'path' in o)
    const r = applyOverrides(project, overrides)
    if (!r.ok) throw new Error(JSON.stringify(r.problems))
    expect(r.project.settings.timeIntegration.numberOfSteps).toBe(50)
    expect(r.project.settings.solverType).toBe('TrapezoidalIndex2')
    // The original project is untouched (copy-on-write edits).
    expect(project.settings.timeIntegration.numberOfSteps).toBe(2000)
    expect(runProject(r.project).stats.steps).toBe(50)
  })

  it('takes a top-level setting without the prefix: solverType=RK44 is simulationSettings.solverType', () => {
    const plain = mbs('run', PENDULUM, '--end-time', '0.2', '--set', 'solverType=RK44', '--json')
    const prefixed = mbs(
      'run',
      PENDULUM,
      '--end-time',
      '0.2',
      '--set',
      'simulationSettings.solverType=RK44',
      '--json',
    )
    expect(plain.err).toEqual([])
    expect(plain.code).toBe(0)
    // RK44 is explicit: no Newton iterations, and the same result as the prefixed override.
    const [a, b] = [plain, prefixed].map((r) => JSON.parse(r.out.at(-1)!))
    expect(a.newtonIterations).toBe(0)
    expect([a.steps, a.sensors]).toEqual([b.steps, b.sensors])
  })

  it.each([
    ['bob.physicsMass=abc', /object "bob" \(MassPoint\), parameter physicsMass: expected a number/],
    ['bobb.physicsMass=2', /no item or settings section named "bobb" \(did you mean "bob"\?\)/],
    ['bob.mass=2', /object "bob" \(MassPoint\) has no parameter "mass"/],
    ['rod.distance=-1', /parameter distance: expected a value > 0 m, got -1/],
    ['timeIntegration.numberOfStep=10', /unknown setting "numberOfStep" \(did you mean "numberOfSteps"\?\)/],
    ['timeIntegration.numberOfSteps=0', /numberOfSteps: expected a value >= 1, got 0/],
    ['bob=2', /"bob" names an item: expected ITEM.PARAMETER=VALUE/],
    ['solverTyp=RK44', /no item or settings section named "solverTyp" \(did you mean "solverType"\?\)/],
    ['bob.physicsMass=', /expected ITEM.PARAMETER=VALUE/],
  ])('refuses --set %s with exit 64 and says why', (override, message) => {
    const { code, out, err } = mbs('run', PENDULUM, '--set', override)
    expect(code).toBe(64)
    expect(out).toEqual([])
    expect(err[0]).toBe('mbs run: --set: 1 override cannot be applied')
    expect(err[1]).toMatch(message)
  })

  it('reports every wrong override at once', () => {
    const { code, err } = mbs('run', PENDULUM, '--set', 'bob.mass=1', '--set', 'rod.distance=0')
    expect(code).toBe(64)
    expect(err[0]).toBe('mbs run: --set: 2 overrides cannot be applied')
    expect(err.slice(1, 3).join('\n')).toMatch(/no parameter "mass"[^]*parameter distance/)
  })
})

/** The recorded sensor rows of a run as bytes: equal bytes are equal doubles, -0 and NaN payloads too. */
function sensorBytes(project: Parameters<typeof runProject>[0]) {
  return runProject(project).recorder.series.map((s) =>
    Buffer.from(s.data.buffer, 0, s.rows * (s.size + 1) * 8),
  )
}

describe("patchOverrides (a study's cases, without the text round trip)", () => {
  const project = load(fs.readFileSync(PENDULUM, 'utf8'))
  const overrides = (...texts: string[]) => texts.map(parseOverride).filter((o): o is Override => 'path' in o)

  it.each([
    [['bob.physicsMass=2.5', 'timeIntegration.numberOfSteps=300', 'timeIntegration.endTime=0.3']],
    [['gravity.loadVector=[-0,-0,-0]', 'rod.distance=0.75', 'timeIntegration.endTime=0.2']],
    [['gravity.loadVector=[0.5,-3.7,-0]', 'solverType=TrapezoidalIndex2', 'timeIntegration.endTime=0.2']],
    [
      [
        'timeIntegration.generalizedAlpha.spectralRadius=0.6',
        'bob.physicsMass=0.5',
        'timeIntegration.endTime=0.2',
      ],
    ],
    [['timeIntegration.endTime=0.2', 'bob.physicsMass=3', 'bob.physicsMass=1.25']],
  ])('runs %j bit for bit as applyOverrides (mbs run --set) does', (texts) => {
    // Independent reference: applyOverrides writes the project text and loads it like a file.
    const slow = applyOverrides(project, overrides(...texts))
    const fast = patchOverrides(project, overrides(...texts))
    if (!slow.ok || !fast.ok) throw new Error(JSON.stringify([slow, fast]))
    expect(fast.project.settings).toEqual(slow.project.settings)
    expect(fast.project.model).toEqual(slow.project.model)
    expect(sensorBytes(fast.project)).toEqual(sensorBytes(slow.project))
  })

  it('refuses what applyOverrides refuses, with the same problems', () => {
    const bad = overrides('bob.physicsMass=-1', 'rod.distance=0', 'timeIntegration.numberOfSteps=0')
    const slow = applyOverrides(project, bad)
    const fast = patchOverrides(project, bad)
    expect(slow.ok).toBe(false)
    expect(fast).toEqual(slow)
  })
})
