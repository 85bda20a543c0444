// The Modes tab's table as CSV.
import { describe, expect, it } from 'vitest'
import type { ModeRow, ModesResult } from '../../../../src/shared/modes'
import { modesCsv } from '../../../../src/renderer/model/modesCsv'

const complexMode: ModeRow = {
  frequency: 1.5,
  dampingRatio: 0.05,
  rigidBody: false,
  unstable: false,
  dominant: [{ item: 'n1', share: 0.75 }],
  shape: [1, -0.5],
  shapeImaginary: [0.25, 0.8],
}

describe('modesCsv', () => {
  it('one row per mode, numbers in full precision, empty damping of an undamped mode', () => {
    const result: ModesResult = {
      at: 'initial',
      time: 0,
      coordinates: [0, 0],
      revision: 1,
      method: 'dense',
      modes: [
        { ...complexMode, frequency: 0, dampingRatio: null, rigidBody: true, shapeImaginary: null },
        {
          ...complexMode,
          frequency: 1 / 3,
          dominant: [...complexMode.dominant, { item: 'n0', share: 0.25 }],
        },
      ],
    }
    expect(modesCsv(result)).toBe(
      'mode,frequency_Hz,damping_ratio,rigid_body,unstable,dominant\n' +
        '1,0,,true,false,"n1 0.7500"\n' +
        `2,${String(1 / 3)},0.05,false,false,"n1 0.7500; n0 0.2500"\n`,
    )
  })
})
