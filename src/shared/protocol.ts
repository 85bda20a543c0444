// Wire format between the renderer, the hosts and the solver process (docs/protocol.md). Every hop
// (Electron IPC, the web host's WebSocket, the solver process's channel, the MessagePort of step
// results) carries these envelopes, so a message means the same thing wherever it travels.

/** Bumped on any incompatible change of a message; a peer with another version is refused. */
export const PROTOCOL_VERSION = 1

export type ErrorCode =
  /** Not a request envelope at all (not an object, no numeric id or string method). */
  | 'bad-request'
  | 'unknown-method'
  | 'invalid-params'
  | 'not-found'
  /** The request makes no sense in the current run state (pause when nothing runs, step without a model). */
  | 'invalid-state'
  /** The model is solving; the request would change it. Pause or stop first. */
  | 'busy'
  /** The model text or a change was rejected; details.problems lists every problem. */
  | 'invalid-model'
  /** Assembly or the solver failed; details carry the time, step and items involved. */
  | 'solver-error'
  /** The feature is routed but its engine API has not landed yet. */
  | 'not-implemented'
  | 'version-mismatch'
  /** The solver process died while the request was in flight; it was restarted and the model reloaded. */
  | 'solver-restarted'
  | 'io-error'
  /** A path outside the web host's workspace folder (after following links). */
  | 'forbidden'
  /**
   * saveFile: another program changed the file since it was opened or saved; save with overwrite: true to
   * replace it.
   */
  | 'file-changed'
  /** importUrdf: the project file to write exists; import with overwrite: true to replace it. */
  | 'file-exists'
  | 'internal'
  | 'disconnected'

export interface Problem {
  path: string
  message: string
}

export interface ErrorDetails {
  problems?: Problem[]
  time?: number
  step?: number
  items?: string[]
}

export interface ErrorPayload {
  code: ErrorCode
  message: string
  details?: ErrorDetails
}

export interface RequestMessage {
  id: number
  method: string
  params?: unknown
}

export type ResponseMessage = { id: number; result: unknown } | { id: number; error: ErrorPayload }

/**
 * An error a host or the solver reports for a request; `code` lets callers react without parsing messages.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  toPayload(): ErrorPayload {
    return this.details
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message }
  }
}

/** The payload of any thrown value: ApiErrors keep their code, anything else is 'internal'. */
export function errorPayload(error: unknown): ErrorPayload {
  if (error instanceof ApiError) return error.toPayload()
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) }
}

/** The result of a response, or the ApiError it carries. */
export function unwrapResponse(response: ResponseMessage): unknown {
  if ('error' in response)
    throw new ApiError(response.error.code, response.error.message, response.error.details)
  return response.result
}

/** A request sent and not yet answered, as the requesting side keeps it by id. */
export interface PendingRequest {
  resolve(result: unknown): void
  reject(error: unknown): void
}

/** Settles and forgets the request a response answers; a response nobody waits for is dropped. */
export function settleRequest(pending: Map<number, PendingRequest>, response: ResponseMessage): void {
  const request = pending.get(response.id)
  pending.delete(response.id)
  try {
    request?.resolve(unwrapResponse(response))
  } catch (error) {
    request?.reject(error)
  }
}

export function isRequestMessage(value: unknown): value is RequestMessage {
  if (typeof value !== 'object' || value === null) return false
  const { id, method } = value as Partial<RequestMessage>
  return typeof id === 'number' && Number.isFinite(id) && typeof method === 'string'
}

/** The id of a message that looks like a request, for answering even a malformed one; -1 if none. */
export function requestIdOf(value: unknown): number {
  const id = (value as Partial<RequestMessage> | null)?.id
  return typeof id === 'number' && Number.isFinite(id) ? id : -1
}
