// The renderer's share of a one-parameter edit (issue 14), in this process: checking the edit before
// it is sent (setParameters, applyPatch, validateEdit: what stores/model.ts commit does) and following
// the host's modelChanged patch into the replica and the drawn scene (applyPatch, patchedProject,
// patchedSceneModel: stores/model.ts follow and ModelViewport.vue). A drawing that changes is then
// redrawn whole by the viewport (instanceShapes, buildLines), measured separately; the model tree's
// Vue update is not included. For comparison: the whole-project path the replica took before (canonical
// text, parse and resolve, a new system and its graphics). Median of EDITS edits.
import {
  applyPatch,
  loadProjectJson,
  parseProject,
  patchedProject,
  setParameters,
  validateEdit,
  writeProject,
  type ItemRef,
  type JsonObject,
  type JsonValue,
  type Project,
} from '../src/core'
// The renderer's model and scene functions use no DOM, so they run under Node like the other benchmarks.
// eslint-disable-next-line no-restricted-imports
import { createSceneModel, patchedSceneModel, type SceneModel } from '../src/renderer/viewport/sceneModel'
// eslint-disable-next-line no-restricted-imports
import { buildLines, instanceShapes } from '../src/renderer/viewport/primitives'
import { rigidBodies3D, rigidPendulum, springLattice } from './models'
import type { BenchResult } from './run'

const EDITS = 7

interface Case {
  name: string
  model: JsonObject
  settings: JsonObject
  /** The edited item (its first item of the kind with `parameter` when the name is ''). */
  item: ItemRef
  parameter: string
  /** The new value from the old one. */
  change: (value: JsonValue) => JsonValue
}

const scaled = (value: JsonValue) => (value as number) * 1.01
const CASES: Case[] = [
  {
    name: 'pendulum',
    ...rigidPendulum(1000),
    item: { kind: 'objects', name: 'body' },
    parameter: 'physicsMass',
    change: scaled,
  },
  {
    name: 'perf3DRigidBodies (400 bodies)',
    ...rigidBodies3D(400, 1000),
    item: { kind: 'objects', name: '' },
    parameter: 'physicsMass',
    change: scaled,
  },
  {
    name: 'spring lattice 100 x 100',
    ...springLattice(100, 1000),
    item: { kind: 'objects', name: '' },
    parameter: 'stiffness',
    change: scaled,
  },
  {
    name: 'spring lattice 100 x 100, a node moved (drawing changes)',
    ...springLattice(100, 1000),
    item: { kind: 'nodes', name: 'n50_50' },
    parameter: 'referenceCoordinates',
    change: (value) => (value as number[]).map((x) => x + 0.01),
  },
]

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

function timed<T>(work: () => T, into: number[]): T {
  const start = performance.now()
  const result = work()
  into.push(performance.now() - start)
  return result
}

export default function rendererEditBench(): BenchResult[] {
  const results: BenchResult[] = []
  for (const { name, model, settings, item, parameter, change } of CASES) {
    const text = JSON.stringify({
      format: 'mbs-studio-project',
      version: 1,
      name,
      model,
      simulationSettings: settings,
    })
    const loaded = parseProject(text)
    if (!loaded.ok) throw new Error(`${name}: ${loaded.problems[0].message}`)
    let project: Project = loaded.project
    let scene: SceneModel = createSceneModel(project)
    scene.initial()
    const target =
      item.name !== ''
        ? item
        : { kind: item.kind, name: project.model[item.kind].find((o) => parameter in o)!.name }
    const check: number[] = []
    const follow: number[] = []
    const redraw: number[] = []
    let redrawn = 0
    for (let i = 0; i < EDITS; i++) {
      const spec = { model: project.model, simulationSettings: project.simulationSettingsSpec }
      const value = project.model[target.kind].find((o) => o.name === target.name)![parameter]
      const edit = timed(() => {
        const made = setParameters(spec, target, { [parameter]: change(value) })
        const problems = validateEdit(applyPatch(spec, made.patch).doc, made.patch)
        if (problems.length > 0) throw new Error(`${name}: ${problems[0].message}`)
        return made
      }, check)
      const patched = timed(() => {
        const next = patchedProject(project, applyPatch(spec, edit.patch).doc, edit.patch)
        if (!next.ok) throw new Error(`${name}: ${next.problems[0].message}`)
        return { project: next.project, ...patchedSceneModel(scene, next.project, edit.patch) }
      }, follow)
      project = patched.project
      scene = patched.scene
      if (patched.changed) {
        redrawn++
        const items = scene.initial()
        timed(
          () => (instanceShapes(items, new Set(), [1, 1, 1, 1]), buildLines(items, new Set(), [1, 1, 1, 1])),
          redraw,
        )
      }
    }
    const whole: number[] = []
    timed(() => {
      const reread = loadProjectJson(
        JSON.parse(writeProject({ ...project, simulationSettingsSpec: project.simulationSettingsSpec })),
      )
      if (!reread.ok) throw new Error(`${name}: the replica is invalid`)
      createSceneModel(reread.project).initial()
    }, whole)
    results.push(
      {
        name: `${name}: renderer checks the edit before sending it`,
        value: median(check),
        unit: 'ms',
        extra: `median of ${EDITS}`,
      },
      {
        name: `${name}: replica and scene follow the patch`,
        value: median(follow),
        unit: 'ms',
        extra: `the drawing changed in ${redrawn} of ${EDITS} edits`,
      },
      ...(redraw.length > 0
        ? [
            {
              name: `${name}: viewport redraws the whole drawing (instances, lines)`,
              value: median(redraw),
              unit: 'ms',
            },
          ]
        : []),
      {
        name: `${name}: whole-project path before (text, resolve, new system, graphics)`,
        value: whole[0],
        unit: 'ms',
        extra: 'once',
      },
    )
  }
  return results
}
