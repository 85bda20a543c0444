// @vitest-environment happy-dom
// The property editor's field component: typed input becomes a value only when the item definition
// accepts it; a refused value stays in the field with the definition's message and is not emitted.
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { ParamSpec } from '../../../../src/core'
import ParamField from '../../../../src/renderer/components/ParamField.vue'

const mass: ParamSpec = { type: 'number', doc: 'mass', unit: 'kg', min: 0, exclusiveMin: true }

function field(spec: ParamSpec, value: unknown, options?: string[]) {
  return mount(ParamField, { props: { name: 'p', spec, value, options } })
}

describe('ParamField', () => {
  it('shows a number with its unit and emits an accepted edit', async () => {
    const wrapper = field(mass, 1)
    const input = wrapper.get('input')
    expect((input.element as HTMLInputElement).value).toBe('1')
    expect(wrapper.get('.unit').text()).toBe('kg')
    await input.setValue('2.5')
    expect(wrapper.emitted('change')).toEqual([[2.5]])
    expect(wrapper.find('.field-error').exists()).toBe(false)
  })

  it('refuses a value outside the definition: message shown, text kept, nothing emitted', async () => {
    const wrapper = field(mass, 1)
    await wrapper.get('input').setValue('-1')
    expect(wrapper.emitted('change')).toBeUndefined()
    expect(wrapper.get('.field-error').text()).toMatch(/> 0 kg/)
    expect((wrapper.get('input').element as HTMLInputElement).value).toBe('-1')
    // The next accepted value clears the message.
    await wrapper.get('input').setValue('3')
    expect(wrapper.emitted('change')).toEqual([[3]])
    expect(wrapper.find('.field-error').exists()).toBe(false)
  })

  it('refuses text that is not a number', async () => {
    const wrapper = field(mass, 1)
    await wrapper.get('input').setValue('heavy')
    expect(wrapper.emitted('change')).toBeUndefined()
    expect(wrapper.get('.field-error').text()).toBe(
      'expected a number or an expression like 2*pi/3, got "heavy" (unknown name \'heavy\')',
    )
  })

  it("names the inertia's components in Exudyn's order and takes an expression in one", async () => {
    const { getItemType } = await import('../../../../src/core')
    const spec = getItemType('object', 'RigidBody')!.parameters.physicsInertia
    const wrapper = field(spec, [1, 2, 3, 0, 0, 0])
    expect(wrapper.findAll('.component-name').map((n) => n.text())).toEqual([
      'Jxx',
      'Jyy',
      'Jzz',
      'Jyz',
      'Jxz',
      'Jxy',
    ])
    await wrapper.findAll('input')[0].setValue('2/3')
    expect(wrapper.emitted('change')).toEqual([[[2 / 3, 2, 3, 0, 0, 0]]])
  })

  it('checks a typed list of user-function expressions one by one, in their arguments', async () => {
    const { getItemType } = await import('../../../../src/core')
    const spec = getItemType('object', 'ConnectorCartesianSpringDamper')!.parameters.springForceUserFunction
    const wrapper = field(spec, '')
    const input = wrapper.get('input')
    await input.setValue('stiffnessX*displacementX + 1e3*displacementX^3, max(0, velocityY), 0')
    expect(wrapper.find('.field-error').exists()).toBe(false)
    expect(wrapper.emitted('change')).toEqual([
      [['stiffnessX*displacementX + 1e3*displacementX^3', 'max(0, velocityY)', '0']],
    ])
    // A name the function does not have is named while typing, in the component that has it.
    await input.setValue('stiffnessX*displacementX, massY, 0')
    expect(wrapper.get('.field-error').text()).toMatch(/unknown name 'massY'/)
  })

  it('names the coordinates of a rigid node from its definition', async () => {
    const { getItemType } = await import('../../../../src/core')
    const spec = getItemType('node', 'RigidBodyEP')!.parameters.referenceCoordinates
    const wrapper = field(spec, [0, 0, 0, 1, 0, 0, 0])
    const names = wrapper.findAll('.component-name').map((n) => n.text())
    expect(names).toEqual(['x', 'y', 'z', 'ep0', 'ep1', 'ep2', 'ep3'])
  })

  it('edits a vector component by component, naming a bad component', async () => {
    const wrapper = field({ type: 'vector', doc: '', size: 3, unit: 'm' }, [1, 2, 3])
    const inputs = wrapper.findAll('input')
    expect(inputs).toHaveLength(3)
    await inputs[1].setValue('x')
    expect(wrapper.get('.field-error').text()).toMatch(/^component 1: /)
    await inputs[1].setValue('5')
    expect(wrapper.emitted('change')).toEqual([[[1, 5, 3]]])
  })

  it('shows a tiny component with its exponent, focused the exact text; untouched, no edit', async () => {
    const z = -1.7347e-18
    const wrapper = field({ type: 'vector', doc: 'centre of mass', size: 3, unit: 'm' }, [0.5, 0, z])
    const input = wrapper.findAll('input')[2]
    const element = input.element as HTMLInputElement
    // Was shown "-1.7347e-18" cut to "-1.7347" by the narrow cell: read as -1.7 m.
    expect(element.value).toBe('-1.73e-18')
    expect(input.attributes('title')).toBe('p z = -1.7347e-18')
    await input.trigger('focus')
    expect(element.value).toBe('-1.7347e-18')
    await input.trigger('blur')
    expect(element.value).toBe('-1.73e-18')
    expect(wrapper.emitted('change')).toBeUndefined()
    await input.trigger('focus')
    await input.setValue('-1.7347e-17')
    expect(wrapper.emitted('change')).toEqual([[[0.5, 0, -1.7347e-17]]])
  })

  it('shows a long scalar compactly with the exact value in the tooltip and while edited', async () => {
    const wrapper = field(mass, 0.000123456789)
    const input = wrapper.get('input')
    expect((input.element as HTMLInputElement).value).toBe('1.2346e-4')
    expect(input.attributes('title')).toBe('0.000123456789')
    await input.trigger('focus')
    expect((input.element as HTMLInputElement).value).toBe('0.000123456789')
    await input.setValue('2e-4')
    expect(wrapper.emitted('change')).toEqual([[2e-4]])
  })

  it('edits a 3x3 matrix cell', async () => {
    const identity = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]
    const wrapper = field({ type: 'matrix', doc: '', rows: 3, cols: 3 }, identity)
    const cells = wrapper.findAll('input')
    expect(cells).toHaveLength(9)
    await cells[5].setValue('0.5')
    expect(wrapper.emitted('change')).toEqual([
      [
        [
          [1, 0, 0],
          [0, 1, 0.5],
          [0, 0, 1],
        ],
      ],
    ])
  })

  it('offers the fitting references in a drop-down and emits the chosen name', async () => {
    const wrapper = field({ type: 'ref', doc: '', kind: 'node' }, 'n1', ['n1', 'n2'])
    const select = wrapper.get('select')
    expect(select.findAll('option').map((o) => o.text())).toEqual(['n1', 'n2'])
    await select.setValue('n2')
    expect(wrapper.emitted('change')).toEqual([['n2']])
  })

  it('an optional reference (a data node) offers none, shown for -1 and emitted as -1', async () => {
    const spec: ParamSpec = { type: 'ref', doc: '', kind: 'node', optional: true, default: -1 }
    const wrapper = field(spec, -1, ['d1'])
    const select = wrapper.get('select')
    expect(select.findAll('option').map((o) => o.text())).toEqual(['— none —', 'd1'])
    expect((select.element as HTMLSelectElement).value).toBe('-1')
    await select.setValue('d1')
    expect(wrapper.emitted('change')).toEqual([['d1']])
    const chosen = field(spec, 'd1', ['d1'])
    await chosen.get('select').setValue('-1')
    expect(chosen.emitted('change')).toEqual([[-1]])
  })

  it('edits booleans and enumerations', async () => {
    const flag = field({ type: 'boolean', doc: '' }, false)
    await flag.get('input[type=checkbox]').setValue(true)
    expect(flag.emitted('change')).toEqual([[true]])
    const choice = field({ type: 'enum', doc: '', values: ['a', 'b'] }, 'a')
    await choice.get('select').setValue('b')
    expect(choice.emitted('change')).toEqual([['b']])
  })
})

describe('ParamField units', () => {
  const length: ParamSpec = { type: 'number', doc: 'length', unit: 'm' }

  it('converts a typed unit to the definition unit, in numbers and vector components', async () => {
    const wrapper = field(length, 1)
    await wrapper.get('input').setValue('10 mm')
    expect(wrapper.emitted('change')).toEqual([[10 * 1e-3]])
    const vector = field({ type: 'vector', size: 3, doc: 'position', unit: 'm' }, [0, 0, 0])
    await vector.findAll('input')[1].setValue('2 cm')
    expect(vector.emitted('change')).toEqual([[[0, 2 * 1e-2, 0]]])
  })

  it('refuses a unit of another dimension with what was expected; nothing emitted', async () => {
    const wrapper = field(length, 1)
    await wrapper.get('input').setValue('5 deg')
    expect(wrapper.emitted('change')).toBeUndefined()
    expect(wrapper.get('.field-error').text()).toBe('"deg" is an angle (rad), expected a length (m)')
  })
})
