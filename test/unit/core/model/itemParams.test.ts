// Typed parameter access: the schema of a definition decides which names each accessor takes (typecheck
// fails on the expected-error lines below if a wrong name or type compiles), and color() is made once.
import { describe, expect, it } from 'vitest'
import { defineItem, ItemParams } from '../../../../src/core/model/definition'
import type { ParamSchema } from '../../../../src/core/model/parameters'
import { DEFAULT_COLORS } from '../../../../src/core/system/graphics'
import { resolveModel } from '../../../../src/core/model/resolve'
import '../../../../src/core'
import { ObjectConnectorSpringDamper } from '../../../../src/core/items/objects/ConnectorSpringDamper'
import { NodeRigidBodyEP } from '../../../../src/core/items/nodes/RigidBodyEP'

const SCHEMA = {
  stiffness: { type: 'number', default: 0, doc: 'k' },
  active: { type: 'boolean', default: true, doc: 'on' },
  Vcolor: { type: 'color', default: [-1, -1, -1, -1], doc: 'colour' },
} satisfies ParamSchema

describe('ItemParams<S>', () => {
  it('reads each parameter through the accessor of its type', () => {
    const p = new ItemParams<typeof SCHEMA>({ stiffness: 2.5, active: false, Vcolor: [0.1, 0.2, 0.3, 1] })
    expect(p.number('stiffness')).toBe(2.5)
    expect(p.bool('active')).toBe(false)
    // @ts-expect-error misspelt name
    expect(p.number('stifness')).toBeUndefined()
    // @ts-expect-error a boolean read as a number
    expect(p.number('active')).toBe(false)
  })

  it('types the parameters of a definition from its own schema', () => {
    defineItem({
      kind: 'object',
      type: 'Probe',
      exudynName: 'ObjectProbe',
      doc: 'compile-time check only',
      parameters: SCHEMA,
      supportsCheckpoint: true,
      build: (item) => {
        // @ts-expect-error not a parameter of this schema
        item.params.number('damping')
        throw new Error(`not built: ${item.params.number('stiffness')}`)
      },
    })
    expect(Object.keys(ObjectConnectorSpringDamper.parameters)).toContain('stiffness')
  })

  it('types the parameters of a node made by the shared rigid-node factory, its own ones included', () => {
    type EP = Parameters<typeof NodeRigidBodyEP.build>[0]['params']
    const p: EP = new ItemParams({ addConstraintEquation: true, referenceCoordinates: [0, 0, 0, 1, 0, 0, 0] })
    expect(p.bool('addConstraintEquation')).toBe(true)
    expect(p.vector('referenceCoordinates')).toHaveLength(7)
    // @ts-expect-error misspelt name of a factory parameter
    expect(() => p.vector('referenceCoordinatez')).toThrow()
  })

  it('color() gives the same array on every draw, or the fallback for [-1, -1, -1, -1]', () => {
    const set = new ItemParams<typeof SCHEMA>({ Vcolor: [0.1, 0.2, 0.3, 1] })
    const first = set.color('Vcolor', DEFAULT_COLORS.body)
    expect(first).toEqual([0.1, 0.2, 0.3, 1])
    expect(set.color('Vcolor', DEFAULT_COLORS.body)).toBe(first)
    const unset = new ItemParams<typeof SCHEMA>({ Vcolor: [-1, -1, -1, -1] })
    expect(unset.color('Vcolor', DEFAULT_COLORS.body)).toBe(DEFAULT_COLORS.body)
    expect(unset.color('Vcolor', DEFAULT_COLORS.joint)).toBe(DEFAULT_COLORS.joint)
  })
})

describe('resolved parameters', () => {
  const model = {
    nodes: [
      { type: 'Point2D', name: 'a', referenceCoordinates: [1, 2] },
      { type: 'Point2D', name: 'b', initialVelocities: [3, 4] },
    ],
  }

  it('take the defaults of their definition, one shared value for all items, without copying them', () => {
    const r = resolveModel(model)
    if (!r.ok) throw new Error(JSON.stringify(r.problems))
    const [a, b] = r.model.items.node
    expect(a.params.raw('initialVelocities')).toEqual([0, 0])
    expect(b.params.raw('initialVelocities')).toEqual([3, 4])
    expect(b.params.raw('referenceCoordinates')).toEqual([0, 0])
    expect(a.params.raw('Vcolor')).toBe(b.params.raw('Vcolor'))
    expect(Object.keys(a.params.values)).toEqual(['referenceCoordinates'])
    // What the accessors hand out is a copy: a caller cannot change the shared default.
    const v = b.params.vector('referenceCoordinates')
    v[0] = 7
    expect(a.params.raw('initialCoordinates')).toEqual([0, 0])
    expect(b.params.vector('referenceCoordinates')).toEqual(new Float64Array([0, 0]))
  })

  it('withValues keeps the defaults and the values given, with the changes over them', () => {
    const r = resolveModel(model)
    if (!r.ok) throw new Error(JSON.stringify(r.problems))
    const p = r.model.items.node[0].params.withValues({ initialCoordinates: [5, 6] })
    expect(p.raw('referenceCoordinates')).toEqual([1, 2])
    expect(p.raw('initialCoordinates')).toEqual([5, 6])
    expect(p.raw('initialVelocities')).toEqual([0, 0])
    expect(r.model.items.node[0].params.raw('initialCoordinates')).toEqual([0, 0])
  })
})
