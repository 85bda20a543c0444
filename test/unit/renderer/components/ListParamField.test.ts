// @vitest-environment happy-dom
// List parameters (a KinematicTree's jointOffsets, linkInertiasCOM) in the property editor: one row of
// cells per entry, a refused cell named by entry, row and column with nothing emitted, entries appended
// and removed at the end; and names lists (jointTypes) typed comma-separated.
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { ParamSpec } from '../../../../src/core'
import ParamField from '../../../../src/renderer/components/ParamField.vue'
import { parseNameList } from '../../../../src/renderer/model/paramInput'

const offsets: ParamSpec = {
  type: 'list',
  entry: { type: 'vector', size: 3 },
  unit: 'm',
  doc: 'joint offsets',
}
const inertias: ParamSpec = { type: 'list', entry: { type: 'matrix', rows: 3, cols: 3 }, doc: 'inertias' }
const I3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]

async function openField(spec: ParamSpec, value: unknown) {
  const wrapper = mount(ParamField, { props: { name: 'p', spec, value } })
  await wrapper.get('button[aria-expanded]').trigger('click')
  return wrapper
}

describe('list parameters in the property editor', () => {
  it('says how many entries of what kind, and shows no cells until opened', () => {
    const wrapper = mount(ParamField, { props: { name: 'p', spec: inertias, value: [I3, I3] } })
    expect(wrapper.get('button[aria-expanded]').text()).toBe('2 entries (3x3 matrices)')
    expect(
      mount(ParamField, { props: { name: 'q', spec: offsets, value: [[0, 0, 0]] } })
        .get('button[aria-expanded]')
        .text(),
    ).toBe('1 entry (3-vectors, m)')
    expect(wrapper.findAll('input')).toHaveLength(0)
  })

  it('edits a vector entry component by component and emits the whole list', async () => {
    const wrapper = await openField(offsets, [
      [0, 0, 0],
      [0.5, 0, 0],
    ])
    expect(wrapper.findAll('.entry')).toHaveLength(2)
    const cell = wrapper.get('input[aria-label="p[1][0]"]')
    expect((cell.element as HTMLInputElement).value).toBe('0.5')
    await cell.setValue('0.7')
    expect(wrapper.emitted('change')).toEqual([
      [
        [
          [0, 0, 0],
          [0.7, 0, 0],
        ],
      ],
    ])
  })

  it('edits a matrix entry cell by cell', async () => {
    const wrapper = await openField(inertias, [I3, I3])
    expect(wrapper.findAll('input')).toHaveLength(18)
    await wrapper.get('input[aria-label="p[1][2][0]"]').setValue('0.25')
    expect(wrapper.emitted('change')).toEqual([
      [
        [
          I3,
          [
            [1, 0, 0],
            [0, 1, 0],
            [0.25, 0, 1],
          ],
        ],
      ],
    ])
  })

  it('refuses a cell that is not a number, naming entry, row and column; the text stays', async () => {
    const wrapper = await openField(inertias, [I3, I3])
    const cell = wrapper.get('input[aria-label="p[1][0][2]"]')
    await cell.setValue('1e')
    expect(wrapper.emitted('change')).toBeUndefined()
    expect(wrapper.get('.field-error').text()).toBe(
      'entry 1, row 0, column 2: expected a number or an expression like 2*pi/3, got "1e" (unexpected \'e\')',
    )
    expect((cell.element as HTMLInputElement).value).toBe('1e')
    await cell.setValue('0')
    expect(wrapper.find('.field-error').exists()).toBe(false)
    expect(wrapper.emitted('change')).toEqual([[[I3, I3]]])
  })

  it('appends a copy of the last entry (zeros into an empty list) and removes the last', async () => {
    const wrapper = await openField(offsets, [[1, 2, 3]])
    await wrapper.get('button[aria-label="Add an entry to p"]').trigger('click')
    await wrapper.get('button[aria-label="Remove the last entry of p"]').trigger('click')
    await wrapper.get('button[aria-label="Remove the last entry of p"]').trigger('click')
    await wrapper.get('button[aria-label="Add an entry to p"]').trigger('click')
    expect(wrapper.emitted('change')).toEqual([
      [
        [
          [1, 2, 3],
          [1, 2, 3],
        ],
      ],
      [[[1, 2, 3]]],
      [[]],
      [[[0, 0, 0]]],
    ])
  })

  it('edits a names list typed comma- or space-separated', async () => {
    const wrapper = mount(ParamField, {
      props: { name: 'jointTypes', spec: { type: 'stringList', doc: '' }, value: ['RevoluteZ', 'RevoluteZ'] },
    })
    const input = wrapper.get('input')
    expect((input.element as HTMLInputElement).value).toBe('RevoluteZ, RevoluteZ')
    await input.setValue('RevoluteZ, PrismaticX RevoluteY')
    expect(wrapper.emitted('change')).toEqual([[['RevoluteZ', 'PrismaticX', 'RevoluteY']]])
    expect(parseNameList(' ["a", \'b\'] ')).toEqual(['a', 'b'])
    expect(parseNameList('')).toEqual([])
  })
})
