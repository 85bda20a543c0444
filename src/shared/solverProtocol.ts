// Envelopes between a host (src/host/solverSupervisor.ts) and the solver process (src/solver-process).
// The requests they carry are those of the solver service (solverService.ts).
import type { EventMessage } from './api'
import type { RequestMessage, ResponseMessage } from './protocol'

/** Host -> solver process. 'attachPort' carries (Electron only) the port the events then go to. */
export type ToSolverMessage =
  ({ kind: 'request'; protocolVersion: number } & RequestMessage) | { kind: 'attachPort' }

/** Solver process -> host (and, over the stream port, -> renderer). */
export type FromSolverMessage =
  | { kind: 'ready'; protocolVersion: number; pid: number }
  | ({ kind: 'response' } & ResponseMessage)
  | ({ kind: 'event' } & EventMessage)
