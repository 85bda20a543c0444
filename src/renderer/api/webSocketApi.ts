// MbsApi for browser mode: requests and events over the web host's WebSocket (src/host/web).
import { createMbsApi, type EventListener, type MbsApi } from '../../shared/api'
import { ApiError, unwrapResponse, type EventMessage, type ResponseMessage } from '../../shared/protocol'

interface PendingRequest {
  resolve(result: unknown): void
  reject(error: unknown): void
}

export function createWebSocketApi(url: string): MbsApi {
  const pending = new Map<number, PendingRequest>()
  const listeners = new Set<EventListener>()
  let nextId = 1
  const socket = new WebSocket(url)
  const closedError = () => new ApiError('disconnected', 'The connection to the web host is closed')

  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve())
    socket.addEventListener('close', () => reject(closedError()))
  })
  // Requests await `opened` and see the rejection; this only keeps an unused one from being reported.
  opened.catch(() => undefined)

  socket.addEventListener('message', (message: MessageEvent<string>) => {
    const data = JSON.parse(message.data) as ResponseMessage | EventMessage
    if ('event' in data) {
      for (const listener of listeners) listener(data)
      return
    }
    const request = pending.get(data.id)
    pending.delete(data.id)
    try {
      request?.resolve(unwrapResponse(data))
    } catch (error) {
      request?.reject(error)
    }
  })
  socket.addEventListener('close', () => {
    for (const request of pending.values()) request.reject(closedError())
    pending.clear()
  })

  return createMbsApi({
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
}
