// The requests the solver process answers (docs/protocol.md), as one typed service table
// (serviceProxy.ts): the host calls `solver.method(params)` on the client made from it, the solver
// process dispatches by name to its session (src/solver-process/solverSession.ts), which implements
// SolverService. The API's forwarded requests keep the API's params and answers.
import type {
  ApiParams,
  ApiResult,
  MethodsRoutedTo,
  ModelSummary,
  RunOptions,
  RunStatus,
  SolverStatus,
} from './api'
import type { ModelPatch } from './modelPatch'
import { request, type ClientOf, type FieldType, type RequestTable, type ServiceOf } from './serviceProxy'

/** How the solver process took a change: in place in its compiled system, or by rebuilding it. */
export type ChangeApplied = 'in place' | 'rebuild'

/** The answer to openModel: the summary and the canonical project text. */
export interface SolverModelResult {
  summary: ModelSummary
  text: string
}

/** The answer to applyChange: the summary at the new revision and how the change was taken. */
export interface SolverChangeResult {
  summary: ModelSummary
  applied: ChangeApplied
}

type Forwarded = MethodsRoutedTo<'forward'>
const forward = <M extends Forwarded>(fields?: Partial<Record<string, FieldType>>) =>
  request<ApiParams<M>, ApiResult<M>>(fields as never)

export const SOLVER_REQUESTS = {
  /** Replaces the model; `revision` is the host's revision of the text. */
  openModel: request<{ text: string; revision: number }, SolverModelResult>({
    text: 'string',
    revision: 'number',
  }),
  /** The host's patch that turns the solver's revision into `revision` (one more). */
  applyChange: request<{ patch: ModelPatch; revision: number }, SolverChangeResult>({
    patch: 'array',
    revision: 'number',
  }),
  run: request<RunOptions | void, RunStatus>(),
  getStatus: request<void, SolverStatus>(),
  validate: forward<'validate'>(),
  assemble: forward<'assemble'>(),
  staticSolve: forward<'staticSolve'>(),
  pause: forward<'pause'>(),
  resume: forward<'resume'>(),
  setPace: forward<'setPace'>(),
  stop: forward<'stop'>(),
  step: forward<'step'>(),
  saveCheckpoint: forward<'saveCheckpoint'>({ path: 'string' }),
  loadCheckpoint: forward<'loadCheckpoint'>({ path: 'string' }),
  openResults: forward<'openResults'>({ path: 'string' }),
  readResults: forward<'readResults'>({ path: 'string' }),
  computeModes: forward<'computeModes'>(),
  writeModeResults: forward<'writeModeResults'>(),
  ackFrames: forward<'ackFrames'>({ seq: 'number' }),
} satisfies Record<MethodsRoutedTo<'solver' | 'forward'>, unknown> & RequestTable

export type SolverRequests = typeof SOLVER_REQUESTS
export type SolverMethod = keyof SolverRequests
export type SolverService = ServiceOf<SolverRequests>
export type SolverClient = ClientOf<SolverRequests>
