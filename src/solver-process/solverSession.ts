// The solver process's state machine around src/core: one model, at most one run. It lives on the
// solver process's worker thread (solverWorker.ts). Runs advance in slices of SLICE_MS and yield to
// the event loop between slices, so every request is answered while a long run is going; a pause or
// stop on its way (control.pauseRequested, raised by the process's main thread) ends the slice at the
// next step boundary. The run request builds the system; the first slice after it sets the solver up
// (ordering, first factorization, initial accelerations), the next ones step. What it computes is in
// control.work, so that the main thread can end this thread instead of waiting: for a stop, and for a
// pause while a run is being built or set up (threads.ts); the spare thread that takes over is given
// the run back with restore(). Requests that would change a model that is solving are answered with
// 'busy', never queued or dropped.
import { existsSync } from 'node:fs'
import { openResultsSink } from './resultsSink'
import { loadFrame, openResultsFile, readResultsData, sensorHistories } from './resultsFile'
import { readInputBytes } from '../node/inputFiles'
import { IoError } from '../node/ioError'
import {
  CheckpointError,
  FormatError,
  loadCheckpoint,
  ResultsWriter,
  saveCheckpoint,
  createSolver,
  effectiveSettings,
  SensorRecorder,
  SolverError,
  writeProject,
  type CheckpointRun,
  type CompiledSystem,
  type JsonObject,
  type Project,
  type SolverBase,
} from '../core'
import type {
  ApiEvents,
  ApiEventName,
  AssemblySummary,
  RunOptions,
  ResultsData,
  ResultsSummary,
  RunStatistics,
  RunStatus,
  SolverStatus,
} from '../shared/api'
import type { ModelPatch } from '../shared/modelPatch'
import type { ModeResultsRequest, ModesRequest, ModesResult } from '../shared/modes'
import { ApiError, type Problem } from '../shared/protocol'
import type { SolverChangeResult, SolverModelResult, SolverService } from '../shared/solverService'
import { FileSink, writeCheckpointFile } from '../node/runFiles'
import { FrameStream } from './frameStream'
import { SolverModel } from './solverModel'
import { modesResult, readModeResultsRequest, readModesRequest, writeModeResults } from './modesRequest'
import { readPace, restoredSeed, runPace } from './restoredRun'
import { WorkerControl, type RestoreMessage, type RunProgress, type RunSeed } from './threads'

const SLICE_MS = 20
const PROGRESS_INTERVAL_MS = 100
/** A paced run ahead of wall time sleeps at most this long at once (a pace change takes effect after it). */
const MAX_PACE_WAIT_MS = 50

export type EmitEvent = <E extends ApiEventName>(event: E, data: ApiEvents[E]) => void

/** What the session shares with the process's main thread (threads.ts); in process, nobody reads it. */
export type SessionControl = Pick<
  WorkerControl,
  'pauseRequested' | 'work' | 'setProgress' | 'startTime' | 'endTime'
>

/** What a run solves with, built from the model (buildParts). */
interface RunParts {
  system: CompiledSystem
  solver: SolverBase
  recorder: SensorRecorder
  /** The results file of the run (full rate, every solutionWritePeriod), if one was asked for. */
  results?: { sink: FileSink; writer: ResultsWriter }
}

interface ActiveRun {
  kind: 'dynamic' | 'static'
  /** What the run was started with (a restored run is started again from it). */
  options: RunOptions
  settings: Project['settings']
  /** Null until built (partsOf): by the run request, or for a run started paused when first needed. */
  parts: RunParts | null
  /** A run restored after its thread was ended (restore): where it was, for its 'finished' event. */
  ended?: RunProgress
  state: 'running' | 'paused' | 'finished'
  /** Wall time and simulated time when the run last started or resumed (real-time factor). */
  wallStart: number
  timeStart: number
  /** Simulated seconds per wall second the run is held to (0: as fast as possible). */
  pace: number
  /**
   * Wall time and simulated time the pacing counts from: reset on resume, a pace change and after the setup.
   */
  paceWall: number
  paceTime: number
  /** Settles the static solve's request when the run ends. */
  settle?: (error?: ApiError) => void
}

