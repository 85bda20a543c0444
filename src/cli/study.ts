// `mbs study STUDY [--workers N | --queue URL] [--resume]`: runs every case of a study file on a pool of
// worker processes, or on a BullMQ queue served by `mbs worker` (studyQueue.ts), and writes one row per
// finished case to the study folder (src/node/studyRows.ts). The folder keeps the study's canonical text and
// what its rows were computed from (the project's hash, the engine build), so --resume refuses a study, a
// project or an engine that changed and runs only the missing cases.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  formatProblems,
  parseStudy,
  studyCases,
  studyText,
  writeProject,
  type Study,
  type StudyRow,
} from '../core'
import { ENGINE_BUILD, ENGINE_VERSION, differentBuilds, engineName } from '../core/engineVersion'
import { writeFileAtomic } from '../node/atomicWrite'
import { CliError, EXIT } from './errors'
import type { CliIO } from './io'
import { systemErrorText } from '../node/ioError'
import { readInputFile, requireProject } from './projectFile'
import { requireOverridden } from './overrides'
import { cpuMs } from '../node/caseRunner'
import { StudyPool } from '../node/studyPool'
import { StudyRows } from '../node/studyRows'
import { progressBar, studySummary, type StudyTimes } from './studySummary'

export interface StudyArgs {
  workers?: number
  queue?: string
  resume: boolean
  json?: boolean
}

const STUDY_COPY = 'study.json'
const RUN_RECORD = 'run.json'

/** What the rows of a study folder were computed from (RUN_RECORD). */
interface RunRecord {
  /** SHA-256 (hex) of the project's canonical text, before the cases' overrides. */
  projectSha256: string
  engineVersion: string
  engineBuild: string
}

export async function studyCommand(studyFile: string, args: StudyArgs, io: CliIO): Promise<number> {
  const entered = performance.now()
  const enteredCpu = cpuMs()
  // Forked first: the workers start (Node, the bundle) while this process reads and checks the study.
  const pool =
    args.queue === undefined
      ? new StudyPool(args.workers ?? os.availableParallelism(), undefined, args.json)
      : undefined
  try {
    return await runStudy(studyFile, args, io, pool, { entered, enteredCpu })
  } finally {
    pool?.kill()
  }
}

async function runStudy(
  studyFile: string,
  args: StudyArgs,
  io: CliIO,
  pool: StudyPool | undefined,
  start: Pick<StudyTimes, 'entered' | 'enteredCpu'>,
): Promise<number> {
  const study = requireStudy(studyFile)
  const base = path.dirname(path.resolve(studyFile))
  const projectFile = path.resolve(base, study.project)
  const project = requireProject(projectFile, EXIT.runInvalidProject)
  const cases = studyCases(study)
  // The first case must apply before anything runs: a misspelt path fails now, not in every row.
  requireOverridden(project, cases[0].overrides)
  const dir = path.resolve(base, study.output)
  const rows = new StudyRows(study, dir)
  const projectText = writeProject(project)
  const run: RunRecord = {
    projectSha256: createHash('sha256').update(projectText).digest('hex'),
    engineVersion: ENGINE_VERSION,
    engineBuild: ENGINE_BUILD,
  }
  const done = prepareFolder(study, run, projectFile, dir, rows, args.resume)
  const todo = cases.filter((c) => !done.has(c.index))

  const work = {
    // Names the study and its project on a queue: the same study of the same project resumes its jobs.
    key: createHash('sha256').update(studyText(study)).update(projectText).digest('hex').slice(0, 16),
    projectText,
    outputs: study.outputs,
  }
  const started = performance.now()
  const startedCpu = cpuMs()
  const rowTimes: number[] = []
  let rowWork = 0
  let finished = 0
  let failed = 0
  const onRow = (row: StudyRow) => {
    const t = performance.now()
    rows.append(row)
    rowTimes.push(t)
    finished++
    if (row.status === 'failed') {
      failed++
      io.err(`mbs study: case ${row.case} failed: ${row.error}`)
    }
    io.progress?.(progressBar(finished, todo.length, failed, (t - started) / 1000))
    rowWork += performance.now() - t
  }
  if (args.queue !== undefined) {
    // Loaded only for a queue: BullMQ and ioredis take longer to load than the cases of a short study.
    const { runQueue } = await import('./studyQueue')
    await runQueue({
      url: args.queue,
      work,
      cases: todo,
      onRow,
      onNotice: (line) => io.err(`mbs study: ${line}`),
    })
  } else if (pool) await pool.run(work, todo, onRow)
  const lastRow = performance.now()
  await rows.flush()
  io.progress?.('')
  const skipped = cases.length - todo.length
  io.out(
    `Done: ${finished} case${finished === 1 ? '' : 's'} run (${failed} failed)` +
      (skipped > 0 ? `, ${skipped} already in the folder` : '') +
      `; rows in ${path.join(dir, 'rows.csv')}`,
  )
  if (args.json) {
    const times = { ...start, started, startedCpu, rowTimes, rowWork, lastRow, workers: pool?.times ?? [] }
    io.out(JSON.stringify({ cases: finished, failed, skipped, ...studySummary(times) }))
  }
  return EXIT.ok
}

