// Edit commands and their inverses (src/core/model/edits.ts, patch.ts): every command applied and then
// undone gives the project back byte for byte in the canonical writer's text, and the local
// validation of an edit (validateEdit.ts) finds the same problems as validating the whole project.
import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addItems,
  addTreeLink,
  applyPatch,
  deleteItems,
  dependentsOf,
  duplicateItems,
  loadProjectJson,
  parseProject,
  PatchError,
  removeTreeLink,
  renameItem,
  setParameters,
  setSetting,
  validateEdit,
  writeProject,
  type Edit,
  type EditableProject,
  type ItemRef,
  type Problem,
} from '../../../../src/core'

type Doc = EditableProject & { name: string }

const EXAMPLES = path.join(__dirname, '../../../../resources/examples')
function example(name: string): Doc {
  const result = parseProject(fs.readFileSync(path.join(EXAMPLES, `${name}.mbsproj`), 'utf8'))
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  const { project } = result
  return { name: project.name, model: project.model, simulationSettings: project.simulationSettingsSpec }
}

const text = (doc: Doc) =>
  writeProject({ name: doc.name, model: doc.model, simulationSettingsSpec: doc.simulationSettings })

/** The whole project validated as the file reader does (the reference the local validation meets). */
function fullProblems(doc: Doc): Problem[] {
  const result = loadProjectJson(JSON.parse(text(doc)))
  return result.ok ? [] : result.problems
}

/** Applies the edit, checks that its inverse restores the original text exactly, returns the new doc. */
function roundTrip(doc: Doc, edit: Edit): Doc {
  const original = text(doc)
  const applied = applyPatch(doc, edit.patch)
  expect(applied.inverse).toEqual(edit.inverse)
  expect(text(applyPatch(applied.doc, edit.inverse).doc)).toBe(original)
  expect(text(doc)).toBe(original) // the command and the patch never touch their input
  return applied.doc
}

const SLIDER = { kind: 'objects', name: 'slider' } as const

