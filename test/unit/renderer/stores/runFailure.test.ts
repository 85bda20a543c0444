// The run state the toolbar and the status bar show: a failed run reads Failed with the solver's
// message and items, also when its 'finished' event arrives before the answer to the run request
// (a run failing at once), which must not put the state back to Running; the next run clears it.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiEvents, RunStatus } from '../../../../src/shared/api'

const listeners = new Map<string, ((data: unknown) => void)[]>()
const emit = <E extends keyof ApiEvents>(event: E, data: ApiEvents[E]) =>
  listeners.get(event)?.forEach((listener) => listener(data))
let answerRun: (status: RunStatus) => void = () => undefined

vi.mock('../../../../src/renderer/api', () => ({
  api: {
    on: (event: string, listener: (data: unknown) => void) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener])
      return () => undefined
    },
    run: () => new Promise<RunStatus>((resolve) => (answerRun = resolve)),
  },
}))

const { useSimulationStore } = await import('../../../../src/renderer/stores/simulation')

const statistics = { steps: 40, newtonIterations: 0, jacobians: 0, rejectedSteps: 0, wallTime: 0.01 }
const ITEM = 'node "n1" (Point) coordinate 0'

describe('run failure in the simulation store', () => {
  beforeEach(() => {
    listeners.clear()
    setActivePinia(createPinia())
  })

  it('reads Failed with message and items even when the run answer comes after the events', async () => {
    const simulation = useSimulationStore()
    simulation.listen()
    simulation.applyStatus({ state: 'idle', time: 0, step: 0 })
    const running = simulation.command('run')
    emit('runState', { state: 'running', time: 0, step: 0 })
    emit('error', {
      code: 'solver-error',
      message: 'the acceleration became NaN',
      details: { items: [ITEM] },
    })
    emit('finished', { reason: 'failed', state: 'finished', time: 0.4, statistics })
    answerRun({ state: 'running', time: 0, step: 0 })
    await running
    expect(simulation.state).toBe('finished')
    expect(simulation.stateLabel).toBe('Failed')
    expect(simulation.failure).toEqual({ message: 'the acceleration became NaN', items: [ITEM] })
    expect(simulation.canRun).toBe(true)

    // The next run clears it; a completed run reads Finished.
    const again = simulation.command('run')
    answerRun({ state: 'running', time: 0, step: 0 })
    await again
    expect(simulation.stateLabel).toBe('Running')
    emit('finished', { reason: 'completed', state: 'finished', time: 1, statistics })
    expect(simulation.stateLabel).toBe('Finished')
    expect(simulation.failure).toBeNull()
  })
})
