// Assembly through slots looked up once (SystemMatrix.slots + addAt, what the evaluator does at every
// Jacobian refresh) against the searched assembly entry by entry (add, a binary search per entry for
// the sparse matrix), on random item layouts: blocks on random ltg arrays with repeated indices,
// constraint rows with their transposes, and blocks whose pattern covers only groups of the ltg.
// Tolerance: none. The slot path must make the same additions in the same order per entry, so the
// values must be bit for bit equal (Object.is, which also tells -0 from +0); any reordering or a
// misplaced entry shows up as a difference in the last bits or worse.
import { describe, expect, it } from 'vitest'
import { SparsePatternBuilder } from '../../../../src/core/math/sparsePattern'
import { DenseSystemMatrix, type SystemMatrix } from '../../../../src/core/system/matrix'
import { SparseSystemMatrix } from '../../../../src/core/system/sparseMatrix'
import { seededRandom } from '../../../validation/helpers'

interface Item {
  ltg: Int32Array
  /** Global rows of its constraint equations (after the ODE2 unknowns). */
  aeRows: Int32Array
  /** Blocks of the pattern within ltg x ltg (absent: the whole block). */
  groups?: Int32Array[]
}

const N_ODE2 = 50

/** Random items: ltg of 1-9 ODE2 indices (repeats allowed, as for two markers on one node), 0-3 equations. */
function randomItems(random: () => number, count: number): { items: Item[]; n: number } {
  const items: Item[] = []
  let nAE = 0
  const index = (): number => Math.floor((random() + 0.5) * N_ODE2)
  for (let k = 0; k < count; k++) {
    const ltg = Int32Array.from({ length: 1 + Math.floor((random() + 0.5) * 9) }, index)
    const m = Math.floor((random() + 0.5) * 4)
    const aeRows = Int32Array.from({ length: m }, (_, i) => N_ODE2 + nAE + i)
    nAE += m
    const half = ltg.length >> 1
    items.push({
      ltg,
      aeRows,
      groups: k % 3 === 0 && half > 0 ? [ltg.slice(0, half), ltg.slice(half)] : undefined,
    })
  }
  return { items, n: N_ODE2 + nAE }
}

function sparseMatrixFor(items: Item[], n: number): SparseSystemMatrix {
  const b = new SparsePatternBuilder(n)
  b.addDiagonal()
  for (const it of items) {
    for (const g of it.groups ?? [it.ltg]) b.addBlock(g, 0, g, 0)
    b.addBlock(it.aeRows, 0, it.ltg, 0, true)
  }
  return new SparseSystemMatrix(b.build())
}

/** A local block with exact zeros in about a third of the entries (items write structural zeros). */
function randomBlock(
  random: () => number,
  length: number,
  zeroOutside?: (k: number) => boolean,
): Float64Array {
  return Float64Array.from({ length }, (_, k) =>
    zeroOutside?.(k) || random() < -0.17
      ? random() < 0
        ? -0
        : 0
      : random() * 10 ** Math.floor(6 * random()),
  )
}

/** Whether local entry k of item's ltg x ltg block lies in one of its groups (by position in ltg). */
function inGroups(it: Item, k: number): boolean {
  if (!it.groups) return true
  const n = it.ltg.length,
    i = Math.floor(k / n),
    j = k % n,
    half = n >> 1
  return i < half === j < half
}

/** The same round of blocks added through searched single entries (reference) and through slots. */
function assembleBoth(seed: number, reference: SystemMatrix, slotted: SystemMatrix, items: Item[]): void {
  const squares = items.map((it) => slotted.slots(it.ltg, 0, it.ltg, 0))
  const rows = items.map((it) => slotted.slots(it.aeRows, 0, it.ltg, 0))
  const columns = items.map((it) => slotted.slots(it.aeRows, 0, it.ltg, 0, true))
  const random = seededRandom(seed)
  for (const m of [reference, slotted]) m.zero()
  for (let round = 0; round < 3; round++)
    items.forEach((it, c) => {
      const n = it.ltg.length,
        nAE = it.aeRows.length
      const factor = round === 1 ? 0.37 : 1
      const square = randomBlock(random, n * n, (k) => !inGroups(it, k))
      const jac = randomBlock(random, nAE * n)
      for (let k = 0; k < n * n; k++)
        if (square[k] !== 0) reference.add(it.ltg[Math.floor(k / n)], it.ltg[k % n], factor * square[k])
      slotted.addAt(squares[c], 0, n * n, square, factor)
      for (let i = 0; i < nAE; i++)
        for (let j = 0; j < n; j++) {
          const v = jac[i * n + j]
          if (v === 0) continue
          reference.add(it.aeRows[i], it.ltg[j], factor * v)
          reference.add(it.ltg[j], it.aeRows[i], 2 * v)
        }
      slotted.addAt(rows[c], 0, nAE * n, jac, factor)
      slotted.addAt(columns[c], 0, nAE * n, jac, 2)
    })
}

function expectBitwiseEqual(a: Float64Array, b: Float64Array): void {
  expect(a.length).toBe(b.length)
  let differing = 0
  for (let k = 0; k < a.length; k++) if (!Object.is(a[k], b[k])) differing++
  expect(differing).toBe(0)
}

describe('assembly through slots', () => {
  it('sparse: slots give bit for bit the values of the searched assembly on random patterns', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const { items, n } = randomItems(seededRandom(seed), 40)
      const reference = sparseMatrixFor(items, n),
        slotted = sparseMatrixFor(items, n)
      assembleBoth(100 + seed, reference, slotted, items)
      expectBitwiseEqual(slotted.values, reference.values)
      // The comparison is not between two empty matrices.
      expect(reference.values.filter((v) => v !== 0).length).toBeGreaterThan(reference.values.length / 3)
    }
  })

  it('dense: slots give bit for bit the values of adding entry by entry', () => {
    const { items, n } = randomItems(seededRandom(7), 25)
    const reference = new DenseSystemMatrix(n),
      slotted = new DenseSystemMatrix(n)
    assembleBoth(8, reference, slotted, items)
    expectBitwiseEqual(slotted.data, reference.data)
  })

  it('a nonzero outside the pattern is reported; zeros there are not', () => {
    const b = new SparsePatternBuilder(3)
    b.addDiagonal()
    const m = new SparseSystemMatrix(b.build())
    const slots = m.slots([0, 1], 0, [0, 1], 0)
    m.addAt(slots, 0, 4, Float64Array.of(1, 0, -0, 2), 1)
    expect(Array.from(m.values)).toEqual([1, 2, 0])
    expect(() => m.addAt(slots, 0, 4, Float64Array.of(1, 5, 0, 2), 1)).toThrow(/outside the pattern/)
  })
})
