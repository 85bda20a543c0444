// The host owns the model (src/host/modelOwner.ts through the backend): edits are answered with a
// revision and announced as patches, a refused edit changes neither the model text nor the revision,
// undo and redo are host requests, and the solver process follows every accepted revision. Settings
// edits set one path each on the host's model, so two sent before either is answered both hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  applyPatch,
  parseProject,
  setParameters,
  setSetting,
  writeProject,
  type ModelPatch,
} from '../../src/core'
import type { ModelChange } from '../../src/shared/api'
import { createBackend, type Backend } from '../../src/host/backend'
import { nodeSolverLauncher, sourceSolverEntry } from '../../src/host/nodeSolverLauncher'
import { EXAMPLES_DIR, PENDULUM } from './helpers'

let backend: Backend
const changes: ModelChange[] = []
/** Whether the document events said "modified" when each modelChanged came: a window shows both at once. */
const modifiedAtChange: boolean[] = []
beforeAll(() => {
  backend = createBackend({
    host: 'web',
    version: '0.0.0-test',
    examplesDir: EXAMPLES_DIR,
    launchSolver: nodeSolverLauncher(sourceSolverEntry()),
  })
  let modified = false
  backend.onEvent((event) => {
    if (event.event === 'document') modified = event.data.modified
    if (event.event !== 'modelChanged') return
    changes.push(event.data)
    modifiedAtChange.push(modified)
  })
})
afterAll(() => backend.dispose())

function docOf(text: string) {
  const result = parseProject(text)
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  const { name, model, simulationSettingsSpec } = result.project
  return { name, model, simulationSettings: simulationSettingsSpec }
}
const textOf = (doc: ReturnType<typeof docOf>) =>
  writeProject({ ...doc, simulationSettingsSpec: doc.simulationSettings })

describe('the host model owner', () => {
  it('edits, refuses, undoes and redoes with revisions; a replica following the patches agrees', async () => {
    const opened = await backend.call('openModel', { text: PENDULUM })
    const original = await backend.call('getModelText', undefined)
    let replica = docOf(opened.text)
    const bob = replica.model.objects.find((o) => o.type === 'MassPoint')!
    const ref = { kind: 'objects', name: bob.name } as const
    const edit = setParameters(replica, ref, { physicsMass: 3 })

    const { revision } = await backend.call('edit', { patch: edit.patch, label: edit.label })
    expect(revision).toBe(opened.revision + 1)
    expect(changes.at(-1)).toMatchObject({ revision, patch: edit.patch, label: edit.label })
    expect(changes.at(-1)!.history).toMatchObject({ canUndo: true, canRedo: false, undoLabel: edit.label })
    expect(backend.document().modified).toBe(true)
    expect(modifiedAtChange.at(-1)).toBe(true)
    replica = applyPatch(replica, changes.at(-1)!.patch).doc
    const edited = await backend.call('getModelText', undefined)
    expect(textOf(replica)).toBe(edited)
    // The solver solves the edited model: its model summary follows.
    expect((await backend.call('getState', undefined)).model?.revision).toBeGreaterThan(0)

    // Refused: a text where a number goes. Nothing changes, nothing is announced.
    const count = changes.length
    const bad: ModelPatch = [{ op: 'modify', kind: 'objects', name: bob.name, set: { physicsMass: 'heavy' } }]
    await expect(backend.call('edit', { patch: bad })).rejects.toMatchObject({
      code: 'invalid-model',
      details: { problems: [{ path: expect.stringContaining('physicsMass') }] },
    })
    expect(changes.length).toBe(count)
    expect(await backend.call('getModelText', undefined)).toBe(edited)

    // Undo is a host request: back to the original text byte for byte, not modified.
    expect(await backend.call('undo', undefined)).toEqual({ revision: revision + 1 })
    replica = applyPatch(replica, changes.at(-1)!.patch).doc
    expect(await backend.call('getModelText', undefined)).toBe(original)
    expect(textOf(replica)).toBe(original)
    expect(backend.document().modified).toBe(false)
    expect(modifiedAtChange.at(-1)).toBe(false)
    expect(changes.at(-1)!.history).toMatchObject({ canUndo: false, canRedo: true, redoLabel: edit.label })
    expect(await backend.call('undo', undefined)).toBeNull()

    expect(await backend.call('redo', undefined)).toEqual({ revision: revision + 2 })
    expect(await backend.call('getModelText', undefined)).toBe(edited)
  })

  it('two settings edits sent before either is answered both hold; undo restores each', async () => {
    const opened = await backend.call('openModel', { text: PENDULUM })
    const original = await backend.call('getModelText', undefined)
    // Both made on the replica as it was opened, as the settings panel makes them when typed quickly.
    let replica = docOf(opened.text)
    const edits = [
      setSetting(replica, 'timeIntegration.endTime', 10_000),
      setSetting(replica, 'timeIntegration.numberOfSteps', 1e7),
    ]
    const answers = await Promise.all(
      edits.map((edit) => backend.call('edit', { patch: edit.patch, label: edit.label })),
    )
    expect(answers).toEqual([{ revision: opened.revision + 1 }, { revision: opened.revision + 2 }])
    const edited = await backend.call('getModelText', undefined)
    expect(JSON.parse(edited).simulationSettings.timeIntegration).toMatchObject({
      endTime: 10_000,
      numberOfSteps: 1e7,
    })
    // The solver process applied the same two patches (it refuses one out of revision order).
    expect((await backend.call('getState', undefined)).model?.revision).toBe(opened.revision + 2)
    for (const change of changes.slice(-2)) replica = applyPatch(replica, change.patch).doc
    expect(textOf(replica)).toBe(edited)

    await backend.call('undo', undefined)
    expect(
      JSON.parse(await backend.call('getModelText', undefined)).simulationSettings.timeIntegration,
    ).toMatchObject({ endTime: 10_000, numberOfSteps: 2000 })
    await backend.call('undo', undefined)
    expect(await backend.call('getModelText', undefined)).toBe(original)
    await backend.call('redo', undefined)
    await backend.call('redo', undefined)
    expect(await backend.call('getModelText', undefined)).toBe(edited)
  })
})
