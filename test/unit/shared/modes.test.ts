// The drawn motion q0 + a Re(phi e^{i theta}) against the complex product written out.
import { describe, expect, it } from 'vitest'
import { shapeAt, type ModeRow } from '../../../src/shared/modes'

const complexMode: ModeRow = {
  frequency: 1.5,
  dampingRatio: 0.05,
  rigidBody: false,
  unstable: false,
  dominant: [{ item: 'n1', share: 0.75 }],
  shape: [1, -0.5],
  shapeImaginary: [0.25, 0.8],
}

describe('shapeAt', () => {
  it('is q0 + a Re(phi e^{i theta}) for a complex shape, to rounding', () => {
    const q0 = [0.1, -2]
    const out = new Float64Array(2)
    for (const theta of [0, 0.7, 2, Math.PI]) {
      shapeAt(out, q0, complexMode, 0.3, theta)
      for (let j = 0; j < 2; j++) {
        // (re + i im)(cos + i sin): real part re cos - im sin.
        const [re, im] = [complexMode.shape[j], complexMode.shapeImaginary![j]]
        const [cr, ci] = [Math.cos(theta), Math.sin(theta)]
        expect(out[j]).toBeCloseTo(q0[j] + 0.3 * (re * cr - im * ci), 14)
      }
    }
  })

  it('a real shape oscillates as a cos theta about q0', () => {
    const mode = { ...complexMode, shapeImaginary: null }
    const out = shapeAt(new Float64Array(2), [0, 0], mode, 2, Math.PI)
    expect(Array.from(out)).toEqual([-2, 1])
  })
})
