import { describe, expect, it } from 'vitest'
import { decodeBinaryMessage, encodeBinaryMessage } from '../../../src/shared/binaryMessage'

describe('binary messages', () => {
  it('round-trips Float64Arrays bit for bit, with the JSON around them', () => {
    const times = new Float64Array([0, 1 / 3, Number.MIN_VALUE, -0])
    const positions = new Float64Array([Math.PI, NaN, Infinity, -1e308, 1e-300, 2 ** 53 + 2])
    const message = { event: 'frames', data: { seq: 7, nodeCount: 2, times, positions, label: 'é' } }
    const decoded = decodeBinaryMessage(encodeBinaryMessage(message)) as typeof message
    expect(decoded.event).toBe('frames')
    expect(decoded.data.seq).toBe(7)
    expect(decoded.data.label).toBe('é')
    expect(decoded.data.times).toBeInstanceOf(Float64Array)
    // Bit-identical: compare the raw bytes (NaN and -0 included).
    expect(new Uint8Array(decoded.data.times.buffer)).toEqual(new Uint8Array(times.buffer))
    expect(new Uint8Array(decoded.data.positions.buffer)).toEqual(new Uint8Array(positions.buffer))
  })

  it('costs 8 bytes a number plus a small header', () => {
    const rows = new Float64Array(3000)
    const bytes = encodeBinaryMessage({
      event: 'sensors',
      data: { series: [{ sensor: 's', size: 3, rows }] },
    })
    expect(bytes.byteLength).toBeGreaterThanOrEqual(8 * 3000)
    expect(bytes.byteLength).toBeLessThan(8 * 3000 + 200)
  })

  it('keeps arrays in nested lists apart', () => {
    const series = [1, 2, 3].map((k) => ({ sensor: `s${k}`, rows: new Float64Array(k).fill(k) }))
    const decoded = decodeBinaryMessage(encodeBinaryMessage({ series })) as { series: typeof series }
    expect(decoded.series.map((s) => Array.from(s.rows))).toEqual([[1], [2, 2], [3, 3, 3]])
  })
})
