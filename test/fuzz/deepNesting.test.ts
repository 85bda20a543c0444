// Nesting beyond any stack, anywhere in a project or an edit: refused with a clear problem, never a
// stack overflow. In a file of its own, so its 1e5-level documents are built in a process of their
// own (each fuzz file stays under 500 MB).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyPatch, parseProject, PatchError } from '../../src/core'
import { fuzzRuns, FUZZ_SEED } from './budget'
import { examples, replaceAt } from './examples'

describe('deeply nested input', () => {
  it('nesting beyond any stack anywhere in a project or an edit is refused, never a stack overflow', () => {
    const doc = {
      model: { nodes: [], objects: [], markers: [], loads: [], sensors: [] },
      simulationSettings: {},
    }
    fc.assert(
      fc.property(
        fc.nat(examples.length - 1),
        fc.nat(),
        fc.integer({ min: 65, max: 100_000 }),
        fc.boolean(),
        (i, pick, depth, arrays) => {
          const [open, close] = arrays ? ['[', ']'] : ['{"a":', '}']
          const deep = open.repeat(depth) + '0' + close.repeat(depth)
          const marked = JSON.stringify(replaceAt(JSON.parse(examples[i]), pick, '@@DEEP@@'))
          const r = parseProject(marked.replace('"@@DEEP@@"', deep))
          expect(r.ok).toBe(false)
          const patch = JSON.parse(`[{"op": "setting", "path": "timeIntegration", "value": {"x": ${deep}}}]`)
          expect(() => applyPatch(doc, patch)).toThrow(PatchError)
        },
      ),
      { seed: FUZZ_SEED, numRuns: fuzzRuns(20) },
    )
  })
})