describe('edit commands', () => {
  it('setParameters: one modify; undo restores set and removed parameters', () => {
    const doc = example('sliderCrank')
    const edit = setParameters(doc, SLIDER, { physicsMass: 2.5 })
    expect(edit.patch).toEqual([{ op: 'modify', kind: 'objects', name: 'slider', set: { physicsMass: 2.5 } }])
    const next = roundTrip(doc, edit)
    expect(next.model.objects.find((o) => o.name === 'slider')!.physicsMass).toBe(2.5)
    expect(validateEdit(next, edit.patch)).toEqual([])
    // Untouched lists and items are shared, not copied: memory follows the change.
    expect(next.model.nodes).toBe(doc.model.nodes)
    expect(next.model.objects[0]).toBe(doc.model.objects[0])
    const unset = setParameters(next, SLIDER, { physicsMass: undefined })
    expect(unset.inverse).toEqual([
      { op: 'modify', kind: 'objects', name: 'slider', set: { physicsMass: 2.5 } },
    ])
    roundTrip(next, unset)
  })

  it('addItems and duplicateItems append; undo deletes them', () => {
    const doc = example('sliderCrank')
    const item = { type: 'ForceVector', name: 'push', markerNumber: 'sliderPosition', loadVector: [1, 0, 0] }
    const add = addItems(doc, [{ kind: 'loads', item }])
    expect(add.inverse).toEqual([{ op: 'delete', kind: 'loads', name: 'push' }])
    const next = roundTrip(doc, add)
    expect(next.model.loads.at(-1)).toEqual(item)
    expect(validateEdit(next, add.patch)).toEqual([])
    const duplicate = duplicateItems(doc, [SLIDER, { kind: 'nodes', name: 'sliderNode' }])
    expect(duplicate.copies).toEqual([
      { kind: 'objects', name: 'slider1' },
      { kind: 'nodes', name: 'sliderNode1' },
    ])
    const copied = roundTrip(doc, duplicate)
    expect(fullProblems(copied)).toEqual([])
    expect(validateEdit(copied, duplicate.patch)).toEqual([])
  })

  it('deleteItems removes the dependents too; undo puts every item back at its index', () => {
    const doc = example('sliderCrank')
    const refs: ItemRef[] = [SLIDER]
    const dependents = dependentsOf(doc, refs)
    // The slider's markers, and through them the connectors, gravity and sensors that use them.
    expect(dependents).toContainEqual({ kind: 'markers', name: 'sliderPosition' })
    expect(dependents).toContainEqual({ kind: 'objects', name: 'rod' })
    expect(dependents).toContainEqual({ kind: 'sensors', name: 'rodForce' })
    const edit = deleteItems(doc, refs)
    expect(edit.label).toBe(`Delete slider and ${dependents.length} dependent items`)
    const next = roundTrip(doc, edit)
    expect(fullProblems(next)).toEqual([])
    expect(validateEdit(next, edit.patch)).toEqual([])
  })

  it('renameItem rewrites every reference; undo renames back', () => {
    const doc = example('sliderCrank')
    const edit = renameItem(doc, { kind: 'markers', name: 'sliderPosition' }, 'sliderPoint')
    const next = roundTrip(doc, edit)
    expect(text(next)).not.toContain('"sliderPosition"')
    expect(text(next).split('"sliderPoint"').length).toBe(text(doc).split('"sliderPosition"').length)
    expect(validateEdit(next, edit.patch)).toEqual([])
    expect(() => renameItem(doc, SLIDER, 'crankPin')).toThrow(
      /object "slider": the name "crankPin" is already used/,
    )
  })

  it('setSetting sets one path; undo restores its value, or removes what it created', () => {
    const doc = example('sliderCrank')
    const edit = setSetting(doc, 'timeIntegration.numberOfSteps', 1e7)
    expect(edit.patch).toEqual([{ op: 'setting', path: 'timeIntegration.numberOfSteps', value: 1e7 }])
    expect(edit.inverse).toEqual([{ op: 'setting', path: 'timeIntegration.numberOfSteps', value: 4000 }])
    const next = roundTrip(doc, edit)
    expect(next.simulationSettings).toEqual({
      ...doc.simulationSettings,
      timeIntegration: { ...(doc.simulationSettings.timeIntegration as object), numberOfSteps: 1e7 },
    })
    expect(validateEdit(next, edit.patch)).toEqual([])
    // Sections off the path are shared, not copied.
    expect(next.simulationSettings.solutionSettings).toBe(doc.simulationSettings.solutionSettings)
    // A setting in a section the file does not have: undo removes the section it created.
    const nested = setSetting(doc, 'timeIntegration.newton.maxIterations', 8)
    expect(nested.inverse).toEqual([{ op: 'setting', path: 'timeIntegration.newton', unset: true }])
    expect(fullProblems(roundTrip(doc, nested))).toEqual([])
    // Removed: its default applies; undo puts it back.
    const unset = setSetting(doc, 'timeIntegration.endTime', undefined)
    expect(unset.patch).toEqual([{ op: 'setting', path: 'timeIntegration.endTime', unset: true }])
    expect(unset.inverse).toEqual([{ op: 'setting', path: 'timeIntegration.endTime', value: 2 }])
    expect('endTime' in (roundTrip(doc, unset).simulationSettings.timeIntegration as object)).toBe(false)
    // Removing what is not there changes nothing.
    const absent = setSetting(doc, 'staticSolver.newton.maxIterations', undefined)
    expect(absent.inverse).toEqual(absent.patch)
    expect(roundTrip(doc, absent).simulationSettings).toBe(doc.simulationSettings)
  })

  it('setting edits made on the same model compose: each sets only its path', () => {
    const doc = example('sliderCrank')
    const endTime = setSetting(doc, 'timeIntegration.endTime', 10_000)
    const steps = setSetting(doc, 'timeIntegration.numberOfSteps', 1e7)
    const both = applyPatch(applyPatch(doc, endTime.patch).doc, steps.patch).doc
    expect(both.simulationSettings.timeIntegration).toEqual({
      ...(doc.simulationSettings.timeIntegration as object),
      endTime: 10_000,
      numberOfSteps: 1e7,
    })
  })

  it('setSetting refuses a path the settings do not have and a value the reader refuses', () => {
    const doc = example('sliderCrank')
    const refusal = (path: string) => {
      try {
        setSetting(doc, path, 1)
      } catch (error) {
        if (error instanceof PatchError) return error.problem
        throw error
      }
      return undefined
    }
    expect(refusal('timeIntegration.numberOfStep')).toEqual({
      path: 'simulationSettings.timeIntegration.numberOfStep',
      message: 'unknown setting "numberOfStep" (did you mean "numberOfSteps"?)',
    })
    expect(refusal('solverType.order')).toEqual({
      path: 'simulationSettings.solverType',
      message: '"solverType" is a setting, not a section of settings: it has no key "order"',
    })
    expect(refusal('timeIntegration..endTime')?.message).toBe(
      '"setting" expects path: a settings path such as "timeIntegration.endTime"',
    )
    // Values are checked as the file reader checks them, naming the setting.
    for (const [path, value] of [
      ['timeIntegration.numberOfSteps', 0],
      ['solverType', 'RK99'],
      ['timeIntegration.endTime', -1],
    ] as const) {
      const bad = setSetting(doc, path, value)
      const next = applyPatch(doc, bad.patch).doc
      const problems = validateEdit(next, bad.patch)
      expect(problems.map((p) => p.path)).toEqual([`simulationSettings.${path}`])
      expect(problems).toEqual(fullProblems(next))
    }
  })

  it('KinematicTree links: tree and node change in one edit; undo restores both', () => {
    const doc = example('robotArmTree')
    const ARM = { kind: 'objects', name: 'arm' } as const
    const add = addTreeLink(doc, ARM)
    expect(add.patch.map((op) => op.op === 'modify' && op.name)).toEqual(['arm', doc.model.nodes[0].name])
    const longer = roundTrip(doc, add)
    expect(fullProblems(longer)).toEqual([])
    expect(validateEdit(longer, add.patch)).toEqual([])
    // Removing a link the gripper marker sits on: refused the same way by both validations.
    const remove = removeTreeLink(doc, ARM)
    const shorter = roundTrip(doc, remove)
    const problems = validateEdit(shorter, remove.patch)
    expect(problems.map((p) => p.message).join('\n')).toMatch(
      /KinematicTree "arm" has 2 links \(0\.\.1\); got 2/,
    )
    expect(problems).toEqual(fullProblems(shorter))
  })

  it('refuses what cannot be applied, naming the item', () => {
    const doc = example('sliderCrank')
    expect(() => setParameters(doc, { kind: 'objects', name: 'nope' }, { physicsMass: 1 })).toThrow(
      'no object named "nope"',
    )
    expect(() =>
      applyPatch(doc, [{ op: 'modify', kind: 'objects', name: 'slider', set: { type: 'X' } }]),
    ).toThrow(PatchError)
    expect(() => applyPatch(doc, [{ op: 'delete', kind: 'loads', name: 'nope' }])).toThrow(
      'patch[0]: no item "nope" in loads',
    )
    expect(() => removeTreeLink(doc, SLIDER)).toThrow('no KinematicTree named "slider"')
  })
})

