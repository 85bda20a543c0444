// The Study tab's store: the setup becomes the study file `mbs study` reads (checked with the engine's
// reader, so its problems are the CLI's), the ETA is the mean time per finished case times the cases
// left, the plot's points come sorted by x with their cases, and the progress events fill the table
// in case order; the exported CSV is the study folder's rows.csv format.
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getItemType, settingsSchemaEntries, type StudyRow } from '../../../../src/core'
import type { ApiEvents } from '../../../../src/shared/api'

const listeners = new Map<string, ((data: unknown) => void)[]>()
const emit = <E extends keyof ApiEvents>(event: E, data: ApiEvents[E]) =>
  listeners.get(event)?.forEach((listener) => listener(data))
const sent: unknown[] = []

vi.mock('../../../../src/renderer/api', () => ({
  api: {
    on: (event: string, listener: (data: unknown) => void) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener])
      return () => undefined
    },
    runStudy: async (params: unknown) => (sent.push(params), { folder: '/p/spring-study', cases: 3 }),
  },
}))

const { checkStudy, etaSeconds, plotPoints, studyDocument, useStudyStore } =
  await import('../../../../src/renderer/stores/study')

const row = (c: number, k: number, x: number | null): StudyRow => ({
  case: c,
  status: x === null ? 'failed' : 'ok',
  wallTime: 0.01,
  parameters: { 'spring.stiffness': k },
  outputs: { 'position[0].final': x },
})

describe('the study store', () => {
  beforeEach(() => {
    listeners.clear()
    sent.length = 0
    setActivePinia(createPinia())
  })

  it('writes the study file of the setup, with ranges expanded by the engine', () => {
    const document = studyDocument(
      [
        { path: 'spring.stiffness', kind: 'list', values: '10, 40, 90', from: 0, to: 0, count: 0 },
        { path: 'mass.physicsMass', kind: 'log', values: '', from: 0.1, to: 10, count: 3 },
      ],
      { type: 'grid' },
      [{ sensor: 'position', component: 0, statistic: 'at', at: 0.5 }],
    )
    const study = checkStudy(document)
    if (Array.isArray(study)) throw new Error(JSON.stringify(study))
    expect(study.parameters[0].values).toEqual([10, 40, 90])
    // Log range 0.1 .. 10 in 3 values: both ends exact, the middle the geometric mean 1 (to round-off).
    const [a, b, c] = study.parameters[1].values as number[]
    expect([a, c]).toEqual([0.1, 10])
    expect(b).toBeCloseTo(1, 14)
    expect(study.outputs[0].name).toBe('position[0]@0.5')
  })

  it("reports a list that is not values, and the engine's problems, by parameter", () => {
    const bad = checkStudy(
      studyDocument(
        [{ path: 'spring.stiffness', kind: 'list', values: '10, forty', from: 0, to: 0, count: 0 }],
        { type: 'grid' },
        [],
      ),
    )
    expect(bad).toEqual([
      {
        path: 'parameters[0].values',
        message: 'spring.stiffness: expected values separated by commas, such as 1, 2.5, 4; got "10, forty"',
      },
    ])
    const log = checkStudy(
      studyDocument(
        [{ path: 'spring.stiffness', kind: 'log', values: '', from: 0, to: 10, count: 3 }],
        { type: 'grid' },
        [{ sensor: 'position', component: 0, statistic: 'final', at: 0 }],
      ),
    )
    expect(log).toEqual([{ path: 'parameters[0]', message: 'a log range needs from > 0 and to > 0' }])
  })

  it('estimates the time left from the mean time per finished case', () => {
    expect(etaSeconds(0, 10, 0)).toBeNull()
    expect(etaSeconds(4, 10, 2)).toBe(3)
    expect(etaSeconds(10, 10, 5)).toBeNull()
  })

  it('plots numeric points sorted by x (parameter or output), each with its case; failures left out', () => {
    const rows = [row(0, 90, 0.9), row(1, 10, 1.1), row(2, 40, null), row(3, 160, 1.0)]
    const points = plotPoints(
      rows,
      { key: 'spring.stiffness', kind: 'parameter' },
      { key: 'position[0].final', kind: 'output' },
    )
    expect(points).toEqual({ x: [10, 90, 160], y: [1.1, 0.9, 1.0], cases: [1, 0, 3] })
    // Two outputs against each other: x is an output column too.
    const max = (r: StudyRow, v: number): StudyRow => ({
      ...r,
      outputs: { ...r.outputs, 'position[0].max': v },
    })
    const both = [max(row(0, 90, 0.9), 3), max(row(1, 10, 1.1), 1), max(row(2, 40, 1.2), 2)]
    expect(
      plotPoints(
        both,
        { key: 'position[0].max', kind: 'output' },
        { key: 'position[0].final', kind: 'output' },
      ),
    ).toEqual({ x: [1, 2, 3], y: [1.1, 1.2, 0.9], cases: [1, 2, 0] })
  })

  it('offers "Vary in a study" for numbers only, under the path mbs run --set takes', () => {
    const study = useStudyStore()
    const spring = getItemType('object', 'ConnectorSpringDamper')!.parameters
    expect(study.varyEntries('spring.markerNumbers', spring.markerNumbers, [])).toEqual([])
    expect(study.varyEntries('spring.stiffness', spring.stiffness, 10)).toHaveLength(1)
    const endTime = settingsSchemaEntries().find((e) => e.path === 'timeIntegration.endTime')!.spec
    const [entry] = study.varyEntries('timeIntegration.endTime', endTime, 2)
    expect(entry.label).toBe('Vary in a study')
    entry.action()
    expect(study.parameters.map((p) => [p.path, p.values])).toEqual([['timeIntegration.endTime', '2']])
  })

  it('runs the setup, fills the table in case order and exports it as rows.csv', async () => {
    const study = useStudyStore()
    study.listen()
    study.vary('spring.stiffness', 10)
    study.vary('spring.stiffness', 10)
    expect(study.parameters).toHaveLength(1)
    expect(study.shown).toBe(2)
    study.parameters[0].values = '10, 40, 90'
    study.addOutput('position')
    await study.run()
    expect(sent).toEqual([
      {
        study: {
          parameters: [{ path: 'spring.stiffness', values: [10, 40, 90] }],
          design: 'grid',
          outputs: [{ sensor: 'position', component: 0, statistic: 'final' }],
        },
        workers: 2,
      },
    ])
    expect(study.status).toBe('running')
    expect(study.total).toBe(3)
    emit('studyProgress', { row: row(1, 40, 1.1), done: 1, failed: 0, total: 3, elapsed: 0.5 })
    emit('studyProgress', { row: row(0, 10, 0.9), done: 2, failed: 0, total: 3, elapsed: 0.8 })
    expect(study.rows.map((r) => r.case)).toEqual([0, 1])
    expect(study.eta).toBeCloseTo(0.4, 15)
    emit('studyProgress', { row: row(2, 90, null), done: 3, failed: 1, total: 3, elapsed: 1.2 })
    emit('studyFinished', { reason: 'completed', folder: '/p/spring-study' })
    expect(study.status).toBe('completed')
    expect(study.csv().split('\n')).toEqual([
      'case,status,spring.stiffness,position[0].final,wallTime,error',
      '0,ok,10,0.9,0.01,',
      '1,ok,40,1.1,0.01,',
      '2,failed,90,,0.01,',
      '',
    ])
  })
})