/**
 * The solver service (src/shared/solverService.ts); its methods throw ApiError for anything they cannot do.
 */
export class SolverSession implements SolverService {
  private readonly model = new SolverModel()
  /** The run going on, paused or finished. */
  private active: ActiveRun | null = null
  /** The last computeModes answer (writeModeResults writes its modes while the revision is the same). */
  private modes: ModesResult | null = null
  /** The pace of the next run (setPace, or a run's realTimeFactor): 0 is as fast as possible. */
  private pace = 0
  /** A slice is scheduled (one chain of slices at a time, also across pause and resume). */
  private scheduled = false
  private readonly stream: FrameStream

  /** A slice ends at the next step boundary while a pause or stop is on its way (control.pauseRequested). */
  private readonly pauseRequested = (): boolean => this.control.pauseRequested

  constructor(
    private readonly emit: EmitEvent,
    private readonly control: SessionControl = new WorkerControl(),
  ) {
    this.stream = new FrameStream({
      frames: (data) => emit('frames', data),
      sensors: (data) => emit('sensors', data),
      warn: (message) => emit('log', { level: 'warning', message }),
    })
  }

  getStatus(): SolverStatus {
    // With --expose-gc (measurements: bench/streaming.bench.ts) the heap is what is retained, not garbage.
    ;(globalThis as { gc?: () => void }).gc?.()
    return {
      ...this.runStatus(),
      revision: this.model.revision,
      framesInFlight: this.stream.inFlight,
      heapUsed: process.memoryUsage().heapUsed,
    }
  }

  // --- model -------------------------------------------------------------------------------------

  openModel({ text, revision }: { text: string; revision: number }): SolverModelResult {
    this.model.open(text, revision)
    this.discardRun('a new model was opened')
    this.control.startTime = this.model.project.settings.timeIntegration.startTime
    return { summary: this.model.summary(), text: this.model.text() }
  }

  /**
   * A live change (inPlaceChanges) keeps a paused run, which goes on with the new values; its results
   * file ends at the change (its model snapshot is the run's start), the run goes on without one. Any
   * other change discards the run.
   */
  applyChange({ patch, revision }: { patch: ModelPatch; revision: number }): SolverChangeResult {
    const run = this.active
    if (run?.state === 'running') throw busy('apply a change')
    const parts = run?.parts ?? undefined
    const changed = this.model.change(patch, revision, parts ? [parts.system] : [])
    if (changed) {
      if (run && parts) this.closeResults(run, parts)
      parts?.solver.parametersChanged()
      this.stream.setRevision(revision)
    } else this.discardRun('the model changed')
    this.control.startTime = this.model.project.settings.timeIntegration.startTime
    return { summary: this.model.summary(), applied: changed ? 'in place' : 'rebuild' }
  }

  validate(): { problems: Problem[] } {
    try {
      this.model.assembledSystem()
      return { problems: [] }
    } catch (error) {
      return {
        problems: [{ path: 'model', message: error instanceof Error ? error.message : String(error) }],
      }
    }
  }

  assemble(): AssemblySummary {
    const system = this.model.assembledSystem()
    return {
      nODE2: system.nODE2,
      nODE1: system.nODE1,
      nAE: system.nAE,
      nData: system.nData,
      nodeCount: system.nodes.length,
    }
  }

  // --- runs --------------------------------------------------------------------------------------

  run(options: RunOptions | void): RunStatus {
    return this.startRun(options ?? {})
  }

  private startRun(options: RunOptions, startPaused = false): RunStatus {
    if (this.active?.state === 'running') throw busy('start another run')
    this.discardRun('a new run started')
    const project = this.model.project
    const settings = effectiveSettings(project.settings, options.endTime)
    if (settings.solverType === 'Static')
      throw new ApiError('invalid-state', 'The model\'s solverType is "Static": use staticSolve for it')
    const run = this.newRun('dynamic', settings, startPaused ? 'paused' : 'running', options)
    // Build errors come before the run exists. A run started paused is built when first needed.
    if (!startPaused) this.buildUnlessInterrupted(run, 'starting')
    this.active = run
    this.changed()
    if (!startPaused) this.schedule()
    return this.runStatus()
  }

