// A study's override plan (src/core/study/overridePlan.ts) against `mbs run --set`: every case the plan
// takes gives the resolved items and settings of the project text edited and loaded again
// (applyOverrides), equal bit for bit (Object.is on every number, the same keys in the same order, the
// same defaults), and every case whose overrides the reader refuses is one the plan does not take (it
// then goes through patchOverrides, whose messages study.test checks).
import { describe, expect, it } from 'vitest'
import {
  applyOverrides,
  ITEM_KINDS,
  OverridePlan,
  type JsonValue,
  type Override,
  type Project,
} from '../../../../src/core'
import { load } from './freshRuns'

/** Equal as the solver reads them: numbers by Object.is, objects with the same keys in the same order. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Object.is(a, b)
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  const ra = a as Record<string, unknown>
  const rb = b as Record<string, unknown>
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && same(ra[k], rb[k]))
}

/** The plan's case equals the reloaded project's, or both refuse it; returns whether the plan took it. */
function expectAsReloaded(project: Project, overrides: Override[]): boolean {
  const plan = OverridePlan.of(
    project,
    overrides.map((o) => o.path),
  )
  expect(plan, JSON.stringify(overrides)).not.toBeNull()
  const planned = plan!.apply(overrides)
  const reloaded = applyOverrides(project, overrides)
  const label = JSON.stringify(overrides)
  if (!reloaded.ok) {
    expect(planned, label).toBeNull()
    return false
  }
  expect(planned, label).not.toBeNull()
  const want = reloaded.project
  expect(same(planned!.settings, want.settings), `${label}: settings`).toBe(true)
  for (const kind of ITEM_KINDS) {
    expect(planned!.resolved.count(kind)).toBe(want.resolved.count(kind))
    for (let i = 0; i < want.resolved.count(kind); i++) {
      const got = planned!.resolved.item(kind, i)
      const expected = want.resolved.item(kind, i)
      const where = `${label}: ${kind} ${expected.name}`
      expect([got.kind, got.index, got.name, got.type], where).toEqual([
        expected.kind,
        expected.index,
        expected.name,
        expected.type,
      ])
      // The defaults come through the prototype, the definition's, shared by every item of the type.
      expect(Object.getPrototypeOf(got.params.values), where).toBe(
        Object.getPrototypeOf(expected.params.values),
      )
      expect(same(got.params.values, expected.params.values), where).toBe(true)
    }
  }
  return true
}

const values = (paths: string[], ...cases: JsonValue[][]): Override[][] =>
  cases.map((vs) => vs.map((value, i) => ({ path: paths[i], value })))

