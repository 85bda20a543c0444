// The runs of this session and the results files opened as runs, each read whole from its results
// file: its name, file, model and settings, sensor series and frames. With two or more runs checked
// for comparison the plots overlay them (one line per run, the legend naming it), the 3D view draws
// the checked runs the timeline does not show as translucent ghosts at the replay time, and the Runs
// tab lists the parameters that differ between their models.
//
// API (for other features that make runs, such as what-if branches):
//   addRun({ resultsPath, name? }) reads the file (the host's readResults) and lists the run, checked
//   for comparison; it resolves with the Run, or rejects with the host's error naming the file.
//   setCompared(id, on) checks or unchecks a listed run.
// A run of the edited model that completes, fails or is stopped is listed by itself, unchecked (the
// 'finished' event names its results file), and the timeline then shows its full-rate frames, not the
// live ones.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { Project } from '../../core'
import type { ResultsData } from '../../shared/api'
import { api } from '../api'
import { frameIndexAt } from '../model/frameIndex'
import { freeRunColor } from '../model/runColors'
import { specFromText } from '../model/projectSpec'
import { useLogStore } from './log'
import { useReplayStore } from './replay'

/** Runs kept in memory: the oldest unchecked one goes when a new one comes. */
export const MAX_RUNS = 12

export interface Run {
  id: number
  name: string
  /** Its colour (CSS hex) in the Runs tab, the plots and the 3D view, kept while it is listed. */
  color: string
  resultsPath: string
  /** The model and settings the run was computed with (the project stored in its results file). */
  project: Project
  data: ResultsData
  /** Sensor name -> rows [t, v0, v1, ...] (`size` values per row). */
  sensors: Map<string, { size: number; rows: Float64Array }>
}

export const useRunsStore = defineStore('runs', () => {
  const runs = shallowRef<Run[]>([])
  const compared = ref(new Set<number>())
  let nextId = 1
  /** Runs of the edited model so far (their default names count them). */
  let sessionRuns = 0
  /**
   * Bumped when a run starts or resumes: a results file read for an earlier run must not replace its frames.
   */
  let runStarts = 0

  /** The listed run whose frames the timeline shows (null: live frames, a replay, or none). */
  const shownId = ref<number | null>(null)

  const comparedRuns = computed(() => runs.value.filter((run) => compared.value.has(run.id)))
  /** Comparing: two or more runs checked. */
  const comparing = computed(() => comparedRuns.value.length >= 2)
  /** The runs the 3D view draws as ghosts: the checked ones the timeline does not show. */
  const ghostRuns = computed(() =>
    comparing.value ? comparedRuns.value.filter((run) => run.id !== shownId.value) : [],
  )

  /** Lists a run read from its file in the first colour no listed run holds. */
  function list(read: Omit<Run, 'color'>, checked: boolean): Run {
    const kept = [...runs.value]
    while (kept.length >= MAX_RUNS) {
      const drop = kept.findIndex((r) => !compared.value.has(r.id))
      const [dropped] = kept.splice(drop >= 0 ? drop : 0, 1)
      setCompared(dropped.id, false)
    }
    const run = { ...read, color: freeRunColor(kept.map((r) => r.color)) }
    runs.value = [...kept, run]
    if (checked) setCompared(run.id, true)
    return run
  }

  async function read(resultsPath: string, name: string): Promise<Omit<Run, 'color'>> {
    const data = await api.readResults({ path: resultsPath })
    const parsed = specFromText(data.project)
    if (!parsed.ok)
      throw new Error(`The model stored in ${resultsPath} does not load: ${parsed.problems[0]?.message}`)
    const sensors = new Map(data.sensors.map((s) => [s.sensor, { size: s.size, rows: s.rows }]))
    return { id: nextId++, name, resultsPath, project: parsed.project, data, sensors }
  }

  /** Reads a results file and lists it as a run (checked for comparison). */
  async function addRun({ resultsPath, name }: { resultsPath: string; name?: string }): Promise<Run> {
    return list(await read(resultsPath, name ?? fileName(resultsPath)), true)
  }

  /**
   * A run of the edited model ended with its results file: list it and show its full-rate frames. A
   * stopped run's file ends at the stop; its frames replace the live ones only while the timeline still
   * holds them (a run discarded by a model change has had them cleared).
   */
  async function finishedRun(resultsPath: string, stopped: boolean): Promise<void> {
    const starts = runStarts
    const data = await read(resultsPath, `Run ${sessionRuns + 1}`)
    // A run stopped while it was being set up wrote no frame.
    if (stopped && data.data.times.length === 0) return
    sessionRuns++
    const run = list(data, false)
    const replay = useReplayStore()
    // A run started meanwhile, or a results file opened for replay, owns the timeline now.
    if (starts !== runStarts || replay.file || (stopped && replay.frameCount === 0)) return
    replay.replaceWith(run.data)
    shownId.value = run.id
  }

  function setCompared(id: number, on: boolean): void {
    const next = new Set(compared.value)
    if (on) next.add(id)
    else next.delete(id)
    compared.value = next
  }

  function rename(id: number, name: string): void {
    const trimmed = name.trim()
    if (!trimmed) return
    runs.value = runs.value.map((run) => (run.id === id ? { ...run, name: trimmed } : run))
  }

  function remove(id: number): void {
    runs.value = runs.value.filter((run) => run.id !== id)
    setCompared(id, false)
  }

  /** The run's coordinates q at time t (its last frame at or before t), or null without frames. */
  function coordinatesAt(run: Run, t: number): Float64Array | null {
    const { times, coordinates, coordinateCount } = run.data
    const index = frameIndexAt(times, times.length, t)
    return index < 0 ? null : coordinates.subarray(index * coordinateCount, (index + 1) * coordinateCount)
  }

  function listen(): void {
    api.on('runState', ({ state }) => {
      if (state !== 'running' && state !== 'paused') return
      runStarts++
      shownId.value = null
    })
    api.on('finished', ({ reason, resultsPath }) => {
      if (!resultsPath) return
      finishedRun(resultsPath, reason === 'stopped').catch((error: Error) =>
        useLogStore().add('error', `The run's results file could not be read: ${error.message}`),
      )
    })
  }

  return {
    runs,
    compared,
    comparedRuns,
    comparing,
    ghostRuns,
    shownId,
    addRun,
    setCompared,
    rename,
    remove,
    coordinatesAt,
    listen,
  }
})

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}