  staticSolve(): Promise<RunStatus & { statistics: RunStatistics }> {
    if (this.active?.state === 'running') throw busy('start a static solve')
    this.discardRun('a static solve started')
    const run = this.newRun('static', this.staticSettings(), 'running')
    this.buildUnlessInterrupted(run, 'solving')
    this.active = run
    const answer = this.settled(run)
    this.changed()
    this.schedule()
    return answer
  }

  private staticSettings(): Project['settings'] {
    return { ...this.model.project.settings, solverType: 'Static' as const }
  }

  /** The answer of a static solve: settled when the run ends. */
  private settled(run: ActiveRun): Promise<RunStatus & { statistics: RunStatistics }> {
    return new Promise((resolve, reject) => {
      run.settle = (error) =>
        error ? reject(error) : resolve({ ...this.runStatus(), statistics: statistics(run) })
    })
  }

  private newRun(
    kind: ActiveRun['kind'],
    settings: Project['settings'],
    state: ActiveRun['state'],
    options: RunOptions = {},
  ): ActiveRun {
    this.pace = runPace(options, this.pace)
    const now = performance.now()
    const timeStart = settings.timeIntegration.startTime
    this.control.setProgress(timeStart, statistics(null))
    this.control.endTime = settings.timeIntegration.endTime
    return {
      kind,
      options,
      settings,
      parts: null,
      state,
      wallStart: now,
      timeStart,
      pace: kind === 'dynamic' ? this.pace : 0,
      paceWall: now,
      paceTime: timeStart,
    }
  }

  /** The run's parts, built first if the run has none. Build errors are ApiErrors. */
  private partsOf(run: ActiveRun): RunParts {
    run.parts ??= this.buildParts(run)
    return run.parts
  }

  /**
   * Builds the run's parts now, unless a pause or stop is on its way: then it comes first and the
   * first slice builds them (or resume's). The work is published before the check, so a pause or stop
   * counted after the check sees it and ends the thread (threads.ts): none waits for the build.
   */
  private buildUnlessInterrupted(run: ActiveRun, work: 'solving' | 'starting'): void {
    this.working(work, () => this.control.pauseRequested || this.partsOf(run))
  }

  /** f, with control.work telling the main thread what is computed meanwhile. */
  private working<T>(work: 'solving' | 'starting', f: () => T): T {
    this.control.work = work
    try {
      return f()
    } finally {
      this.control.work = 'idle'
    }
  }

  private buildParts(run: ActiveRun): RunParts {
    const system = this.model.takeSystem()
    const settings = run.settings
    system.state.t = settings.timeIntegration.startTime
    const recorder = new SensorRecorder(system, settings.solutionSettings.sensorsWritePeriod, false)
    recorder.onRow((index, row) => this.stream.sensorRow(index, row))
    // parts.results: the results file while the run writes one (a live change ends it: closeResults).
    const built: { parts?: RunParts } = {}
    const solver = createSolver(system, settings, {
      recorder,
      onStep: (s) => {
        built.parts?.results?.writer.maybeWriteFrame(s)
        this.stream.offer(s)
        this.control.setProgress(s.t, solver.stats)
      },
      // The results file starts with the initial state, which exists once the solver is set up.
      onInitialized: (s) => built.parts?.results?.writer.maybeWriteFrame(s),
      onProgress: () => this.emitProgress(),
      progressInterval: PROGRESS_INTERVAL_MS,
      pauseRequested: this.pauseRequested,
      onWarning: (w) => this.emit('log', { level: 'warning', message: w.message }),
    })
    // Before the setup: it records the initial sensor rows, which go to this run's stream.
    this.stream.begin(system, this.model.revision, run.options.maxFrameRate)
    const parts: RunParts = { system, solver, recorder }
    built.parts = parts
    const resultsPath = run.options.resultsPath
    if (resultsPath && settings.solutionSettings.writeSolutionToFile)
      parts.results = this.openResultsWriter(resultsPath, system, solver, recorder)
    return parts
  }

