// Messages between a host (src/host/solverSupervisor.ts) and the solver process
// (src/solver-process). Requests use the API's method names and result types; the host answers the
// document methods (open/save files) itself and forwards these to the solver process.
import { methodsRoutedTo, type EventMessage, type MethodsRoutedTo, type ModelSummary } from './api'
import type { RequestMessage, ResponseMessage } from './protocol'

/**
 * The requests the solver process answers: the engine's side of ApiRequests (API_ROUTES 'solver' and
 * 'forward'), plus getStatus (for the host's getState).
 */
export type SolverMethod = MethodsRoutedTo<'solver' | 'forward'> | 'getStatus'
export const SOLVER_METHODS: readonly SolverMethod[] = [...methodsRoutedTo('solver', 'forward'), 'getStatus']

export function isSolverMethod(method: string): method is SolverMethod {
  return (SOLVER_METHODS as readonly string[]).includes(method)
}

/** Host -> solver process. 'attachPort' carries (Electron only) the port the events then go to. */
export type ToSolverMessage =
  ({ kind: 'request'; protocolVersion: number } & RequestMessage) | { kind: 'attachPort' }

/** Solver process -> host (and, over the stream port, -> renderer). */
export type FromSolverMessage =
  | { kind: 'ready'; protocolVersion: number; pid: number }
  | ({ kind: 'response' } & ResponseMessage)
  | ({ kind: 'event' } & EventMessage)

/** What openModel and applyChange answer in the solver process: the summary and the canonical project text. */
export interface SolverModelResult {
  summary: ModelSummary
  text: string
}
