// Flow control of one web connection: a consumer that does not read loses live data (never the
// host's memory), its frame batches are acknowledged for it, and a disconnect releases the window.
import { EventEmitter } from 'node:events'
import type { WebSocket } from 'ws'
import { describe, expect, it } from 'vitest'
import type { EventListener, EventMessage } from '../../../../src/shared/api'
import type { Backend } from '../../../../src/host/backend'
import {
  CONNECTION_BUFFER_LIMIT,
  LIVE_DATA_BUFFER_LIMIT,
  serveConnection,
} from '../../../../src/host/web/connection'

class FakeSocket extends EventEmitter {
  readonly OPEN = 1
  readyState = 1
  bufferedAmount = 0
  sent: unknown[] = []
  terminated = false
  send(data: unknown): void {
    this.sent.push(data)
  }
  terminate(): void {
    this.terminated = true
    this.readyState = 3
  }
}

function setup() {
  const listeners = new Set<EventListener>()
  const acks: number[] = []
  const backend = {
    onEvent: (listener: EventListener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    call: async (method: string, params: { seq: number }) => {
      if (method === 'ackFrames') acks.push(params.seq)
    },
    respond: async () => ({ id: 1, result: null }),
  } as unknown as Backend
  const ws = new FakeSocket()
  serveConnection(ws as unknown as WebSocket, backend, () => undefined)
  const emit = (event: EventMessage) => listeners.forEach((listener) => listener(event))
  const frames = (seq: number) =>
    emit({
      event: 'frames',
      data: {
        seq,
        revision: 1,
        nodeCount: 0,
        times: new Float64Array(1),
        positions: new Float64Array(0),
        coordinateCount: 0,
        coordinates: new Float64Array(0),
      },
    })
  return { ws, acks, emit, frames, listeners }
}

describe('web connection flow control', () => {
  it('sends frames while the consumer keeps up', () => {
    const { ws, acks, frames } = setup()
    frames(1)
    expect(ws.sent).toHaveLength(1)
    expect(acks).toEqual([])
  })

  it('drops live frames above the buffer limit and acknowledges them for the consumer', () => {
    const { ws, acks, frames } = setup()
    ws.bufferedAmount = LIVE_DATA_BUFFER_LIMIT + 1
    frames(1)
    frames(2)
    expect(ws.sent).toHaveLength(0)
    expect(acks).toEqual([1, 2])
  })

  it('closes a connection whose unsent data passes the hard limit', () => {
    const { ws, emit } = setup()
    ws.bufferedAmount = CONNECTION_BUFFER_LIMIT + 1
    emit({ event: 'log', data: { level: 'info', message: 'x' } })
    expect(ws.terminated).toBe(true)
    expect(ws.sent).toHaveLength(0)
  })

  it('releases the frame window when the consumer disconnects with batches unacknowledged', async () => {
    const { ws, acks, frames, listeners } = setup()
    frames(1)
    frames(2)
    ws.emit('message', Buffer.from(JSON.stringify({ id: 3, method: 'ackFrames', params: { seq: 1 } })), false)
    ws.emit('close')
    expect(acks).toEqual([2])
    expect(listeners.size).toBe(0)
  })

  it('releases nothing when everything was acknowledged', () => {
    const { ws, acks, frames } = setup()
    frames(1)
    ws.emit('message', Buffer.from(JSON.stringify({ id: 3, method: 'ackFrames', params: { seq: 1 } })), false)
    ws.emit('close')
    expect(acks).toEqual([])
  })
})
