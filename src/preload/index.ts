// Sandboxed preload: exposes exactly one object, window.mbs, implementing MbsApi. Requests go over
// IPC to the main process; the solver process's events (progress, frames, sensors, ...) arrive on a
// MessagePort the main process hands over, straight from the solver process. Every frame batch is
// acknowledged on that port once the listeners have had it (flow control, docs/protocol.md).
import { contextBridge, ipcRenderer } from 'electron'
import { createMbsApi, type EventListener, type EventMessage } from '../shared/api'
import { IPC_EVENT, IPC_EVENT_PORT, IPC_REQUEST } from '../shared/ipcChannels'
import { PROTOCOL_VERSION, unwrapResponse, type ResponseMessage } from '../shared/protocol'
import type { FromSolverMessage, ToSolverMessage } from '../shared/solverProtocol'

let nextId = 1
const listeners = new Set<EventListener>()
let eventPort: MessagePort | null = null

function deliver(event: EventMessage): void {
  for (const listener of listeners) listener(event)
}

ipcRenderer.on(IPC_EVENT, (_event, message: EventMessage) => deliver(message))

// A new port after every solver (re)start and renderer load; the old one is closed.
ipcRenderer.on(IPC_EVENT_PORT, (event) => {
  eventPort?.close()
  const port = event.ports[0]
  eventPort = port
  port.onmessage = (message: MessageEvent<FromSolverMessage>) => {
    const data = message.data
    if (data.kind !== 'event') return // answers to acknowledgements
    const { kind: _kind, ...solverEvent } = data
    deliver(solverEvent as EventMessage)
    if (solverEvent.event === 'frames') {
      const ack: ToSolverMessage = {
        kind: 'request',
        protocolVersion: PROTOCOL_VERSION,
        id: 0,
        method: 'ackFrames',
        params: { seq: solverEvent.data.seq },
      }
      port.postMessage(ack)
    }
  }
  port.start()
})

const api = createMbsApi({
  async request(method, params) {
    const response = (await ipcRenderer.invoke(IPC_REQUEST, {
      id: nextId++,
      method,
      params,
    })) as ResponseMessage
    return unwrapResponse(response)
  },
  onEvent(listener: EventListener) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
})

contextBridge.exposeInMainWorld('mbs', api)
