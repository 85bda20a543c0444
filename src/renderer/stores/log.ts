import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { LogEventData } from '../../shared/api'

export type LogLevel = LogEventData['level']

export interface LogEntry {
  id: number
  time: Date
  level: LogLevel
  message: string
}

export const useLogStore = defineStore('log', () => {
  const entries = ref<LogEntry[]>([])
  let nextId = 1

  function add(level: LogLevel, message: string): void {
    entries.value.push({ id: nextId++, time: new Date(), level, message })
  }

  return { entries, add }
})
