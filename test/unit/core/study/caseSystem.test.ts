// A study worker's kept system (src/core/study/caseSystem.ts) against fresh runs: cases in a shuffled
// order through one CaseSystem, live (loadVector, stiffness), atRunStart (physicsMass), settings,
// structural (rod.distance, spring.markerNumbers), invalid and solver-failing cases mixed, each row bit
// for bit (Object.is) the row of `mbs run --set` of that case: the overrides applied with the project's
// text round trip (applyOverrides), a new build, a new run. The reference shares no state with the kept
// system, so any value a case leaves behind (state, data coordinates, a parameter) shows as a difference.
import { describe, expect, it } from 'vitest'
import { CaseSystem, runStudyCase, type Override, type Project, type StudyOutput } from '../../../../src/core'
import { alone, load, outputs, shuffled } from './freshRuns'

/** Runs the cases; returns how many ran on the kept system and how many were built anew. */
function expectEqualToFreshRuns(project: Project, outs: StudyOutput[], cases: Override[][]) {
  const kept = new CaseSystem(project)
  const order = shuffled(
    cases.map((overrides, index) => ({ index, overrides })),
    7,
  )
  // Twice through: the second pass starts each case from a system the first pass left in another state.
  for (const c of [...order, ...order.reverse()]) {
    const row = runStudyCase(project, outs, c, kept)
    const expected = alone(project, outs, c.overrides)
    const label = JSON.stringify(c.overrides)
    if (typeof expected === 'string') {
      expect(row.status, label).toBe('failed')
      // A solver's failure gives its message; an invalid override, the problems (checked in study.test).
      if (expected !== 'invalid') expect(row.error, label).toBe(expected)
      continue
    }
    expect(row.status, `${label}: ${row.error}`).toBe('ok')
    for (const o of outs)
      expect(Object.is(row.outputs[o.name], expected[o.name]), `${label} ${o.name}`).toBe(true)
  }
  return kept.counts
}

const steps = (n: number, endTime: number): Override[] => [
  { path: 'timeIntegration.numberOfSteps', value: n },
  { path: 'timeIntegration.endTime', value: endTime },
]

describe('CaseSystem: a kept system per study worker', () => {
  it('pendulum: shuffled mass, gravity, structural and failing cases equal fresh runs bit for bit', () => {
    const project = load('resources/examples/pendulum.mbsproj')
    const short = steps(200, 0.5)
    const cases: Override[][] = [
      [{ path: 'bob.physicsMass', value: 0.5 }, ...short],
      [{ path: 'bob.physicsMass', value: 2.5 }, ...short],
      [{ path: 'gravity.loadVector', value: [0, -1.62, 0] }, ...short],
      [
        { path: 'bob.physicsMass', value: 1.7 },
        { path: 'gravity.loadVector', value: [0.5, -3.71, 0] },
        ...short,
      ],
      // Structural: a new build, the kept system untouched.
      [{ path: 'rod.distance', value: 1.5 }, { path: 'bob.physicsMass', value: 3 }, ...short],
      // Invalid: a failed row, nothing changed.
      [{ path: 'bob.physicsMass', value: -1 }, ...short],
      // Massless bob on a rod: the solver fails (singular iteration matrix) or runs, as the fresh run does.
      [{ path: 'bob.physicsMass', value: 0 }, ...short],
      [...short],
      // Newton fails mid-run (t = 0.24 s): the next case starts from the garbage state it leaves.
      [{ path: 'gravity.loadVector', value: [0, -1e6, 0] }, ...steps(50, 0.5)],
      [{ path: 'bob.physicsMass', value: 1.25 }, ...steps(150, 0.6)],
      [{ path: 'solverType', value: 'RK44' }, { path: 'bob.physicsMass', value: 0.75 }, ...steps(300, 0.3)],
    ]
    // Kept: every valid case but the structural one (2 passes); built: the structural one, twice.
    expect(expectEqualToFreshRuns(project, outputs('bobPositionSensor', 2), cases)).toEqual({
      kept: 18,
      built: 2,
    })
  })

  it('spring pendulum: live stiffness and damping, mass, a structural change of the spring', () => {
    const project = load('test/fixtures/branch/springPendulum.mbsproj')
    const short = steps(300, 0.6)
    const cases: Override[][] = [
      [{ path: 'spring.stiffness', value: 50 }, ...short],
      [{ path: 'spring.stiffness', value: 400 }, { path: 'spring.damping', value: 2 }, ...short],
      [{ path: 'bob.physicsMass', value: 0.3 }, { path: 'spring.damping', value: 0.5 }, ...short],
      [{ path: 'spring.markerNumbers', value: ['bobPosition', 'pivot'] }, ...short],
      [{ path: 'spring.stiffness', value: 'stiff' }, ...short],
      [...short],
    ]
    expect(expectEqualToFreshRuns(project, outputs('bobPositionSensor', 3), cases)).toEqual({
      kept: 8,
      built: 2,
    })
  })

  it('ball on stairs: contact and friction states start again from the initial state', () => {
    const project = load('resources/examples/bouncingBallStairs.mbsproj')
    const short = steps(2000, 0.8)
    const cases: Override[][] = [
      [{ path: 'gravity.loadVector', value: [0, 0, -9.81] }, ...short],
      [{ path: 'gravity.loadVector', value: [0.4, 0, -14] }, ...short],
      [{ path: 'gravity.loadVector', value: [0, 0.3, -6] }, ...short],
    ]
    expect(expectEqualToFreshRuns(project, outputs('ballPosition', 3), cases)).toEqual({ kept: 6, built: 0 })
  })
})
