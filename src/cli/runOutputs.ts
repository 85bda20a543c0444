// The run's checkpoint and results files (--results, --save-checkpoint, --checkpoint-at,
// --from-checkpoint) and their description in `mbs info`. The command line has already parsed and
// checked the arguments (numbers, readable inputs, writable directories).
//
// Exactness (docs/model-format.md: a run 0..T2 and a run 0..T1 saved and continued T1..T2 print identical
// sensor rows): the solver keeps the project's step size when --end-time changes the end (setEndTime,
// not a new numberOfSteps), and --checkpoint-at saves after the first step that reaches T without
// changing any step, so both runs visit exactly the states of the continuous one.
import { readInputBytes } from '../node/inputFiles'
import { collectGarbage, LARGE_MODEL_ITEMS } from '../node/heap'
import {
  branchPrefix,
  CheckpointError,
  createSolver,
  describeCheckpoint,
  describeResults,
  FormatError,
  isCheckpoint,
  ITEM_KINDS,
  loadCheckpoint,
  memorySource,
  ResultsWriter,
  RESULTS_MAGIC,
  type ResultsReader,
  saveCheckpoint,
  SensorRecorder,
  SolverError,
  writeProject,
  type BranchPrefix,
  type Checkpoint,
  type CheckpointRun,
  type JsonObject,
  type Project,
  type RunOptions,
  type RunResult,
  type ScheduleHolder,
  type SystemState,
} from '../core'
import { buildSystem } from '../core/simulation'
import { FileSink, writeCheckpointFile } from '../node/runFiles'
import { CliError, EXIT } from './errors'
import { IoError, systemErrorText } from '../node/ioError'
import { phase, profiling } from '../node/phaseTimes'
import { withoutOptimizingCompiler } from '../node/tiering'

export interface RunOutputRequest {
  /** --results FILE */
  results?: string
  /** --save-checkpoint FILE */
  saveCheckpoint?: string
  /** --checkpoint-at T (only with saveCheckpoint) */
  checkpointAt?: number
  /** --from-checkpoint FILE */
  fromCheckpoint?: string
  /** --branch-of FILE */
  branchOf?: BranchOf
}

/** A step handler ending the phase 'first step' at the first step (MBS_PROFILE). */
function firstStepPhase(): () => void {
  let first = true
  return () => {
    if (first) phase('first step')
    first = false
  }
}

/** The results of the run a branch's checkpoint was saved from, and the file's name. */
export interface BranchOf {
  reader: ResultsReader
  name: string
}

/**
 * A run that failed in the solver, with what it produced up to the last accepted step: the recorder's
 * sensor rows and the results frames already written (and flushed: the file is closed).
 */
export class PartialRunError extends Error {
  constructor(
    readonly failure: SolverError,
    readonly partial: RunResult,
    readonly framesWritten: number,
  ) {
    super(failure.message)
    this.name = 'PartialRunError'
  }
}

/**
 * Runs the project, reading and writing the requested checkpoint and results files. A solver failure
 * is rethrown as PartialRunError carrying the rows and frames up to the last accepted step.
 */