  private openResultsWriter(
    path: string,
    system: CompiledSystem,
    solver: SolverBase,
    recorder: SensorRecorder,
  ): NonNullable<RunParts['results']> {
    const settings = solver.settings.solutionSettings
    const sink = openResultsSink(path)
    try {
      const writer = new ResultsWriter(sink, system, {
        project: JSON.parse(this.model.text()) as JsonObject,
        settings: solver.settings,
        solverType: solver.solverType,
        framePeriod: settings.solutionWritePeriod,
        fields: ['q', 'v'],
        recorder,
        sensorPeriod: settings.sensorsWritePeriod,
        endTime: solver.settings.timeIntegration.endTime,
      })
      return { sink, writer }
    } catch (error) {
      // The header did not fit on the disk: no stub file, no open descriptor.
      sink.discard()
      throw solverError(error)
    }
  }

  private checkpointRun(parts: RunParts): CheckpointRun {
    const outputs: NonNullable<CheckpointRun['outputs']> = { sensors: parts.recorder }
    if (parts.results) outputs.frames = parts.results.writer
    return { system: parts.system, solver: parts.solver, outputs }
  }

  /** Writes the state of a paused or finished run (the exact-restart format of src/core/checkpoint). */
  saveCheckpoint({ path }: { path: string }): { path: string; time: number; resultsPath?: string } {
    const run = this.active
    if (run?.state === 'running') throw busy('save a checkpoint')
    if (!run || run.kind !== 'dynamic')
      throw new ApiError('invalid-state', 'No dynamic run to save: run or step the model first')
    let bytes: Uint8Array
    let resultsPath: string | undefined
    try {
      // A run paused before its build or setup finished: the checkpoint needs the initial
      // accelerations and the integrator's start state, so build and set up first.
      const parts = this.partsOf(run)
      if (!parts.solver.initialized) parts.solver.initializeSolver()
      bytes = saveCheckpoint(this.checkpointRun(parts))
      // The frames written so far are the start of a branch from this checkpoint (--branch-of).
      if (parts.results) resultsPath = run.options.resultsPath
    } catch (error) {
      if (error instanceof CheckpointError)
        throw new ApiError('solver-error', error.message, { items: error.details })
      throw error
    }
    try {
      writeCheckpointFile(path, bytes)
    } catch (error) {
      throw new ApiError('io-error', `Cannot write the checkpoint ${path}: ${(error as Error).message}`)
    }
    return { path, time: runTime(run), ...(resultsPath ? { resultsPath } : {}) }
  }

  /** A paused run of the current model at the checkpoint's state; resume continues it exactly. */
  loadCheckpoint({ path, endTime }: { path: string; endTime?: number }): RunStatus {
    if (this.active?.state === 'running') throw busy('load a checkpoint')
    let bytes: Uint8Array
    try {
      bytes = readInputBytes(path)
    } catch (error) {
      throw new ApiError('io-error', `Cannot read the checkpoint ${path}: ${(error as Error).message}`)
    }
    this.startRun({ endTime }, true)
    const run = this.active!
    let parts: RunParts
    try {
      parts = this.partsOf(run)
      loadCheckpoint(bytes, this.checkpointRun(parts))
      parts.solver.initializeSolver()
    } catch (error) {
      this.active = null
      this.changed()
      if (error instanceof CheckpointError || error instanceof FormatError || error instanceof SolverError)
        throw new ApiError('invalid-model', `The checkpoint ${path} does not fit the model: ${error.message}`)
      throw error
    }
    run.timeStart = parts.system.state.t
    this.stream.offer(parts.system.state, true)
    this.emitProgress()
    this.changed()
    return this.runStatus()
  }

