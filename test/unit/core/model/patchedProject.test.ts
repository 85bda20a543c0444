// A replica's project after an accepted patch (src/core/model/patchedProject.ts) is the project the
// file reader makes of the patched model: the same resolved items (type, name, parameter values with
// defaults, references as indices) and settings. Reference: loadProjectJson of the patched project's
// canonical text, the whole-project path. Compared with toEqual: both run the same checks on the same
// dictionaries, so the values must be identical.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  addItems,
  applyPatch,
  deleteItems,
  getItemType,
  ITEM_KINDS,
  KIND_LIST_KEY,
  loadProjectJson,
  parseProject,
  patchedProject,
  renameItem,
  setParameters,
  setSetting,
  validateEdit,
  writeProject,
  type Edit,
  type Project,
} from '../../../../src/core'

const EXAMPLES = path.join(__dirname, '../../../../resources/examples')

function load(file: string): Project {
  const result = parseProject(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'))
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.project
}

const specOf = (project: Project) => ({
  model: project.model,
  simulationSettings: project.simulationSettingsSpec,
})

/** What a loaded project holds, in plain values: resolved items per kind and the settings. */
const contents = (project: Project) => ({
  model: project.model,
  settingsSpec: project.simulationSettingsSpec,
  settings: project.settings,
  items: ITEM_KINDS.map((kind) =>
    project.resolved.items[kind].map(({ index, name, type, params }) => ({
      kind,
      index,
      name,
      type,
      values: params.values,
    })),
  ),
})

/** Applies an accepted edit both ways and compares; returns false when the owner would refuse it. */
function check(project: Project, edit: Edit): boolean {
  const next = applyPatch(specOf(project), edit.patch).doc
  if (validateEdit(next, edit.patch).length > 0) return false
  const reference = loadProjectJson(
    JSON.parse(
      writeProject({ ...project, model: next.model, simulationSettingsSpec: next.simulationSettings }),
    ),
  )
  if (!reference.ok) throw new Error(JSON.stringify(reference.problems))
  const patched = patchedProject(project, next, edit.patch)
  if (!patched.ok) throw new Error(JSON.stringify(patched.problems))
  expect(contents(patched.project)).toEqual(contents(reference.project))
  return true
}

const files = fs
  .readdirSync(EXAMPLES)
  .filter((file) => file.endsWith('.mbsproj'))
  .sort()

describe('patchedProject gives the project the file reader makes of the patched model', () => {
  for (const file of files)
    it(`${file}: every number parameter of every item, settings, add, rename, delete`, () => {
      const project = load(file)
      const spec = specOf(project)
      let accepted = 0
      for (const kind of ITEM_KINDS) {
        const list = KIND_LIST_KEY[kind]
        for (const item of project.model[list]) {
          const parameters = getItemType(kind, item.type)!.parameters
          const resolved = project.resolved.item(kind, project.resolved.indexOf(kind, item.name))
          for (const [key, param] of Object.entries(parameters)) {
            if (param.type !== 'number') continue
            const value = resolved.params.values[key]
            if (typeof value !== 'number') continue
            const ref = { kind: list, name: item.name }
            if (check(project, setParameters(spec, ref, { [key]: value === 0 ? 0.5 : value * 1.5 })))
              accepted++
            // A removed parameter takes its default.
            if (param.default !== undefined && key in item)
              check(project, setParameters(spec, ref, { [key]: undefined }))
          }
        }
      }
      expect(accepted).toBeGreaterThan(0)
      expect(check(project, setSetting(spec, 'timeIntegration.endTime', 0.25))).toBe(true)
      const ground = { type: 'PointGround', name: 'patchedGround', referenceCoordinates: [0, 0, 1] }
      expect(check(project, addItems(spec, [{ kind: 'nodes', item: ground }]))).toBe(true)
      const first = project.model.nodes[0]
      expect(
        check(project, renameItem(spec, { kind: 'nodes', name: first.name }, `${first.name}Renamed`)),
      ).toBe(true)
      expect(check(project, deleteItems(spec, [{ kind: 'nodes', name: first.name }]))).toBe(true)
    })
})
