// Modal analysis of a project at a chosen state: the static equilibrium (static solver first), the
// initial state (with the consistent multipliers of the initial accelerations, so a loaded
// constraint contributes its reaction stiffness), or the state reached at time T by the project's
// own solver.
import type { Project } from '../model/project'
import type { SimulationSettings } from '../model/settings'
import { runProject, buildSystem } from '../simulation'
import { createSolver } from '../solvers'
import type { CompiledSystem } from '../system/compiledSystem'
import { linearize, type LinearizedSystem } from './linearize'
import { computeModes, type Mode, type ModesOptions } from './modes'

/** 'static', 'initial' or a time of the run. */
export type LinearizationPoint = 'static' | 'initial' | number

/** The linearization point in words, for tables and messages. */
export function describePoint(at: LinearizationPoint): string {
  if (at === 'static') return 'the static equilibrium'
  if (at === 'initial') return 'the initial state'
  return `the state of the run at t = ${at} s`
}

export interface ModalAnalysis {
  at: LinearizationPoint
  system: CompiledSystem
  linearized: LinearizedSystem
  modes: Mode[]
}

/** The system at the linearization point (its state holds q, q', lambda there). */
export function systemAt(
  project: Pick<Project, 'resolved' | 'settings'>,
  at: LinearizationPoint,
): CompiledSystem {
  const settings = project.settings
  if (at === 'static')
    return runProject({ ...project, settings: { ...settings, solverType: 'Static' } }).system
  if (typeof at === 'number') return runProject(project, { endTime: at }).system
  const system = buildSystem(project)
  system.state.t = settings.timeIntegration.startTime
  const ga = settings.timeIntegration.generalizedAlpha
  const initial: SimulationSettings = {
    ...settings,
    solverType: 'GeneralizedAlpha',
    timeIntegration: {
      ...settings.timeIntegration,
      generalizedAlpha: { ...ga, computeInitialAccelerations: true },
    },
  }
  createSolver(system, initial).initializeSolver()
  return system
}

export function modalAnalysis(
  project: Pick<Project, 'resolved' | 'settings'>,
  at: LinearizationPoint,
  options: ModesOptions = {},
): ModalAnalysis {
  const system = systemAt(project, at)
  const linearized = linearize(system, project.settings.staticSolver.newton.numericalDifferentiation)
  return { at, system, linearized, modes: computeModes(linearized, options) }
}
