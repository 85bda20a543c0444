// `mbs run PROJECT [options]`: solve a project, write sensor CSV files, print a summary.
import fs from 'node:fs'
import path from 'node:path'
import {
  AssemblyError,
  branchPatchProblems,
  emptyModel,
  FormatError,
  formatProblems,
  memorySource,
  overridesPatch,
  ResultsReader,
  SolverError,
  writeProject,
  type JsonObject,
  type Override,
  type Project,
  type RunResult,
  type SensorSeries,
  type SolverProgress,
} from '../core'
import { ENGINE_VERSION } from '../core/engineVersion'
import { resultsHashes } from '../core/results/headerHashes'
import { writeFileAtomic } from '../node/atomicWrite'
import type { RunArgs } from './args'
import { CliError, EXIT, UsageError } from './errors'
import type { CliIO } from './io'
import { parseOverrides, requireOverridden } from './overrides'
import { systemErrorText } from '../node/ioError'
import { missingMeshFiles } from '../node/meshFiles'
import { phase } from '../node/phaseTimes'
import { withSmallYoungGeneration } from '../node/heap'
import { withoutOptimizingCompiler } from '../node/tiering'
import { readInputFile, requireProject } from './projectFile'
import { PartialRunError, runWithOutputs, type BranchOf } from './runOutputs'
import { plannedSensorFiles, sensorCsvText, type SensorFile } from './sensorCsv'

/** Runs shorter than this show no progress line. */
const PROGRESS_AFTER_SECONDS = 1

export function runCommand(projectFile: string, args: RunArgs, io: CliIO): number {
  phase('start (bundle loaded)')
  return withSmallYoungGeneration(() => runProjectFile(projectFile, args, io))
}

function runProjectFile(projectFile: string, args: RunArgs, io: CliIO): number {
  const { project, branchOf } = withoutOptimizingCompiler(() => checkedRun(projectFile, args, io))
  const sensorFiles = plannedSensorFiles(project)
  if (args.sensorsDir !== undefined) makeDirectory(args.sensorsDir)

  const started = performance.now()
  const result = solve(
    project,
    args,
    io,
    (partial) => {
      if (args.sensorsDir !== undefined) writeSensorFiles(project, partial, sensorFiles, args.sensorsDir)
    },
    branchOf,
  )
  const wallTime = (performance.now() - started) / 1000
  phase('steps')

  if (args.sensorsDir !== undefined) writeSensorFiles(project, result, sensorFiles, args.sensorsDir)
  const summary = runSummary(result, wallTime)
  if (args.json) io.out(JSON.stringify(summary))
  else
    io.out(
      `Done: ${project.name || projectFile} reached t = ${summary.time} s in ${summary.steps} steps ` +
        `(${summary.newtonIterations} Newton iterations, ${summary.jacobians} Jacobians, ` +
        `${wallTime.toFixed(3)} s)`,
    )
  phase('outputs')
  return EXIT.ok
}

/**
 * The project with its overrides, checked against the arguments and the files around it. Without
 * --results its spec (the items as written) is left behind: only a results file's header needs it, the
 * run and the sensor files take the resolved model (the 10,000-node lattice's spec is ~2 MB).
 */
function checkedRun(
  projectFile: string,
  args: RunArgs,
  io: CliIO,
): { project: Project; branchOf?: BranchOf } {
  const overrides = parseOverrides(args.overrides)
  const base = requireProject(projectFile, EXIT.runInvalidProject)
  phase('read, parse, validate')
  const branchOf = args.branchOf !== undefined ? originalRun(args.branchOf, base, overrides) : undefined
  const project = requireOverridden(base, overrides)
  checkTimes(project, args)
  checkFiles(args)
  // Graphics only: the run does not need the mesh files, a replay of its results will.
  for (const p of missingMeshFiles(project.model, path.dirname(projectFile)))
    io.err(`mbs run: warning: ${p.path}: ${p.message}`)
  return { project: args.results === undefined ? { ...project, model: emptyModel() } : project, branchOf }
}

/** The --json summary; the keys are a contract (docs/model-format.md, "Command line"). */
export interface RunSummary {
  time: number
  steps: number
  newtonIterations: number
  jacobians: number
  wallTime: number
  sensors: Record<string, number[]>
}

export function runSummary(result: RunResult, wallTime: number): RunSummary {
  const sensors: Record<string, number[]> = {}
  result.recorder.series.forEach((s, i) => (sensors[s.name] = result.recorder.last(i) ?? []))
  return {
    time: result.system.state.t,
    steps: result.stats.steps,
    newtonIterations: result.stats.newtonIterations,
    jacobians: result.stats.jacobians,
    wallTime,
    sensors,
  }
}

/**
 * Solves; on a solver failure, keepPartial writes what the run produced up to the last accepted step
 * and the error says where it is (exit 3 all the same).
 */
function solve(
  project: Project,
  args: RunArgs,
  io: CliIO,
  keepPartial: (partial: RunResult) => void,
  branchOf?: BranchOf,
): RunResult {
  const progress = io.progress
  const onProgress = progress
    ? (p: SolverProgress) => {
        if (p.wallTime >= PROGRESS_AFTER_SECONDS) progress(progressText(p))
      }
    : undefined
  try {
    return runWithOutputs(
      project,
      {
        results: args.results,
        saveCheckpoint: args.saveCheckpoint,
        checkpointAt: args.checkpointAt,
        fromCheckpoint: args.fromCheckpoint,
        branchOf,
      },
      {
        endTime: args.endTime,
        onProgress,
        progressInterval: 200,
        onWarning: (w) => io.err(`mbs run: warning: ${w.message}`),
      },
    )
  } catch (e) {
    if (e instanceof PartialRunError) {
      keepPartial(e.partial)
      throw new CliError(EXIT.solverFailure, `solver failed: ${e.message}`, partialOutputLines(e, args))
    }
    if (e instanceof SolverError) throw new CliError(EXIT.solverFailure, `solver failed: ${e.message}`)
    if (e instanceof AssemblyError)
      throw new CliError(EXIT.runInvalidProject, `the model cannot be assembled: ${e.message}`)
    throw e
  } finally {
    progress?.('')
  }
}

