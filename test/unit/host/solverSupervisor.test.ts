// The crash-loop guard: after MAX_CRASHES + 1 crashes within the window the supervisor stops
// restarting, says how often and why, and starts again after a quiet period (not never again) or at
// once when the user asks (restart), which also ends a process that still runs.
import { describe, expect, it } from 'vitest'
import type { EventMessage } from '../../../src/shared/api'
import { createSolverSupervisor, MAX_CRASHES, type SolverChannel } from '../../../src/host/solverSupervisor'

function fakeLauncher() {
  const exits: ((description: string) => void)[] = []
  const sent: number[] = []
  let killed = 0
  const launch = (): SolverChannel => {
    const generation = exits.length + 1
    return {
      send: () => void sent.push(generation),
      onMessage: () => undefined,
      onExit: (listener) => void exits.push(listener),
      kill: () => {
        killed++
        exits[generation - 1]('signal SIGTERM')
      },
    }
  }
  return {
    launch,
    crash: () => exits.at(-1)!('signal SIGSEGV'),
    launches: () => exits.length,
    killed: () => killed,
    sentTo: () => sent,
  }
}

const crashLoop = async (fake: ReturnType<typeof fakeLauncher>) => {
  for (let i = 0; i <= MAX_CRASHES; i++) {
    fake.crash()
    await new Promise((resolve) => setImmediate(resolve))
  }
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
    await crashLoop(fake)
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

  it('restarts at once on request after the guard gave up, with the crash count started again', async () => {
    const fake = fakeLauncher()
    const events: EventMessage[] = []
    const supervisor = createSolverSupervisor({
      launch: fake.launch,
      onEvent: (event) => events.push(event),
      reload: async () => true,
    })
    await crashLoop(fake)
    expect(fake.launches()).toBe(MAX_CRASHES + 1)
    await supervisor.restart()
    expect(fake.launches()).toBe(MAX_CRASHES + 2)
    expect(events.at(-1)).toEqual({
      event: 'solverRestarted',
      data: { reason: 'The solver process was ended on request', modelReloaded: true },
    })
    void supervisor.request('getStatus').catch(() => undefined)
    expect(fake.sentTo().at(-1)).toBe(MAX_CRASHES + 2)
    // A new count: one crash now restarts the process again instead of waiting.
    fake.crash()
    await new Promise((resolve) => setImmediate(resolve))
    expect(fake.launches()).toBe(MAX_CRASHES + 3)
    supervisor.dispose()
  })

  it('ends a running process on request; its requests in flight are answered with why', async () => {
    const fake = fakeLauncher()
    const supervisor = createSolverSupervisor({
      launch: fake.launch,
      onEvent: () => undefined,
      reload: async () => false,
    })
    const inFlight = supervisor.request('getStatus')
    await supervisor.restart()
    await expect(inFlight).rejects.toMatchObject({
      code: 'solver-restarted',
      message: 'The solver process was ended on request; it was restarted',
    })
    // One kill, one new process: the killed one's exit does not start another.
    expect(fake.killed()).toBe(1)
    expect(fake.launches()).toBe(2)
    expect(supervisor.generation).toBe(2)
    supervisor.dispose()
  })
})
