// A worker thread of the solver process (threads.ts): the solver session and the answers to requests,
// or, as the spare, the same model kept in step until it takes over. Built to out/main/solver-worker.js
// next to the process's entry; in the source tree solverThreads.ts loads it through tsx.
import { workerData } from 'node:worker_threads'
import type { ApiEventName, ApiEvents } from '../shared/api'
import { errorPayload, ApiError, isRequestMessage, PROTOCOL_VERSION, requestIdOf } from '../shared/protocol'
import { dispatchRequest } from '../shared/serviceProxy'
import type { FromSolverMessage } from '../shared/solverProtocol'
import { SOLVER_REQUESTS } from '../shared/solverService'
import { SolverSession } from './solverSession'
import {
  WorkerControl,
  type Link,
  type ToWorkerMessage,
  type WorkerData,
  type WorkerMessage,
} from './threads'

const { control: buffer, port } = workerData as WorkerData
const control = new WorkerControl(buffer)
const post = (message: WorkerMessage): void => port.postMessage(message)

const session = new SolverSession(
  <E extends ApiEventName>(event: E, data: ApiEvents[E]) =>
    post({ to: 'events', message: { kind: 'event', event, data } as FromSolverMessage }),
  control,
)

/** The answer of `result` (a value, a promise, or a throw) to a request; never throws. */
async function answer(message: unknown, link: Link, result: () => unknown): Promise<void> {
  const id = requestIdOf(message)
  let reply: FromSolverMessage
  try {
    reply = { kind: 'response', id, result: await result() }
  } catch (error) {
    reply = { kind: 'response', id, error: errorPayload(error) }
  }
  // The session's run and pace go along, for a thread that takes over from this one.
  post({ to: link, message: reply, run: session.runSeed(), pace: session.nextPace })
}

function request(message: unknown): unknown {
  if (!isRequestMessage(message) || (message as { kind?: unknown }).kind !== 'request')
    throw new ApiError('bad-request', 'Expected {kind: "request", id, method, params, protocolVersion}')
  const version = (message as { protocolVersion?: unknown }).protocolVersion
  if (version !== PROTOCOL_VERSION)
    throw new ApiError('version-mismatch', `Protocol version ${String(version)} is not ${PROTOCOL_VERSION}`)
  return dispatchRequest(SOLVER_REQUESTS, session, message.method, message.params)
}

port.on('message', (message: ToWorkerMessage) => {
  if (message.kind === 'relay') {
    control.started = message.seq
    // request() runs synchronously up to its first await: a pause or stop has been applied when the
    // count drops.
    void answer(message.message, message.link, () => request(message.message))
    if (message.counted) control.pauseHandled()
  } else if (message.kind === 'mirror') {
    // The spare follows what the active thread answered; it cannot fail where that one did not.
    if ('open' in message) session.openModel(message.open)
    else session.applyChange(message.change)
  } else {
    const restored = session.restore(message)
    if (message.starter) void answer(message.starter.message, message.starter.link, () => restored)
  }
})

post({ to: 'parent', message: { kind: 'ready', protocolVersion: PROTOCOL_VERSION, pid: process.pid } })
