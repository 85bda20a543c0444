// The solver process's model takes the host's revisioned patches. Reference for a live change: the
// same model built from scratch with the new value, which the edited system must reproduce bit for
// bit (the build and the live update set the values through the same setParameters, and nothing else
// of the system depends on them). A structural change drops the assembled system; a refused change
// leaves the model, its revision and its system untouched.
import { describe, expect, it } from 'vitest'
import type { ModelPatch } from '../../../src/core'
import { ApiError } from '../../../src/shared/protocol'
import { SolverModel } from '../../../src/solver-process/solverModel'
import { fromScratch, runBytes, springsProject } from '../core/system/hangingSprings'

const refusalOf = (change: () => unknown): ApiError => {
  try {
    change()
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('the change was not refused')
}

describe('the solver model', () => {
  it('takes a live change into the assembled system: its run is the new model built afresh, bitwise', () => {
    const model = new SolverModel()
    model.open(springsProject(), 1)
    const assembled = model.assembledSystem()
    const patch: ModelPatch = [
      { op: 'modify', kind: 'objects', name: 'upper', set: { stiffness: 650, damping: 3.5 } },
      { op: 'modify', kind: 'loads', name: 'push', set: { loadVector: [-1, 4, 0.5] } },
    ]
    expect(model.change(patch, 2, [])).toEqual([
      { kind: 'object', index: 3 },
      { kind: 'load', index: 2 },
    ])
    expect(model.revision).toBe(2)
    const system = model.takeSystem()
    expect(system).toBe(assembled)
    const edited = runBytes(system, model.project.settings)
    const reference = fromScratch(springsProject({ stiffness: 650, damping: 3.5, push: [-1, 4, 0.5] }))
    expect(edited.equals(reference)).toBe(true)
    // The unedited model gives other numbers: the comparison sees the change.
    expect(edited.equals(fromScratch(springsProject()))).toBe(false)
  })

  it('rebuilds after a structural change (a mass), to the numbers of the new model', () => {
    const model = new SolverModel()
    model.open(springsProject(), 1)
    const assembled = model.assembledSystem()
    expect(
      model.change([{ op: 'modify', kind: 'objects', name: 'm1', set: { physicsMass: 2.5 } }], 2, []),
    ).toBe(null)
    const system = model.takeSystem()
    expect(system).not.toBe(assembled)
    expect(runBytes(system, model.project.settings).equals(fromScratch(springsProject({ mass: 2.5 })))).toBe(
      true,
    )
  })

  it('refuses an invalid change, a wrong revision and an unknown item; keeps model, revision, system', () => {
    const model = new SolverModel()
    model.open(springsProject(), 1)
    const assembled = model.assembledSystem()
    const text = model.text()
    const negative = refusalOf(() =>
      model.change([{ op: 'modify', kind: 'objects', name: 'm1', set: { physicsMass: -1 } }], 2, []),
    )
    expect(negative.code).toBe('invalid-model')
    expect(negative.details?.problems?.[0].path).toBe('model.objects[1].physicsMass')
    const stale = refusalOf(() =>
      model.change([{ op: 'modify', kind: 'objects', name: 'upper', set: { stiffness: 1 } }], 5, []),
    )
    expect(stale).toMatchObject({
      code: 'invalid-state',
      message: expect.stringMatching(/revision 5.*revision 1/),
    })
    const unknown = refusalOf(() =>
      model.change([{ op: 'modify', kind: 'objects', name: 'nobody', set: { stiffness: 1 } }], 2, []),
    )
    expect(unknown.code).toBe('not-found')
    expect(model.revision).toBe(1)
    expect(model.text()).toBe(text)
    expect(model.takeSystem()).toBe(assembled)
  })
})
