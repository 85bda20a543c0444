// Entry of the solver process: a message loop around src/core (docs/process-model.md). Runs as an
// Electron utilityProcess (built to out/main/solver-process.js) and as a Node child process (the web
// host, the tests: the TypeScript entry through tsx).
import type { ApiEventName, ApiEvents } from '../shared/api'
import { errorPayload, ApiError, isRequestMessage, PROTOCOL_VERSION, requestIdOf } from '../shared/protocol'
import { isSolverMethod, type FromSolverMessage } from '../shared/solverProtocol'
import { connectToParent, type StreamPort } from './channel'
import { SolverSession } from './solverSession'

const parent = connectToParent()
/** Events go to the renderer's port when the host handed one over, else to the host. */
let eventPort: StreamPort | null = null

const session = new SolverSession(<E extends ApiEventName>(event: E, data: ApiEvents[E]) => {
  const message = { kind: 'event', event, data } as FromSolverMessage
  if (eventPort) eventPort.postMessage(message)
  else parent.post(message)
})

/** Answers a request on the link it came from; never throws. */
async function answer(message: unknown, reply: (message: FromSolverMessage) => void): Promise<void> {
  const id = requestIdOf(message)
  try {
    if (!isRequestMessage(message) || (message as { kind?: unknown }).kind !== 'request')
      throw new ApiError('bad-request', 'Expected {kind: "request", id, method, params, protocolVersion}')
    const version = (message as { protocolVersion?: unknown }).protocolVersion
    if (version !== PROTOCOL_VERSION)
      throw new ApiError('version-mismatch', `Protocol version ${String(version)} is not ${PROTOCOL_VERSION}`)
    if (!isSolverMethod(message.method))
      throw new ApiError('unknown-method', `Unknown method "${message.method}"`)
    const result = await session.handle(message.method, message.params)
    reply({ kind: 'response', id, result })
  } catch (error) {
    reply({ kind: 'response', id, error: errorPayload(error) })
  }
}

parent.onMessage((message, ports) => {
  if ((message as { kind?: unknown })?.kind === 'attachPort' && ports[0]) {
    attachEventPort(ports[0])
    return
  }
  void answer(message, parent.post)
})

function attachEventPort(port: StreamPort): void {
  eventPort = port
  // The consumer acknowledges frames (and may ask anything else) on the same port.
  port.on?.('message', (event) => void answer(event.data, (reply) => port.postMessage(reply)))
  port.start()
}

parent.post({ kind: 'ready', protocolVersion: PROTOCOL_VERSION, pid: process.pid })
