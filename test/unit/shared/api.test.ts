import { describe, expect, it } from 'vitest'
import { API_METHODS, createMbsApi, type EventMessage } from '../../../src/shared/api'
import { ApiError, errorPayload, unwrapResponse } from '../../../src/shared/protocol'
import { SOLVER_REQUESTS } from '../../../src/shared/solverService'

describe('the typed API', () => {
  it('has one function per method, each sending its name and params', async () => {
    const sent: unknown[] = []
    const api = createMbsApi({
      request: async (method, params) => sent.push([method, params]),
      onEvent: () => () => undefined,
    })
    for (const method of API_METHODS) expect(typeof api[method]).toBe('function')
    await api.run({ endTime: 2 })
    await api.pause()
    await api.applyChange({ patch: [{ op: 'delete', kind: 'loads', name: 'g' }] })
    expect(sent).toEqual([
      ['run', { endTime: 2 }],
      ['pause', undefined],
      ['applyChange', { patch: [{ op: 'delete', kind: 'loads', name: 'g' }] }],
    ])
  })

  it('routes events to the listeners of their type', () => {
    let emit: (event: EventMessage) => void = () => undefined
    const api = createMbsApi({
      request: async () => undefined,
      onEvent: (listener) => {
        emit = listener
        return () => undefined
      },
    })
    const times: number[] = []
    api.on('progress', (data) => times.push(data.time))
    emit({ event: 'log', data: { level: 'info', message: 'x' } })
    emit({
      event: 'progress',
      data: { state: 'running', time: 0.5, endTime: 1, step: 5, newtonIterations: 9, realTimeFactor: 2 },
    })
    expect(times).toEqual([0.5])
  })

  it('every solver method except getStatus is an API method', () => {
    for (const method of Object.keys(SOLVER_REQUESTS))
      if (method !== 'getStatus') expect(API_METHODS).toContain(method)
  })

  it('carries error codes and details across the wire', () => {
    const payload = errorPayload(
      new ApiError('invalid-model', 'bad', { problems: [{ path: 'p', message: 'm' }] }),
    )
    expect(payload).toEqual({
      code: 'invalid-model',
      message: 'bad',
      details: { problems: [{ path: 'p', message: 'm' }] },
    })
    expect(() => unwrapResponse({ id: 1, error: payload })).toThrow(ApiError)
    expect(errorPayload(new TypeError('boom'))).toEqual({ code: 'internal', message: 'boom' })
  })
})
