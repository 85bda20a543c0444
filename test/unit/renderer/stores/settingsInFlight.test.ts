// Two solver settings typed in quick succession, the second before the host has answered the first:
// a settings edit replaces all the settings, so the second must build on the first, not on the replica
// (which changes only with the host's modelChanged). The browser spec that set endTime, then
// numberOfSteps, and ran to the old end time with the new step count, lost the end time this way.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ModelChange, OpenedModel } from '../../../../src/shared/api'
import type { JsonObject, ModelPatch } from '../../../../src/core'

const sent: ModelPatch[] = []
let modelChanged: (change: ModelChange) => void = () => undefined

const text = JSON.stringify({
  format: 'mbs-studio-project',
  version: 1,
  name: 'oscillator',
  model: { nodes: [{ type: 'PointGround', name: 'g' }] },
  simulationSettings: { timeIntegration: { endTime: 1, numberOfSteps: 1000 } },
})
const opened: OpenedModel = {
  summary: { name: 'oscillator', counts: { nodes: 1 }, revision: 0 },
  document: { path: '/work/oscillator.mbsproj', title: 'oscillator.mbsproj', modified: false },
  text,
  revision: 0,
}

vi.mock('../../../../src/renderer/api', () => ({
  api: {
    on: (event: string, handler: (change: ModelChange) => void) => {
      if (event === 'modelChanged') modelChanged = handler
      return () => undefined
    },
    openFile: async () => opened,
    // The host answers later: nothing has come back when the second setting is typed.
    edit: async ({ patch }: { patch: ModelPatch }) => void sent.push(patch),
    getState: () => new Promise(() => undefined),
  },
}))

const { useModelStore } = await import('../../../../src/renderer/stores/model')

const timeIntegration = (patch: ModelPatch) => {
  const op = patch[0]
  if (op.op !== 'settings') throw new Error(`not a settings patch: ${op.op}`)
  return op.simulationSettings.timeIntegration
}

describe('settings edited before the host answers', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('the second builds on the first; after the host follows, on the replica again', async () => {
    const model = useModelStore()
    await model.openFile('/work/oscillator.mbsproj')
    const set = (key: string, value: number) => {
      const latest = model.latestSettings()
      const ti = latest.timeIntegration as JsonObject
      expect(model.setSettings({ ...latest, timeIntegration: { ...ti, [key]: value } }).ok).toBe(true)
    }
    set('endTime', 10_000)
    set('numberOfSteps', 10_000_000)
    await model.synced()
    expect(sent.map(timeIntegration)).toEqual([
      { endTime: 10_000, numberOfSteps: 1000 },
      { endTime: 10_000, numberOfSteps: 10_000_000 },
    ])
    // The host follows both edits in order: the replica holds both, and a third edit builds on it.
    const history = { canUndo: true, canRedo: false }
    for (const [i, patch] of sent.entries())
      modelChanged({ revision: i + 1, patch, label: 'Change solver settings', history })
    await vi.waitFor(() =>
      expect(model.spec.simulationSettings).toEqual({
        timeIntegration: { endTime: 10_000, numberOfSteps: 10_000_000 },
      }),
    )
    expect(model.latestSettings()).toBe(model.spec.simulationSettings)
  })
})
