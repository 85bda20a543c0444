// The Spring create action on a model without a body named "ground" (the form's default first body):
// the form is made, and the spring is hung on a Ground the action adds, as the Joint action does.
import { describe, expect, it } from 'vitest'
import { addItems as addEdit, applyPatch } from '../../../../src/core'
import {
  CREATE_ACTIONS,
  defaultFormValues,
  type Addition,
} from '../../../../src/renderer/model/createActions'
import { emptyProjectSpec, validateSpec, type ProjectSpec } from '../../../../src/renderer/model/projectSpec'

const action = (id: string) => CREATE_ACTIONS.find((a) => a.id === id)!
const addItems = (spec: ProjectSpec, additions: Addition[]) =>
  applyPatch(spec, addEdit(spec, additions).patch).doc

describe('Spring create action', () => {
  it('adds a ground on a model that has none and keeps the spring relaxed', () => {
    const rigid = action('rigidBody')
    const start = emptyProjectSpec()
    const body = rigid.build(start, defaultFormValues(rigid.form(start, [])), [])
    const spec = addItems(start, body.additions)
    const spring = action('spring')
    const values = defaultFormValues(spring.form(spec, []))
    expect(values.body0).toBe('ground')
    expect(values.point0).toEqual([0, 0, 0])
    const { additions } = spring.build(spec, values, [])
    const ground = additions.find((a) => a.item.type === 'Ground')
    expect(ground?.item.name).toBe('ground')
    const next = addItems(spec, additions)
    expect(validateSpec(next).ok).toBe(true)
    const connector = additions.find((a) => a.item.type === 'ConnectorSpringDamper')!.item
    // Relaxed: reference length = |point1 - point0| = |[1, 0, 0] - [0, 0, 0]| (the body's position).
    expect(connector.referenceLength).toBe(1)
    const markers = additions.filter((a) => a.item.type === 'BodyPosition').map((a) => a.item)
    expect(markers.map((m) => [m.bodyNumber, m.localPosition])).toEqual([
      ['ground', [0, 0, 0]],
      ['body', [0, 0, 0]],
    ])
  })
})

describe('Spring and Joint on an empty model', () => {
  it.each(['spring', 'joint'])('%s: the form is made and Create says a second body is missing', (id) => {
    const spec = emptyProjectSpec()
    const values = defaultFormValues(action(id).form(spec, []))
    expect(() => action(id).build(spec, values, [])).toThrow(/Choose two bodies/)
  })
})