describe('validateEdit finds what validating the whole project finds', () => {
  const refused: [string, (doc: Doc) => Edit][] = [
    ['a negative mass', (doc) => setParameters(doc, SLIDER, { physicsMass: 'heavy' })],
    ['an unknown parameter', (doc) => setParameters(doc, SLIDER, { physicsMas: 2 })],
    [
      'a reference to nothing',
      (doc) => setParameters(doc, { kind: 'markers', name: 'sliderPosition' }, { bodyNumber: 'nope' }),
    ],
    [
      'a connector on a marker without a position (a cross-item check)',
      (doc) => setParameters(doc, { kind: 'objects', name: 'rod' }, { markerNumbers: ['pivot', 'groundY'] }),
    ],
    [
      'a delete without its dependents',
      () => ({ label: '', patch: [{ op: 'delete', kind: 'objects', name: 'slider' }], inverse: [] }),
    ],
    ['a duplicate name', (doc) => addItems(doc, [{ kind: 'nodes', item: { ...doc.model.nodes[0] } }])],
    [
      'a removed required parameter',
      (doc) => setParameters(doc, { kind: 'objects', name: 'rod' }, { markerNumbers: undefined }),
    ],
  ]
  for (const [what, make] of refused)
    it(`refuses ${what}`, () => {
      const doc = example('sliderCrank')
      const edit = make(doc)
      const next = applyPatch(doc, edit.patch).doc
      const local = validateEdit(next, edit.patch)
      expect(local.length).toBeGreaterThan(0)
      expect(local).toEqual(fullProblems(next))
    })

  it('for random sequences of parameter edits, renames, duplicates, deletes (and undo restores each)', () => {
    const names = ['crankPin', 'slider', 'crank', 'rod']
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('mass' as const),
        name: fc.constantFrom('crankPin', 'slider'),
        value: fc.oneof(fc.double({ min: -2, max: 5, noNaN: true }), fc.constant('x')),
      }),
      fc.record({
        kind: fc.constant('rename' as const),
        name: fc.constantFrom(...names),
        value: fc.constantFrom('a', 'b', 'slider', 'rod'),
      }),
      fc.record({
        kind: fc.constant('duplicate' as const),
        name: fc.constantFrom(...names),
        value: fc.constant(0),
      }),
      fc.record({
        kind: fc.constant('delete' as const),
        name: fc.constantFrom(...names),
        value: fc.constant(0),
      }),
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 6 }), (steps) => {
        let doc = example('sliderCrank')
        for (const { kind, name, value } of steps) {
          if (!doc.model.objects.some((o) => o.name === name)) continue
          const ref = { kind: 'objects', name } as const
          let edit: Edit
          try {
            if (kind === 'mass') edit = setParameters(doc, ref, { physicsMass: value })
            else if (kind === 'rename') edit = renameItem(doc, ref, String(value))
            else if (kind === 'duplicate') edit = duplicateItems(doc, [ref])
            else edit = deleteItems(doc, [ref])
          } catch (error) {
            expect(error).toBeInstanceOf(PatchError)
            continue
          }
          const next = roundTrip(doc, edit)
          const local = validateEdit(next, edit.patch)
          expect(local).toEqual(fullProblems(next))
          if (local.length === 0) doc = next
        }
      }),
      { numRuns: 60 },
    )
  })
})
