// Packed per-item arrays: views into shared chunks must behave as fresh typed arrays (zero-filled,
// the requested length, independent of every other view), also across the start of a new chunk, which
// is where an overlap would show (a view placed in the old chunk at the new chunk's offset).
// Exact comparisons: nothing is computed, values are written and read back.
import { describe, expect, it } from 'vitest'
import {
  compactCopy,
  compactFloat64,
  compactInt32,
  packedCopy,
  packedFloat64,
  packedInt32,
} from '../../../../src/core/math/packedArrays'

describe('packedFloat64 / packedInt32', () => {
  it('hands out zero-filled, non-overlapping views across many chunks', () => {
    const views: (Float64Array | Int32Array)[] = []
    // 3000 mixed small arrays (about 0.3 MB with alignment) span several 64 KiB chunks.
    for (let k = 0; k < 3000; k++) {
      const n = 1 + ((k * 7) % 90)
      const v = k % 3 === 2 ? packedInt32(n) : packedFloat64(n)
      expect(v.length).toBe(n)
      expect(v.every((x) => x === 0)).toBe(true)
      v.fill(k + 1)
      views.push(v)
    }
    views.forEach((v, k) => expect(v.every((x) => x === k + 1)).toBe(true))
  })

  it('starts views on cache-line boundaries and gives large arrays their own buffer', () => {
    const a = packedFloat64(3),
      b = packedFloat64(3)
    expect(a.byteOffset % 64).toBe(0)
    expect(b.byteOffset % 64).toBe(0)
    const big = packedFloat64(100000)
    expect(big.byteOffset).toBe(0)
    expect(big.buffer.byteLength).toBe(800000)
  })

  it('packedCopy copies its source', () => {
    expect([...packedCopy([1.5, -2, 3e-300])]).toEqual([1.5, -2, 3e-300])
  })
})

describe('compactFloat64 / compactInt32', () => {
  it('hand out non-overlapping views on 16-byte boundaries, packed ones staying on cache lines', () => {
    const views: (Float64Array | Int32Array)[] = []
    // Compact and packed arrays interleaved over several chunks: each kind keeps its alignment.
    for (let k = 0; k < 6000; k++) {
      const n = 1 + ((k * 5) % 7)
      const kind = k % 4
      const v = kind === 0 ? packedFloat64(n) : kind === 1 ? compactInt32(n) : compactFloat64(n)
      expect(v.length).toBe(n)
      expect(v.every((x) => x === 0)).toBe(true)
      expect(v.byteOffset % (kind === 0 ? 64 : 16)).toBe(0)
      v.fill(k + 1)
      views.push(v)
    }
    views.forEach((v, k) => expect(v.every((x) => x === k + 1)).toBe(true))
  })

  it('compactCopy copies its source', () => {
    expect([...compactCopy([1.5, -2, 3e-300])]).toEqual([1.5, -2, 3e-300])
  })
})
