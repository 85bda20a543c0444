// Run-state answers older than run events are not applied: the host may forward the events of a fast
// static solve (runState running, finished) ahead of the answer to an earlier getState, whose "idle"
// must not flip the finished run back to Ready. The events are the run state's source of truth.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiEvents, RunStatus, SessionState } from '../../../../src/shared/api'

const listeners = new Map<string, ((data: unknown) => void)[]>()
const emit = <E extends keyof ApiEvents>(event: E, data: ApiEvents[E]) =>
  listeners.get(event)?.forEach((listener) => listener(data))
let answerGetState: (state: SessionState) => void = () => undefined
let answerStaticSolve: (status: RunStatus & { statistics: typeof statistics }) => void = () => undefined

vi.mock('../../../../src/renderer/api', () => ({
  api: {
    on: (event: string, listener: (data: unknown) => void) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener])
      return () => undefined
    },
    getState: () => new Promise<SessionState>((resolve) => (answerGetState = resolve)),
    staticSolve: () => new Promise((resolve) => (answerStaticSolve = resolve)),
  },
}))

const { useSimulationStore } = await import('../../../../src/renderer/stores/simulation')

const statistics = { steps: 10, newtonIterations: 12, jacobians: 3, rejectedSteps: 0, wallTime: 0.01 }
const idle = (time = 0): SessionState => ({
  state: 'idle',
  time,
  step: 0,
  revision: 1,
  framesInFlight: 0,
  heapUsed: 0,
  document: { path: null, title: 'hangingCable.mbsproj', modified: false },
  model: null,
  modelRevision: 0,
})

describe('stale run-state answers', () => {
  beforeEach(() => {
    listeners.clear()
    setActivePinia(createPinia())
  })

  it('drops a getState answer that arrives after the events of a fast static solve', async () => {
    const simulation = useSimulationStore()
    simulation.listen()
    const refreshed = simulation.refresh()
    const solved = simulation.command('staticSolve')
    emit('runState', { state: 'running', time: 0, step: 0 })
    emit('finished', { reason: 'completed', state: 'finished', time: 1, statistics })
    emit('runState', { state: 'finished', time: 1, step: 10 })
    answerGetState(idle())
    answerStaticSolve({ state: 'finished', time: 1, step: 10, statistics })
    await Promise.all([refreshed, solved])
    expect(simulation.state).toBe('finished')
    expect(simulation.stateLabel).toBe('Finished')
    expect(simulation.step).toBe(10)
  })

  it('applies a getState answer when no run event came in between', async () => {
    const simulation = useSimulationStore()
    simulation.listen()
    // An earlier run's events do not make a later request's answer stale.
    emit('runState', { state: 'finished', time: 1, step: 10 })
    const refreshed = simulation.refresh()
    answerGetState(idle(0.5))
    await refreshed
    expect(simulation.state).toBe('idle')
    expect(simulation.time).toBe(0.5)
    expect(simulation.stateLabel).toBe('Ready')
  })
})
