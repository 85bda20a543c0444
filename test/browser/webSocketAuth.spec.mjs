// The web host's /api WebSocket: refused without the right token, answering requests with it.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import WebSocket from 'ws'
import { FIXTURE_EXAMPLES, startHost } from './harness.mjs'

let host
let apiUrl
let origin
before(async () => {
  host = await startHost({ examplesDir: FIXTURE_EXAMPLES })
  origin = new URL(host.url).origin
  apiUrl = `${host.url.replace(/^http/, 'ws').replace(/\/\?.*$/, '')}/api`
})
after(() => host?.close())

/** Resolves with the HTTP status of a refused upgrade, or 'open'. */
function connectionOutcome(url, options = { origin }) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options)
    ws.on('unexpected-response', (request, response) => {
      request.destroy()
      resolve(response.statusCode)
    })
    ws.on('open', () => {
      ws.close()
      resolve('open')
    })
    ws.on('error', reject)
  })
}

test('a WebSocket without the token, or with a wrong one, is refused', async () => {
  assert.equal(await connectionOutcome(apiUrl), 401)
  assert.equal(await connectionOutcome(`${apiUrl}?token=wrong`), 401)
  assert.equal(await connectionOutcome(`${apiUrl}?token=${host.token.slice(0, -1)}x`), 401)
})

test('a page of another site, a missing Origin or a foreign Host is refused', async () => {
  const withToken = `${apiUrl}?token=${host.token}`
  assert.equal(await connectionOutcome(withToken, { origin: 'http://evil.example' }), 403)
  assert.equal(await connectionOutcome(withToken, {}), 403)
  const port = new URL(host.url).port
  const rebound = { origin: `http://rebind.example:${port}`, headers: { host: `rebind.example:${port}` } }
  assert.equal(await connectionOutcome(withToken, rebound), 403)
  assert.equal(await connectionOutcome(withToken, { origin: `http://localhost:${port}` }), 'open')
})

test('with the token, requests get results or coded errors', async () => {
  const ws = new WebSocket(`${apiUrl}?token=${host.token}`, { origin })
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const responses = new Map()
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString())
    if ('id' in message) responses.get(message.id)?.(message)
  })
  const call = (id, method, params) =>
    new Promise((resolve) => {
      responses.set(id, resolve)
      ws.send(JSON.stringify({ id, method, params }))
    })
  try {
    const info = await call(1, 'info')
    assert.equal(info.result.host, 'web')
    assert.deepEqual((await call(2, 'listExamples')).result, ['pendulum'])
    assert.match((await call(3, 'openExample', { name: 'pendulum' })).result, /"mbs-studio-project"/)
    assert.equal((await call(4, 'openExample', { name: '../package' })).error.code, 'invalid-params')
    assert.equal((await call(5, 'launchRockets')).error.code, 'unknown-method')
  } finally {
    ws.close()
  }
})
