// A typed service over a message channel, after VS Code's ProxyChannel: one table lists the requests
// with the fields their params must have and, as types, their params and answers. The calling side
// gets an object with one typed method per request (serviceClient); the answering side dispatches a
// request by name to an implementation object (dispatchRequest). Adding a request is one table entry
// and its method in the implementation.
import { ApiError } from './protocol'

/** A params field the dispatcher checks before the implementation runs. */
export type FieldType = 'string' | 'number' | 'array'

/** One request: its required params fields; P and R (params and answer) exist only as types. */
export interface RequestSpec<P, R> {
  readonly fields: Readonly<Record<string, FieldType>>
  /** Never set: carries the params and answer types. */
  readonly types?: (params: P) => R
}

export type RequestTable = Record<string, RequestSpec<never, unknown>>

/** A request of params P answered with R; `fields` names the params fields that must be present. */
export function request<P = void, R = void>(
  fields: Partial<Record<keyof P & string, FieldType>> = {},
): RequestSpec<P, R> {
  return { fields: fields as Record<string, FieldType> }
}

export type ParamsOf<S> = S extends RequestSpec<infer P, unknown> ? P : never
export type AnswerOf<S> = S extends RequestSpec<never, infer R> ? R : never

/** What the answering side implements: one method per request, answering at once or later. */
export type ServiceOf<T extends RequestTable> = {
  [M in keyof T]: (params: ParamsOf<T[M]>) => AnswerOf<T[M]> | Promise<AnswerOf<T[M]>>
}

/** What the calling side holds: one method per request, answered through the channel. */
export type ClientOf<T extends RequestTable> = {
  [M in keyof T]: ParamsOf<T[M]> extends void
    ? () => Promise<AnswerOf<T[M]>>
    : (params: ParamsOf<T[M]>) => Promise<AnswerOf<T[M]>>
}

/** The typed client of a service whose requests `call` sends (method name and params). */
export function serviceClient<T extends RequestTable>(
  table: T,
  call: (method: keyof T & string, params: unknown) => Promise<unknown>,
): ClientOf<T> {
  return Object.fromEntries(
    Object.keys(table).map((method) => [method, (params?: unknown) => call(method, params)]),
  ) as ClientOf<T>
}

/**
 * Answers one request with the implementation's method of its name, after checking the params
 * fields the table lists; an unknown method or a missing field is an ApiError naming it.
 */
export function dispatchRequest<T extends RequestTable>(
  table: T,
  service: ServiceOf<T>,
  method: string,
  params: unknown,
): unknown {
  if (!Object.hasOwn(table, method)) throw new ApiError('unknown-method', `Unknown method "${method}"`)
  checkFields(method, table[method].fields, params)
  const handler = service[method] as (params: unknown) => unknown
  return handler.call(service, params)
}

function checkFields(method: string, fields: Readonly<Record<string, FieldType>>, params: unknown): void {
  const object = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>
  for (const [key, type] of Object.entries(fields)) {
    const value = object[key]
    const ok = type === 'array' ? Array.isArray(value) : typeof value === type
    if (!ok)
      throw new ApiError(
        'invalid-params',
        `${method} expects {${key}: ${type}}, got ${JSON.stringify(params ?? null)}`.slice(0, 300),
      )
  }
}
