// An open that a later one overtakes is dropped: the start example, still waiting for the host's text
// while the user opens a file, must not replace the file afterwards (the browser spec that opened a
// file and then solved the start example instead). The model shown is the one asked for last.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { OpenedModel } from '../../../../src/shared/api'

let answerExample: (text: string) => void = () => undefined
const openModel = vi.fn()

const projectText = (name: string, node: string) =>
  JSON.stringify({
    format: 'mbs-studio-project',
    version: 1,
    name,
    model: { nodes: [{ type: 'PointGround', name: node }] },
  })

const opened = (name: string, node: string): OpenedModel => ({
  summary: { name, counts: { nodes: 1 }, revision: 0 },
  document: { path: `/work/${name}.mbsproj`, title: `${name}.mbsproj`, modified: false },
  text: projectText(name, node),
  revision: 0,
})

vi.mock('../../../../src/renderer/api', () => ({
  api: {
    on: () => () => undefined,
    openExample: () => new Promise<string>((resolve) => (answerExample = resolve)),
    openModel,
    openFile: async () => opened('hangingCable', 'c0'),
    getState: () => new Promise(() => undefined),
  },
}))

const { useModelStore } = await import('../../../../src/renderer/stores/model')

describe('an overtaken open', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('is dropped when a later open started while it waited for the host', async () => {
    const model = useModelStore()
    const example = model.openExample('pendulum')
    expect(await model.openFile('/work/hangingCable.mbsproj')).toBe(true)
    answerExample(projectText('pendulum', 'n1'))
    await example
    expect(openModel).not.toHaveBeenCalled()
    expect(model.spec.name).toBe('hangingCable')
    expect(model.spec.model.nodes.map((node) => node.name)).toEqual(['c0'])
    expect(model.document.title).toBe('hangingCable.mbsproj')
  })
})
