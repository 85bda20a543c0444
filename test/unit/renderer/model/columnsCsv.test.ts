// The plot's CSV: two compared runs written at different times, joined by hand into one time axis
// as uPlot.join gives it (undefined where a run has no sample), must come out as one time column, a
// column per run and channel with the run's name in its header, and empty cells where a run has no
// sample; the reference is the table written out by hand. Numbers are written in full precision.
import { describe, expect, it } from 'vitest'
import { columnsCsv } from '../../../../src/renderer/model/columnsCsv'
import { seriesCsv } from '../../../../src/renderer/model/sensorData'

describe('columnsCsv', () => {
  it('writes a join of two runs with different output times, empty where a run has no sample', () => {
    // Run A written at 0, 0.1, 0.2 s; run B at 0, 0.15, 0.3 s.
    const t = [0, 0.1, 0.15, 0.2, 0.3]
    const a = [1.5, 1.25, undefined, 0.75, undefined]
    const b = [1.5, undefined, -0.5, undefined, 1 / 3]
    expect(columnsCsv(['t', 'Run A: x.x', 'Run B: x.x'], [t, a, b])).toBe(
      't,Run A: x.x,Run B: x.x\n' +
        '0,1.5,1.5\n' +
        '0.1,1.25,\n' +
        '0.15,,-0.5\n' +
        '0.2,0.75,\n' +
        `0.3,,${String(1 / 3)}\n`,
    )
  })

  it("quotes a header holding a comma or a quote (run names are the user's)", () => {
    expect(columnsCsv(['t', 'k = 1,5: x', 'the "stiff" one: x'], [[0], [null], [2]])).toBe(
      't,"k = 1,5: x","the ""stiff"" one: x"\n0,,2\n',
    )
  })

  it('writes the header alone without samples', () => {
    expect(columnsCsv(['t'], [])).toBe('t\n')
  })
})

describe('seriesCsv', () => {
  it('writes series of one time axis, cut to the shortest', () => {
    const t = Float64Array.of(0, 0.5, 1)
    const csv = seriesCsv([
      { label: 'x', t, values: Float64Array.of(1, 2, 3) },
      { label: 'y', t: t.subarray(0, 2), values: Float64Array.of(4, 5) },
    ])
    expect(csv).toBe('t,x,y\n0,1,4\n0.5,2,5\n')
  })
})
