// Run state shown by the toolbar, status bar and timeline, driven by the solver process's events.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { ApiEvents, RunState, RunStatus } from '../../shared/api'
import { api } from '../api'
import { useLogStore } from './log'

export type { RunState }

export type RunCommand = 'run' | 'pause' | 'resume' | 'stop' | 'step' | 'staticSolve'

/** Why the last run failed: the solver's message and the items it names ('object "rod" (...)'). */
export interface RunFailure {
  message: string
  items: string[]
}

const STATE_LABELS: Record<RunState, string> = {
  empty: 'No model',
  idle: 'Ready',
  running: 'Running',
  paused: 'Paused',
  finished: 'Finished',
}

export const useSimulationStore = defineStore('simulation', () => {
  const state = ref<RunState>('empty')
  const time = ref(0)
  const endTime = ref(1)
  const step = ref(0)
  const newtonIterations = ref(0)
  const realTimeFactor = ref(0)
  const framesReceived = ref(0)
  const failure = ref<RunFailure | null>(null)
  /** Playback pace of live runs: simulated seconds per wall second, 0 as fast as possible. */
  const pace = ref(0)
  /** The solver's last error, which a failed run's 'finished' event follows. */
  let lastError: RunFailure | null = null
  /**
   * Run events (runState, progress, finished, solverRestarted) so far. The events are the run state's
   * source of truth: an answer to a request sent before the latest event is stale and not applied
   * (the host may forward the events of a fast run ahead of an earlier request's answer).
   */
  let runEvents = 0
  /** 'Failed' after a failed run until the next run or reset, else the state's name. */
  const stateLabel = computed(() => (failure.value ? 'Failed' : STATE_LABELS[state.value]))

  const progress = computed(() =>
    endTime.value > 0 ? Math.min(1, Math.max(0, time.value / endTime.value)) : 0,
  )
  const canRun = computed(() => state.value !== 'empty' && state.value !== 'running')
  const canPause = computed(() => state.value === 'running')
  const canStop = computed(
    () => state.value === 'running' || state.value === 'paused' || state.value === 'finished',
  )
  const canStep = computed(() => state.value !== 'empty' && state.value !== 'running')

  /** Applies the status `ask` answers unless a run event arrived meanwhile (then the answer is stale). */
  async function applyAnswer(ask: () => Promise<RunStatus>): Promise<void> {
    const eventsBefore = runEvents
    const status = await ask()
    if (runEvents === eventsBefore) applyStatus(status)
  }

  /** Asks the host for the run state (after a model is opened: the solver reports it on request). */
  const refresh = (): Promise<void> =>
    applyAnswer(() => api.getState()).catch((error: Error) => useLogStore().add('error', error.message))

  function applyStatus(status: RunStatus): void {
    if (status.state !== 'finished') failure.value = null
    state.value = status.state
    time.value = status.time
    step.value = status.step
  }

  function applyProgress(data: ApiEvents['progress']): void {
    applyStatus(data)
    endTime.value = data.endTime
    newtonIterations.value = data.newtonIterations
    realTimeFactor.value = data.realTimeFactor
  }

  function applyFrames(data: ApiEvents['frames']): void {
    const samples = data.times.length
    if (samples === 0) return
    time.value = data.times[samples - 1]
    framesReceived.value += samples
  }

  /** Subscribes to the host's run events; returns the unsubscribe function. */
  function listen(): () => void {
    const counted =
      <T>(listener: (data: T) => void) =>
      (data: T): void => {
        runEvents++
        listener(data)
      }
    const stops = [
      api.on('runState', counted(applyStatus)),
      api.on('progress', counted(applyProgress)),
      api.on('frames', applyFrames),
      api.on('error', ({ message, details }) => (lastError = { message, items: details?.items ?? [] })),
      api.on(
        'finished',
        counted((data) => {
          state.value = data.state
          time.value = data.time
          failure.value =
            data.reason === 'failed' ? (lastError ?? { message: 'The run failed', items: [] }) : null
          lastError = null
        }),
      ),
      // The host gave a new solver process the model at its current revision: the run is gone, the
      // model (and with it editing) is back.
      api.on(
        'solverRestarted',
        counted(({ reason, modelReloaded }) => {
          applyStatus({ state: modelReloaded ? 'idle' : 'empty', time: 0, step: 0 })
          useLogStore().add(
            'warning',
            `The run stopped: ${reason}. ` +
              `${modelReloaded ? 'Your model is kept; run it again.' : 'The model could not be reloaded.'}`,
          )
        }),
      ),
    ]
    return () => stops.forEach((stop) => stop())
  }

  /** Runs a toolbar command; failures go to the log. Run on a paused model resumes it. */
  async function command(name: RunCommand): Promise<void> {
    // A run that fails (or ends) at once reports 'finished' before the answer to its start, which
    // says 'running': that answer must not put the state back to running.
    try {
      await applyAnswer(() =>
        name === 'run'
          ? state.value === 'paused'
            ? api.resume()
            : api.run({ realTimeFactor: pace.value })
          : name === 'staticSolve'
            ? api.staticSolve()
            : api[name](),
      )
    } catch (error) {
      useLogStore().add('error', `${name} failed: ${(error as Error).message}`)
    }
  }

  /** Sets the pace of the run going on (if any) and of the next ones; failures go to the log. */
  async function setPace(factor: number): Promise<void> {
    pace.value = factor
    try {
      await api.setPace({ realTimeFactor: factor })
    } catch (error) {
      useLogStore().add('error', `Setting the pace failed: ${(error as Error).message}`)
    }
  }

  return {
    state,
    time,
    endTime,
    step,
    newtonIterations,
    realTimeFactor,
    framesReceived,
    failure,
    pace,
    setPace,
    stateLabel,
    progress,
    canRun,
    canPause,
    canStop,
    canStep,
    applyStatus,
    refresh,
    listen,
    command,
  }
})
