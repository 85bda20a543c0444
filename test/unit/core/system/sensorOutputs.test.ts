// sensorOutputs asks the sensor definitions which outputs a sensor on an item records. Reference: a
// project with that sensor added loads and builds exactly for the offered outputs (Node, Body, Object,
// Marker sensors); the Load sensor records the load's value, offered as its one output, Force.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  buildSystem,
  loadProjectJson,
  sensorOutputs,
  type ItemKind,
  type ModelSpec,
} from '../../../../src/core'
import { OUTPUT_VARIABLE_TYPES } from '../../../../src/core/items/common/sensorBase'

const example = (name: string) =>
  JSON.parse(readFileSync(`resources/examples/${name}.mbsproj`, 'utf-8')) as { model: ModelSpec }

function builds(file: { model: ModelSpec }, sensor: Record<string, unknown>): boolean {
  const next = structuredClone(file)
  next.model.sensors = [{ name: 'probe', ...sensor } as ModelSpec['sensors'][number]]
  const loaded = loadProjectJson(next)
  if (!loaded.ok) return false
  try {
    buildSystem(loaded.project)
    return true
  } catch {
    return false
  }
}

function offered(file: { model: ModelSpec }, kind: ItemKind, name: string) {
  const loaded = loadProjectJson(file)
  if (!loaded.ok) throw new Error(loaded.problems[0].message)
  const list = {
    node: 'nodes',
    object: 'objects',
    marker: 'markers',
    load: 'loads',
    sensor: 'sensors',
  } as const
  const index = file.model[list[kind]].findIndex((item) => item.name === name)
  return sensorOutputs(buildSystem(loaded.project), kind, index)
}

describe('sensorOutputs', () => {
  it('a mass point: kinematic Body outputs, KineticEnergy as an Object output, no rotations', () => {
    const choices = offered(example('pendulum'), 'object', 'bob')
    expect(choices).toEqual([
      {
        sensorType: 'Body',
        parameter: 'bodyNumber',
        outputs: ['Position', 'Displacement', 'Velocity', 'Acceleration'],
      },
      { sensorType: 'Object', parameter: 'objectNumber', outputs: ['KineticEnergy'] },
    ])
  })

  it('a rigid body adds the rotation outputs; a load offers Force only', () => {
    const [body] = offered(example('sliderCrankRigid'), 'object', 'crank')
    expect(body.outputs).toEqual(
      expect.arrayContaining(['Rotation', 'AngularVelocity', 'AngularVelocityLocal']),
    )
    expect(offered(example('pendulum'), 'load', 'gravity')).toEqual([
      { sensorType: 'Load', parameter: 'loadNumber', outputs: ['Force'] },
    ])
  })

  it('offers exactly the outputs with which the project loads and builds', () => {
    const file = example('pendulum')
    const cases: [ItemKind, string, string, string][] = [
      ['node', 'bobNode', 'Node', 'nodeNumber'],
      ['object', 'bob', 'Body', 'bodyNumber'],
      ['object', 'bob', 'Object', 'objectNumber'],
      ['object', 'rod', 'Object', 'objectNumber'],
      ['marker', 'pivot', 'Marker', 'markerNumber'],
    ]
    for (const [kind, name, type, parameter] of cases) {
      const outputs = offered(file, kind, name).find((c) => c.sensorType === type)?.outputs ?? []
      for (const output of OUTPUT_VARIABLE_TYPES)
        expect(
          builds(file, { type, [parameter]: name, outputVariableType: output }),
          `${type} ${output}`,
        ).toBe(outputs.includes(output))
    }
  })
})
