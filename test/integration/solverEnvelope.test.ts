// The solver process itself, without a host: it announces its protocol version, and answers
// malformed envelopes, other protocol versions and unknown methods with structured errors.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { nodeSolverLauncher, sourceSolverEntry } from '../../src/host/nodeSolverLauncher'
import type { SolverChannel } from '../../src/host/solverSupervisor'
import { PROTOCOL_VERSION } from '../../src/shared/protocol'
import type { FromSolverMessage, ToSolverMessage } from '../../src/shared/solverProtocol'

let channel: SolverChannel
const received: FromSolverMessage[] = []
let notify: () => void = () => undefined
beforeAll(() => {
  channel = nodeSolverLauncher(sourceSolverEntry())()
  channel.onMessage((message) => {
    received.push(message)
    notify()
  })
})
afterAll(() => channel.kill())

/** The next message matching the predicate (already received or still to come). */
function waitFor(
  predicate: (message: FromSolverMessage) => boolean,
  timeoutMs = 10_000,
): Promise<FromSolverMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching message')), timeoutMs)
    const check = () => {
      const found = received.find(predicate)
      if (!found) return
      clearTimeout(timer)
      resolve(found)
    }
    notify = check
    check()
  })
}

const responseTo = (id: number) => waitFor((m) => m.kind === 'response' && m.id === id)

it('announces itself with its protocol version', async () => {
  expect(await waitFor((m) => m.kind === 'ready')).toMatchObject({
    kind: 'ready',
    protocolVersion: PROTOCOL_VERSION,
  })
})

it.each([
  [
    { kind: 'request', protocolVersion: PROTOCOL_VERSION + 1, id: 11, method: 'getStatus' },
    11,
    'version-mismatch',
  ],
  [{ kind: 'request', protocolVersion: PROTOCOL_VERSION, id: 12, method: 'format C:' }, 12, 'unknown-method'],
  [{ kind: 'hello', id: 13, method: 'getStatus' }, 13, 'bad-request'],
  [{ kind: 'request', protocolVersion: PROTOCOL_VERSION, id: 14, method: 'pause' }, 14, 'invalid-state'],
  [
    { kind: 'request', protocolVersion: PROTOCOL_VERSION, id: 15, method: 'openModel', params: { text: 42 } },
    15,
    'invalid-params',
  ],
])('answers %j with %s', async (message, id, code) => {
  channel.send(message as ToSolverMessage)
  expect(await responseTo(id)).toMatchObject({ error: { code } })
})

it('answers an envelope without an id with id -1', async () => {
  channel.send({
    kind: 'request',
    protocolVersion: PROTOCOL_VERSION,
    method: 'getStatus',
  } as unknown as ToSolverMessage)
  expect(await responseTo(-1)).toMatchObject({ error: { code: 'bad-request' } })
})
