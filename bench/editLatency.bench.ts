// Edit latency and bytes per edit (issue 14): a one-parameter edit (a mass, or a spring's stiffness on
// the lattice) sent to the host as the renderer sends it, through a real solver process (the built
// entry when `npm run build` has made one, else tsx). Latency is wall time from the request until the
// host has the solver's answer at the new revision and has announced it (modelChanged), plus the
// renderer's share measured in this process: its replica brought to the new revision by the patch
// (patchedProject, as the renderer's model does). Bytes: the renderer <-> host messages (request and
// modelChanged event) and every message on the host <-> solver hop during the edit (request and
// answer, as JSON). Undo memory: the edit's patch and inverse as JSON. The lattice is measured twice:
// with no system built (the solver only updates its model) and with a paused run, whose compiled
// system takes the live stiffness in place.
import { existsSync } from 'node:fs'
import {
  applyPatch,
  parseProject,
  patchedProject,
  setParameters,
  type ItemRef,
  type JsonObject,
  type Project,
} from '../src/core'
import { createBackend } from '../src/host/backend'
import {
  builtSolverEntry,
  nodeSolverLauncher,
  sourceSolverEntry,
  type SolverEntry,
} from '../src/host/nodeSolverLauncher'
import type { SolverLauncher } from '../src/host/solverSupervisor'
import type { ModelChange } from '../src/shared/api'
import { EXAMPLES_DIR } from '../test/integration/helpers'
import { rigidBodies3D, rigidPendulum, springLattice } from './models'
import type { BenchResult } from './run'

const EDITS = 7

interface EditCase {
  name: string
  model: JsonObject
  settings: JsonObject
  item: ItemRef
  parameter: string
  /** Edit a paused run (one step taken), so the solver holds a compiled system. */
  paused?: boolean
}

const CASES: EditCase[] = [
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
  {
    name: 'spring lattice 100 x 100, paused run',
    ...springLattice(100, 1000),
    item: { kind: 'objects', name: '' },
    parameter: 'stiffness',
    paused: true,
  },
]

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value))

/** The launcher with every message of the hop counted (JSON bytes, both directions). */
function countingLauncher(launch: SolverLauncher, counter: { bytes: number }): SolverLauncher {
  return () => {
    const channel = launch()
    return {
      ...channel,
      send: (message) => {
        counter.bytes += bytes(message)
        channel.send(message)
      },
      onMessage: (listener) =>
        channel.onMessage((message) => {
          if (message.kind === 'response') counter.bytes += bytes(message)
          listener(message)
        }),
    }
  }
}

async function measure(edit: EditCase, entry: SolverEntry, via: string): Promise<BenchResult[]> {
  const { name, model, settings, item, parameter, paused } = edit
  const hop = { bytes: 0 }
  const backend = createBackend({
    host: 'web',
    version: 'bench',
    examplesDir: EXAMPLES_DIR,
    launchSolver: countingLauncher(nodeSolverLauncher(entry), hop),
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
    let replica: Project = parsed.project
    if (paused) await backend.call('step', { count: 1 })
    const target =
      item.name !== ''
        ? item
        : { kind: item.kind, name: replica.model.objects.find((o) => parameter in o)!.name }
    const host: number[] = []
    const view: number[] = []
    let request = 0
    let event = 0
    let undo = 0
    let solverHop = 0
    for (let i = 0; i < EDITS; i++) {
      const spec = { model: replica.model, simulationSettings: replica.simulationSettingsSpec }
      const value = (replica.model.objects.find((o) => o.name === target.name)![parameter] as number) * 1.01
      const change = setParameters(spec, target, { [parameter]: value })
      hop.bytes = 0
      const start = performance.now()
      await backend.call('edit', { patch: change.patch, label: change.label })
      host.push(performance.now() - start)
      solverHop = hop.bytes
      const announced = changes.at(-1)!
      const viewStart = performance.now()
      const next = patchedProject(replica, applyPatch(spec, announced.patch).doc, announced.patch)
      view.push(performance.now() - viewStart)
      if (!next.ok) throw new Error(`${name}: the replica is invalid`)
      replica = next.project
      request = bytes({ id: i, method: 'edit', params: { patch: change.patch, label: change.label } })
      event = bytes({ event: 'modelChanged', data: announced })
      undo = bytes(change.patch) + bytes(change.inverse)
    }
    const status = await backend.call('getState', undefined)
    if (status.revision !== status.modelRevision)
      throw new Error(`${name}: the solver is not at the host's revision`)
    if (paused && status.state !== 'paused') throw new Error(`${name}: the paused run was not kept`)
    return [
      {
        name: `${name}: edit until host and solver agree on the revision`,
        value: median(host),
        unit: 'ms',
        extra: via,
      },
      {
        name: `${name}: renderer replica (patchedProject)`,
        value: median(view),
        unit: 'ms',
        extra: 'in this process',
      },
      {
        name: `${name}: bytes renderer <-> host per edit (request + modelChanged)`,
        value: request + event,
        unit: 'B',
      },
      { name: `${name}: bytes host <-> solver per edit (request + answer)`, value: solverHop, unit: 'B' },
      { name: `${name}: undo memory per edit (patch + inverse as JSON)`, value: undo, unit: 'B' },
    ]
  } finally {
    backend.dispose()
  }
}

export default async function editLatencyBench(): Promise<BenchResult[]> {
  const built = builtSolverEntry()
  const entry = existsSync(built.path) ? built : sourceSolverEntry()
  const results: BenchResult[] = []
  const via = `${entry === built ? 'built' : 'tsx'} entry, median of ${EDITS}`
  for (const edit of CASES) results.push(...(await measure(edit, entry, via)))
  return results
}
