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
  Graphics,
  ITEM_KINDS,
  getItemType,
  parseProject,
  type GraphicsItem,
  type Project,
} from '../../../../src/core'
import { buildSystem } from '../../../../src/core/simulation'
import { jointLinks } from '../../../../src/renderer/viewport/jointLinks'
import { createSceneModel } from '../../../../src/renderer/viewport/sceneModel'

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
