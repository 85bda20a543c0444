// The solver process as an Electron utilityProcess, and the hand-over of a MessagePort so that its
// events (progress, frames, sensors) reach the renderer without passing through the main process.
// Electron's utilityProcess and MessageChannelMain are injected: tested under plain Node.
import type { SolverChannel, SolverLauncher } from '../host/solverSupervisor'
import type { FromSolverMessage } from '../shared/solverProtocol'

/** What we use of Electron's UtilityProcess. */
export interface UtilityProcessLike {
  postMessage(message: unknown, transfer?: unknown[]): void
  on(event: 'message', listener: (message: unknown) => void): void
  on(event: 'exit', listener: (code: number) => void): void
  kill(): boolean
}

export type ForkUtilityProcess = (
  modulePath: string,
  args: string[],
  options: { serviceName: string; stdio: 'inherit' },
) => UtilityProcessLike

export interface ElectronSolverChannel extends SolverChannel {
  /** Sends the solver process its end of the event channel. */
  attachEventPort(port: unknown): void
}

export function electronSolverLauncher(fork: ForkUtilityProcess, entry: string): SolverLauncher {
  return (): ElectronSolverChannel => {
    const child = fork(entry, [], { serviceName: 'MBS Studio solver', stdio: 'inherit' })
    let killed = false
    return {
      send: (message) => child.postMessage(message),
      onMessage: (listener) => child.on('message', (message) => listener(message as FromSolverMessage)),
      // Electron reports code 0 after kill(); a kill we asked for is not a crash.
      onExit: (listener) => child.on('exit', (code) => killed || listener(`exit code ${code}`)),
      kill: () => {
        killed = true
        child.kill()
      },
      attachEventPort: (port) => child.postMessage({ kind: 'attachPort' }, [port]),
    }
  }
}

export interface PortPair<P> {
  port1: P
  port2: P
}

/**
 * Connects the renderer to the solver process: one end of a new channel to each. Called after every
 * solver start and every renderer load (a reloaded page has lost its port).
 */
export function handOverEventPort<P>(
  channel: ElectronSolverChannel,
  createChannel: () => PortPair<P>,
  sendToRenderer: (port: P) => void,
): void {
  const { port1, port2 } = createChannel()
  channel.attachEventPort(port1)
  sendToRenderer(port2)
}
