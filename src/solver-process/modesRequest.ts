// computeModes (the Modes tab): the open model linearized at the chosen state by src/core/linear, its
// modes as table rows with their shapes over all ODE2 coordinates, and the engine's errors as
// messages that say what to choose instead.
import {
  AssemblyError,
  buildSystem,
  computeModes,
  dominantNodes,
  linearize,
  modalAnalysis,
  ModalError,
  SolverError,
  type ModalAnalysis,
  type Project,
  type SystemState,
} from '../core'
import type { ModeRow, ModesRequest, ModesResult } from '../shared/modes'
import { ApiError } from '../shared/protocol'

/** The request's fields checked: a bad one is 'invalid-params' naming the field and what it takes. */
export function readModesRequest(params: unknown, startTime: number): ModesRequest {
  const { at, count, damped } = (typeof params === 'object' && params !== null ? params : {}) as Record<
    string,
    unknown
  >
  const atOk =
    at === 'static' ||
    at === 'initial' ||
    at === 'current' ||
    (typeof at === 'number' && Number.isFinite(at) && at >= startTime)
  if (!atOk)
    throw invalidParams('at', `'static', 'initial', 'current' or a time >= the start time ${startTime} s`, at)
  if (count !== undefined && !(typeof count === 'number' && Number.isInteger(count) && count >= 1))
    throw invalidParams('count', 'a positive integer (or none: all modes)', count)
  if (damped !== undefined && typeof damped !== 'boolean')
    throw invalidParams('damped', 'true or false', damped)
  return { at, count, damped }
}

/**
 * The modes of `project` at request.at; 'current' linearizes at `current`, the state of the session's
 * paused or finished run (a copy: the run's own system is not touched).
 */
export function modesAt(
  project: Project,
  request: ModesRequest,
  revision: number,
  current: SystemState | null,
): ModesResult {
  const options = { count: request.count, damped: request.damped }
  let analysis: ModalAnalysis
  try {
    if (request.at === 'current') {
      if (!current)
        throw new ApiError(
          'invalid-state',
          'No run state to linearize at: run or step the model (paused or finished), or choose static or initial',
        )
      const system = buildSystem(project)
      system.state.copyFrom(current)
      const linearized = linearize(system, project.settings.staticSolver.newton.numericalDifferentiation)
      analysis = { at: system.state.t, system, linearized, modes: computeModes(linearized, options) }
    } else analysis = modalAnalysis(project, request.at, options)
  } catch (error) {
    throw modesError(request, error)
  }
  const { system, linearized } = analysis
  const time = request.at === 'static' ? project.settings.timeIntegration.startTime : system.state.t
  return {
    at: request.at,
    time,
    coordinates: Array.from(system.state.q),
    revision,
    modes: analysis.modes.map((mode): ModeRow => ({
      frequency: mode.frequency,
      dampingRatio: mode.dampingRatio,
      rigidBody: mode.rigidBody,
      unstable: mode.unstable,
      dominant: dominantNodes(system, linearized.M, mode.shape),
      shape: Array.from(mode.shape),
      shapeImaginary: mode.shapeImaginary ? Array.from(mode.shapeImaginary) : null,
    })),
  }
}

function modesError({ at }: ModesRequest, error: unknown): unknown {
  if (error instanceof ApiError) return error
  const message = error instanceof Error ? error.message : String(error)
  if (error instanceof AssemblyError)
    return new ApiError('invalid-model', `The model cannot be assembled: ${message}`)
  if (error instanceof SolverError)
    return new ApiError(
      'solver-error',
      at === 'static'
        ? `The static equilibrium cannot be computed: ${message}. A mechanism (a body free to move) has ` +
            'none: choose the initial state to linearize there instead'
        : `The state at t = ${String(at)} s cannot be computed: ${message}`,
    )
  if (error instanceof ModalError) return new ApiError('solver-error', `No modes: ${message}`)
  return error
}

function invalidParams(field: string, expected: string, got: unknown): ApiError {
  return new ApiError(
    'invalid-params',
    `computeModes expects ${field}: ${expected}, got ${JSON.stringify(got ?? null)}`.slice(0, 300),
  )
}
