// Live parameters: which patches a compiled system takes in place, and that one taken in place runs
// bit for bit as the model built from scratch with the new values (reference: that build).
import { describe, expect, it } from 'vitest'
import {
  buildSystem,
  inPlaceChanges,
  parseProject,
  type ModelPatch,
  type Project,
} from '../../../../src/core'
import { fromScratch, runBytes, springsProject } from './hangingSprings'

function project(text: string): Project {
  const loaded = parseProject(text)
  if (!loaded.ok) throw new Error(loaded.problems[0].message)
  return loaded.project
}

describe('inPlaceChanges', () => {
  const { resolved } = project(springsProject())

  it('lists the items of a patch that sets only live or visualization parameters', () => {
    const patch: ModelPatch = [
      {
        op: 'modify',
        kind: 'objects',
        name: 'lower',
        set: { stiffness: 1, damping: 2, force: 3 },
        unset: ['referenceLength'],
      },
      { op: 'modify', kind: 'loads', name: 'gravity2', set: { loadVector: [0, -1.62, 0] } },
      { op: 'modify', kind: 'objects', name: 'upper', set: { Vshow: false } },
    ]
    expect(inPlaceChanges(patch, resolved)).toEqual([
      { kind: 'object', index: 4 },
      { kind: 'load', index: 1 },
      { kind: 'object', index: 3 },
    ])
  })

  it.each<[string, ModelPatch]>([
    ['a mass', [{ op: 'modify', kind: 'objects', name: 'm1', set: { physicsMass: 2 } }]],
    [
      'a live and a structural parameter',
      [{ op: 'modify', kind: 'objects', name: 'upper', set: { stiffness: 1, markerNumbers: ['p1', 'p2'] } }],
    ],
    [
      'a time function',
      [{ op: 'modify', kind: 'loads', name: 'push', set: { loadVectorUserFunction: ['t', '0', '0'] } }],
    ],
    ['an unknown item', [{ op: 'modify', kind: 'objects', name: 'nobody', set: { stiffness: 1 } }]],
    ['an added item', [{ op: 'add', kind: 'objects', item: { type: 'Ground', name: 'g2' } }]],
    ['a deleted item', [{ op: 'delete', kind: 'sensors', name: 'tip' }]],
    ['a rename', [{ op: 'rename', kind: 'objects', name: 'upper', newName: 'top' }]],
    ['a setting', [{ op: 'setting', path: 'timeIntegration.endTime', value: 2 }]],
  ])('is structural for %s', (_, patch) => {
    expect(inPlaceChanges(patch, resolved)).toBeNull()
  })

  it("takes a MassPoint's mass in place only for a run that starts again (a study's next case)", () => {
    const patch: ModelPatch = [{ op: 'modify', kind: 'objects', name: 'm1', set: { physicsMass: 2 } }]
    expect(inPlaceChanges(patch, resolved, true)).toEqual([
      { kind: 'object', index: resolved.indexOf('object', 'm1') },
    ])
  })
})

describe('CompiledSystem.updateItems', () => {
  it('runs as the model built with the new values, bit for bit', () => {
    const before = project(springsProject())
    const after = project(springsProject({ stiffness: 650, damping: 3.5, push: [-1, 4, 0.5] }))
    const system = buildSystem(before)
    const patch: ModelPatch = [
      { op: 'modify', kind: 'objects', name: 'upper', set: { stiffness: 650, damping: 3.5 } },
      { op: 'modify', kind: 'loads', name: 'push', set: { loadVector: [-1, 4, 0.5] } },
    ]
    system.updateItems(after.resolved, inPlaceChanges(patch, before.resolved)!)
    const reference = fromScratch(springsProject({ stiffness: 650, damping: 3.5, push: [-1, 4, 0.5] }))
    expect(runBytes(system, after.settings).equals(reference)).toBe(true)
    expect(reference.equals(fromScratch(springsProject()))).toBe(false)
  })
})
