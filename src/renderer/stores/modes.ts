// The Modes tab: the edited model's modes at a chosen state (computeModes in the solver process), the
// selected mode animated in the 3D view through the replay's frame path (replay.shapeFrame), one
// cycle per 1 / speed seconds of wall time whatever the mode's frequency.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { shapeAt, type ModesResult } from '../../shared/modes'
import { api } from '../api'
import { modesCsv } from '../model/modesCsv'
import { useModelStore } from './model'
import { useReplayStore } from './replay'
import { useSimulationStore } from './simulation'

/** The state the modes are computed at; 'time' runs the model to `time`. */
export type ModesAt = 'static' | 'initial' | 'current' | 'time'

export const useModesStore = defineStore('modes', () => {
  const model = useModelStore()
  const replay = useReplayStore()
  const simulation = useSimulationStore()
  const at = ref<ModesAt>('static')
  const time = ref(0)
  /** The lowest count modes; null: all. */
  const count = ref<number | null>(20)
  const damped = ref(false)
  const computing = ref(false)
  const error = ref<string | null>(null)
  const result = shallowRef<ModesResult | null>(null)
  const selected = ref<number | null>(null)
  const animating = ref(false)
  /**
   * Largest coordinate change of the animated shape (m or rad: shapes are scaled to a largest entry of 1).
   */
  const amplitude = ref(0.1)
  /** Animation cycles per wall-clock second. */
  const speed = ref(1)
  /** Why Compute is unavailable, or null. */
  const blocked = computed(() =>
    replay.file
      ? 'A results file is being replayed: go back to editing to compute the modes of the edited model'
      : simulation.state === 'running'
        ? 'The model is running: pause or stop it to compute modes'
        : simulation.state === 'empty'
          ? 'No model'
          : null,
  )

  async function compute(): Promise<void> {
    if (computing.value || blocked.value) return
    stop()
    computing.value = true
    error.value = null
    try {
      result.value = await api.computeModes({
        at: at.value === 'time' ? time.value : at.value,
        count: count.value ?? undefined,
        damped: damped.value,
      })
      selected.value = null
    } catch (e) {
      result.value = null
      error.value = (e as Error).message
    } finally {
      computing.value = false
    }
  }

  // Two buffers in turn: each animation frame hands the view a new array (it redraws on a change)
  // without allocating one.
  let buffers: Float64Array[] = []
  let frame = 0
  let started = 0
  let request = 0

  function animate(now: number): void {
    const r = result.value
    const mode = r && selected.value !== null ? r.modes[selected.value] : undefined
    if (!animating.value || !r || !mode) return stop()
    if (started === 0) started = now
    const theta = (2 * Math.PI * speed.value * (now - started)) / 1000
    const out = buffers[frame++ % 2]
    replay.shapeFrame = shapeAt(out, r.coordinates, mode, amplitude.value, theta)
    request = requestAnimationFrame(animate)
  }

  /** Animates mode `index` (of the table) in the 3D view. */
  function select(index: number): void {
    const r = result.value
    if (!r || index < 0 || index >= r.modes.length) return
    selected.value = index
    if (buffers[0]?.length !== r.coordinates.length)
      buffers = [0, 1].map(() => new Float64Array(r.coordinates.length))
    if (!animating.value) {
      animating.value = true
      started = 0
      request = requestAnimationFrame(animate)
    }
  }

  /** Selects the row `delta` rows away (arrow keys). */
  function move(delta: number): void {
    const r = result.value
    if (!r || r.modes.length === 0) return
    const from = selected.value ?? (delta > 0 ? -1 : r.modes.length)
    select(Math.min(r.modes.length - 1, Math.max(0, from + delta)))
  }

  function stop(): void {
    animating.value = false
    cancelAnimationFrame(request)
    replay.shapeFrame = null
  }

  /** What the last Write results did (a path and frame count, or why it failed). */
  const written = ref<{ ok: boolean; message: string } | null>(null)

  /** Writes one cycle of the selected mode as a results file on the host (Timeline replays it). */
  async function writeResults(path: string): Promise<void> {
    const index = selected.value
    if (index === null) return
    try {
      const { frames } = await api.writeModeResults({ path, mode: index, amplitude: amplitude.value })
      written.value = {
        ok: true,
        message: `Mode ${index + 1} written to ${path} (${frames} frames, one cycle)`,
      }
    } catch (e) {
      written.value = { ok: false, message: `Could not write ${path}: ${(e as Error).message}` }
    }
  }

  /** The table as CSV text (the export's content). */
  const csv = (): string => (result.value ? modesCsv(result.value) : '')

  // Modes belong to the model and state they were computed at: an edit, another model, a run or a
  // replayed results file makes them stale.
  watch([() => model.project, () => replay.file, () => simulation.state === 'running'], () => {
    stop()
    result.value = null
    selected.value = null
    written.value = null
  })

  return {
    at,
    time,
    count,
    damped,
    computing,
    error,
    result,
    selected,
    animating,
    amplitude,
    speed,
    blocked,
    compute,
    select,
    move,
    stop,
    written,
    writeResults,
    csv,
  }
})
