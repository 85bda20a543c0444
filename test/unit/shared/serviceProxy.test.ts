// The generic service proxy: the client sends each request by name through the channel, the
// dispatcher answers it with the implementation's method of that name, and nothing outside the table
// (an unknown name, a member the implementation has besides its requests) is reachable.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/shared/protocol'
import { dispatchRequest, request, serviceClient, type ServiceOf } from '../../../src/shared/serviceProxy'

const TABLE = {
  add: request<{ a: number; b: number }, number>({ a: 'number', b: 'number' }),
  names: request<void, string[]>(),
}

class Calculator implements ServiceOf<typeof TABLE> {
  secret = 'not a request'
  add({ a, b }: { a: number; b: number }): number {
    return a + b
  }
  async names(): Promise<string[]> {
    return [this.secret]
  }
}

const errorOf = (call: () => unknown): unknown => {
  try {
    call()
  } catch (error) {
    return error
  }
}

describe('serviceClient and dispatchRequest', () => {
  const service = new Calculator()
  const sent: { method: string; params: unknown }[] = []
  const client = serviceClient(TABLE, async (method, params) => {
    sent.push({ method, params })
    return dispatchRequest(TABLE, service, method, params)
  })

  it('sends a typed call by name and answers it with the method of that name', async () => {
    expect(await client.add({ a: 2, b: 3 })).toBe(5)
    expect(await client.names()).toEqual(['not a request'])
    expect(sent).toEqual([
      { method: 'add', params: { a: 2, b: 3 } },
      { method: 'names', params: undefined },
    ])
  })

  it('refuses names outside the table, also members the implementation has', () => {
    for (const method of ['secret', 'constructor', 'toString', 'format C:'])
      expect(errorOf(() => dispatchRequest(TABLE, service, method, {}))).toMatchObject({
        code: 'unknown-method',
        message: `Unknown method "${method}"`,
      })
  })

  it('refuses params without the fields the table lists, naming the method and the field', () => {
    const error = errorOf(() => dispatchRequest(TABLE, service, 'add', { a: 1, b: '2' }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      code: 'invalid-params',
      message: 'add expects {b: number}, got {"a":1,"b":"2"}',
    })
  })
})
