// High-level entry: build a system from a project and run it with its settings. Used by the command
// line, the solver process and the tests.
import type { Project } from './model/project'
import type { SimulationSettings } from './model/settings'
import { AssemblyError, CompiledSystem } from './system/compiledSystem'
import {
  createSolver,
  SolverError,
  SensorRecorder,
  type SolverBase,
  type SolverOptions,
  type SolverStatistics,
} from './solvers'

/** Builds and initializes the system; item build errors become an AssemblyError naming the item. */
export function buildSystem(project: Pick<Project, 'resolved' | 'settings'>): CompiledSystem {
  try {
    return new CompiledSystem(project.resolved, new Set(project.settings.experimental))
  } catch (e) {
    if (e instanceof AssemblyError) throw e
    throw new AssemblyError(e instanceof Error ? e.message : String(e))
  }
}

export interface RunResult {
  system: CompiledSystem
  solver: SolverBase
  recorder: SensorRecorder
  stats: SolverStatistics
}

export interface RunOptions extends Omit<SolverOptions, 'recorder'> {
  /** Overrides simulationSettings.timeIntegration.endTime. */
  endTime?: number
}

export function effectiveSettings(settings: SimulationSettings, endTime?: number): SimulationSettings {
  if (endTime === undefined) return settings
  const ti = settings.timeIntegration
  // Keep the step size of the settings when the end time changes.
  const h = (ti.endTime - ti.startTime) / ti.numberOfSteps
  const numberOfSteps = Math.max(1, Math.round((endTime - ti.startTime) / h))
  return { ...settings, timeIntegration: { ...ti, endTime, numberOfSteps } }
}

/** Runs a project from its initial conditions to the end time. */
export function runProject(
  project: Pick<Project, 'resolved' | 'settings'>,
  options: RunOptions = {},
): RunResult {
  return runSystem(buildSystem(project), project.settings, options)
}

/** Runs a built system from the initial state it holds (a new build's, or one reset to it). */
export function runSystem(
  system: CompiledSystem,
  projectSettings: SimulationSettings,
  options: RunOptions = {},
): RunResult {
  const settings = effectiveSettings(projectSettings, options.endTime)
  system.state.t = settings.timeIntegration.startTime
  const recorder = new SensorRecorder(system, settings.solutionSettings.sensorsWritePeriod)
  const solver = createSolver(system, settings, { ...options, recorder })
  const stats = solver.solve()
  return { system, solver, recorder, stats }
}

export { SolverError }
