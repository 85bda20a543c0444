// The solver process's link to its host, whichever way it was started:
// - Electron utilityProcess: process.parentPort (messages arrive as {data, ports}); the host may hand
//   over a MessagePort for the event stream, which then goes straight to the renderer;
// - Node child_process.fork with serialization 'advanced': process.send / process.on('message').
import type { FromSolverMessage } from '../shared/solverProtocol'

/** A port as both Electron's MessagePortMain and the DOM MessagePort shape it (what we use of them). */
export interface StreamPort {
  postMessage(message: unknown): void
  on?(event: 'message', listener: (event: { data: unknown }) => void): void
  start(): void
}

export interface ParentLink {
  post(message: FromSolverMessage): void
  /** Incoming messages, with the ports transferred along (Electron only). */
  onMessage(listener: (message: unknown, ports: StreamPort[]) => void): void
  /** The host went away (Node child process; Electron ends its utility processes itself). */
  onDisconnect(listener: () => void): void
}

interface ElectronParentPort {
  postMessage(message: unknown): void
  on(event: 'message', listener: (event: { data: unknown; ports: StreamPort[] }) => void): void
}

export function connectToParent(): ParentLink {
  const parentPort = (process as unknown as { parentPort?: ElectronParentPort }).parentPort
  if (parentPort) {
    return {
      post: (message) => parentPort.postMessage(message),
      onMessage: (listener) => parentPort.on('message', (event) => listener(event.data, event.ports ?? [])),
      onDisconnect: () => undefined,
    }
  }
  const send = process.send?.bind(process)
  if (!send)
    throw new Error('The solver process must be started by a host (utilityProcess or child_process.fork)')
  return {
    post: (message) => void send(message),
    onMessage: (listener) => process.on('message', (message) => listener(message, [])),
    onDisconnect: (listener) => process.once('disconnect', listener),
  }
}
