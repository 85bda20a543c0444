// A web host on a temporary renderer folder, and raw WebSocket clients that can send bytes no
// well-behaved client sends (the `ws` client refuses to build malformed frames).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { startWebHost, type WebHost } from '../../src/host/web/webHost'

export interface TestHost {
  host: WebHost
  port: number
  origin: string
  close(): Promise<void>
}

/** The host's reports of refused connections, for a test to look at. */
export async function startTestHost(log: string[] = []): Promise<TestHost> {
  const rendererDir = mkdtempSync(join(tmpdir(), 'mbs-webhost-'))
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>test</title>')
  const host = await startWebHost({ port: 0, rendererDir, log: (message) => log.push(message) })
  const port = Number(new URL(host.url).port)
  return {
    host,
    port,
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await host.close()
      rmSync(rendererDir, { recursive: true, force: true })
    },
  }
}

/** A well-behaved client: resolves with the answer to one request. */
export async function request(test: TestHost, method: string, params?: unknown): Promise<unknown> {
  const ws = new WebSocket(`ws://127.0.0.1:${test.port}/api?token=${test.host.token}`, {
    origin: test.origin,
  })
  try {
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    return await new Promise((resolve) => {
      ws.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { id?: number }
        if (message.id === 1) resolve(message)
      })
      ws.send(JSON.stringify({ id: 1, method, params }))
    })
  } finally {
    ws.close()
  }
}

/** A raw TCP connection that has completed the upgrade; `closed` resolves when the host ends it. */
export async function rawConnection(test: TestHost): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect(test.port, '127.0.0.1')
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.on('error', () => undefined) // a reset by the host is one of the expected outcomes
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve()).once('error', reject)
  })
  socket.write(
    [
      `GET /api?token=${test.host.token} HTTP/1.1`,
      `Host: 127.0.0.1:${test.port}`,
      `Origin: ${test.origin}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n'),
  )
  await new Promise<void>((resolve, reject) => {
    let head = ''
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1')
      if (!head.includes('\r\n\r\n')) return
      socket.off('data', onData)
      if (head.startsWith('HTTP/1.1 101')) resolve()
      else reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`))
    }
    socket.on('data', onData)
  })
  return { socket, closed }
}

/** A client frame: FIN+RSV+opcode byte, payload, masked unless told otherwise. */
export function frame(
  first: number,
  payload: Uint8Array,
  options: { masked?: boolean; declaredLength?: bigint } = {},
): Buffer {
  const masked = options.masked ?? true
  const length = options.declaredLength ?? BigInt(payload.length)
  const header: number[] = [first]
  const maskBit = masked ? 0x80 : 0
  if (length < 126n) header.push(maskBit | Number(length))
  else if (length < 65536n) header.push(maskBit | 126, Number(length >> 8n), Number(length & 0xffn))
  else {
    header.push(maskBit | 127)
    for (let i = 7; i >= 0; i--) header.push(Number((length >> BigInt(8 * i)) & 0xffn))
  }
  const key = [0x12, 0x34, 0x56, 0x78]
  const body = Buffer.from(payload)
  if (masked) for (let i = 0; i < body.length; i++) body[i] ^= key[i % 4]
  return Buffer.concat([Buffer.from(header), Buffer.from(masked ? key : []), body])
}
