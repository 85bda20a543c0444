// Values nested beyond any stack: cloneJson copies them iteratively, canonicalJson refuses them with
// a message instead of overflowing, and an edit patch is held to the bounds of a loaded file (64
// levels), refused naming the path before anything walks it. And lists long enough that spreading
// their problems into push() would overflow: every problem is reported.
import { describe, expect, it } from 'vitest'
import { applyPatch, PatchError, validateEdit, type JsonValue } from '../../../../src/core'
import { canonicalJson, MAX_CANONICAL_DEPTH } from '../../../../src/core/model/canonicalJson'
import { cloneJson } from '../../../../src/core/model/parameters'

function nested(depth: number): JsonValue {
  let v: JsonValue = [1, 2]
  for (let i = 0; i < depth; i++) v = { a: v }
  return v
}
function depthOf(v: JsonValue): number {
  let depth = 0
  while (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    v = v.a
    depth++
  }
  return depth
}

describe('deep values', () => {
  it('cloneJson copies 100,000 levels: equal, and no object shared', () => {
    const deep = nested(100_000)
    const copy = cloneJson(deep)
    expect(depthOf(copy)).toBe(100_000)
    // Identity compared as booleans: vitest's matchers would print (recurse into) the deep values.
    expect(copy === deep).toBe(false)
    expect((copy as { a: JsonValue }).a === (deep as { a: JsonValue }).a).toBe(false)
    const shallow = { list: [1, { b: [true, null, 'x'] }], n: -0 }
    expect(cloneJson(shallow)).toEqual(shallow)
    expect(Object.is(cloneJson(shallow).n, -0)).toBe(true)
  })

  it('cloneJson keeps a "__proto__" key an own property (JSON.parse makes it one)', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": 1}, "x": 2}') as JsonValue
    const copy = cloneJson(parsed) as Record<string, unknown>
    expect(Object.keys(copy)).toEqual(['__proto__', 'x'])
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect((copy as { polluted?: number }).polluted).toBeUndefined()
  })

  it('canonicalJson writes up to its depth limit and refuses deeper documents cleanly', () => {
    const ok = nested(MAX_CANONICAL_DEPTH - 1)
    expect(JSON.parse(canonicalJson(ok))).toEqual(ok)
    expect(() => canonicalJson(nested(100_000))).toThrow(
      new RangeError(`canonical JSON: the document is nested deeper than ${MAX_CANONICAL_DEPTH} levels`),
    )
  })

  it('a patch nested deeper than a loaded file may be is a PatchError naming the path', () => {
    const doc = {
      model: { nodes: [], objects: [], markers: [], loads: [], sensors: [] },
      simulationSettings: {},
    }
    const patch = [{ op: 'setting' as const, path: 'timeIntegration', value: { deep: nested(100_000) } }]
    let error: unknown
    try {
      applyPatch(doc, patch)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(PatchError)
    expect((error as PatchError).problem.message).toBe('nested deeper than 64 levels')
    expect((error as PatchError).problem.path).toMatch(/^patch\[0\]\.value\.deep(\.a)+$/)
  })
})

describe('long lists', () => {
  it('an edit with a million unknown experimental flags reports each one', () => {
    const flags = Array.from({ length: 1_000_000 }, (_, i) => `flag${i}`)
    const model = { nodes: [], objects: [], markers: [], loads: [], sensors: [] }
    const problems = validateEdit({ model, simulationSettings: { experimental: flags } }, [
      { op: 'setting', path: 'experimental', value: flags },
    ])
    expect(problems).toHaveLength(1_000_000)
    expect(problems[999_999].path).toMatch(/experimental/)
  })
})
