// The solver process's worker thread (threads.ts): the solver session and the answers to requests.
// Built to out/main/solver-worker.js next to the process's entry; in the source tree index.ts loads it
// through tsx.
import { parentPort, workerData } from 'node:worker_threads'
import type { ApiEventName, ApiEvents } from '../shared/api'
import { errorPayload, ApiError, isRequestMessage, PROTOCOL_VERSION, requestIdOf } from '../shared/protocol'
import { dispatchRequest } from '../shared/serviceProxy'
import type { FromSolverMessage } from '../shared/solverProtocol'
import { SOLVER_REQUESTS } from '../shared/solverService'
import { SolverSession } from './solverSession'
import type { RelayedMessage, WorkerData, WorkerMessage } from './threads'

if (!parentPort) throw new Error("solverWorker.ts runs as the solver process's worker thread (see index.ts)")
const mainThread = parentPort
const { interrupts } = workerData as WorkerData
const post = (message: WorkerMessage): void => mainThread.postMessage(message)

const session = new SolverSession(
  <E extends ApiEventName>(event: E, data: ApiEvents[E]) =>
    post({ to: 'events', message: { kind: 'event', event, data } as FromSolverMessage }),
  () => Atomics.load(interrupts, 0) > 0,
)

/** Answers a request; never throws. */
async function answer(message: unknown, reply: (message: FromSolverMessage) => void): Promise<void> {
  const id = requestIdOf(message)
  try {
    if (!isRequestMessage(message) || (message as { kind?: unknown }).kind !== 'request')
      throw new ApiError('bad-request', 'Expected {kind: "request", id, method, params, protocolVersion}')
    const version = (message as { protocolVersion?: unknown }).protocolVersion
    if (version !== PROTOCOL_VERSION)
      throw new ApiError('version-mismatch', `Protocol version ${String(version)} is not ${PROTOCOL_VERSION}`)
    const result = await dispatchRequest(SOLVER_REQUESTS, session, message.method, message.params)
    reply({ kind: 'response', id, result })
  } catch (error) {
    reply({ kind: 'response', id, error: errorPayload(error) })
  }
}

mainThread.on('message', ({ link, message, interrupts: counted }: RelayedMessage) => {
  // handle() runs synchronously up to its first await: the pause or stop has been applied when the
  // count drops, and the step it interrupted was rolled back before this message was taken.
  void answer(message, (reply) => post({ to: link, message: reply }))
  if (counted) Atomics.sub(interrupts, 0, 1)
})

post({ to: 'parent', message: { kind: 'ready', protocolVersion: PROTOCOL_VERSION, pid: process.pid } })
