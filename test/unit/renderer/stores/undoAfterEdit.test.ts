// Ctrl+Z pressed right after an edit, before the host answered it, undoes that edit: the undo waits
// for the edits made before it and reads the history then (the browser spec whose undo was dropped
// because the replica's history did not list the edit yet).
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiEvents, OpenedModel } from '../../../../src/shared/api'

const listeners = new Map<string, ((data: unknown) => void)[]>()
const emit = <E extends keyof ApiEvents>(event: E, data: ApiEvents[E]) =>
  listeners.get(event)?.forEach((listener) => listener(data))
let answerEdit: () => void = () => undefined
const undo = vi.fn(async () => ({ revision: 2 }))
const edit = vi.fn(
  () => new Promise<{ revision: number }>((resolve) => (answerEdit = () => resolve({ revision: 1 }))),
)

const text = JSON.stringify({
  format: 'mbs-studio-project',
  version: 1,
  name: 'one mass',
  model: {
    nodes: [{ type: 'Point', name: 'n', referenceCoordinates: [1, 0, 0] }],
    objects: [{ type: 'MassPoint', name: 'bob', physicsMass: 1, nodeNumber: 'n' }],
  },
})
const opened: OpenedModel = {
  summary: { name: 'one mass', counts: { nodes: 1, objects: 1 }, revision: 0 },
  document: { path: null, title: 'one mass.mbsproj', modified: false },
  text,
  revision: 0,
}

vi.mock('../../../../src/renderer/api', () => ({
  api: {
    on: (event: string, listener: (data: unknown) => void) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener])
      return () => undefined
    },
    getState: () => new Promise(() => undefined),
    edit,
    undo,
  },
}))

const { useModelStore } = await import('../../../../src/renderer/stores/model')

describe('an undo right after an edit', () => {
  beforeEach(() => {
    listeners.clear()
    undo.mockClear()
    setActivePinia(createPinia())
  })

  it('undoes the edit the host had not answered yet', async () => {
    const model = useModelStore()
    model.load(opened)
    const result = model.setItemParameters({ kind: 'objects', name: 'bob' }, { physicsMass: 2.5 })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(model.canUndo).toBe(false)
    model.undo()
    await vi.waitFor(() => expect(edit).toHaveBeenCalledTimes(1))
    // The host records the edit: its modelChanged event comes before its answer.
    emit('modelChanged', {
      revision: 1,
      patch: result.edit.patch,
      label: result.edit.label,
      history: { canUndo: true, canRedo: false, undoLabel: result.edit.label },
    })
    answerEdit()
    await model.synced()
    expect(undo).toHaveBeenCalledTimes(1)
    expect(model.spec.model.objects?.[0]).toMatchObject({ physicsMass: 2.5 })
  })

  it('does nothing when there is nothing to undo', async () => {
    const model = useModelStore()
    model.load(opened)
    model.undo()
    await model.synced()
    expect(undo).not.toHaveBeenCalled()
  })
})
