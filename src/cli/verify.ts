// `mbs verify RESULTS` (issue 21, reproducibility): re-runs the model stored in a results file with
// its settings and end time, through the same code `mbs run --results` uses, and compares every frame
// and sensor row bit for bit: "bitwise identical" (exit 0) or the first frame and coordinate, or
// sensor row and value, that differ (exit 1). The settings are those the file recorded with every
// default filled in, so a default changed since the run (a tolerance) does not make the re-run differ.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  FormatError,
  formatProblems,
  memorySource,
  parseProject,
  resolveSettings,
  ResultsReader,
  type Project,
} from '../core'
import { ENGINE_BUILD, ENGINE_VERSION, differentBuilds } from '../core/engineVersion'
import { resultsHashes } from '../core/results/headerHashes'
import { FileSource } from '../node/runFiles'
import { CliError, EXIT } from './errors'
import type { CliIO } from './io'
import { readInputFile } from './projectFile'
import { PartialRunError, runWithOutputs } from './runOutputs'

export function verifyCommand(file: string, io: CliIO): number {
  const stored = openResults(file)
  const project = storedProject(file, stored)
  const h = stored.header
  if (resultsHashes(h.project, ENGINE_VERSION).engine !== h.hashes.engine)
    io.err(`mbs verify: note: ${file} was written by engine ${h.engineVersion}; this is ${ENGINE_VERSION}`)
  // Builds are told apart only when both are known: a run from the sources has no build id.
  if (differentBuilds(h.engineBuild, ENGINE_BUILD))
    io.err(
      `mbs verify: note: ${file} was written by build ${h.engineBuild} of engine ${h.engineVersion}; ` +
        `this is build ${ENGINE_BUILD}`,
    )
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-verify-'))
  try {
    const rerunFile = path.join(dir, 'rerun.mbsres')
    try {
      runWithOutputs(project, { results: rerunFile }, { endTime: h.endTime ?? undefined })
    } catch (e) {
      // A run that failed wrote its frames up to the failure; the stored one may have failed alike.
      if (!(e instanceof PartialRunError)) throw e
      io.err(`mbs verify: note: the re-run failed as a run: ${e.message}`)
    }
    const source = new FileSource(rerunFile)
    try {
      const difference = firstDifference(stored, ResultsReader.open(source))
      if (difference) {
        io.out(`${file}: ${difference}`)
        if (!h.settings)
          io.err(
            `mbs verify: note: ${file} records only the settings its project sets; the others ran with ` +
              "the defaults of the engine that wrote it, which may not be this one's",
          )
        return EXIT.invalidProject
      }
    } finally {
      source.close()
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const last = stored.frameCount > 0 ? stored.frameTime(stored.frameCount - 1) : h.startTime
  io.out(
    `${file}: bitwise identical: ${stored.frameCount} frames and ${stored.sensorRowCount} sensor rows, t ` +
      `= ${h.startTime} .. ${last}`,
  )
  return EXIT.ok
}

function openResults(file: string): ResultsReader {
  try {
    return ResultsReader.open(memorySource(readInputFile(file, 'results file')))
  } catch (e) {
    if (e instanceof FormatError) throw new CliError(EXIT.runInvalidProject, `${file}: ${e.message}`)
    throw e
  }
}

/** The model snapshot of the file as a project, checked against the hashes the header recorded. */
function storedProject(file: string, reader: ResultsReader): Project {
  const h = reader.header
  const hashes = resultsHashes(h.project, ENGINE_VERSION)
  if (hashes.model !== h.hashes.model || hashes.settings !== h.hashes.settings)
    throw new CliError(
      EXIT.runInvalidProject,
      `${file}: the stored model or settings do not match the hashes recorded with them`,
    )
  const r = parseProject(JSON.stringify(h.project))
  if (!r.ok)
    throw new CliError(
      EXIT.runInvalidProject,
      `${file}: the stored model is not a valid project`,
      formatProblems(r.problems).split('\n'),
    )
  if (h.branch)
    throw new CliError(
      EXIT.runInvalidProject,
      `${file}: a what-if branch of ${h.branch.of} at t = ${h.branch.time}: its frames before that time ` +
        'come from another model; verify re-runs only runs of one model from the initial conditions',
    )
  if (h.settings) {
    // The settings the run used, defaults included: the project's own values are among them.
    const recorded = resolveSettings(h.settings)
    if (recorded.problems.length > 0)
      throw new CliError(
        EXIT.runInvalidProject,
        `${file}: the recorded settings are not valid here`,
        formatProblems(recorded.problems).split('\n'),
      )
    r.project.settings = recorded.settings
  }
  const startTime = r.project.settings.timeIntegration.startTime
  if (h.startTime !== startTime)
    throw new CliError(
      EXIT.runInvalidProject,
      `${file}: the run started at t = ${h.startTime} (from a checkpoint), not at the model's startTime ` +
        `${startTime}; verify re-runs only runs from the initial conditions`,
    )
  return r.project
}

/** The first frame value or sensor row value whose bits differ, in words; undefined when none does. */
function firstDifference(stored: ResultsReader, rerun: ResultsReader): string | undefined {
  const frames = Math.min(stored.frameCount, rerun.frameCount)
  const values = stored.header.frame.valuesPerRecord - 1
  const a = new Float64Array(values),
    b = new Float64Array(values)
  for (let i = 0; i < frames; i++) {
    const t = stored.frameTime(i)
    if (!sameBits(t, rerun.frameTime(i)))
      return `differs at frame ${i}: its time is ${t} in the file, ${rerun.frameTime(i)} in the re-run`
    stored.frame(i, a)
    rerun.frame(i, b)
    for (let k = 0; k < values; k++)
      if (!sameBits(a[k], b[k]))
        return (
          `differs at frame ${i} (t = ${t}): ${coordinateName(stored, k)} is ${a[k]} in the file, ` +
          `${b[k]} in the re-run`
        )
  }
  if (stored.frameCount !== rerun.frameCount)
    return (
      `the file has ${stored.frameCount} frames, the re-run ${rerun.frameCount} (the first ${frames} are ` +
      `identical)`
    )
  for (const item of stored.header.sensors.items) {
    const x = stored.sensor(item.name),
      y = rerun.sensor(item.name)
    const rows = Math.min(x.t.length, y.t.length)
    for (let r = 0; r < rows; r++)
      for (let k = -1; k < item.size; k++) {
        const [p, q] = k < 0 ? [x.t[r], y.t[r]] : [x.values[r * item.size + k], y.values[r * item.size + k]]
        if (!sameBits(p, q))
          return (
            `differs at sensor row ${r} (t = ${x.t[r]}): ` +
            `${k < 0 ? 'the time' : `sensor "${item.name}" value ${k}`} is ${p} in the file, ${q} in the ` +
            `re-run`
          )
      }
    if (x.t.length !== y.t.length)
      return `sensor "${item.name}" has ${x.t.length} rows in the file, ${y.t.length} in the re-run`
  }
  return undefined
}

const bits = new Float64Array(2)
const words = new Uint32Array(bits.buffer)
function sameBits(x: number, y: number): boolean {
  bits[0] = x
  bits[1] = y
  return words[0] === words[2] && words[1] === words[3]
}

/** Value k of a frame (after t) as "q[4] (node "n2" coordinate 1)". */
function coordinateName(reader: ResultsReader, k: number): string {
  const { frame, layout } = reader.header
  let at = k
  for (const [f, field] of frame.fields.entries()) {
    if (at >= frame.lengths[f]) {
      at -= frame.lengths[f]
      continue
    }
    const ode1 = field === 'y'
    const node =
      field === 'q' || field === 'v' || field === 'a' || ode1
        ? layout.nodes.find((n) =>
            ode1
              ? at >= n.ode1Index && at < n.ode1Index + n.nODE1
              : at >= n.ode2Index && at < n.ode2Index + n.nODE2,
          )
        : undefined
    const local = node
      ? ` (node "${node.name}" coordinate ${at - (ode1 ? node.ode1Index : node.ode2Index)})`
      : ''
    return `${field}[${at}]${local}`
  }
  return `value ${k}`
}
