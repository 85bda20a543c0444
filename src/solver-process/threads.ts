// The solver process's two threads (docs/process-model.md). The main thread (index.ts) holds the
// link to the host and the event port and relays every message; the worker thread (solverWorker.ts)
// runs the solver session. The main thread never computes, so it sees a pause or stop the moment it
// arrives and raises a shared interrupt count that the solver polls between the phases of a step.
import type { FromSolverMessage } from '../shared/solverProtocol'

/**
 * Where a request came from, and so where its answer goes: the host link, or the event port of that
 * number (each port the host hands over gets the next; answers for a replaced port are dropped).
 */
export type Link = 'parent' | number

/** Main thread -> worker: a message from a link; interrupts: the main thread counted it (see below). */
export interface RelayedMessage {
  link: Link
  message: unknown
  interrupts: boolean
}

/**
 * Worker -> main thread: an answer goes back to its link; 'events' go to the event port when the host
 * handed one over, else to the host.
 */
export interface WorkerMessage {
  to: Link | 'events'
  message: FromSolverMessage
}

/**
 * Shared by both threads: interrupts[0] counts the pause and stop requests relayed to the worker and
 * not yet handled there (the main thread adds one before relaying, the worker subtracts one after
 * handling). While it is above zero the solver abandons the step in flight.
 */
export interface WorkerData {
  interrupts: Int32Array
}

/** Requests that interrupt the step in flight, so they are answered within a fraction of a step. */
export function interruptsStep(message: unknown): boolean {
  const { kind, method } = (message ?? {}) as { kind?: unknown; method?: unknown }
  return kind === 'request' && (method === 'pause' || method === 'stop')
}
