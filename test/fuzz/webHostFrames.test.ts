// Malformed and hostile WebSocket input through a real web host: every kind of broken frame closes
// that one connection (or is answered with an error) and the host keeps answering others.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fuzzRuns, FUZZ_SEED } from './budget'
import { frame, rawConnection, request, startTestHost, type TestHost } from './webHostClient'

let test: TestHost
const log: string[] = []
beforeAll(async () => {
  test = await startTestHost(log)
})
afterAll(() => test?.close())

const text = (s: string) => new TextEncoder().encode(s)
const FIN_TEXT = 0x81
const closeCode = (code: number) => new Uint8Array([code >> 8, code & 0xff])

/** Each is a protocol violation (RFC 6455) the host must survive by closing the connection. */
const MALFORMED: [string, Buffer][] = [
  ['invalid UTF-8 in a text frame', frame(FIN_TEXT, new Uint8Array([0xc3, 0x28, 0xff]))],
  ['an unmasked client frame', frame(FIN_TEXT, text('{"id":1,"method":"info"}'), { masked: false })],
  ['RSV1 set without an extension', frame(0xc1, text('{}'))],
  ['RSV2 and RSV3 set', frame(0xb1, text('{}'))],
  ['reserved opcode 0x3', frame(0x83, text('x'))],
  ['reserved control opcode 0xB', frame(0x8b, text('x'))],
  ['close code 999', frame(0x88, closeCode(999))],
  ['close code 1005 sent on the wire', frame(0x88, closeCode(1005))],
  ['close frame with a 1-byte body', frame(0x88, new Uint8Array([3]))],
  ['fragmented ping', frame(0x09, text('x'))],
  ['control frame over 125 bytes', frame(0x89, new Uint8Array(126))],
  ['continuation without a start', frame(0x80, text('x'))],
  [
    'new message inside a fragmented one',
    Buffer.concat([frame(0x01, text('a')), frame(FIN_TEXT, text('b'))]),
  ],
  ['a frame over maxPayload', frame(0x82, new Uint8Array(0), { declaredLength: 65n << 20n })],
  ['a 64-bit length with the top bit set', frame(0x82, new Uint8Array(0), { declaredLength: 1n << 63n })],
]

describe('the web host under malformed frames', () => {
  it.each(MALFORMED)('%s closes that connection only', async (_kind, bytes) => {
    const { socket, closed } = await rawConnection(test)
    socket.write(bytes)
    await closed
    expect(log.at(-1)).toMatch(/protocol error/)
    expect(await request(test, 'info')).toMatchObject({ result: { host: 'web' } })
  })

  it('well-formed frames that are not requests are answered as bad requests', async () => {
    for (const method of ['__proto__', 'constructor', 'toString', 'x'.repeat(100_000)])
      expect(await request(test, method)).toMatchObject({ error: { code: 'unknown-method' } })
    const { socket, closed } = await rawConnection(test)
    const answers: string[] = []
    socket.on('data', (chunk: Buffer) => answers.push(chunk.toString('latin1')))
    for (const body of ['not json', '[]', 'null', '{"id":"x"}', '{"id": 7, "method": 12}'])
      socket.write(frame(FIN_TEXT, text(body)))
    socket.write(frame(0x82, text('{"id":8,"method":"info"}')))
    await expect.poll(() => answers.join('').match(/bad-request/g)?.length ?? 0).toBe(6)
    socket.end(frame(0x88, closeCode(1000)))
    await closed
  })

  it('random bytes after the upgrade never stop the host', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 512 }), async (bytes) => {
        const { socket, closed } = await rawConnection(test)
        socket.end(Buffer.from(bytes))
        await closed
      }),
      { seed: FUZZ_SEED, numRuns: fuzzRuns(40) },
    )
    expect(await request(test, 'info')).toMatchObject({ result: { host: 'web' } })
  })
})
