// @vitest-environment happy-dom
// Two solver settings typed in the settings panel in quick succession, the second before the host's
// modelChanged for the first came back, both reach the model: each field sends an edit of its one
// path, which the host's model owner (the real one here) applies to the settings it has then. The
// browser spec that typed endTime, then numberOfSteps, and ran to the old end time lost the end time
// when a settings edit replaced the whole tree as the renderer's replica had it.
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it, vi } from 'vitest'
import type { ModelPatch } from '../../../../src/core'
import { ModelOwner } from '../../../../src/host/modelOwner'
import type { ModelChange, OpenedModel } from '../../../../src/shared/api'

const host = {
  owner: new ModelOwner(),
  /** The host's modelChanged events, held back until the test delivers them. */
  held: [] as ModelChange[],
  deliver: (_change: ModelChange): void => undefined,
}

const text = JSON.stringify({
  format: 'mbs-studio-project',
  version: 1,
  name: 'oscillator',
  model: { nodes: [{ type: 'PointGround', name: 'g' }] },
  simulationSettings: { timeIntegration: { endTime: 1, numberOfSteps: 1000 } },
})

vi.mock('../../../../src/renderer/api', () => ({
  api: {
    on: (event: string, handler: (change: ModelChange) => void) => {
      if (event === 'modelChanged') host.deliver = handler
      return () => undefined
    },
    openFile: async (): Promise<OpenedModel> => {
      host.owner.open(text)
      const document = { path: '/work/oscillator.mbsproj', title: 'oscillator.mbsproj', modified: false }
      const summary = { name: 'oscillator', counts: { nodes: 1 }, revision: host.owner.revision }
      return { summary, document, text: host.owner.text(), revision: host.owner.revision }
    },
    // As the backend does: apply on the owner's model, record, announce (held here), answer.
    edit: async ({ patch, label }: { patch: ModelPatch; label?: string }) => {
      const edit = host.owner.edit(patch, label ?? 'Change')
      host.owner.record(edit)
      const { revision } = host.owner
      host.held.push({ revision, patch, label: edit.label, history: host.owner.historyState() })
      return { revision }
    },
    getModelText: async () => host.owner.text(),
    getState: () => new Promise(() => undefined),
  },
}))

const { useModelStore } = await import('../../../../src/renderer/stores/model')
const SettingsPanel = (await import('../../../../src/renderer/components/SettingsPanel.vue')).default

describe('the settings panel', () => {
  it('two settings typed before the host answers both reach the model and the panel', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const model = useModelStore()
    await model.openFile('/work/oscillator.mbsproj')
    const panel = mount(SettingsPanel, { global: { plugins: [pinia] } })
    const input = (path: string) => panel.get(`input[aria-label="${path}"]`)
    await input('timeIntegration.endTime').setValue('10000')
    await input('timeIntegration.numberOfSteps').setValue('10000000')
    await model.synced()
    // Both edits reached the host before it announced either; its model holds both.
    expect(host.held.map((change) => change.patch)).toEqual([
      [{ op: 'setting', path: 'timeIntegration.endTime', value: 10_000 }],
      [{ op: 'setting', path: 'timeIntegration.numberOfSteps', value: 10_000_000 }],
    ])
    const settings = () => JSON.parse(host.owner.text()).simulationSettings
    expect(settings()).toEqual({ timeIntegration: { endTime: 10_000, numberOfSteps: 10_000_000 } })
    // The replica follows the announced patches: the same settings, shown in the panel.
    for (const change of host.held) host.deliver(change)
    await flushPromises()
    expect(model.spec.simulationSettings).toEqual(settings())
    const shown = (path: string) => (input(path).element as HTMLInputElement).value
    expect([shown('timeIntegration.endTime'), shown('timeIntegration.numberOfSteps')]).toEqual([
      '10000',
      '10000000',
    ])
    expect(panel.find('.field-error').exists()).toBe(false)
  })
})
