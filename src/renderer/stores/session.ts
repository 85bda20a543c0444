// The connection to the host: what it is, its events, and what the app opens at start: the autosave
// of a session that ended without saving when the user recovers it, else the model the host already
// holds (another tab's, or files Electron opened), else the start example.
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { HostInfo } from '../../shared/api'
import { api } from '../api'
import { useLogStore } from './log'
import { useModelStore } from './model'
import { usePromptStore } from './prompts'
import { useSimulationStore } from './simulation'

const START_EXAMPLE = 'pendulum'

export const useSessionStore = defineStore('session', () => {
  const hostInfo = ref<HostInfo | null>(null)
  const examples = ref<string[]>([])
  /** Why this tab no longer has the document (another tab took it over), or null. */
  const elsewhere = ref<string | null>(null)

  async function start(): Promise<void> {
    const log = useLogStore()
    api.on('log', ({ level, message }) => log.add(level, message))
    api.on('error', ({ message }) => log.add('error', message))
    api.on('openedElsewhere', ({ message }) => (elsewhere.value = message))
    useSimulationStore().listen()
    try {
      hostInfo.value = await api.info()
      log.add('info', `Connected to the ${hostInfo.value.host} host, MBS Studio ${hostInfo.value.version}`)
      examples.value = await api.listExamples()
    } catch (error) {
      log.add('error', `No connection to the host: ${(error as Error).message}`)
      return
    }
    // What the user opens while the start sequence waits for the host wins over it.
    const model = useModelStore()
    const opensBefore = model.opensStarted()
    try {
      if (await openRecoveredOrCurrent(opensBefore)) return
    } catch (error) {
      log.add('error', `Could not open the recovered or current model: ${(error as Error).message}`)
    }
    if (model.opensStarted() === opensBefore) await model.openExample(START_EXAMPLE)
  }

  /**
   * Opens the recovered model (if the user wants it) or the host's current one; false if neither.
   * True without opening anything when the user opened a model meanwhile (opens counted from `opensBefore`).
   */
  async function openRecoveredOrCurrent(opensBefore: number): Promise<boolean> {
    const model = useModelStore()
    const offer = await api.getRecovery()
    if (offer) {
      const recovered = await api.resolveRecovery({ recover: await usePromptStore().askRecovery(offer) })
      if (recovered) {
        model.load(recovered)
        useLogStore().add('info', `Recovered the unsaved changes of ${offer.title}`)
        return true
      }
    }
    const state = await api.getState()
    if (model.opensStarted() !== opensBefore) return true
    if (!state.model) return false
    const text = await api.getModelText()
    if (model.opensStarted() !== opensBefore) return true
    model.load({ summary: state.model, document: state.document, text, revision: state.modelRevision })
    return true
  }

  return { hostInfo, examples, elsewhere, start }
})
