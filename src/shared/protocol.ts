// Wire format between the renderer and a host (Electron IPC or the web host's WebSocket).
// Both hosts carry the same messages, so the renderer cannot tell them apart.

export type ErrorCode =
  'bad-request' | 'unknown-method' | 'invalid-params' | 'not-found' | 'internal' | 'disconnected'

export interface RequestMessage {
  id: number
  method: string
  params?: unknown
}

export interface ErrorPayload {
  code: ErrorCode
  message: string
}

export type ResponseMessage = { id: number; result: unknown } | { id: number; error: ErrorPayload }

export interface EventMessage {
  event: string
  data: unknown
}

/** An error a host reports for a request; `code` lets callers react without parsing messages. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The result of a response, or the ApiError it carries. */
export function unwrapResponse(response: ResponseMessage): unknown {
  if ('error' in response) throw new ApiError(response.error.code, response.error.message)
  return response.result
}
