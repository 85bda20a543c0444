// What-if branches run this session (the timeline's "Branch from here..."): each is a run of its own,
// a results file the host wrote (api.branchFromCheckpoint), listed in the runs store (stores/runs.ts)
// like any other run, checked for comparison. run(...) answers the BranchRun ({resultsPath, name,
// time, note?}) or throws the host's refusal (an ApiError naming the parameter and why).
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { ApiResult, BranchRequest, BranchRun } from '../../shared/api'
import { api } from '../api'
import { useLogStore } from './log'
import { useRunsStore } from './runs'

export type SavedCheckpoint = ApiResult<'saveCheckpoint'>

export const useBranchesStore = defineStore('branches', () => {
  const running = ref(false)

  /** Runs a branch from the checkpoint with the patch's changes; the finished branch is listed as a run. */
  async function run(checkpoint: SavedCheckpoint, patch: BranchRequest['patch']): Promise<BranchRun> {
    running.value = true
    try {
      const branch = await api.branchFromCheckpoint({
        checkpoint: checkpoint.path,
        ...(checkpoint.resultsPath ? { results: checkpoint.resultsPath } : {}),
        patch,
      })
      await useRunsStore().addRun({ resultsPath: branch.resultsPath, name: branch.name })
      const log = useLogStore()
      log.add('info', `The ${branch.name} is in ${branch.resultsPath}`)
      if (branch.note) log.add('warning', `The ${branch.name}: ${branch.note}`)
      return branch
    } finally {
      running.value = false
    }
  }

  return { running, run }
})
