// @vitest-environment happy-dom
// The property editor's names: a long camelCase name may wrap only between its words (a <wbr> before
// each capital), so "referenceCoordinates" in a narrow panel reads "reference / Coordinates", never
// "referenceCoordinat / es"; a nested setting is named within its section.
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { ParamSchema } from '../../../../src/core'
import ParamEditor from '../../../../src/renderer/components/ParamEditor.vue'

const schema: ParamSchema = {
  referenceCoordinates: { type: 'vector', size: 3, doc: 'position', unit: 'm' },
  'timeIntegration.newton.relativeTolerance': { type: 'number', doc: 'tolerance' },
}

function editor() {
  return mount(ParamEditor, { props: { schema, values: {}, apply: () => undefined } })
}

describe('ParamEditor names', () => {
  it('offers a line break between camelCase words only, the text unchanged', () => {
    const label = editor().get('[data-row=referenceCoordinates] label')
    expect(label.text()).toBe('referenceCoordinates')
    expect(label.findAll('wbr')).toHaveLength(1)
    const breaks = label.element.innerHTML.replace(/<!--.*?-->/g, '').replace(/<wbr[^>]*>/g, '|')
    expect(breaks.trim()).toBe('reference|Coordinates')
  })

  it('names a nested setting within its section, its words breakable', () => {
    const label = editor().get('[data-row="timeIntegration.newton.relativeTolerance"] label')
    expect(label.text()).toBe('relativeTolerance')
    expect(label.findAll('wbr')).toHaveLength(1)
  })
})
