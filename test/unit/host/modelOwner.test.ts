// Settings edits on the host's model owner: each sets one path on the settings the owner has when it
// applies it, so two edits made on the same replica (the second sent before the host answered the
// first) both hold; undo and redo restore exactly the previous value of each path (the project text
// byte for byte, the reference), revisions advance by one per edit, undo and redo; a wrong path or
// value is refused naming the setting and what was expected, and changes nothing.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseProject, setSetting, type JsonObject, type ModelPatch } from '../../../src/core'
import { ModelOwner } from '../../../src/host/modelOwner'

const PENDULUM = fs.readFileSync(path.join(__dirname, '../../../resources/examples/pendulum.mbsproj'), 'utf8')

function opened() {
  const owner = new ModelOwner()
  owner.open(PENDULUM)
  const parsed = parseProject(owner.text())
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
  const { model, simulationSettingsSpec } = parsed.project
  // What the renderer's replica holds when it sends: the opened model, not yet any answer.
  return { owner, replica: { model, simulationSettings: simulationSettingsSpec } }
}

/** The owner's timeIntegration settings, read back from its project text. */
const timeIntegration = (owner: ModelOwner) =>
  (JSON.parse(owner.text()).simulationSettings as JsonObject).timeIntegration

describe('settings edits on the model owner', () => {
  it('two path edits made on the same replica both hold; undo and redo restore each path', () => {
    const { owner, replica } = opened()
    const original = owner.text()
    const start = owner.revision
    for (const edit of [
      setSetting(replica, 'timeIntegration.endTime', 10_000),
      setSetting(replica, 'timeIntegration.numberOfSteps', 1e7),
    ])
      owner.record(owner.edit(edit.patch, edit.label))
    expect(owner.revision).toBe(start + 2)
    const both = { endTime: 10_000, numberOfSteps: 1e7, generalizedAlpha: { spectralRadius: 0.9 } }
    expect(timeIntegration(owner)).toEqual(both)
    const edited = owner.text()
    expect(owner.historyState()).toMatchObject({ undoLabel: 'Set timeIntegration.numberOfSteps' })

    // Undo takes back the number of steps only, then the end time: the original text byte for byte.
    expect(owner.undo()!.patch).toEqual([
      { op: 'setting', path: 'timeIntegration.numberOfSteps', value: 2000 },
    ])
    expect(timeIntegration(owner)).toEqual({ ...both, numberOfSteps: 2000 })
    expect(owner.undo()!.patch).toEqual([{ op: 'setting', path: 'timeIntegration.endTime', value: 2 }])
    expect(owner.text()).toBe(original)
    expect(owner.dirty).toBe(false)
    expect(owner.revision).toBe(start + 4)

    owner.redo()
    expect(timeIntegration(owner)).toEqual({ ...both, numberOfSteps: 2000 })
    owner.redo()
    expect(owner.text()).toBe(edited)
    expect(owner.revision).toBe(start + 6)
  })

  it('a setting the file does not have: undo removes it and the section it created', () => {
    const { owner, replica } = opened()
    const original = owner.text()
    const steps = setSetting(replica, 'staticSolver.numberOfLoadSteps', 5)
    const tolerance = setSetting(replica, 'timeIntegration.newton.relativeTolerance', 1e-6)
    for (const edit of [steps, tolerance]) owner.record(owner.edit(edit.patch, edit.label))
    const settings = JSON.parse(owner.text()).simulationSettings
    expect(settings.staticSolver).toEqual({ numberOfLoadSteps: 5 })
    expect(settings.timeIntegration.newton).toEqual({ relativeTolerance: 1e-6 })
    owner.undo()
    owner.undo()
    expect(owner.text()).toBe(original)
  })

  it('refuses an unknown path and a wrong value naming the setting; nothing changes', () => {
    const { owner, replica } = opened()
    const original = owner.text()
    const revision = owner.revision
    const refusal = (patch: ModelPatch) => {
      try {
        owner.edit(patch, 'Set')
      } catch (error) {
        return error
      }
      throw new Error('accepted')
    }
    expect(refusal([{ op: 'setting', path: 'timeIntegration.numberOfStep', value: 10 }])).toMatchObject({
      code: 'invalid-params',
      message:
        'simulationSettings.timeIntegration.numberOfStep: unknown setting "numberOfStep" ' +
        '(did you mean "numberOfSteps"?)',
    })
    expect(refusal(setSetting(replica, 'timeIntegration.numberOfSteps', 0).patch)).toMatchObject({
      code: 'invalid-model',
      message:
        'The change was refused: simulationSettings.timeIntegration.numberOfSteps: expected a value >= 1, ' +
        'got 0',
    })
    expect(refusal(setSetting(replica, 'solverType', 'RK99').patch)).toMatchObject({
      code: 'invalid-model',
      message: expect.stringMatching(
        /^The change was refused: simulationSettings\.solverType: expected one of .*, got the string "RK99"$/,
      ),
    })
    expect(
      refusal(JSON.parse('[{"op": "setting", "path": "timeIntegration.endTime"}]') as ModelPatch),
    ).toMatchObject({
      code: 'invalid-params',
      message:
        'patch[0]: "setting" timeIntegration.endTime expects either value: a JSON value, or unset: true',
    })
    expect(owner.text()).toBe(original)
    expect(owner.revision).toBe(revision)
    expect(owner.historyState().canUndo).toBe(false)
  })
})
