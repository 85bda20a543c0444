// A backend with a real solver process (the TypeScript entry through tsx) and an event recorder
// that waits on events with a timeout instead of sleeping.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createBackend, type Backend } from '../../src/host/backend'
import type { RunCacheOptions } from '../../src/host/runCache'
import { nodeSolverLauncher, sourceSolverEntry } from '../../src/host/nodeSolverLauncher'
import type { SolverChannel } from '../../src/host/solverSupervisor'
import type { ApiEventName, ApiEvents, EventMessage } from '../../src/shared/api'
import { PROTOCOL_VERSION } from '../../src/shared/protocol'

export const EXAMPLES_DIR = resolve(__dirname, '../../resources/examples')
export const PENDULUM = readFileSync(join(EXAMPLES_DIR, 'pendulum.mbsproj'), 'utf8')

export interface TestBackend {
  backend: Backend
  events: EventRecorder
  /** The solver processes started so far (the last one is the live one). */
  channels: (SolverChannel & { pid?: number })[]
  dispose(): void
}

/** acknowledgeFrames: behave like the renderer's API client, which acknowledges every frame batch. */
/** exposeGc: the solver process runs with --expose-gc, so getState reports the retained heap. */
export function startTestBackend({
  acknowledgeFrames = true,
  exposeGc = false,
  runCache = {} as RunCacheOptions,
} = {}): TestBackend {
  const entry = sourceSolverEntry()
  if (exposeGc) entry.execArgv.push('--expose-gc')
  const channels: (SolverChannel & { pid?: number })[] = []
  const backend = createBackend({
    host: 'web',
    version: '0.0.0-test',
    examplesDir: EXAMPLES_DIR,
    launchSolver: nodeSolverLauncher(entry),
    onSolverStarted: (channel) => channels.push(channel),
    runCache,
  })
  const events = new EventRecorder()
  backend.onEvent((event) => {
    events.record(event)
    if (acknowledgeFrames && event.event === 'frames')
      backend.call('ackFrames', { seq: event.data.seq }).catch(() => undefined)
  })
  return { backend, events, channels, dispose: () => backend.dispose() }
}

/** The coordinates q of the last frame streamed (a run's state at its end time). */
export function lastCoordinates(frames: ApiEvents['frames'][]): Float64Array {
  const last = frames[frames.length - 1]
  const n = last.coordinateCount
  return last.coordinates.slice((last.times.length - 1) * n, last.times.length * n)
}

export function temporaryDir(): string {
  return mkdtempSync(join(tmpdir(), 'mbs-integration-'))
}

type Waiter = { match(event: EventMessage): boolean; resolve(event: EventMessage): void }

export class EventRecorder {
  readonly all: EventMessage[] = []
  private waiters: Waiter[] = []

  record(event: EventMessage): void {
    this.all.push(event)
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.match(event)) return true
      waiter.resolve(event)
      return false
    })
  }

  of<E extends ApiEventName>(name: E): ApiEvents[E][] {
    return this.all.filter((event) => event.event === name).map((event) => event.data as ApiEvents[E])
  }

  clear(): void {
    this.all.length = 0
  }

  /** The next event of this name (from now on) that satisfies the predicate. */
  next<E extends ApiEventName>(
    name: E,
    predicate: (data: ApiEvents[E]) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<ApiEvents[E]> {
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no "${name}" event within ${timeoutMs} ms`)),
        timeoutMs,
      )
      this.waiters.push({
        match: (event) => event.event === name && predicate(event.data as ApiEvents[E]),
        resolve: (event) => {
          clearTimeout(timer)
          resolvePromise(event.data as ApiEvents[E])
        },
      })
    })
  }
}

/** The project file text of a model and its simulation settings. */
export function projectText(name: string, model: unknown, simulationSettings: unknown): string {
  return JSON.stringify({ format: 'mbs-studio-project', version: 1, name, model, simulationSettings })
}

/** A request envelope as the host sends it to the solver process. */
export function solverRequest(id: number, method: string, params?: unknown) {
  return { kind: 'request', id, method, params, protocolVersion: PROTOCOL_VERSION }
}

/** A 2 kg mass point on a spring (k = 1000 N/m) to the ground under gravity: static sag m g / k. */
export const SPRING_MASS = JSON.stringify({
  format: 'mbs-studio-project',
  version: 1,
  name: 'Spring and mass',
  model: {
    nodes: [{ type: 'Point', name: 'n', referenceCoordinates: [0, 0, 0] }],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'MassPoint', name: 'mass', physicsMass: 2, nodeNumber: 'n' },
      {
        type: 'ConnectorCartesianSpringDamper',
        name: 'spring',
        markerNumbers: ['anchor', 'massPosition'],
        stiffness: [1000, 1000, 1000],
        damping: [1, 1, 1],
      },
    ],
    markers: [
      { type: 'BodyPosition', name: 'anchor', bodyNumber: 'ground', localPosition: [0, 0, 0] },
      { type: 'BodyPosition', name: 'massPosition', bodyNumber: 'mass', localPosition: [0, 0, 0] },
      { type: 'BodyMass', name: 'massMass', bodyNumber: 'mass' },
    ],
    loads: [
      { type: 'MassProportional', name: 'gravity', markerNumber: 'massMass', loadVector: [0, -9.81, 0] },
    ],
    sensors: [],
  },
  simulationSettings: { timeIntegration: { endTime: 1, numberOfSteps: 1000 } },
})

/**
 * n mass points (1 kg) on their own springs to the ground, laid out in a square grid, under gravity:
 * a model whose size is set by n and whose steps stay cheap (RK44, diagonal constant mass matrix).
 */
export function massGrid(n: number, endTime = 1) {
  const side = Math.ceil(Math.sqrt(n))
  const nodes = []
  const objects: object[] = [{ type: 'Ground', name: 'ground' }]
  const markers = []
  const loads = []
  for (let i = 0; i < n; i++) {
    const position = [(i % side) * 0.1, 1, Math.floor(i / side) * 0.1]
    nodes.push({ type: 'Point', name: `n${i}`, referenceCoordinates: position })
    objects.push({ type: 'MassPoint', name: `m${i}`, physicsMass: 1, nodeNumber: `n${i}` })
    markers.push({ type: 'BodyPosition', name: `anchor${i}`, bodyNumber: 'ground', localPosition: position })
    markers.push({ type: 'BodyPosition', name: `p${i}`, bodyNumber: `m${i}`, localPosition: [0, 0, 0] })
    markers.push({ type: 'BodyMass', name: `g${i}`, bodyNumber: `m${i}` })
    objects.push({
      type: 'ConnectorCartesianSpringDamper',
      name: `s${i}`,
      markerNumbers: [`anchor${i}`, `p${i}`],
      stiffness: [100, 100 + i, 100],
      damping: [0.1, 0.1, 0.1],
    })
    loads.push({
      type: 'MassProportional',
      name: `gravity${i}`,
      markerNumber: `g${i}`,
      loadVector: [0, -9.81, 0],
    })
  }
  return {
    format: 'mbs-studio-project',
    version: 1,
    name: `${n} masses`,
    model: { nodes, objects, markers, loads, sensors: [] },
    simulationSettings: {
      solverType: 'RK44',
      timeIntegration: { endTime, numberOfSteps: Math.round(endTime * 1000) },
    },
  }
}