describe('OverridePlan: a study case is its values checked and written', () => {
  it('pendulum: parameters, vectors and settings as the reloaded text, bit for bit', () => {
    const project = load('resources/examples/pendulum.mbsproj')
    const paths = [
      'bob.physicsMass',
      'gravity.loadVector',
      'rod.distance',
      'timeIntegration.numberOfSteps',
      'simulationSettings.timeIntegration.endTime',
      'solverType',
      'timeIntegration.generalizedAlpha.spectralRadius',
    ]
    const cases = values(
      paths,
      [0.5, [0, -1.62, 0], 1.5, 100, 0.5, 'GeneralizedAlpha', 0.8],
      // -0 as the text writes it (0); 1/3 and 1e-300 keep every bit.
      [1 / 3, [-0, -9.81, 1e-300], 0.7, 1, 1e-3, 'RK44', 1],
      [2, [0, -1, 0], 1, 2000, 2, 'ExplicitEuler', 0],
      // Refused: a negative mass, a vector of 2, an integer given 1.5, an unknown solver, rho > 1.
      [-1, [0, -9.81, 0], 1, 100, 1, 'RK44', 0.9],
      [1, [0, -9.81], 1, 100, 1, 'RK44', 0.9],
      [1, [0, -9.81, 0], 1, 1.5, 1, 'RK44', 0.9],
      [1, [0, -9.81, 0], 1, 100, 1, 'RK45', 0.9],
      [1, [0, -9.81, 0], 1, 100, 1, 'RK44', 1.5],
      [Number.NaN, [0, -9.81, 0], 1, 100, 1, 'RK44', 0.9],
      ['heavy', [0, -9.81, 0], 1, 100, 1, 'RK44', 0.9],
    )
    expect(cases.map((c) => expectAsReloaded(project, c))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })

  it('settings are checked after each override in order, as each edit is', () => {
    const project = load('resources/examples/pendulum.mbsproj')
    // endTime is 2: a start at 5 is refused before the end moves to 6, not after.
    const start = { path: 'timeIntegration.startTime', value: 5 }
    const end = { path: 'timeIntegration.endTime', value: 6 }
    expect(expectAsReloaded(project, [start, end])).toBe(false)
    expect(expectAsReloaded(project, [end, start])).toBe(true)
    // Static solves need no time span.
    expect(expectAsReloaded(project, [{ path: 'solverType', value: 'Static' }, start])).toBe(true)
  })

  it('slider-crank: the cross-item checks of the edited item, and two edits of one item', () => {
    const project = load('resources/examples/sliderCrankRigid.mbsproj')
    const axis = 'sliderGuide.axisMarker0'
    const normal = 'sliderGuide.normalMarker1'
    // A zero direction passes the vector's shape check and fails the joint's own check.
    expect(expectAsReloaded(project, [{ path: axis, value: [0, 0, 0] }])).toBe(false)
    expect(expectAsReloaded(project, [{ path: axis, value: [0, 2, 0] }])).toBe(true)
    expect(
      expectAsReloaded(project, [
        { path: axis, value: [1, 1, 0] },
        { path: normal, value: [-1, 1, 0] },
        { path: 'slider.physicsMass', value: 3 },
        { path: 'crank.physicsInertia', value: 0.01 },
      ]),
    ).toBe(true)
    expect(
      expectAsReloaded(project, [
        { path: 'slider.physicsMass', value: 3 },
        { path: 'slider.physicsMass', value: 4 },
      ]),
    ).toBe(true)
  })

  it('takes in place what a built system takes, and plans no path the reader resolves per value', () => {
    const project = load('test/fixtures/branch/springPendulum.mbsproj')
    const plan = (...paths: string[]) => OverridePlan.of(project, paths)
    expect(plan('spring.stiffness', 'bob.physicsMass', 'timeIntegration.endTime')?.changes).toHaveLength(2)
    // A structural parameter (a constraint's length): planned, and built anew.
    const pendulum = load('resources/examples/pendulum.mbsproj')
    expect(OverridePlan.of(pendulum, ['rod.distance'])?.changes).toBeNull()
    // References, keys inside a value, experimental features, unknown paths: patchOverrides' work.
    expect(plan('spring.markerNumbers')).toBeNull()
    expect(plan('spring.stiffness.inner')).toBeNull()
    expect(plan('experimental')).toBeNull()
    expect(plan('spring.stifness')).toBeNull()
    expect(plan('timeIntegration')).toBeNull()
  })
  it('random values of every shape: the plan takes exactly the cases the reader accepts', () => {
    const project = load('resources/examples/sliderCrankRigid.mbsproj')
    // Each path with values of its own type (valid or not for the model), and any value at all.
    const typed: Record<string, JsonValue[]> = {
      'slider.physicsMass': [0.5, 2, 1 / 3, 0],
      'sliderGuide.axisMarker0': [
        [1, 0, 0],
        [0, 2, 0],
        [1, 1, 0],
        [0, 0, 0],
      ],
      'sliderGuide.constrainRotation': [true, false],
      'timeIntegration.numberOfSteps': [10, 1000, 1],
      'timeIntegration.startTime': [0, 0.5, 1.9, 3],
      linearSolverType: ['EXUdense', 'EigenSparse', 'auto'],
      'solutionSettings.sensorsWritePeriod': [0, 0.01, 0.5],
    }
    const paths = Object.keys(typed)
    // A linear congruential generator: the same values on every run.
    let seed = 20
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
    const scalars: JsonValue[] = [
      0,
      -0,
      1,
      -1,
      1.5,
      3,
      1e308,
      1e-320,
      0.1,
      null,
      true,
      false,
      '',
      'EXUdense',
      'EigenSparse',
      'x',
    ]
    const value = (): JsonValue => {
      const shape = next(6)
      if (shape === 0) return [scalars[next(10)], scalars[next(10)], scalars[next(10)]]
      if (shape === 1) return Array.from({ length: next(5) }, () => next(7) - 3)
      if (shape === 2) return { x: scalars[next(scalars.length)] }
      return scalars[next(scalars.length)]
    }
    let taken = 0
    for (let k = 0; k < 400; k++) {
      // Two or three overrides, any order, a path possibly twice.
      const overrides = Array.from({ length: 2 + next(2) }, () => {
        const path = paths[next(paths.length)]
        return { path, value: next(3) > 0 ? typed[path][next(typed[path].length)] : value() }
      })
      if (expectAsReloaded(project, overrides)) taken++
    }
    // Enough of both kinds that each side of the comparison was exercised.
    expect(taken).toBeGreaterThan(100)
    expect(taken).toBeLessThan(300)
  })
})
