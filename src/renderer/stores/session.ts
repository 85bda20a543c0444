// The connection to the host: what it is, its events, and what the app opens at start.
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { HostInfo } from '../../shared/api'
import { api } from '../api'
import { useLogStore } from './log'
import { useModelStore } from './model'
import { useSimulationStore } from './simulation'

const START_EXAMPLE = 'pendulum'

export const useSessionStore = defineStore('session', () => {
  const hostInfo = ref<HostInfo | null>(null)
  const examples = ref<string[]>([])

  async function start(): Promise<void> {
    const log = useLogStore()
    api.on('log', ({ level, message }) => log.add(level, message))
    api.on('error', ({ message }) => log.add('error', message))
    useSimulationStore().listen()
    try {
      hostInfo.value = await api.info()
      log.add('info', `Connected to the ${hostInfo.value.host} host, MBS Studio ${hostInfo.value.version}`)
      examples.value = await api.listExamples()
    } catch (error) {
      log.add('error', `No connection to the host: ${(error as Error).message}`)
      return
    }
    await useModelStore().openExample(START_EXAMPLE)
  }

  return { hostInfo, examples, start }
})
