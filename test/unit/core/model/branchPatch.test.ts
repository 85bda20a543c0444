// Which changes a what-if branch takes: live parameters, mass properties and drawing parameters;
// everything else is refused with the parameter and the reason.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { branchPatchProblems, parseProject, type ModelPatch, type ModelSpec } from '../../../../src/core'

const text = fs.readFileSync(path.join(__dirname, '../../../fixtures/branch/springPendulum.mbsproj'), 'utf8')
const parsed = parseProject(text)
if (!parsed.ok) throw new Error('fixture')
const model: ModelSpec = parsed.project.model
const messages = (patch: ModelPatch) =>
  branchPatchProblems(patch, model).map((p) => `${p.path}: ${p.message}`)

const TAIL =
  ': not a parameter a branch can change; a branch takes live parameters, mass properties and drawing ' +
  'parameters'

describe('branchPatchProblems', () => {
  it('takes live parameters, mass properties and drawing parameters', () => {
    const patch: ModelPatch = [
      { op: 'modify', kind: 'objects', name: 'spring', set: { stiffness: 300, damping: 1 } },
      { op: 'modify', kind: 'objects', name: 'bob', set: { physicsMass: 2 } },
      { op: 'modify', kind: 'loads', name: 'gravity', set: { loadVector: [0, -1.62, 0] } },
      { op: 'modify', kind: 'objects', name: 'spring', unset: ['referenceLength'] },
    ]
    expect(messages(patch)).toEqual([])
  })

  it('refuses references, the reference configuration, initial values and other build parameters', () => {
    expect(
      messages([
        { op: 'modify', kind: 'objects', name: 'spring', set: { markerNumbers: ['pivot', 'pivot'] } },
        { op: 'modify', kind: 'nodes', name: 'bobNode', set: { referenceCoordinates: [2, 0, 0] } },
        { op: 'modify', kind: 'nodes', name: 'bobNode', set: { initialVelocities: [0, 1, 0] } },
        { op: 'modify', kind: 'sensors', name: 'bobPositionSensor', set: { outputVariableType: 'Velocity' } },
        { op: 'modify', kind: 'objects', name: 'bob', set: { noSuchParameter: 1 } },
      ]),
    ).toEqual(
      [
        'patch[0].markerNumbers: spring.markerNumbers connects the item to other items: the assembly and ' +
          'its coordinate maps change',
        'patch[1].referenceCoordinates: bobNode.referenceCoordinates changes the reference configuration ' +
          "the checkpoint's coordinates are displacements from",
        'patch[2].initialVelocities: bobNode.initialVelocities is an initial condition: a branch starts ' +
          "from the checkpoint's state, not from initial values",
        'patch[3].outputVariableType: bobPositionSensor.outputVariableType changes how the item is built ' +
          '(its coordinates, equations or precomputed data)',
        'patch[4].noSuchParameter: bob.noSuchParameter is not a parameter of this item type',
      ].map((m) => m + TAIL),
    )
  })

  it('refuses added, deleted and renamed items, the settings and unknown items', () => {
    const found = messages([
      { op: 'add', kind: 'loads', item: { type: 'ForceVector', name: 'push', markerNumber: 'bobPosition' } },
      { op: 'delete', kind: 'objects', name: 'spring' },
      { op: 'rename', kind: 'objects', name: 'bob', newName: 'ball' },
      { op: 'setting', path: 'timeIntegration.endTime', value: 2 },
      { op: 'modify', kind: 'objects', name: 'nobody', set: { physicsMass: 1 } },
    ])
    expect(found[0]).toMatch(
      /^patch\[0\]: adding load "push" changes the model's structure \(the state vector/,
    )
    expect(found[1]).toMatch(/^patch\[1\]: deleting object "spring" changes the model's structure/)
    expect(found[2]).toMatch(/^patch\[2\]: renaming object "bob" changes the model's structure/)
    expect(found[3]).toMatch(/^patch\[3\]: the simulation settings cannot change in a branch/)
    expect(found[4]).toBe('patch[4]: there is no object "nobody" in the model')
  })
})
