// `mbs linearize`: the --json and --csv contracts, the table, and the argument errors, on a
// mass-spring-damper whose A, B, C, D have a closed form (test/validation/modesStateSpace.test.ts
// checks the matrices themselves).
import { describe, expect, it } from 'vitest'
import { parseArgs } from '../../../src/cli/args'
import { mbs } from '../../fixtures/cli'
import { massSpringDamper, projectFile } from '../../fixtures/coordinateSprings'

const m = 2,
  k = 50,
  d = 3

const oscillatorFile = (): string =>
  projectFile(
    'oscillator',
    massSpringDamper(m, k, d, 1, [
      { type: 'Node', name: 'x', nodeNumber: 'n', outputVariableType: 'Coordinates' },
      { type: 'Node', name: 'v', nodeNumber: 'n', outputVariableType: 'Coordinates_t' },
    ]),
  )

/** Central differences of linear functions: round-off only (test/validation/modesStateSpace.test.ts). */
const TOL = 1e-10

describe('mbs linearize', () => {
  it('--json: last line {at, inputs, outputs, outputValues, basis, A, B, C, D} as arrays of rows', () => {
    const { code, out, err } = mbs(
      'linearize',
      oscillatorFile(),
      '--inputs',
      'push',
      '--outputs',
      'x',
      'v',
      '--json',
    )
    expect(err).toEqual([])
    expect(code).toBe(0)
    const r = JSON.parse(out.at(-1)!)
    expect(Object.keys(r)).toEqual(['at', 'inputs', 'outputs', 'outputValues', 'basis', 'A', 'B', 'C', 'D'])
    expect(r).toMatchObject({ at: 'static', inputs: ['push'], outputs: ['x', 'v'], basis: [[1]] })
    const expected: Record<string, number[][]> = {
      A: [
        [0, 1],
        [-k / m, -d / m],
      ],
      B: [[0], [1 / m]],
      C: [
        [1, 0],
        [0, 1],
      ],
      D: [[0], [0]],
    }
    for (const [name, rows] of Object.entries(expected))
      rows.forEach((row, i) => row.forEach((v, j) => expect(Math.abs(r[name][i][j] - v)).toBeLessThan(TOL)))
  })

  it('--csv: "# NAME ROWS COLUMNS" and the rows of A, B, C, D, numbers that parse back exactly', () => {
    const json = JSON.parse(
      mbs('linearize', oscillatorFile(), '--inputs', 'push', '--outputs', 'x', '--json').out.at(-1)!,
    )
    const { code, out } = mbs('linearize', oscillatorFile(), '--inputs=push', '--outputs=x', '--csv')
    expect(code).toBe(0)
    expect(out.filter((l) => l.startsWith('#'))).toEqual(['# A 2 2', '# B 2 1', '# C 1 2', '# D 1 1'])
    const a = out.slice(1, 3).map((l) => l.split(',').map(Number))
    expect(a).toEqual(json.A)
  })

  it('table: the state, inputs, outputs and each matrix', () => {
    const { code, out } = mbs(
      'linearize',
      oscillatorFile(),
      '--at',
      'initial',
      '--inputs',
      'push',
      '--outputs',
      'x',
    )
    expect(code).toBe(0)
    expect(out.slice(0, 3)).toEqual([
      "2 states x = [z; z'] (q - q0 = N z, 1 independent coordinates of 1)",
      'inputs: push',
      'outputs: x',
    ])
    expect(out).toContain('A (2 x 2)')
    expect(out[out.indexOf('B (2 x 1)') + 2].trim()).toBe((1 / m).toPrecision(6))
  })

  it('bad arguments: exit 64 naming the load or sensor, or the missing lists', () => {
    const file = oscillatorFile()
    const none = mbs('linearize', file)
    expect(none.code).toBe(64)
    expect(none.err[0]).toContain('--inputs LOAD... --outputs SENSOR...')
    const load = mbs('linearize', file, '--inputs', 'psuh', '--outputs', 'x')
    expect(load.code).toBe(64)
    expect(load.err[0]).toContain('no load "psuh" (did you mean "push"?)')
    const sensor = mbs('linearize', file, '--inputs', 'push', '--outputs', 'y')
    expect(sensor.err[0]).toContain('no sensor "y" (did you mean "x"?); the project\'s sensors: x, v')
    const both = mbs('linearize', file, '--inputs', 'push', '--json', '--csv')
    expect(both.err[0]).toContain('--json and --csv exclude each other')
    const empty = mbs('linearize', file, '--inputs', '--outputs', 'x')
    expect(empty.err[0]).toContain('--inputs needs at least one LOAD')
  })

  it('--inputs and --outputs take every argument up to the next option, and add up when repeated', () => {
    expect(
      parseArgs(['linearize', 'p.mbsproj', '--inputs', 'a', 'b', '--outputs', 'x', '--inputs=c']),
    ).toEqual({
      command: 'linearize',
      project: 'p.mbsproj',
      linearize: { at: 'static', inputs: ['a', 'b', 'c'], outputs: ['x'], format: 'table' },
    })
    // PROJECT after a list is one more load name, so the project is missing.
    expect(() => parseArgs(['linearize', '--inputs', 'a', 'p.mbsproj'])).toThrow('missing PROJECT')
  })
})
