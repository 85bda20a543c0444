import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createBackend } from '../../../src/host/backend'
import type { SolverChannel } from '../../../src/host/solverSupervisor'
import { createWorkspace } from '../../../src/host/workspace'

/** A solver process that never answers: these tests touch only what the backend answers itself. */
const silentSolver = (): SolverChannel => ({ send() {}, onMessage() {}, onExit() {}, kill() {} })

function backendWithExamples(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'mbs-examples-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return createBackend({ host: 'web', version: '9.9.9', examplesDir: dir, launchSolver: silentSolver })
}

describe('backend', () => {
  it('answers info with the host kind, version and API version', async () => {
    const response = await backendWithExamples({}).respond({ id: 1, method: 'info' })
    expect(response).toEqual({ id: 1, result: { host: 'web', version: '9.9.9', apiVersion: 3 } })
  })

  it('lists and opens examples, and reports the read as a log event', async () => {
    const backend = backendWithExamples({ 'b.mbsproj': '{"b":1}', 'a.mbsproj': '{}', 'notes.txt': '' })
    const events: unknown[] = []
    backend.onEvent((event) => events.push(event))
    expect(await backend.respond({ id: 1, method: 'listExamples' })).toEqual({ id: 1, result: ['a', 'b'] })
    expect(await backend.respond({ id: 2, method: 'openExample', params: { name: 'b' } })).toEqual({
      id: 2,
      result: '{"b":1}',
    })
    expect(events).toEqual([
      { event: 'log', data: { level: 'info', message: expect.stringContaining('"b"') } },
    ])
  })

  it.each([
    [{ id: 1, method: 'openExample', params: { name: 'missing' } }, 'not-found'],
    [{ id: 1, method: 'openExample', params: { name: '../package' } }, 'invalid-params'],
    [{ id: 1, method: 'openExample', params: {} }, 'invalid-params'],
    [{ id: 1, method: 'toString' }, 'unknown-method'],
    [{ method: 'info' }, 'bad-request'],
    ['not a request', 'bad-request'],
  ])('answers %j with error code %s', async (request, code) => {
    const response = await backendWithExamples({}).respond(request)
    expect(response).toMatchObject({ error: { code } })
  })
})

describe('backend in a workspace', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'mbs-backend-workspace-')))
  const root = join(base, 'ws')
  mkdirSync(root)
  writeFileSync(join(root, 'a.mbsproj'), '{}')
  writeFileSync(join(base, 'b.mbsproj'), '{}')
  const backend = createBackend({
    host: 'web',
    version: '9.9.9',
    examplesDir: base,
    launchSolver: silentSolver,
    workspace: createWorkspace(root),
  })
  const outside = join(base, 'b.mbsproj')
  afterAll(() => {
    backend.dispose()
    rmSync(base, { recursive: true, force: true })
  })

  // Each request is refused before anything reaches the solver process (which never answers here).
  it.each([
    ['openFile', { path: outside }],
    ['saveFile', { path: outside }],
    ['run', { resultsPath: join(base, 'b.mbsres') }],
    ['saveCheckpoint', { path: join(base, 'b.mbsckpt') }],
    ['loadCheckpoint', { path: '../b.mbsckpt' }],
    ['openResults', { path: '../b.mbsres' }],
    ['writeModeResults', { path: join(base, 'mode.mbsres'), mode: 0, amplitude: 0.1 }],
    ['listFiles', { dir: '..' }],
  ])('refuses %s of a path outside, naming it', async (method, params) => {
    const response = await backend.respond({ id: 1, method, params })
    const path = Object.values(params)[0]
    expect(response).toMatchObject({
      error: {
        code: 'forbidden',
        message: expect.stringContaining(`Refused ${path}: it is outside the workspace`),
      },
    })
  })

  it('lists the workspace', async () => {
    expect(await backend.call('listFiles', undefined)).toMatchObject({
      root,
      dir: root,
      entries: [{ name: 'a.mbsproj', kind: 'project', path: join(root, 'a.mbsproj'), size: 2 }],
    })
  })
})
