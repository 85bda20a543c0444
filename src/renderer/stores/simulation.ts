// Run state shown by the toolbar, status bar and timeline; the solver process will drive it.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { useProjectStore } from './project'

export type RunState = 'idle' | 'running' | 'paused'

export const useSimulationStore = defineStore('simulation', () => {
  const state = ref<RunState>('idle')
  const time = ref(0)
  const progress = computed(() => {
    const { start, end } = useProjectStore().timeRange
    return end > start ? Math.min(1, Math.max(0, (time.value - start) / (end - start))) : 0
  })
  return { state, time, progress }
})
