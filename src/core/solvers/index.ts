import type { SimulationSettings } from '../model/settings'
import type { CompiledSystem } from '../system/compiledSystem'
import { ExplicitSolver } from './explicit'
import { ImplicitSecondOrderSolver } from './implicit'
import type { SolverBase, SolverOptions } from './solverBase'
import { StaticSolver } from './static'

export function createSolver(
  system: CompiledSystem,
  settings: SimulationSettings,
  options: SolverOptions = {},
): SolverBase {
  switch (settings.solverType) {
    case 'GeneralizedAlpha':
    case 'TrapezoidalIndex2':
      return new ImplicitSecondOrderSolver(system, settings, options)
    case 'ExplicitEuler':
    case 'ExplicitMidpoint':
    case 'RK33':
    case 'RK44':
    case 'RK67':
    case 'ODE23':
    case 'DOPRI5':
      return new ExplicitSolver(system, settings, options)
    case 'Static':
      return new StaticSolver(system, settings, options)
  }
}

export * from './errors'
export * from './solverBase'
export * from './sensorRecorder'
export * from './outputSchedule'
export { ExplicitSolver, ImplicitSecondOrderSolver, StaticSolver }
