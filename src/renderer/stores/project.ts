// The open project and the selection in the model tree.
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { api } from '../api'
import { emptyProject, parseProjectText, type ItemKind, type ProjectFile } from '../model/projectFile'
import { useLogStore } from './log'

export interface ItemSelection {
  kind: ItemKind
  index: number
}

export const useProjectStore = defineStore('project', () => {
  const project = ref<ProjectFile>(emptyProject())
  /** Where the project came from, e.g. "pendulum.mbsproj"; null for a new project. */
  const fileName = ref<string | null>(null)
  const saved = ref(true)
  const selection = ref<ItemSelection | null>(null)

  const selectedItem = computed(() =>
    selection.value ? project.value.model[selection.value.kind][selection.value.index] : undefined,
  )
  const timeRange = computed(() => {
    const settings = project.value.simulationSettings?.timeIntegration
    return { start: settings?.startTime ?? 0, end: settings?.endTime ?? 1 }
  })

  async function openExample(name: string): Promise<void> {
    const log = useLogStore()
    try {
      project.value = parseProjectText(await api.openExample(name))
      fileName.value = `${name}.mbsproj`
      saved.value = true
      selection.value = null
      log.add('info', `Opened example "${name}"`)
    } catch (error) {
      log.add('error', `Could not open example "${name}": ${(error as Error).message}`)
    }
  }

  function select(kind: ItemKind, index: number): void {
    selection.value = { kind, index }
  }

  return { project, fileName, saved, selection, selectedItem, timeRange, openExample, select }
})
