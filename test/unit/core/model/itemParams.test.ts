// Typed parameter access: the schema of a definition decides which names each accessor takes (typecheck
// fails on the expected-error lines below if a wrong name or type compiles), and color() is made once.
import { describe, expect, it } from 'vitest'
import { defineItem, ItemParams } from '../../../../src/core/model/definition'
import type { ParamSchema } from '../../../../src/core/model/parameters'
import { DEFAULT_COLORS } from '../../../../src/core/system/graphics'
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
