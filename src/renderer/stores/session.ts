// The connection to the host: what it is, its events, and what the app opens at start.
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { HostInfo, LogEventData } from '../../shared/api'
import { api } from '../api'
import { useLogStore } from './log'
import { useProjectStore } from './project'

const START_EXAMPLE = 'pendulum'

export const useSessionStore = defineStore('session', () => {
  const hostInfo = ref<HostInfo | null>(null)
  const examples = ref<string[]>([])

  async function start(): Promise<void> {
    const log = useLogStore()
    api.onEvent((message) => {
      if (message.event === 'log') {
        const { level, message: text } = message.data as LogEventData
        log.add(level, text)
      }
    })
    try {
      hostInfo.value = await api.info()
      log.add('info', `Connected to the ${hostInfo.value.host} host, MBS Studio ${hostInfo.value.version}`)
      examples.value = await api.listExamples()
    } catch (error) {
      log.add('error', `No connection to the host: ${(error as Error).message}`)
      return
    }
    await useProjectStore().openExample(START_EXAMPLE)
  }

  return { hostInfo, examples, start }
})
