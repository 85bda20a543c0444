// The Create dialogs offer what the selection supports: the sensor outputs the selected item records,
// the joint types the engine accepts between the two bodies, spring ends on the selected bodies/markers.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import '../../../../src/core'
import {
  CREATE_ACTIONS,
  defaultFormValues,
  withAdditions,
} from '../../../../src/renderer/model/createActions'

import { specFromText, validateSpec, type ItemRef } from '../../../../src/renderer/model/projectSpec'
import { tiedShape } from '../../../../src/renderer/model/shapeInertia'

const action = (id: string) => CREATE_ACTIONS.find((a) => a.id === id)!
function example(name: string) {
  const result = specFromText(readFileSync(`resources/examples/${name}.mbsproj`, 'utf-8'))
  if (!result.ok) throw new Error(result.problems[0].message)
  return result.spec
}
const objects = (...names: string[]): ItemRef[] => names.map((name) => ({ kind: 'objects', name }))
const enumValues = (schema: unknown) => (schema as { values: string[] }).values

describe('Create > Sensor', () => {
  it("offers a body's kinematic outputs and its KineticEnergy, never Force or Torque", () => {
    const spec = example('sliderCrankRigid')
    const outputs = enumValues(action('sensor').form(spec, objects('crank')).output)
    expect(outputs).toContain('KineticEnergy')
    expect(outputs).toContain('AngularVelocity')
    expect(outputs).not.toContain('Force')
    expect(outputs).not.toContain('Torque')
  })

  it('every offered output creates a sensor the model accepts, of the sensor type that records it', () => {
    const spec = example('sliderCrankRigid')
    const sensor = action('sensor')
    for (const target of [
      ...objects('crank', 'crankBearing'),
      { kind: 'loads', name: 'crankGravity' } as ItemRef,
    ]) {
      const schema = sensor.form(spec, [target])
      for (const output of enumValues(schema.output)) {
        const { additions } = sensor.build(spec, { output }, [target])
        expect(validateSpec(withAdditions(spec, additions)).ok, `${target.name} ${output}`).toBe(true)
        if (output === 'KineticEnergy') expect(additions[0].item.type).toBe('Object')
      }
    }
  })
})

describe('Create > Joint', () => {
  it('offers every joint type the engine accepts between two rigid bodies, RevoluteZ first choice', () => {
    const spec = example('sliderCrankRigid')
    const schema = action('joint').form(spec, objects('crank', 'rod'))
    const types = enumValues(schema.jointType)
    expect(types).toEqual(
      expect.arrayContaining(['JointRevoluteZ', 'JointSpherical', 'JointPrismaticX', 'JointGeneric']),
    )
    expect(schema.jointType.default).toBe('JointRevoluteZ')
    for (const jointType of types) {
      const values = { ...defaultFormValues(schema), jointType }
      const { additions } = action('joint').build(spec, values, objects('crank', 'rod'))
      expect(additions.at(-1)!.item.type).toBe(jointType)
      expect(validateSpec(withAdditions(spec, additions)).ok, jointType).toBe(true)
    }
  })

  it('between mass points, offers no joint that needs orientations', () => {
    const types = enumValues(
      action('joint').form(example('doublePendulum'), objects('mass1', 'mass2')).jointType,
    )
    expect(types).toContain('JointSpherical')
    expect(types).not.toContain('JointRevoluteZ')
    expect(types).not.toContain('JointPrismaticX')
  })
})

describe('Create > Spring', () => {
  it('defaults its ends to the two selected bodies at their positions', () => {
    const spec = example('doublePendulum')
    const values = defaultFormValues(action('spring').form(spec, objects('mass1', 'mass2')))
    expect([values.body0, values.body1]).toEqual(['mass1', 'mass2'])
    const node = (name: string) => spec.model.nodes.find((n) => n.name === name)!.referenceCoordinates
    expect(values.point0).toEqual(node('node1'))
    expect(values.point1).toEqual(node('node2'))
  })

  it("takes a selected marker's body and its global point (the rod's node is rotated by phi)", () => {
    const spec = example('sliderCrankRigid')
    const marker = spec.model.markers.find((m) => m.name === 'rodEnd')!
    const values = defaultFormValues(
      action('spring').form(spec, [...objects('crank'), { kind: 'markers', name: marker.name }]),
    )
    expect(values.body1).toBe('rod')
    // RigidBody2D: p = [x, y] + A(phi) local, A = [[cos, -sin], [sin, cos]].
    const [x, y, phi] = spec.model.nodes.find((n) => n.name === 'rodNode')!.referenceCoordinates as number[]
    const [lx, ly] = marker.localPosition as number[]
    const expected = [
      x + Math.cos(phi) * lx - Math.sin(phi) * ly,
      y + Math.sin(phi) * lx + Math.cos(phi) * ly,
    ]
    const point = values.point1 as number[]
    expect(point[0]).toBeCloseTo(expected[0], 14)
    expect(point[1]).toBeCloseTo(expected[1], 14)
    expect(point[2]).toBe(0)
  })

  it('on a model without ground adds the ground it defaults to', () => {
    const spec = example('doublePendulum')
    const model = { ...spec.model, markers: [], loads: [], sensors: [] }
    model.objects = spec.model.objects.filter((o) => o.type === 'MassPoint')
    const bare = { ...spec, model }
    const values = defaultFormValues(action('spring').form(bare, objects('mass1')))
    expect(values.body0).toBe('ground')
    const { additions } = action('spring').build(bare, values, objects('mass1'))
    expect(additions[0].item.type).toBe('Ground')
    expect(validateSpec(withAdditions(bare, additions)).ok).toBe(true)
  })
})

describe('Create > Rigid body', () => {
  it('builds a box, sphere or cylinder the model accepts, its inertia tied to mass and shape', () => {
    const rigid = action('rigidBody')
    for (const shape of ['box', 'sphere', 'cylinder']) {
      const spec = example('pendulum')
      const values = { ...defaultFormValues(rigid.form(spec, [])), shape, name: shape }
      const { additions } = rigid.build(spec, values, [])
      const built = withAdditions(spec, additions)
      expect(validateSpec(built).ok).toBe(true)
      const body = built.model.objects.find((o) => o.name === shape)!
      expect(tiedShape(body)?.type).toBe({ box: 'Brick', sphere: 'Sphere', cylinder: 'Cylinder' }[shape])
    }
  })
})
