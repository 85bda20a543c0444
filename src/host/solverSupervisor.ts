// Starts and supervises the solver process and routes requests to it. If the process dies, every
// request in flight is answered with 'solver-restarted', a new process is started and the host's
// copy of the model is loaded into it (the model and its file are never lost with the process).
import type { EventMessage } from '../shared/api'
import { ApiError, PROTOCOL_VERSION, settleRequest, type PendingRequest } from '../shared/protocol'
import type { FromSolverMessage, ToSolverMessage } from '../shared/solverProtocol'
import type { SolverMethod } from '../shared/solverService'

/** One running solver process, as its launcher (Node child process or Electron utilityProcess) gives it. */
export interface SolverChannel {
  send(message: ToSolverMessage): void
  onMessage(listener: (message: FromSolverMessage) => void): void
  /** Called once when the process is gone, with a description (exit code or signal). */
  onExit(listener: (description: string) => void): void
  kill(): void
}

export type SolverLauncher = () => SolverChannel

export interface SupervisorOptions {
  launch: SolverLauncher
  /** The pause after a crash loop; QUIET_PERIOD_MS unless a test shortens it. */
  quietPeriodMs?: number
  /** Events of the solver process (when they come through the host) and of the supervisor. */
  onEvent(event: EventMessage): void
  /** Loads the host's model into a restarted process; resolves to whether a model was loaded. */
  reload(): Promise<boolean>
  /** Called for every started process (Electron hands it the renderer's port here). */
  onStarted?(channel: SolverChannel): void
}

export interface SolverSupervisor {
  /** Sends one request of the solver service (backend.ts holds the typed client over this). */
  request(method: SolverMethod, params?: unknown): Promise<unknown>
  /** How many processes have been started (1 after the first start). */
  readonly generation: number
  /**
   * Ends the process (if one runs) and starts a new one with the host's model, also while the
   * crash-loop guard holds the restarts (the user asked: the crash count starts again).
   */
  restart(): Promise<void>
  dispose(): void
}

/** More crashes than this within CRASH_WINDOW_MS pause the automatic restarts for QUIET_PERIOD_MS. */
export const MAX_CRASHES = 3
export const CRASH_WINDOW_MS = 10_000
export const QUIET_PERIOD_MS = 30_000

export function createSolverSupervisor(options: SupervisorOptions): SolverSupervisor {
  const pending = new Map<number, PendingRequest>()
  const crashes: number[] = []
  let nextId = 1
  let generation = 0
  let disposed = false
  let channel: SolverChannel | null = null
  // While the crash-loop guard holds the restarts: why, for requests made meanwhile.
  let paused: { message: string; timer: ReturnType<typeof setTimeout> } | null = null
  const quietPeriodMs = options.quietPeriodMs ?? QUIET_PERIOD_MS

  function start(): void {
    const current = options.launch()
    channel = current
    generation++
    current.onMessage((message) => receive(message))
    current.onExit((description) => {
      if (channel === current) void restart(description)
    })
    options.onStarted?.(current)
  }

  function receive(message: FromSolverMessage): void {
    if (message.kind === 'event') {
      const { kind: _kind, ...event } = message
      options.onEvent(event as EventMessage)
    } else if (message.kind === 'response') {
      settleRequest(pending, message)
    } else if (message.kind === 'ready' && message.protocolVersion !== PROTOCOL_VERSION) {
      log(
        'error',
        `The solver process speaks protocol ${message.protocolVersion}, the host ${PROTOCOL_VERSION}`,
      )
    }
  }

  /** Forgets the current process; the requests it had are answered with why it went. */
  function abandon(reason: string): void {
    channel = null
    const lost = [...pending.values()]
    pending.clear()
    for (const request of lost)
      request.reject(new ApiError('solver-restarted', `${reason}; it was restarted`))
  }

  async function restart(description: string): Promise<void> {
    const reason = `The solver process stopped unexpectedly (${description})`
    abandon(reason)
    if (disposed) return
    const now = Date.now()
    crashes.push(now)
    while (crashes[0] < now - CRASH_WINDOW_MS) crashes.shift()
    if (crashes.length > MAX_CRASHES) {
      const message =
        `The solver process crashed ${crashes.length} times in ${CRASH_WINDOW_MS / 1000} s ` +
        `(last: ${description}); it is restarted after ${quietPeriodMs / 1000} s without crashes, ` +
        'or now with Restart solver (toolbar or Simulation menu). The model is kept.'
      log('error', message)
      const timer = setTimeout(() => {
        paused = null
        crashes.length = 0
        void relaunch(`${reason}, ${MAX_CRASHES + 1} times in a row`)
      }, quietPeriodMs)
      timer.unref?.()
      paused = { message, timer }
      return
    }
    await relaunch(reason)
  }

  async function relaunch(reason: string): Promise<void> {
    start()
    let modelReloaded = false
    try {
      modelReloaded = await options.reload()
    } catch (error) {
      log('error', `The model could not be reloaded into the new solver process: ${(error as Error).message}`)
    }
    log(
      'warning',
      `${reason}; it was restarted${modelReloaded ? ' and the model reloaded' : ''}. The run was lost.`,
    )
    options.onEvent({ event: 'solverRestarted', data: { reason, modelReloaded } })
  }

  function log(level: 'warning' | 'error', message: string): void {
    options.onEvent({ event: 'log', data: { level, message } })
  }

  start()

  return {
    get generation() {
      return generation
    },
    request(method, params) {
      const current = channel
      if (!current)
        return Promise.reject(
          new ApiError('internal', paused?.message ?? 'The solver process is not running'),
        )
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        current.send({ kind: 'request', protocolVersion: PROTOCOL_VERSION, id, method, params })
      })
    },
    async restart() {
      if (disposed) return
      if (paused) clearTimeout(paused.timer)
      paused = null
      crashes.length = 0
      const current = channel
      const reason = 'The solver process was ended on request'
      abandon(reason)
      current?.kill()
      await relaunch(reason)
    },
    dispose() {
      disposed = true
      if (paused) clearTimeout(paused.timer)
      const current = channel
      channel = null
      current?.kill()
      for (const request of pending.values())
        request.reject(new ApiError('disconnected', 'The host is shutting down'))
      pending.clear()
    },
  }
}
