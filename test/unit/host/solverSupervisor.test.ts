// The crash-loop guard: after MAX_CRASHES + 1 crashes within the window the supervisor stops
// restarting, says how often and why, and starts again after a quiet period (not never again).
import { describe, expect, it } from 'vitest'
import type { EventMessage } from '../../../src/shared/api'
import { createSolverSupervisor, MAX_CRASHES, type SolverChannel } from '../../../src/host/solverSupervisor'

function fakeLauncher() {
  const exits: ((description: string) => void)[] = []
  const launch = (): SolverChannel => ({
    send: () => undefined,
    onMessage: () => undefined,
    onExit: (listener) => void exits.push(listener),
    kill: () => undefined,
  })
  return { launch, crash: () => exits.at(-1)!('signal SIGSEGV'), launches: () => exits.length }
}

describe('solver supervisor crash-loop guard', () => {
  it('pauses after a crash loop, tells why, and restarts after the quiet period', async () => {
    const fake = fakeLauncher()
    const events: EventMessage[] = []
    const supervisor = createSolverSupervisor({
      launch: fake.launch,
      quietPeriodMs: 100,
      onEvent: (event) => events.push(event),
      reload: async () => true,
    })
    for (let i = 0; i <= MAX_CRASHES; i++) {
      fake.crash()
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(fake.launches()).toBe(MAX_CRASHES + 1)
    const logs = events.flatMap((e) => (e.event === 'log' ? [e.data.message] : []))
    expect(logs.at(-1)).toMatch(
      /crashed 4 times in 10 s \(last: signal SIGSEGV\); it is restarted after 0.1 s/,
    )
    await expect(supervisor.request('getStatus')).rejects.toThrow(/crashed 4 times/)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(fake.launches()).toBe(MAX_CRASHES + 2)
    expect(events.at(-1)).toMatchObject({ event: 'solverRestarted', data: { modelReloaded: true } })
    supervisor.dispose()
  })
})
