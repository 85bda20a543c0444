// One renderer's WebSocket to the web host. A socket error (a malformed frame, invalid UTF-8, an
// oversized message) closes that socket only, never the host. Live frames and sensor rows are
// dropped for a consumer that does not keep up (the results file has them all) and its frame batches
// are acknowledged on its behalf, so it never holds the solver's frame window (docs/security.md).
import type { WebSocket } from 'ws'
import type { EventMessage } from '../../shared/api'
import { encodeBinaryMessage } from '../../shared/binaryMessage'
import type { ResponseMessage } from '../../shared/protocol'
import type { Backend } from '../backend'

/** Above this many unsent bytes live frames and sensor rows are dropped for this connection. */
export const LIVE_DATA_BUFFER_LIMIT = 8 << 20
/** Above this many unsent bytes the connection is closed: the client stopped reading. */
export const CONNECTION_BUFFER_LIMIT = 64 << 20

export function serveConnection(ws: WebSocket, backend: Backend, log: (message: string) => void): void {
  // The newest frame batch sent to (or dropped for) this consumer and not yet acknowledged by it.
  let unacknowledged = 0
  const release = () => {
    if (unacknowledged > 0) backend.call('ackFrames', { seq: unacknowledged }).catch(() => undefined)
    unacknowledged = 0
  }
  const send = (data: string | ArrayBuffer) => {
    if (ws.readyState !== ws.OPEN) return
    if (ws.bufferedAmount > CONNECTION_BUFFER_LIMIT) {
      log(`Closed a WebSocket that stopped reading (${ws.bufferedAmount} bytes unsent)`)
      ws.terminate()
      return
    }
    ws.send(data)
  }
  const unsubscribe = backend.onEvent((event) => {
    const live = event.event === 'frames' || event.event === 'sensors'
    if (event.event === 'frames') unacknowledged = Math.max(unacknowledged, event.data.seq)
    if (live && ws.bufferedAmount > LIVE_DATA_BUFFER_LIMIT) {
      if (event.event === 'frames') release()
      return
    }
    send(encodeEvent(event))
  })
  ws.on('error', (error) => log(`WebSocket closed after a protocol error: ${error.message}`))
  ws.on('close', () => {
    unsubscribe()
    release()
  })
  ws.on('message', async (data, isBinary) => {
    let request: unknown
    try {
      request = isBinary ? undefined : JSON.parse(data.toString())
    } catch {
      request = undefined // answered as a bad request below
    }
    if (isAck(request)) unacknowledged = request.params.seq >= unacknowledged ? 0 : unacknowledged
    send(encodeResponse(await backend.respond(request)))
  })
}

/** An answer holding Float64Arrays (readResults) goes binary, the rest as JSON text. */
function encodeResponse(response: ResponseMessage): string | ArrayBuffer {
  const result = 'result' in response ? response.result : undefined
  const binary =
    typeof result === 'object' &&
    result !== null &&
    Object.values(result).some((value) => value instanceof Float64Array)
  return binary ? encodeBinaryMessage(response) : JSON.stringify(response)
}

function isAck(request: unknown): request is { method: 'ackFrames'; params: { seq: number } } {
  const r = request as { method?: unknown; params?: { seq?: unknown } } | null | undefined
  return r?.method === 'ackFrames' && typeof r.params?.seq === 'number'
}

/** Events with Float64Arrays go binary; the rest as JSON text. */
function encodeEvent(event: EventMessage): string | ArrayBuffer {
  return event.event === 'frames' || event.event === 'sensors'
    ? encodeBinaryMessage(event)
    : JSON.stringify(event)
}
