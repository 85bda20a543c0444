// Running one engine model for the benchmark: wall time, steps, Newton iterations and Jacobian
// refreshes, the longest solver slice (how long a pause/stop waits), heap growth of the hot loop and
// peak memory. The solver is driven in slices as the solver process drives it (advance(SLICE_MS)).
import { performance } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import {
  createSolver,
  loadProjectJson,
  formatProblems,
  SensorRecorder,
  type JsonObject,
  type SolverBase,
} from '../src/core'
import { buildSystem } from '../src/core/simulation'
import { SparseSystemMatrix } from '../src/core/system/sparseMatrix'

/** The solver process's slice length (src/solver-process/solverSession.ts). */
export const SLICE_MS = 20

setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

export interface EngineResult {
  wallSeconds: number
  /** CPU seconds of this process over the same span (less sensitive to other load on the machine). */
  cpuSeconds: number
  simulatedSeconds: number
  steps: number
  newtonPerStep: number
  jacobiansPerStep: number
  /**
   * CPU seconds of the initialization (ordering, first factorization, initial accelerations), part of
   * cpuSeconds.
   */
  setupSeconds: number
  /** Longest advance(SLICE_MS) call after the first, ms: a pause/stop waits at most this long. */
  maxSliceMs: number
  /** Heap bytes retained per step over the timed loop (after a full GC at both ends). */
  heapGrowthPerStep: number
  /** Peak resident set size of the benchmark process so far, MB. */
  peakRssMB: number
  unknowns: number
  linearSolver: string
  /** Last recorded sensor values by name. */
  sensors: Record<string, number[]>
  /** The ODE2 coordinates at the end of the run. */
  finalCoordinates: Float64Array
}

export function prepareRun(
  model: JsonObject,
  settings: JsonObject,
): { solver: SolverBase; recorder: SensorRecorder } {
  const r = loadProjectJson({
    format: 'mbs-studio-project',
    version: 1,
    name: 'bench',
    model,
    simulationSettings: settings,
  })
  if (!r.ok) throw new Error(formatProblems(r.problems))
  const system = buildSystem(r.project)
  system.state.t = r.project.settings.timeIntegration.startTime
  const recorder = new SensorRecorder(system, r.project.settings.solutionSettings.sensorsWritePeriod)
  return { solver: createSolver(system, r.project.settings, { recorder }), recorder }
}

/** Runs a project to its end time and measures it. */
export function runEngine(model: JsonObject, settings: JsonObject): EngineResult {
  const { solver, recorder } = prepareRun(model, settings)
  collectGarbage()
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  solver.initializeSolver()
  const setupCpu = process.cpuUsage(cpu0)
  // A first slice warms the JIT and fills lazily sized buffers; the heap is measured after it.
  let maxSlice = 0
  let done = solver.advance(SLICE_MS)
  // The full collection for the heap baseline is the bench's work, not the engine's: its time is taken
  // out of wallSeconds and cpuSeconds (on short models it is a noticeable share of the run).
  const gc0 = process.cpuUsage(),
    gcStart = performance.now()
  collectGarbage()
  const gcCpu = process.cpuUsage(gc0),
    gcWall = performance.now() - gcStart
  const heap0 = process.memoryUsage().heapUsed
  const steps0 = solver.stats.steps
  while (!done) {
    const s = performance.now()
    done = solver.advance(SLICE_MS)
    maxSlice = Math.max(maxSlice, performance.now() - s)
  }
  const wall = performance.now() - t0 - gcWall
  const cpu = process.cpuUsage(cpu0)
  collectGarbage()
  const heapGrowth = (process.memoryUsage().heapUsed - heap0) / Math.max(1, solver.stats.steps - steps0)
  solver.finalizeSolver()
  const st = solver.stats
  const sensors: Record<string, number[]> = {}
  for (const se of recorder.series) {
    const w = se.size + 1
    sensors[se.name] = Array.from(se.data.subarray((se.rows - 1) * w + 1, se.rows * w))
  }
  const matrix = (solver as unknown as { matrix?: unknown }).matrix
  return {
    wallSeconds: wall / 1000,
    cpuSeconds: (cpu.user + cpu.system - gcCpu.user - gcCpu.system) / 1e6,
    // Every benchmark model starts at t = 0.
    simulatedSeconds: solver.state.t,
    steps: st.steps,
    newtonPerStep: st.newtonIterations / Math.max(1, st.steps),
    jacobiansPerStep: st.jacobians / Math.max(1, st.steps),
    setupSeconds: (setupCpu.user + setupCpu.system) / 1e6,
    maxSliceMs: maxSlice,
    heapGrowthPerStep: heapGrowth,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    unknowns: solver.system.nODE2 + solver.system.nAE,
    linearSolver:
      matrix === undefined ? 'no matrix' : matrix instanceof SparseSystemMatrix ? 'sparse' : 'dense',
    sensors,
    finalCoordinates: Float64Array.from(solver.state.q),
  }
}