  /**
   * Opens a results file for replay: its sensor histories go out as one 'sensors' event, its frames
   * (the stored coordinates, and node positions computed from them with the model snapshot in the
   * file) as 'frames' events, flow-controlled.
   */
  openResults({ path }: { path: string }): ResultsSummary {
    if (this.active?.state === 'running') throw busy('open a results file')
    const opened = openResultsFile(path)
    const { reader, system } = opened
    const frames = reader.frameCount
    const times = reader.times
    this.discardRun('a results file was opened for replay')
    const series = sensorHistories(reader)
    if (series.length > 0) this.emit('sensors', { revision: this.model.revision, series })
    this.stream.replay(
      system,
      this.model.revision,
      frames,
      (index) => loadFrame(opened, index),
      () => opened.source.close(),
    )
    return {
      frames,
      startTime: frames > 0 ? times[0] : 0,
      endTime: frames > 0 ? times[frames - 1] : 0,
      project: writeProject(opened.project),
      sensorRows: reader.sensorRowCount,
    }
  }

  /** A results file read whole; nothing of the run or the model changes. */
  readResults({ path }: { path: string }): ResultsData {
    return readResultsData(path)
  }

  /** Modes at a state; 'current' is the paused or finished run's (static or dynamic). */
  computeModes(params: ModesRequest): ModesResult {
    const project = this.model.project
    const request = readModesRequest(params, project.settings.timeIntegration.startTime)
    if (this.active?.state === 'running') throw busy('compute modes')
    const parts = this.active?.parts
    const current = parts?.solver.initialized ? parts.system.state : null
    this.modes = modesResult(project, request, this.model.revision, current)
    return this.modes
  }

  /** One cycle of a mode of the last computeModes answer, as a results file of the model. */
  writeModeResults(params: ModeResultsRequest): { path: string; frames: number } {
    const project = this.model.project
    const modes = this.modes
    if (modes?.revision !== this.model.revision)
      throw new ApiError('invalid-state', 'No modes of this model: compute the modes first')
    const request = readModeResultsRequest(params, modes.modes.length)
    return writeModeResults(project, JSON.parse(this.model.text()) as JsonObject, modes, request)
  }

  pause(): RunStatus {
    const run = this.active
    if (run?.state !== 'running')
      throw new ApiError('invalid-state', `Nothing to pause: the run is ${this.runStatus().state}`)
    run.state = 'paused'
    if (run.parts) this.stream.offer(run.parts.system.state, true)
    this.emitProgress()
    this.changed()
    return this.runStatus()
  }

  resume(): RunStatus {
    const run = this.active
    if (run?.state !== 'paused')
      throw new ApiError('invalid-state', `Nothing to resume: the run is ${this.runStatus().state}`)
    run.state = 'running'
    run.wallStart = performance.now()
    run.timeStart = runTime(run)
    restartPace(run)
    this.changed()
    this.schedule()
    return this.runStatus()
  }

  /** The pace of the dynamic run going on (from now on) and of the next ones. */
  setPace(params: { realTimeFactor: number | null }): RunStatus {
    const realTimeFactor = readPace(params)
    this.pace = realTimeFactor
    if (this.active?.kind === 'dynamic') {
      this.active.pace = realTimeFactor
      restartPace(this.active)
    }
    return this.runStatus()
  }

  stop(): RunStatus {
    if (!this.active) throw new ApiError('invalid-state', 'Nothing to stop: no run')
    this.finish('stopped')
    this.active = null
    this.changed()
    return this.runStatus()
  }

  /** Single steps of a paused run, or of a new run that starts paused. */
  step(params: { count?: number } | void): RunStatus {
    const count = readCount(params)
    if (this.active?.state === 'running') throw busy('single-step')
    if (this.active?.kind !== 'dynamic' || this.active.state === 'finished') this.startRun({}, true)
    const run = this.active!
    let parts: RunParts
    try {
      // A pause or stop arriving meanwhile ends the steps at the next step boundary.
      parts = this.working('solving', () => {
        const built = this.partsOf(run)
        for (let i = 0; i < count && !built.solver.finished && !this.control.pauseRequested; i++)
          built.solver.advance(0)
        return built
      })
    } catch (error) {
      this.fail(run, error)
      throw solverError(error)
    }
    this.stream.offer(parts.system.state, true)
    this.emitProgress()
    if (parts.solver.finished) this.complete(run, parts)
    return this.runStatus()
  }

