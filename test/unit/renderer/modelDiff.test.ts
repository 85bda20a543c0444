// The patch the editor sends to the solver process: applied to the old model it must give the new one
// exactly, items in the same order (frames address nodes by index).
import { describe, expect, it } from 'vitest'
import type { ItemSpec } from '../../../src/core'
import { applyModelPatch } from '../../../src/solver-process/modelPatch'
import { diffProjects } from '../../../src/renderer/model/modelDiff'
import { emptyProjectSpec, type ProjectSpec } from '../../../src/renderer/model/projectSpec'

function spec(nodes: ItemSpec[], objects: ItemSpec[] = [], settings = {}): ProjectSpec {
  const base = emptyProjectSpec()
  return { ...base, model: { ...base.model, nodes, objects }, simulationSettings: settings }
}

const node = (name: string, x = 0): ItemSpec => ({ type: 'Point', name, referenceCoordinates: [x, 0, 0] })

function roundTrip(before: ProjectSpec, after: ProjectSpec) {
  const patch = diffProjects(before, after)
  const patched = applyModelPatch(
    { model: before.model, simulationSettings: before.simulationSettings },
    patch,
  )
  expect(patched.model).toEqual(after.model)
  expect(patched.simulationSettings).toEqual(after.simulationSettings)
  return patch
}

describe('diffProjects', () => {
  it('is empty for equal models', () => {
    expect(diffProjects(spec([node('a')]), spec([node('a')]))).toEqual([])
  })

  it('sends a changed parameter as one modify with set and unset', () => {
    const before = spec(
      [],
      [{ type: 'MassPoint', name: 'm', physicsMass: 1, nodeNumber: 'a', VshowObject: true }],
    )
    const after = spec([], [{ type: 'MassPoint', name: 'm', physicsMass: 2, nodeNumber: 'a' }])
    expect(roundTrip(before, after)).toEqual([
      { op: 'modify', kind: 'objects', name: 'm', set: { physicsMass: 2 }, unset: ['VshowObject'] },
    ])
  })

  it('keeps item order through deletions and insertions in the middle', () => {
    roundTrip(spec([node('a'), node('b'), node('c')]), spec([node('a'), node('c')]))
    roundTrip(spec([node('a'), node('c')]), spec([node('a'), node('b', 1), node('c')]))
    roundTrip(spec([node('a'), node('b')]), spec([node('b'), node('a')]))
  })

  it('sends settings as a whole when they change', () => {
    const patch = roundTrip(spec([]), spec([], [], { timeIntegration: { endTime: 2 } }))
    expect(patch).toEqual([{ op: 'settings', simulationSettings: { timeIntegration: { endTime: 2 } } }])
  })
})
