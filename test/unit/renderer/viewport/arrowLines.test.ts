// The viewport draws an 'arrow' primitive as lines: the shaft from -> to and a head of four barbs at
// `to` pointing back along the shaft. Exact geometry of a few operations on O(1) numbers: 1e-12.
import { describe, expect, it } from 'vitest'
import type { GraphicsItem } from '../../../../src/core'
import {
  ARROW_HEAD_HALF_WIDTH,
  ARROW_HEAD_LENGTH,
  buildLines,
} from '../../../../src/renderer/viewport/primitives'

const from = [1, 2, 3],
  to = [1 + 2 / 3, 2 + 4 / 3, 3 + 4 / 3] // length 2 along [1, 2, 2] / 3
const axis = [1 / 3, 2 / 3, 2 / 3],
  length = 2
const color = [0.85, 0.2, 0.85, 1]
const items: GraphicsItem[] = [{ item: 'object:0', primitives: [{ shape: 'arrow', from, to, color }] }]

const xyz = (v: { x: number; y: number; z: number }) => [v.x, v.y, v.z]
const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]

describe('buildLines: arrow', () => {
  const set = buildLines(items, new Set(), [0, 0, 1])

  it('draws the shaft from -> to in the primitive colour', () => {
    expect(set.lines).toHaveLength(5)
    const [start, end] = set.lines[0].map(xyz)
    start.forEach((x, i) => expect(x).toBeCloseTo(from[i], 12))
    end.forEach((x, i) => expect(x).toBeCloseTo(to[i], 12))
    for (const colors of set.colors) for (const c of colors) expect([c.r, c.g, c.b, c.a]).toEqual(color)
  })

  it('has four barbs ending at the tip, pointing back along the shaft, in two perpendicular planes', () => {
    const offsets = set.lines.slice(1).map((barb) => {
      const [base, tip] = barb.map(xyz)
      tip.forEach((x, i) => expect(x).toBeCloseTo(to[i], 12))
      const back = base.map((x, i) => x - to[i])
      // Each barb goes back by the head length along the shaft and out by the half-width across it.
      expect(dot(back, axis)).toBeCloseTo(-ARROW_HEAD_LENGTH * length, 12)
      const across = back.map((x, i) => x - dot(back, axis) * axis[i])
      expect(Math.hypot(...across)).toBeCloseTo(ARROW_HEAD_HALF_WIDTH * ARROW_HEAD_LENGTH * length, 12)
      return across
    })
    // Opposite pairs (a V each), the two V's at right angles.
    offsets[0].forEach((x, i) => expect(x + offsets[1][i]).toBeCloseTo(0, 12))
    offsets[2].forEach((x, i) => expect(x + offsets[3][i]).toBeCloseTo(0, 12))
    expect(dot(offsets[0], offsets[2])).toBeCloseTo(0, 12)
  })

  it('takes the selection colour when its item is selected; a zero-length arrow is only its shaft', () => {
    const selected = buildLines(items, new Set(['object:0']), [0.35, 0.75, 1])
    for (const colors of selected.colors)
      for (const c of colors) expect([c.r, c.g, c.b]).toEqual([0.35, 0.75, 1])
    expect(
      buildLines(
        [{ item: 'object:0', primitives: [{ shape: 'arrow', from, to: from, color }] }],
        new Set(),
        [0, 0, 1],
      ).lines,
    ).toHaveLength(1)
  })
})