  /**
   * The run, its state and options, as restore() takes it back in another session (null: none, or
   * finished).
   */
  runSeed(): RunSeed | null {
    const run = this.active
    if (!run || run.state === 'finished') return null
    return { kind: run.kind, options: run.options, state: run.state }
  }

  /** The pace of the next run (setPace, or the last run's realTimeFactor). */
  get nextPace(): number {
    return this.pace
  }

  /**
   * Takes over the run of a session whose thread the process ended (threads.ts), on the same model:
   * the run `starter` was starting (a run, step or staticSolve request that got no answer), else the
   * one `run` describes, unbuilt, at `progress` (a stopped run's report) or at its start. Returns the
   * starter's answer. Nothing is scheduled: the pause or stop that ended the thread comes next.
   */
  restore({ run, starter, pace, progress }: Omit<RestoreMessage, 'kind'>): unknown {
    this.pace = pace
    const seed = restoredSeed(run, starter?.message)
    if (!seed) return undefined
    const settings =
      seed.kind === 'static'
        ? this.staticSettings()
        : effectiveSettings(this.model.project.settings, seed.options.endTime)
    const restored = this.newRun(seed.kind, settings, seed.state, seed.options)
    if (progress) restored.ended = progress
    this.active = restored
    if (seed.kind !== 'static') return this.runStatus()
    return this.settled(restored)
  }

  /** Flow control: the consumer has handled the frame batches up to seq. */
  ackFrames({ seq }: { seq: number }): void {
    this.stream.ack(seq)
  }

  private schedule(delayMs = 0): void {
    if (this.scheduled) return
    this.scheduled = true
    const next = () => {
      this.scheduled = false
      this.slice()
    }
    if (delayMs > 0) setTimeout(next, delayMs)
    else setImmediate(next)
  }

  private slice(): void {
    const run = this.active
    if (!run || run.state !== 'running') return
    // A pause or stop is arriving: its handler decides what follows (nothing is solved meanwhile).
    if (this.control.pauseRequested) return this.schedule()
    const built = run.parts
    // Building and setting up a dynamic run is 'starting' (a pause then ends the thread, threads.ts).
    const starting = run.kind === 'dynamic' && !built?.solver.initialized
    let done: boolean
    try {
      done = this.working(starting ? 'starting' : 'solving', () => {
        // A slice that builds or sets up does only that: the steps follow in the next one.
        if (!built) {
          this.partsOf(run)
          return false
        }
        if (!built.solver.initialized) {
          built.solver.initializeSolver()
          // The setup's wall time is no simulated time to catch up with.
          restartPace(run)
          return false
        }
        // Paced: no step starts after the simulated time the wall clock allows; ahead of it, wait.
        // The steps are those of an unpaced run, only their wall times differ.
        const until = pacedTime(run)
        const ahead = built.system.state.t - until
        if (ahead >= 0) {
          this.schedule(Math.min(MAX_PACE_WAIT_MS, Math.max(1, (1000 * ahead) / run.pace)))
          return false
        }
        return built.solver.advance(SLICE_MS, until)
      })
    } catch (error) {
      this.fail(run, error)
      return
    }
    this.stream.flush()
    if (done) this.complete(run, built!)
    else this.schedule()
  }

  private complete(run: ActiveRun, parts: RunParts): void {
    parts.solver.finalizeSolver()
    run.state = 'finished'
    this.stream.offer(parts.system.state, true)
    this.emitProgress()
    this.finish('completed')
    this.changed()
  }

  private fail(run: ActiveRun, error: unknown): void {
    run.state = 'finished'
    const payload = solverError(error)
    this.emit('error', { code: payload.code, message: payload.message, details: payload.details })
    this.finish('failed', payload)
    this.changed()
  }

