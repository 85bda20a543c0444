// The viewport's scene model draws a frame's coordinates exactly as the engine draws a fresh system at
// those coordinates: the same items, ids, primitives and colours, frame after frame (it looks the
// items' visualize functions up once and reuses one system). Reference: a new system per frame whose
// items are drawn through the registry (getItemType), the plain per-item path. Compared with toEqual:
// both evaluate the same arithmetic on the same numbers, so the results must be bit for bit equal.
// The joints' links (jointLinks.ts) follow the engine's items, drawn from the fresh system too.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  applyPatch,
  Graphics,
  ITEM_KINDS,
  getItemType,
  KIND_LIST_KEY,
  parseProject,
  patchedProject,
  renameItem,
  setParameters,
  setSetting,
  validateEdit,
  type Edit,
  type GraphicsItem,
  type Project,
} from '../../../../src/core'
import { buildSystem } from '../../../../src/core/simulation'
import { jointLinks } from '../../../../src/renderer/viewport/jointLinks'
import {
  createSceneModel,
  patchedSceneModel,
  type SceneModel,
} from '../../../../src/renderer/viewport/sceneModel'

const EXAMPLES = join(__dirname, '../../../../resources/examples')

function referenceGraphics(project: Project, q: Float64Array): GraphicsItem[] {
  const system = buildSystem(project)
  system.state.q.set(q)
  system.update(system.state)
  const g = new Graphics()
  for (const kind of ITEM_KINDS)
    system.records(kind).forEach((r, index) => {
      const visualize = getItemType(kind, r.item.type)?.visualize as ((...a: unknown[]) => void) | undefined
      if (!visualize) return
      g.begin(`${kind}:${index}`)
      visualize(r.item, r.computation, system.state, g)
    })
  return [...g.items.filter((i) => i.primitives.length > 0), ...jointLinks(system)(system.state)]
}

/** Coordinates near the initial ones (small enough to keep Euler parameters and cables sensible). */
const moved = (q: Float64Array, k: number) => q.map((x, i) => x + 1e-3 * k * Math.sin(i + k))

describe('SceneModel.at draws a frame as a fresh system does', () => {
  for (const file of readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.mbsproj'))
    .sort())
    it(file, () => {
      const loaded = parseProject(readFileSync(join(EXAMPLES, file), 'utf8'))
      if (!loaded.ok) throw new Error(`${file} does not load`)
      const scene = createSceneModel(loaded.project)
      const q0 = buildSystem(loaded.project).state.q
      expect(scene.initial()).toEqual(referenceGraphics(loaded.project, q0))
      // Several frames in a row through the same scene model, then back to the initial state.
      for (const k of [1, 2, 3])
        expect(scene.at(moved(q0, k))).toEqual(referenceGraphics(loaded.project, moved(q0, k)))
      expect(scene.at(new Float64Array(q0.length + 1))).toEqual(referenceGraphics(loaded.project, q0))
    })
})

// After an accepted edit the patched scene draws what a scene built from scratch for the edited
// project draws (reference: createSceneModel of the project the file reader makes of the patched
// model), bit for bit, and reports a change exactly when that drawing differs from the one before.
// Every example: each number parameter of each item edited in turn, then a settings edit and a rename.
/** Items edited per kind and example (a test stays within seconds on the largest example). */
const ITEMS_PER_KIND = 4

describe('patchedSceneModel draws an edited model as a new scene of it does', () => {
  const specOf = (project: Project) => ({
    model: project.model,
    simulationSettings: project.simulationSettingsSpec,
  })
  function expectPatched(scene: SceneModel, edit: Edit): SceneModel | null {
    const next = applyPatch(specOf(scene.project), edit.patch).doc
    if (validateEdit(next, edit.patch).length > 0) return null
    const project = patchedProject(scene.project, next, edit.patch)
    if (!project.ok) throw new Error(JSON.stringify(project.problems))
    const reference = createSceneModel(project.project)
    const patched = patchedSceneModel(scene, project.project, edit.patch)
    expect(patched.scene.initial()).toEqual(reference.initial())
    // A patch that adds, deletes or renames makes a new scene, always reported as changed.
    const rebuilt = edit.patch.some((op) => op.op !== 'modify' && op.op !== 'setting')
    const differs = JSON.stringify(reference.initial()) !== JSON.stringify(scene.initial())
    expect(patched.changed).toBe(differs || rebuilt)
    const q = moved(buildSystem(project.project).state.q, 1)
    expect(patched.scene.at(q)).toEqual(reference.at(q))
    return patched.scene
  }

  for (const file of readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.mbsproj'))
    .sort())
    it(file, () => {
      const loaded = parseProject(readFileSync(join(EXAMPLES, file), 'utf8'))
      if (!loaded.ok) throw new Error(`${file} does not load`)
      let scene = createSceneModel(loaded.project)
      let accepted = 0
      // Every number parameter of the first items of each kind, one edit after the other.
      for (const kind of ITEM_KINDS)
        for (const item of loaded.project.model[KIND_LIST_KEY[kind]].slice(0, ITEMS_PER_KIND)) {
          for (const [key, param] of Object.entries(getItemType(kind, item.type)!.parameters)) {
            const value = scene.project.resolved.item(kind, scene.project.resolved.indexOf(kind, item.name))
              .params.values[key]
            if (param.type !== 'number' || typeof value !== 'number') continue
            const ref = { kind: KIND_LIST_KEY[kind], name: item.name }
            const next = expectPatched(
              scene,
              setParameters(specOf(scene.project), ref, { [key]: value === 0 ? 0.1 : value * 1.1 }),
            )
            if (!next) continue
            accepted++
            scene = next
          }
        }
      expect(accepted).toBeGreaterThan(0)
      scene = expectPatched(scene, setSetting(specOf(scene.project), 'timeIntegration.endTime', 0.3))!
      const first = scene.project.model.nodes[0]
      expect(
        expectPatched(
          scene,
          renameItem(specOf(scene.project), { kind: 'nodes', name: first.name }, 'renamed'),
        ),
      ).not.toBeNull()
    })
})
