// Edit latency and bytes per edit (issue 14): a one-parameter edit (a mass, or a spring's stiffness on
// the lattice) sent to the host as the renderer sends it, through a real solver process (the built
// entry when `npm run build` has made one, else tsx). Latency is wall time from the request until the
// host has the solver's answer and has announced the new revision (modelChanged), plus the renderer's
// share measured in this process: applying the patch to its replica and resolving the project for the
// view. Bytes: the renderer <-> host messages (request and modelChanged event), the host -> solver
// request, and the solver's answer (which still carries the whole project text). Undo memory: the
// edit's patch and inverse as JSON.
import { existsSync } from 'node:fs'
import {
  applyPatch,
  loadProjectJson,
  parseProject,
  setParameters,
  writeProject,
  type ItemRef,
  type JsonObject,
} from '../src/core'
import { createBackend } from '../src/host/backend'
import { builtSolverEntry, nodeSolverLauncher, sourceSolverEntry } from '../src/host/nodeSolverLauncher'
import type { ModelChange } from '../src/shared/api'
import { EXAMPLES_DIR } from '../test/integration/helpers'
import { rigidBodies3D, rigidPendulum, springLattice } from './models'
import type { BenchResult } from './run'

const EDITS = 7

const MODELS: { name: string; model: JsonObject; settings: JsonObject; item: ItemRef; parameter: string }[] =
  [
    {
      name: 'pendulum',
      ...rigidPendulum(1000),
      item: { kind: 'objects', name: 'body' },
      parameter: 'physicsMass',
    },
    {
      name: 'perf3DRigidBodies (400 bodies)',
      ...rigidBodies3D(400, 1000),
      item: { kind: 'objects', name: '' },
      parameter: 'physicsMass',
    },
    {
      name: 'spring lattice 100 x 100',
      ...springLattice(100, 1000),
      item: { kind: 'objects', name: '' },
      parameter: 'stiffness',
    },
  ]

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value))

export default async function editLatencyBench(): Promise<BenchResult[]> {
  const built = builtSolverEntry()
  const entry = existsSync(built.path) ? built : sourceSolverEntry()
  const results: BenchResult[] = []
  for (const { name, model, settings, item, parameter } of MODELS) {
    const backend = createBackend({
      host: 'web',
      version: 'bench',
      examplesDir: EXAMPLES_DIR,
      launchSolver: nodeSolverLauncher(entry),
    })
    const changes: ModelChange[] = []
    backend.onEvent((event) => event.event === 'modelChanged' && changes.push(event.data))
    try {
      const text = JSON.stringify({
        format: 'mbs-studio-project',
        version: 1,
        name,
        model,
        simulationSettings: settings,
      })
      const opened = await backend.call('openModel', { text })
      const parsed = parseProject(opened.text)
      if (!parsed.ok) throw new Error(`${name}: ${parsed.problems[0].message}`)
      let replica = {
        name,
        model: parsed.project.model,
        simulationSettings: parsed.project.simulationSettingsSpec,
      }
      const target =
        item.name !== ''
          ? item
          : { kind: item.kind, name: replica.model.objects.find((o) => parameter in o)!.name }
      const host: number[] = []
      const view: number[] = []
      let request = 0
      let event = 0
      let undo = 0
      let solverRequest = 0
      for (let i = 0; i < EDITS; i++) {
        const value = (replica.model.objects.find((o) => o.name === target.name)![parameter] as number) * 1.01
        const edit = setParameters(replica, target, { [parameter]: value })
        const start = performance.now()
        await backend.call('edit', { patch: edit.patch, label: edit.label })
        host.push(performance.now() - start)
        const change = changes.at(-1)!
        const viewStart = performance.now()
        replica = applyPatch(replica, change.patch).doc
        // As the renderer's validateSpec does: the canonical text resolved by the file reader.
        const shown = loadProjectJson(
          JSON.parse(writeProject({ ...replica, simulationSettingsSpec: replica.simulationSettings })),
        )
        view.push(performance.now() - viewStart)
        if (!shown.ok) throw new Error(`${name}: the replica is invalid`)
        request = bytes({ id: i, method: 'edit', params: { patch: edit.patch, label: edit.label } })
        event = bytes({ event: 'modelChanged', data: change })
        undo = bytes(edit.patch) + bytes(edit.inverse)
        solverRequest = bytes({ id: i, method: 'applyChange', params: { patch: edit.patch } })
      }
      const answer = Buffer.byteLength(await backend.call('getModelText', undefined))
      const via = `${entry === built ? 'built' : 'tsx'} entry, median of ${EDITS}`
      results.push(
        {
          name: `${name}: edit until host and solver agree on the revision`,
          value: median(host),
          unit: 'ms',
          extra: via,
        },
        {
          name: `${name}: renderer replica (apply patch, resolve for the view)`,
          value: median(view),
          unit: 'ms',
          extra: 'in this process',
        },
        {
          name: `${name}: bytes renderer <-> host per edit (request + modelChanged)`,
          value: request + event,
          unit: 'B',
        },
        {
          name: `${name}: bytes host <-> solver per edit (patch request + answer with the project text)`,
          value: solverRequest + answer,
          unit: 'B',
          extra: `the answer's text is ${answer} B`,
        },
        { name: `${name}: undo memory per edit (patch + inverse as JSON)`, value: undo, unit: 'B' },
      )
    } finally {
      backend.dispose()
    }
  }
  return results
}