  /** Emits 'finished' and settles a waiting static solve. */
  private finish(reason: 'completed' | 'stopped' | 'failed', error?: ApiError): void {
    const run = this.active
    if (!run) return
    this.stream.flush(true)
    this.stream.end()
    // A stop that ended the run's thread (restore) leaves the file it wrote with its complete records.
    const resultsPath = run.parts?.results
      ? run.options.resultsPath
      : run.ended && run.options.resultsPath && existsSync(run.options.resultsPath)
        ? run.options.resultsPath
        : undefined
    if (run.parts) this.closeResults(run, run.parts)
    const status = reason === 'stopped' ? { ...this.runStatus(), state: 'idle' as const } : this.runStatus()
    this.emit('finished', {
      reason,
      state: status.state,
      time: status.time,
      statistics: statistics(run),
      ...(resultsPath ? { resultsPath } : {}),
    })
    run.settle?.(
      error ??
        (reason === 'stopped' ? new ApiError('invalid-state', 'The static solve was stopped') : undefined),
    )
    run.settle = undefined
  }

  /** Ends the run's results file (complete records stay readable); the run goes on without one. */
  private closeResults(run: ActiveRun, parts: RunParts): void {
    if (!parts.results) return
    parts.results.writer.stop()
    parts.results.sink.close()
    parts.results = undefined
    run.options = { ...run.options, resultsPath: undefined }
  }

  private discardRun(why: string): void {
    if (!this.active) return
    this.emit('log', { level: 'info', message: `The previous run was discarded: ${why}` })
    this.finish('stopped')
    this.active = null
    this.changed()
  }

  private runStatus(): RunStatus {
    const run = this.active
    if (!run) {
      if (!this.model.isOpen) return { state: 'empty', time: 0, step: 0 }
      return { state: 'idle', time: this.model.project.settings.timeIntegration.startTime, step: 0 }
    }
    return { state: run.state, time: runTime(run), step: run.parts?.solver.stats.steps ?? 0 }
  }

  private changed(): void {
    this.emit('runState', this.runStatus())
  }

  private emitProgress(): void {
    const run = this.active
    if (!run) return
    const wall = (performance.now() - run.wallStart) / 1000
    const time = runTime(run)
    const { steps, newtonIterations } = statistics(run)
    this.emit('progress', {
      state: run.state,
      time,
      // The solver's own end: a static solve's load factor runs to 1 whatever the dynamic endTime.
      endTime: (run.parts?.solver.settings ?? run.settings).timeIntegration.endTime,
      step: steps,
      newtonIterations,
      realTimeFactor: wall > 0 ? (time - run.timeStart) / wall : 0,
    })
  }
}

/** The run's simulated time: its system's, or the start time before it is built. */
function runTime(run: ActiveRun): number {
  return run.parts?.system.state.t ?? run.ended?.time ?? run.settings.timeIntegration.startTime
}

/** The simulated time a paced run may reach now (Infinity unpaced). */
function pacedTime(run: ActiveRun): number {
  if (run.pace <= 0) return Infinity
  return run.paceTime + (run.pace * (performance.now() - run.paceWall)) / 1000
}

function restartPace(run: ActiveRun): void {
  run.paceWall = performance.now()
  run.paceTime = runTime(run)
}

/** The run's solver counters (zero before it is built; a restored run's as they were). */
function statistics(run: ActiveRun | null): RunStatistics {
  const stats = run?.parts?.solver.stats ?? run?.ended?.statistics
  if (!stats) return { steps: 0, newtonIterations: 0, jacobians: 0, rejectedSteps: 0, wallTime: 0 }
  const { steps, newtonIterations, jacobians, rejectedSteps, wallTime } = stats
  return { steps, newtonIterations, jacobians, rejectedSteps, wallTime }
}

function busy(what: string): ApiError {
  return new ApiError('busy', `Cannot ${what} while the model is solving: pause or stop the run first`)
}

function solverError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof IoError) return new ApiError('io-error', error.message)
  if (error instanceof SolverError)
    return new ApiError('solver-error', error.message, {
      time: error.time,
      step: error.step,
      items: error.items,
    })
  return new ApiError('solver-error', error instanceof Error ? error.message : String(error))
}

function readCount(params: unknown): number {
  const count = (params as { count?: unknown } | undefined)?.count ?? 1
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1)
    throw new ApiError(
      'invalid-params',
      `step expects {count: a positive integer}, got ${JSON.stringify(count)}`,
    )
  return count
}
