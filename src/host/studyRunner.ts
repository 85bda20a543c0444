// The app's parameter studies (the Study tab): the study the renderer set up, run on the model as it is
// now with the command line's own machinery (src/node/studyPool.ts: worker processes running `mbs
// __study-worker`), one row per finished case in the study folder and as a 'studyProgress' event. The
// folder holds the project as run and a study file naming it, so `mbs study FOLDER/study.mbsstudy` runs
// the same study from a terminal. A case's replay is `mbs run --set` of that case with a results file.
import { mkdirSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import { basename, dirname, join } from 'node:path'
import {
  parseStudy,
  studyCases,
  STUDY_FORMAT,
  STUDY_VERSION,
  type JsonObject,
  type Study,
  type StudyCase,
  type StudyRow,
} from '../core'
import { canonicalJson } from '../core/model/canonicalJson'
import { writeFileAtomic } from '../node/atomicWrite'
import { runPool } from '../node/studyPool'
import { StudyRows } from '../node/studyRows'
import { MBS_SCRIPT, runMbs } from './mbsRun'
import type { EventMessage, StudyStarted } from '../shared/api'
import { ApiError } from '../shared/protocol'

export interface StudyRunnerOptions {
  emit(event: EventMessage): void
  /** The `mbs` script the worker processes run; defaults to this checkout's bin/mbs.cjs. */
  mbs?: string
  /** Where studies of a model without a file go; defaults to a folder in the system's temporary folder. */
  cacheDir?: string
}

export interface StudyRunner {
  start(projectText: string, projectPath: string | null, study: JsonObject, workers?: number): StudyStarted
  cancel(): void
  /** Runs case `index` of the last study with a results file; resolves with the file's path. */
  runCase(index: number): Promise<string>
}

const PROJECT_COPY = 'project.mbsproj'
const STUDY_FILE = 'study.mbsstudy'

interface RunningStudy {
  folder: string
  study: Study
  cases: StudyCase[]
  controller: AbortController
}

export function createStudyRunner(options: StudyRunnerOptions): StudyRunner {
  const mbs = options.mbs ?? MBS_SCRIPT
  let last: RunningStudy | null = null
  let running = false

  function prepareFolder(projectPath: string | null): string {
    if (projectPath) {
      const folder = join(dirname(projectPath), `${basename(projectPath).replace(/\.mbsproj$/i, '')}-study`)
      mkdirSync(folder, { recursive: true })
      return folder
    }
    const cache = options.cacheDir ?? join(os.tmpdir(), 'mbs-studio-studies')
    mkdirSync(cache, { recursive: true })
    return mkdtempSync(join(cache, 'study-'))
  }

  return {
    start(projectText, projectPath, document, workers = os.availableParallelism()) {
      if (running) throw new ApiError('busy', 'A study is running: cancel it or wait for it to finish')
      // The keys in the order of docs/file-formats.md; the folder's own project and rows, whatever was sent.
      const { project: _project, output: _output, ...setup } = document
      const file: JsonObject = {
        format: STUDY_FORMAT,
        version: STUDY_VERSION,
        project: PROJECT_COPY,
        ...setup,
        output: '.',
      }
      const parsed = parseStudy(JSON.stringify(file))
      if (!parsed.ok)
        throw new ApiError('invalid-params', 'The study cannot run as set up', { problems: parsed.problems })
      if (!Number.isInteger(workers) || workers < 1)
        throw new ApiError('invalid-params', `runStudy: workers must be an integer >= 1, got ${workers}`)
      const study = parsed.study
      const cases = studyCases(study)
      let folder: string
      let rows: StudyRows
      try {
        folder = prepareFolder(projectPath)
        writeFileAtomic(join(folder, PROJECT_COPY), projectText)
        writeFileAtomic(join(folder, STUDY_FILE), canonicalJson(file) + '\n')
        rows = new StudyRows(study, folder)
        rows.reset([])
      } catch (error) {
        throw new ApiError('io-error', `Cannot write the study folder: ${(error as Error).message}`)
      }
      const controller = new AbortController()
      last = { folder, study, cases, controller }
      running = true
      const started = performance.now()
      let done = 0
      let failed = 0
      const onRow = (row: StudyRow) => {
        rows.append(row)
        done++
        if (row.status === 'failed') failed++
        const elapsed = (performance.now() - started) / 1000
        options.emit({ event: 'studyProgress', data: { row, done, failed, total: cases.length, elapsed } })
      }
      const finish = (reason: 'completed' | 'cancelled' | 'failed', message?: string) => {
        running = false
        options.emit({
          event: 'studyFinished',
          data: { reason, folder, ...(message !== undefined ? { message } : {}) },
        })
      }
      const work = { key: folder, projectText, outputs: study.outputs }
      runPool({ work, cases, workers, onRow, mbs, signal: controller.signal })
        .then(() => rows.flush())
        .then(
          () => finish(controller.signal.aborted ? 'cancelled' : 'completed'),
          (error: Error) => finish('failed', error.message),
        )
      return { folder, cases: cases.length }
    },

    cancel() {
      last?.controller.abort()
    },

    runCase(index) {
      const study = last
      const c = study?.cases[index]
      if (!study || !c)
        return Promise.reject(new ApiError('not-found', `runStudyCase: the last study has no case ${index}`))
      const casesDir = join(study.folder, 'cases')
      const args = [join(study.folder, PROJECT_COPY)]
      for (const o of c.overrides) args.push('--set', `${o.path}=${JSON.stringify(o.value)}`)
      mkdirSync(casesDir, { recursive: true })
      return runMbs(mbs, args, join(casesDir, `case-${index}.mbsres`), `Case ${index}`)
    },
  }
}
