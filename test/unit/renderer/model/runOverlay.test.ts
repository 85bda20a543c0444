// Expressions of channels when runs are compared: each run's expression is evaluated on that run's own
// sensor rows and times (two runs written at different times), labelled with the run's name, in its
// colour; the reference is the same arithmetic done by hand on each run's rows (exact in binary: the
// values are small dyadic fractions). A run without the named sensor is left out.
import { describe, expect, it } from 'vitest'
import type { ItemSpec } from '../../../../src/core'
import { overlayExpressionColumns, type OverlaidRun } from '../../../../src/renderer/model/runOverlay'

const sensorItems: ItemSpec[] = [{ type: 'Node', name: 'x', nodeNumber: 'n', outputVariableType: 'Position' }]

/** A run whose sensor x (a position) has rows [t, x, y, z]. */
function run(id: number, color: string, rows: number[][], sensor = 'x'): OverlaidRun {
  const data = { size: 3, rows: Float64Array.from(rows.flat()) }
  return { id, name: `Run ${id}`, color, sensors: new Map([[sensor, data]]), sensorItems, loads: [] }
}

describe('overlayExpressionColumns', () => {
  const a = run(2, '#e0b050', [
    [0, 1.5, 0, 0],
    [0.25, 1.25, 0.5, 0],
  ])
  const b = run(3, '#6abe6a', [
    [0, 1.5, 0, 0],
    [0.125, 0.75, 0, 1],
    [0.375, 0.5, 0.25, 0],
  ])

  it("evaluates each run's expression on its own rows, in its colour", () => {
    const [ca, cb] = overlayExpressionColumns([a, b], ['x.x - 1'], 1)
    expect([ca.label, ca.color, ca.key]).toEqual(['Run 2: x.x - 1', '#e0b050', '2|expr:x.x - 1'])
    expect([...ca.t]).toEqual([0, 0.25])
    expect([...ca.values]).toEqual([0.5, 0.25])
    expect([cb.label, cb.color]).toEqual(['Run 3: x.x - 1', '#6abe6a'])
    expect([...cb.t]).toEqual([0, 0.125, 0.375])
    expect([...cb.values]).toEqual([0.5, -0.25, -0.5])
    // Dashed after the one chosen component: the second dash, the same for both runs.
    expect(ca.dash).toEqual(cb.dash)
    expect(ca.dash.length).toBeGreaterThan(0)
  })

  it('gives the norm of the vector per run, and leaves out a run without the sensor', () => {
    const other = run(4, '#4a90e2', [[0, 1, 1, 1]], 'y')
    const columns = overlayExpressionColumns([a, other], ['norm(x)'], 0)
    expect(columns.map((c) => c.label)).toEqual(['Run 2: norm(x)'])
    // sqrt(1.25^2 + 0.5^2) = sqrt(1.8125): to 2 ulp, hypot and a sum of squares round differently.
    expect(columns[0].values[0]).toBe(1.5)
    expect(Math.abs(columns[0].values[1] - Math.sqrt(1.8125))).toBeLessThanOrEqual(4.5e-16)
    expect(columns[0].dash).toEqual([])
  })
})
