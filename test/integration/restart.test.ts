// A solver process that dies is restarted and the model reloaded; the request it was working on is
// answered with 'solver-restarted', not lost.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ApiError } from '../../src/shared/protocol'
import { SPRING_MASS, startTestBackend, type TestBackend } from './helpers'

let t: TestBackend
beforeAll(() => {
  t = startTestBackend()
})
afterAll(() => t.dispose())

it('restarts a killed solver process, answers the lost request and reloads the model', async () => {
  // Many load steps keep the static solve (answered only when it ends) busy until the kill.
  const slowStatic = JSON.parse(SPRING_MASS) as { simulationSettings: Record<string, unknown> }
  slowStatic.simulationSettings.staticSolver = { numberOfLoadSteps: 10_000_000 }
  await t.backend.call('openModel', { text: JSON.stringify(slowStatic), title: 'slow.mbsproj' })
  await t.backend.call('applyChange', {
    patch: [{ op: 'modify', kind: 'objects', name: 'mass', set: { physicsMass: 3 } }],
  })
  const running = t.events.next('runState', (s) => s.state === 'running')
  const lost = t.backend.call('staticSolve', undefined).catch((error: unknown) => error)
  await running

  const restarted = t.events.next('solverRestarted')
  t.channels[0].kill()
  const error = await lost
  expect(error).toBeInstanceOf(ApiError)
  expect((error as ApiError).code).toBe('solver-restarted')
  expect(await restarted).toMatchObject({ modelReloaded: true })
  expect(t.channels).toHaveLength(2)
  expect(t.events.of('log').some((log) => log.level === 'warning' && /restarted/.test(log.message))).toBe(
    true,
  )

  // The new process has the changed model (mass 3), and the document kept its title and changes.
  const state = await t.backend.call('getState', undefined)
  expect(state).toMatchObject({ state: 'idle', document: { title: 'slow.mbsproj', modified: true } })
  expect(await t.backend.call('getModelText', undefined)).toContain('"physicsMass": 3')
  expect(await t.backend.call('assemble', undefined)).toMatchObject({ nODE2: 3 })
})
