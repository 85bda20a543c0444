// The typed API the renderer uses, whatever host it runs in (window.mbs in Electron, a WebSocket
// client in the browser). A new request is one entry in ApiRequests plus its handler in src/host.
import type { EventMessage } from './protocol'

export const API_VERSION = 1

export type HostKind = 'electron' | 'web'

export interface HostInfo {
  version: string
  host: HostKind
  apiVersion: number
}

export interface ApiRequests {
  info: { params: void; result: HostInfo }
  /** Names of the bundled example projects (file names without .mbsproj). */
  listExamples: { params: void; result: string[] }
  /** The project JSON text of one example. */
  openExample: { params: { name: string }; result: string }
}

export type ApiMethod = keyof ApiRequests
export type ApiParams<M extends ApiMethod> = ApiRequests[M]['params']
export type ApiResult<M extends ApiMethod> = ApiRequests[M]['result']

export interface LogEventData {
  level: 'info' | 'warning' | 'error'
  message: string
}

export type EventListener = (event: EventMessage) => void

/** What a host provides: one generic request and one event stream. */
export interface ApiTransport {
  request(method: string, params?: unknown): Promise<unknown>
  onEvent(listener: EventListener): () => void
}

export interface MbsApi {
  info(): Promise<HostInfo>
  listExamples(): Promise<string[]>
  openExample(name: string): Promise<string>
  request<M extends ApiMethod>(method: M, params: ApiParams<M>): Promise<ApiResult<M>>
  /** Subscribes to host events; returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void
}

/** Builds the typed API over a transport. Results are typed by ApiRequests, which the host implements too. */
export function createMbsApi(transport: ApiTransport): MbsApi {
  const request = <M extends ApiMethod>(method: M, params: ApiParams<M>) =>
    transport.request(method, params) as Promise<ApiResult<M>>
  return {
    info: () => request('info', undefined),
    listExamples: () => request('listExamples', undefined),
    openExample: (name) => request('openExample', { name }),
    request,
    onEvent: (listener) => transport.onEvent(listener),
  }
}
