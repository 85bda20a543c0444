// Host-neutral request handling: the Electron main process and the web host both route the
// renderer's requests here, so the two hosts answer identically.
import { API_VERSION, type ApiMethod, type ApiParams, type ApiResult, type HostKind } from '../shared/api'
import type { EventListener } from '../shared/api'
import { ApiError, type RequestMessage, type ResponseMessage } from '../shared/protocol'
import { createExampleLibrary } from './exampleLibrary'

export interface BackendOptions {
  host: HostKind
  version: string
  examplesDir: string
}

export interface Backend {
  /** Answers one request; never throws, failures become an error response. */
  respond(request: unknown): Promise<ResponseMessage>
  onEvent(listener: EventListener): () => void
}

type Handlers = { [M in ApiMethod]: (params: unknown) => Promise<ApiResult<M>> }

export function createBackend(options: BackendOptions): Backend {
  const listeners = new Set<EventListener>()
  const emitLog = (message: string) => {
    for (const listener of listeners) listener({ event: 'log', data: { level: 'info', message } })
  }
  const examples = createExampleLibrary(options.examplesDir)

  const handlers: Handlers = {
    info: async () => ({ version: options.version, host: options.host, apiVersion: API_VERSION }),
    listExamples: () => examples.list(),
    openExample: async (params) => {
      const { name } = readOpenExampleParams(params)
      const text = await examples.read(name)
      emitLog(`Host read example "${name}" (${text.length} bytes)`)
      return text
    },
  }

  return {
    async respond(request) {
      const id = isRequestMessage(request) ? request.id : -1
      try {
        if (!isRequestMessage(request)) throw new ApiError('bad-request', 'Expected {id, method, params}')
        if (!Object.hasOwn(handlers, request.method)) {
          throw new ApiError('unknown-method', `Unknown method "${request.method}"`)
        }
        return { id, result: await handlers[request.method as ApiMethod](request.params) }
      } catch (error) {
        if (error instanceof ApiError) return { id, error: { code: error.code, message: error.message } }
        return { id, error: { code: 'internal', message: String(error) } }
      }
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

function isRequestMessage(value: unknown): value is RequestMessage {
  if (typeof value !== 'object' || value === null) return false
  const { id, method } = value as Partial<RequestMessage>
  return typeof id === 'number' && typeof method === 'string'
}

function readOpenExampleParams(params: unknown): ApiParams<'openExample'> {
  const name = (params as Partial<ApiParams<'openExample'>> | undefined)?.name
  if (typeof name !== 'string') throw new ApiError('invalid-params', 'openExample expects {name: string}')
  return { name }
}