function requireStudy(file: string): Study {
  const r = parseStudy(readInputFile(file, 'study').toString('utf8'))
  if (r.ok) return r.study
  const n = r.problems.length
  throw new CliError(
    EXIT.invalidProject,
    `"${file}" is not a valid study (${n} problem${n === 1 ? '' : 's'})`,
    formatProblems(r.problems).split('\n'),
  )
}

/**
 * The cases already done (with --resume), after checking that the folder's rows come from this same
 * study, project and engine.
 */
function prepareFolder(
  study: Study,
  run: RunRecord,
  projectFile: string,
  dir: string,
  rows: StudyRows,
  resume: boolean,
): Set<number> {
  const copy = path.join(dir, STUDY_COPY)
  const record = path.join(dir, RUN_RECORD)
  try {
    fs.mkdirSync(dir, { recursive: true })
    const text = studyText(study)
    const existing = rows.read()
    if (fs.existsSync(copy) && existing.length > 0) {
      if (!resume)
        throw new CliError(
          EXIT.cannotCreate,
          `the study folder "${dir}" already holds ${existing.length} rows; add --resume to continue it ` +
            `or choose another "output"`,
        )
      if (fs.readFileSync(copy, 'utf8') !== text)
        throw new CliError(
          EXIT.usage,
          `--resume: the study changed since "${dir}" was started; choose another "output" for the new study`,
        )
      // Folders of earlier versions have no record: their rows are taken as they are.
      if (fs.existsSync(record)) requireSameRun(readRunRecord(record), run, projectFile, dir, existing.length)
    }
    writeFileAtomic(copy, text)
    writeFileAtomic(record, `${JSON.stringify(run, null, 2)}\n`)
    // A case appears once: a duplicate (a case finished twice around a kill) keeps its first row.
    const seen = new Set<number>()
    const kept = (resume ? existing : []).filter((r) => !seen.has(r.case) && seen.add(r.case))
    rows.reset(kept)
    return seen
  } catch (e) {
    if (e instanceof CliError) throw e
    throw new CliError(EXIT.cannotCreate, `cannot write the study folder "${dir}": ${systemErrorText(e)}`)
  }
}

function readRunRecord(file: string): RunRecord {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Record<keyof RunRecord, unknown>>
    const { projectSha256, engineVersion, engineBuild } = r
    if (
      typeof projectSha256 === 'string' &&
      typeof engineVersion === 'string' &&
      typeof engineBuild === 'string'
    )
      return { projectSha256, engineVersion, engineBuild }
  } catch {
    // Reported below with the file's name, as a record that says nothing.
  }
  throw new CliError(
    EXIT.usage,
    `--resume: "${file}" does not say what the folder's rows were computed from; choose another "output"`,
  )
}

/** Rows of one study come from one model and one engine: --resume refuses to add rows of others. */
function requireSameRun(
  before: RunRecord,
  now: RunRecord,
  projectFile: string,
  dir: string,
  n: number,
): void {
  const rowsOf = `the ${n} row${n === 1 ? '' : 's'} in "${dir}"`
  if (before.projectSha256 !== now.projectSha256)
    throw new CliError(
      EXIT.usage,
      `--resume: "${projectFile}" changed since ${rowsOf} were computed; restore it, or choose another ` +
        `"output" for the changed project`,
    )
  const build = (r: RunRecord) => engineName(r.engineVersion, r.engineBuild)
  if (before.engineVersion !== now.engineVersion || differentBuilds(before.engineBuild, now.engineBuild))
    throw new CliError(
      EXIT.usage,
      `--resume: ${rowsOf} were computed by ${build(before)}, this is ${build(now)}; finish the study ` +
        `with that one, or choose another "output"`,
    )
}
