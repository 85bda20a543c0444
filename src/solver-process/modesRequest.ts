// computeModes (the Modes tab): the open model linearized at the chosen state by src/core/linear, its
// modes as table rows with their shapes over all ODE2 coordinates, and the engine's errors as
// messages that say what to choose instead; writeModeResults: one cycle of a mode as a results file.
import { openResultsSink } from './resultsSink'
import {
  AssemblyError,
  buildSystem,
  dominantNodesBy,
  ModalError,
  modesAt,
  modesOfSystem,
  ResultsWriter,
  SolverError,
  type JsonObject,
  type ModesAt,
  type Project,
  type SystemState,
} from '../core'
import {
  shapeAt,
  type ModeResultsRequest,
  type ModeRow,
  type ModesRequest,
  type ModesResult,
} from '../shared/modes'
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
 * The modes of `project` at request.at, by the engine's choice of dense or sparse solver; 'current'
 * linearizes at `current`, the state of the session's paused or finished run (a copy: the run's own
 * system is not touched).
 */
export function modesResult(
  project: Project,
  request: ModesRequest,
  revision: number,
  current: SystemState | null,
): ModesResult {
  const options = { count: request.count, damped: request.damped }
  let analysis: Omit<ModesAt, 'at'>
  try {
    if (request.at === 'current') {
      if (!current)
        throw new ApiError(
          'invalid-state',
          'No run state to linearize at: run or step the model (paused or finished), or choose static or ' +
            'initial',
        )
      const system = buildSystem(project)
      system.state.copyFrom(current)
      analysis = modesOfSystem(system, project.settings.staticSolver.newton.numericalDifferentiation, options)
    } else analysis = modesAt(project, request.at, options)
  } catch (error) {
    throw modesError(request, error)
  }
  const { system, massTimes } = analysis
  const time = request.at === 'static' ? project.settings.timeIntegration.startTime : system.state.t
  return {
    at: request.at,
    time,
    coordinates: Array.from(system.state.q),
    revision,
    method: analysis.method,
    modes: analysis.modes.map((mode): ModeRow => ({
      frequency: mode.frequency,
      dampingRatio: mode.dampingRatio,
      rigidBody: mode.rigidBody,
      unstable: mode.unstable,
      dominant: dominantNodesBy(system, massTimes, mode.shape),
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

function invalidParams(field: string, expected: string, got: unknown, method = 'computeModes'): ApiError {
  return new ApiError(
    'invalid-params',
    `${method} expects ${field}: ${expected}, got ${JSON.stringify(got ?? null)}`.slice(0, 300),
  )
}

/** Frames per cycle of a mode written as a results file. */
const FRAMES_PER_CYCLE = 64

/** writeModeResults' fields checked against the modes they refer to. */
export function readModeResultsRequest(params: unknown, modes: number): ModeResultsRequest {
  const { path, mode, amplitude } = (typeof params === 'object' && params !== null ? params : {}) as Record<
    string,
    unknown
  >
  const method = 'writeModeResults'
  if (typeof path !== 'string' || path === '') throw invalidParams('path', 'a file path', path, method)
  if (!(typeof mode === 'number' && Number.isInteger(mode) && mode >= 0 && mode < modes))
    throw invalidParams('mode', `a mode index 0 ... ${modes - 1} of the computed modes`, mode, method)
  if (!(typeof amplitude === 'number' && Number.isFinite(amplitude)))
    throw invalidParams('amplitude', 'a finite number', amplitude, method)
  return { path, mode, amplitude }
}

/**
 * Writes one cycle of a mode of `result` as a results file of `project` (its document `projectDoc`):
 * frames of q0 + a Re(phi e^{i omega t}) at the mode's own frequency (a rigid-body mode: one cycle
 * per second), replayed like a run's.
 */
export function writeModeResults(
  project: Project,
  projectDoc: JsonObject,
  result: ModesResult,
  { path, mode: index, amplitude }: ModeResultsRequest,
): { path: string; frames: number } {
  const mode = result.modes[index]
  const system = buildSystem(project)
  const s = system.state
  s.t = 0
  const sink = openResultsSink(path)
  try {
    const writer = new ResultsWriter(sink, system, {
      project: projectDoc,
      solverType: 'Modes',
      framePeriod: 0,
    })
    const period = mode.frequency > 0 ? 1 / mode.frequency : 1
    for (let i = 0; i <= FRAMES_PER_CYCLE; i++) {
      s.t = (period * i) / FRAMES_PER_CYCLE
      shapeAt(s.q, result.coordinates, mode, amplitude, (2 * Math.PI * i) / FRAMES_PER_CYCLE)
      writer.maybeWriteFrame(s)
    }
    return { path, frames: writer.framesWritten }
  } finally {
    sink.close()
  }
}