/** Where the rows and frames up to the failure are, one line each. */
function partialOutputLines(e: PartialRunError, args: RunArgs): string[] {
  const lines: string[] = []
  const longest = e.partial.recorder.series.reduce<SensorSeries | undefined>(
    (a, s) => (a && a.rows >= s.rows ? a : s),
    undefined,
  )
  if (args.sensorsDir !== undefined && longest) {
    const last = longest.rows > 0 ? longest.data[(longest.rows - 1) * (longest.size + 1)] : NaN
    lines.push(
      `the sensor rows up to the last accepted step (${longest.rows} rows, the last at t = ${last} s) ` +
        `are in ${args.sensorsDir}`,
    )
  }
  if (args.results !== undefined)
    lines.push(`the results frames up to the last accepted step (${e.framesWritten}) are in ${args.results}`)
  return lines
}

function progressText(p: SolverProgress): string {
  const percent = Math.min(100, Math.floor((100 * p.time) / p.endTime))
  return (
    `t = ${p.time.toPrecision(6)} / ${p.endTime} s (${percent}%), ${p.steps} steps, h = ` +
    `${p.stepSize.toPrecision(3)} s, ${p.wallTime.toFixed(1)} s`
  )
}

/**
 * --branch-of: the original run's results, which must be a run of PROJECT (the recorded hashes of
 * its model and settings), and the overrides must be changes a branch can take (branchPatchProblems).
 */
function originalRun(file: string, base: Project, overrides: readonly Override[]): BranchOf {
  let reader: ResultsReader
  try {
    reader = ResultsReader.open(memorySource(readInputFile(file, 'results file')))
  } catch (e) {
    if (e instanceof FormatError)
      throw new CliError(EXIT.runInvalidProject, `--branch-of ${file}: ${e.message}`)
    throw e
  }
  const hashes = resultsHashes(JSON.parse(writeProject(base)) as JsonObject, ENGINE_VERSION)
  if (hashes.model !== reader.header.hashes.model || hashes.settings !== reader.header.hashes.settings)
    throw new CliError(
      EXIT.runInvalidProject,
      `--branch-of ${file}: that run's model or settings are not those of the project; ` +
        'a branch starts from a run of the project it changes',
    )
  const problems = branchPatchProblems(overridesPatch(base, overrides), base.model)
  if (problems.length > 0)
    throw new CliError(
      EXIT.usage,
      '--set: a branch cannot take these changes',
      formatProblems(problems).split('\n'),
    )
  return { reader, name: path.basename(file) }
}

/** --end-time and --checkpoint-at against the project's time interval. */
function checkTimes(project: Project, args: RunArgs): void {
  const ti = project.settings.timeIntegration
  const isStatic = project.settings.solverType === 'Static'
  if (args.endTime !== undefined && !isStatic && !(args.endTime > ti.startTime))
    throw new UsageError(
      `--end-time ${args.endTime} must be greater than the startTime ${ti.startTime} of the project`,
      'run',
    )
  const endTime = args.endTime ?? ti.endTime
  const at = args.checkpointAt
  if (at !== undefined && !(at >= ti.startTime && at <= endTime))
    throw new UsageError(
      `--checkpoint-at ${at} must lie within the run, ${ti.startTime} .. ${endTime} s`,
      'run',
    )
}

/** Inputs must be readable and outputs must go to an existing directory, before anything is solved. */
function checkFiles(args: RunArgs): void {
  if (args.fromCheckpoint !== undefined) {
    try {
      fs.accessSync(args.fromCheckpoint, fs.constants.R_OK)
    } catch (e) {
      throw new CliError(
        EXIT.noInput,
        `cannot read the checkpoint "${args.fromCheckpoint}": ${systemErrorText(e)}`,
      )
    }
  }
  for (const [option, file] of [
    ['--results', args.results],
    ['--save-checkpoint', args.saveCheckpoint],
  ] as const) {
    if (file === undefined) continue
    const dir = path.dirname(path.resolve(file))
    if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory())
      throw new CliError(EXIT.cannotCreate, `${option} ${file}: the directory "${dir}" does not exist`)
    if (fs.existsSync(file) && fs.statSync(file).isDirectory())
      throw new CliError(EXIT.cannotCreate, `${option} ${file}: is a directory; expected a file name`)
  }
}

function makeDirectory(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true })
  } catch (e) {
    throw new CliError(
      EXIT.cannotCreate,
      `cannot create the sensors directory "${dir}": ${systemErrorText(e)}`,
    )
  }
}

function writeSensorFiles(project: Project, result: RunResult, files: SensorFile[], dir: string): void {
  for (const { sensorIndex, fileName } of files) {
    const file = path.join(dir, fileName)
    try {
      writeFileAtomic(file, sensorCsvText(project, sensorIndex, result.recorder.series[sensorIndex]))
    } catch (e) {
      throw new CliError(EXIT.cannotCreate, `cannot write the sensor file "${file}": ${systemErrorText(e)}`)
    }
  }
}
