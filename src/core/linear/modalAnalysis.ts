// Modal analysis of a project at a chosen state: the static equilibrium (static solver first), the
// initial state (with the consistent multipliers of the initial accelerations, so a loaded
// constraint contributes its reaction stiffness), the state reached at time T by the project's
// own solver, or the state a checkpoint holds.
import type { Project } from '../model/project'
import type { SimulationSettings } from '../model/settings'
import { runProject, buildSystem } from '../simulation'
import { createSolver } from '../solvers'
import type { CompiledSystem } from '../system/compiledSystem'
import { loadCheckpoint } from '../checkpoint/checkpoint'
import { linearize, type LinearizedSystem } from './linearize'
import { computeModes, type Mode, type ModesOptions } from './modes'
import { lowestModes, SingularShiftError, type SparseModesOptions } from './sparseModes'
import { SystemEvaluator, type NumericalDifferentiation } from '../system/evaluator'

/** A checkpoint's state: its bytes and the name it is known by (its file). */
export interface CheckpointPoint {
  checkpoint: Uint8Array
  name: string
}

/** 'static', 'initial', a time of the run, or a checkpoint's state. */
export type LinearizationPoint = 'static' | 'initial' | number | CheckpointPoint

/** The linearization point in words, for tables and messages. */
export function describePoint(at: LinearizationPoint): string {
  if (at === 'static') return 'the static equilibrium'
  if (at === 'initial') return 'the initial state'
  if (typeof at === 'object') return `the state of checkpoint ${at.name}`
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
  if (typeof at === 'object') {
    // Checks that the checkpoint was saved from this model (CheckpointError otherwise).
    loadCheckpoint(at.checkpoint, { system, solver: createSolver(system, settings) })
    return system
  }
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

export interface SparseModes {
  system: CompiledSystem
  modes: Mode[]
  iterations: number
}

/** The lowest modes of the project at the chosen point (sparse; for large models). */
export function lowestModesAt(
  project: Pick<Project, 'resolved' | 'settings'>,
  at: LinearizationPoint,
  options: SparseModesOptions,
): SparseModes {
  const system = systemAt(project, at)
  return {
    system,
    ...lowestModes(system, project.settings.staticSolver.newton.numericalDifferentiation, options),
  }
}

/**
 * Undamped analyses of at least this many ODE2 coordinates that ask for at most a quarter of the
 * modes use the sparse subspace iteration (sparseModes.ts): the dense path is O(n^3) in time and
 * O(n^2) in memory.
 */
export const SPARSE_MODES_MIN_COORDINATES = 300

export interface ModesAt {
  at: LinearizationPoint
  system: CompiledSystem
  modes: Mode[]
  /** y += M x at the linearization point (for energies of the shapes). */
  massTimes: (x: Float64Array, y: Float64Array) => void
  method: 'dense' | 'sparse'
}

/**
 * The modes at the point by the suitable solver: sparse for a few of the lowest undamped modes of a
 * large model, dense otherwise and where the sparse one cannot (redundant constraints).
 */
export function modesAt(
  project: Pick<Project, 'resolved' | 'settings'>,
  at: LinearizationPoint,
  options: ModesOptions = {},
): ModesAt {
  const system = systemAt(project, at)
  return {
    at,
    ...modesOfSystem(system, project.settings.staticSolver.newton.numericalDifferentiation, options),
  }
}

/** The modes of `system` linearized at its own state (e.g. a paused run's), by modesAt's choice of solver. */
export function modesOfSystem(
  system: CompiledSystem,
  nd: NumericalDifferentiation,
  options: ModesOptions = {},
): Omit<ModesAt, 'at'> {
  const evaluator = new SystemEvaluator(system)
  const massTimes = (x: Float64Array, y: Float64Array): void => evaluator.addMassTimes(system.state, x, y)
  const n = system.nODE2,
    count = options.count
  if (!options.damped && count !== undefined && n >= SPARSE_MODES_MIN_COORDINATES && 4 * count <= n)
    try {
      return { system, modes: lowestModes(system, nd, { count }).modes, massTimes, method: 'sparse' }
    } catch (e) {
      if (!(e instanceof SingularShiftError)) throw e
    }
  const modes = computeModes(linearize(system, nd), options)
  return { system, modes, massTimes, method: 'dense' }
}
