// MbsApi for browser mode: requests and events over the web host's WebSocket (src/host/web).
// Step frames and sensor rows arrive as binary messages; every frame batch is acknowledged once the
// listeners have had it, which is what lets the solver send the next (flow control, docs/protocol.md).
import { createMbsApi, type EventListener, type EventMessage, type MbsApi } from '../../shared/api'
import { decodeBinaryMessage } from '../../shared/binaryMessage'
import { ApiError, settleRequest, type PendingRequest, type ResponseMessage } from '../../shared/protocol'

export function createWebSocketApi(url: string): MbsApi {
  const pending = new Map<number, PendingRequest>()
  const listeners = new Set<EventListener>()
  let nextId = 1
  const socket = new WebSocket(url)
  socket.binaryType = 'arraybuffer'
  const closedError = () => new ApiError('disconnected', 'The connection to the web host is closed')

  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve())
    socket.addEventListener('close', () => reject(closedError()))
  })
  // Requests await `opened` and see the rejection; this only keeps an unused one from being reported.
  opened.catch(() => undefined)

  socket.addEventListener('message', (message: MessageEvent<string | ArrayBuffer>) => {
    const data = (
      typeof message.data === 'string' ? JSON.parse(message.data) : decodeBinaryMessage(message.data)
    ) as ResponseMessage | EventMessage
    if ('event' in data) {
      for (const listener of listeners) listener(data)
      if (data.event === 'frames') api.ackFrames({ seq: data.data.seq }).catch(() => undefined)
      return
    }
    settleRequest(pending, data)
  })
  socket.addEventListener('close', () => {
    for (const request of pending.values()) request.reject(closedError())
    pending.clear()
  })

  const api = createMbsApi({
    async request(method, params) {
      await opened
      if (socket.readyState !== WebSocket.OPEN) throw closedError()
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        socket.send(JSON.stringify({ id, method, params }))
      })
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  })
  return api
}
