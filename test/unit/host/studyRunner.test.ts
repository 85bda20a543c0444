// The app's studies in the host: the rows the worker processes send equal each case run alone in this
// process bit for bit, the folder holds the project, the study file and the table, a case's replay
// (`mbs run --set` with a results file) records the same sensor values as its row, Cancel stops the
// study short, and a bad study names its problems.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  memorySource,
  parseProject,
  ResultsReader,
  runStudyCase,
  studyCases,
  parseStudy,
  type JsonObject,
} from '../../../src/core'
import { createStudyRunner } from '../../../src/host/studyRunner'
import type { EventMessage, StudyFinishedEventData } from '../../../src/shared/api'
import { ApiError } from '../../../src/shared/protocol'

const REPO_ROOT = path.resolve(__dirname, '../../..')
const PENDULUM = fs.readFileSync(path.join(REPO_ROOT, 'resources/examples/pendulum.mbsproj'), 'utf8')
const OUTPUTS = [
  { sensor: 'bobPositionSensor', component: 1, statistic: 'min' },
  { sensor: 'bobPositionSensor', component: 0, statistic: 'final' },
]

function gravityStudy(values: number[]): JsonObject {
  return {
    parameters: [
      { path: 'gravity.loadVector', values: values.map((g) => [0, -g, 0]) },
      { path: 'timeIntegration.endTime', values: [0.2] },
      { path: 'timeIntegration.numberOfSteps', values: [200] },
    ],
    design: 'grid',
    outputs: OUTPUTS,
  }
}

const cacheDirs: string[] = []
afterAll(() => cacheDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

function runner() {
  const events: EventMessage[] = []
  let finished: (data: StudyFinishedEventData) => void = () => undefined
  const done = new Promise<StudyFinishedEventData>((resolve) => (finished = resolve))
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-study-runner-'))
  cacheDirs.push(cacheDir)
  const studies = createStudyRunner({
    cacheDir,
    emit: (event) => {
      events.push(event)
      if (event.event === 'studyFinished') finished(event.data)
    },
  })
  const rows = () => events.flatMap((e) => (e.event === 'studyProgress' ? [e.data] : []))
  return { studies, done, rows }
}

describe('the host study runner', () => {
  it('runs every case like the case alone and replays a case with the same values', async () => {
    const { studies, done, rows } = runner()
    // A "project" sent along is not the folder's: the study file names the copy the cases ran.
    const document = { ...gravityStudy([9.81, 1.62, 24.8]), project: '../elsewhere.mbsproj' }
    const started = studies.start(PENDULUM, null, document, 2)
    expect(started.cases).toBe(3)
    expect((await done).reason).toBe('completed')
    const progress = rows()
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3])
    expect(progress.every((p) => p.total === 3 && p.failed === 0)).toBe(true)

    const project = parseProject(PENDULUM)
    const studyFile = fs.readFileSync(path.join(started.folder, 'study.mbsstudy'), 'utf8')
    expect(Object.entries(JSON.parse(studyFile)).map(([key]) => key)).toEqual([
      'format',
      'version',
      'project',
      'parameters',
      'design',
      'outputs',
      'output',
    ])
    expect(JSON.parse(studyFile).project).toBe('project.mbsproj')
    const study = parseStudy(studyFile)
    if (!project.ok || !study.ok) throw new Error('fixtures')
    expect(fs.readFileSync(path.join(started.folder, 'project.mbsproj'), 'utf8')).toBe(PENDULUM)
    const cases = studyCases(study.study)
    for (const { row } of progress)
      expect(row.outputs).toEqual(runStudyCase(project.project, study.study.outputs, cases[row.case]).outputs)
    const csv = fs.readFileSync(path.join(started.folder, 'rows.csv'), 'utf8').trimEnd().split('\n')
    expect(csv).toHaveLength(4)

    // The replay is an independent run (`mbs run --set` writing a results file): its last sensor row
    // is the row's final value, bit for bit.
    const resultsPath = await studies.runCase(1)
    const reader = ResultsReader.open(memorySource(fs.readFileSync(resultsPath)))
    const history = reader.sensor('bobPositionSensor')
    const last = history.values[(history.t.length - 1) * history.size]
    const row = progress.find((p) => p.row.case === 1)!.row
    expect(last).toBe(row.outputs['bobPositionSensor[0].final'])
  }, 60_000)

  it('stops short on Cancel', async () => {
    const { studies, done, rows } = runner()
    studies.start(PENDULUM, null, gravityStudy(Array.from({ length: 40 }, (_, i) => 1 + i)), 1)
    studies.cancel()
    expect((await done).reason).toBe('cancelled')
    expect(rows().length).toBeLessThan(40)
  }, 30_000)

  it('names the problems of a bad study and refuses bad worker counts', () => {
    const { studies } = runner()
    const bad = { ...gravityStudy([1]), outputs: [{ sensor: 's', statistic: 'median' }] }
    const error = (() => {
      try {
        studies.start(PENDULUM, null, bad)
      } catch (e) {
        return e as ApiError
      }
    })()
    expect(error?.code).toBe('invalid-params')
    expect(error?.details?.problems?.map((p) => p.path)).toEqual(['outputs[0].statistic'])
    expect(() => studies.start(PENDULUM, null, gravityStudy([1]), 0)).toThrow(
      /workers must be an integer >= 1, got 0/,
    )
  })
})
