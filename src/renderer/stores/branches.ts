// What-if branches run this session (the timeline's "Branch from here..."): each is a run of its own,
// a results file the host wrote (api.branchFromCheckpoint), listed under Branches and replayed from
// there. run(...) answers the BranchRun ({resultsPath, name, time, note?}) or throws the host's
// refusal (an ApiError naming the parameter and why), so a runs list can take it as it is.
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { ApiResult, BranchRequest, BranchRun } from '../../shared/api'
import { api } from '../api'
import { useLogStore } from './log'

export type SavedCheckpoint = ApiResult<'saveCheckpoint'>

export const useBranchesStore = defineStore('branches', () => {
  const runs = ref<BranchRun[]>([])
  const running = ref(false)

  /** Runs a branch from the checkpoint with the patch's changes; the finished branch is listed. */
  async function run(checkpoint: SavedCheckpoint, patch: BranchRequest['patch']): Promise<BranchRun> {
    running.value = true
    try {
      const branch = await api.branchFromCheckpoint({
        checkpoint: checkpoint.path,
        ...(checkpoint.resultsPath ? { results: checkpoint.resultsPath } : {}),
        patch,
      })
      runs.value = [...runs.value, branch]
      const log = useLogStore()
      log.add('info', `The ${branch.name} is in ${branch.resultsPath}`)
      if (branch.note) log.add('warning', `The ${branch.name}: ${branch.note}`)
      return branch
    } finally {
      running.value = false
    }
  }

  return { runs, running, run }
})