export function runWithOutputs(project: Project, request: RunOutputRequest, options: RunOptions): RunResult {
  const settings = project.settings
  phase('checks before the run')
  const system = withoutOptimizingCompiler(() => buildSystem(project))
  // The build's intermediates go before the solver allocates its vectors.
  if (itemCount(project) >= LARGE_MODEL_ITEMS) collectGarbage()
  phase('build the system')
  system.state.t = settings.timeIntegration.startTime
  const recorder = new SensorRecorder(system, settings.solutionSettings.sensorsWritePeriod)
  const outputs: Record<string, ScheduleHolder> = { sensors: recorder }
  const stepHandlers: ((s: SystemState) => void)[] = []
  const solver = createSolver(system, settings, {
    ...options,
    recorder,
    onStep: (s) => stepHandlers.forEach((h) => h(s)),
    setupWork: withoutOptimizingCompiler,
  })
  if (options.endTime !== undefined) solver.setEndTime(options.endTime)
  const run: CheckpointRun = { system, solver, outputs }
  const checkpoint =
    request.fromCheckpoint !== undefined ? loadCheckpointFile(request.fromCheckpoint, run) : undefined
  const prefix = request.branchOf && checkpoint && requirePrefix(request.branchOf.reader, checkpoint)

  let sink: FileSink | undefined
  let writer: ResultsWriter | undefined
  const checkpointFile = request.saveCheckpoint
  const at = request.checkpointAt
  let saved = false
  const save = (): void => {
    saved = true
    saveCheckpointFile(checkpointFile!, run)
  }
  // Round-off tolerance: the step that lands on T up to accumulated round-off counts as reaching T.
  const reached = (t: number): boolean => at !== undefined && t >= at - 1e-12 * Math.max(1, Math.abs(at))
  if (checkpointFile !== undefined && at !== undefined)
    stepHandlers.push((s) => {
      if (!saved && reached(s.t)) save()
    })

  try {
    if (request.results !== undefined && settings.solutionSettings.writeSolutionToFile) {
      sink = new FileSink(request.results)
      const w = new ResultsWriter(sink, system, {
        project: JSON.parse(writeProject(project)) as JsonObject,
        settings,
        solverType: solver.solverType,
        framePeriod: settings.solutionSettings.solutionWritePeriod,
        fields: prefix ? request.branchOf!.reader.header.frame.fields : ['q', 'v'],
        recorder,
        sensorPeriod: settings.solutionSettings.sensorsWritePeriod,
        endTime: options.endTime ?? settings.timeIntegration.endTime,
        ...(prefix
          ? { startTime: prefix.startTime, branch: { of: request.branchOf!.name, time: checkpoint!.time } }
          : {}),
      })
      // A branch: the original's records up to the checkpoint, then the frames it would have written.
      if (prefix) {
        w.appendRecords(prefix.bytes, prefix.frames, prefix.rows)
        w.schedule = { ...checkpoint!.outputs.frames! }
      }
      writer = w
      outputs.frames = w
      stepHandlers.push((s) => w.maybeWriteFrame(s))
    }
    phase('create the solver')
    if (profiling) stepHandlers.push(firstStepPhase())
    solver.initializeSolver()
    phase('initialize the solver')
    writer?.maybeWriteFrame(system.state)
    if (checkpointFile !== undefined && at !== undefined && reached(system.state.t)) save()
    solver.advance(Infinity)
    solver.finalizeSolver()
    if (checkpointFile !== undefined && !saved) save()
    return { system, solver, recorder, stats: solver.stats }
  } catch (e) {
    // A results file without one complete frame is a stub: it goes (its header alone replays nothing).
    if (e instanceof IoError && (writer?.framesWritten ?? 0) === 0) sink?.discard()
    if (!(e instanceof SolverError)) throw e
    throw new PartialRunError(
      e,
      { system, solver, recorder, stats: solver.stats },
      writer?.framesWritten ?? 0,
    )
  } finally {
    sink?.close()
  }
}

const itemCount = (project: Project): number =>
  ITEM_KINDS.reduce((n, kind) => n + project.resolved.count(kind), 0)

/** The original run's records before the checkpoint (--branch-of), or a refusal saying why not. */
function requirePrefix(original: ResultsReader, checkpoint: Checkpoint): BranchPrefix {
  const prefix = branchPrefix(original, checkpoint)
  if (typeof prefix === 'string')
    throw new CliError(
      EXIT.runInvalidProject,
      `--branch-of: the results file cannot start the branch: ${prefix}`,
    )
  return prefix
}

function loadCheckpointFile(file: string, run: CheckpointRun): Checkpoint {
  let bytes: Uint8Array
  try {
    bytes = readInputBytes(file)
  } catch (e) {
    throw new CliError(EXIT.noInput, `cannot read the checkpoint "${file}": ${systemErrorText(e)}`)
  }
  try {
    return loadCheckpoint(bytes, run)
  } catch (e) {
    if (e instanceof CheckpointError || e instanceof FormatError)
      throw new CliError(EXIT.runInvalidProject, `--from-checkpoint ${file}: ${e.message}`)
    throw e
  }
}

function saveCheckpointFile(file: string, run: CheckpointRun): void {
  let bytes: Uint8Array
  try {
    bytes = saveCheckpoint(run)
  } catch (e) {
    if (e instanceof CheckpointError)
      throw new CliError(EXIT.runInvalidProject, `--save-checkpoint ${file}: ${e.message}`)
    throw e
  }
  try {
    writeCheckpointFile(file, bytes)
  } catch (e) {
    throw new CliError(EXIT.cannotCreate, `cannot write the checkpoint "${file}": ${systemErrorText(e)}`)
  }
}

/** Lines describing a results or checkpoint file for `mbs info`, or undefined when the file is neither. */
export function describeRunOutputFile(bytes: Uint8Array): string[] | undefined {
  try {
    if (isCheckpoint(bytes)) return describeCheckpoint(bytes)
    if (bytes.length >= 8 && String.fromCharCode(...bytes.subarray(0, 8)) === RESULTS_MAGIC)
      return describeResults(memorySource(bytes))
  } catch (e) {
    if (e instanceof FormatError) throw new CliError(EXIT.invalidProject, e.message)
    throw e
  }
  return undefined
}
