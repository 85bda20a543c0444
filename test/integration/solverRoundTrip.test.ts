// Protocol round trips through the backend and a real solver process: load, change, assemble, run,
// pause, resume, stop, step, static; errors for malformed and out-of-order requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../src/shared/protocol'
import { PENDULUM, SPRING_MASS, startTestBackend, type TestBackend } from './helpers'

let t: TestBackend
beforeAll(() => {
  t = startTestBackend()
})
afterAll(() => t.dispose())

const errorCode = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error instanceof ApiError ? error.code : String(error)),
  )

describe('solver process round trips', () => {
  it('opens a model and reports its items', async () => {
    const opened = await t.backend.call('openModel', { text: PENDULUM, title: 'pendulum.mbsproj' })
    expect(opened.summary.counts).toEqual({ nodes: 1, objects: 3, markers: 3, loads: 1, sensors: 1 })
    expect(opened.document).toEqual({ path: null, title: 'pendulum.mbsproj', modified: false })
    expect(await t.backend.call('assemble', undefined)).toMatchObject({ nODE2: 3, nAE: 1, nodeCount: 1 })
  })

  it('runs to the end with progress, frames and sensor rows, and reports finished', async () => {
    t.events.clear()
    const finished = t.events.next('finished')
    expect(await t.backend.call('run', { endTime: 0.5 })).toMatchObject({ state: 'running' })
    const done = await finished
    expect(done).toMatchObject({ reason: 'completed', state: 'finished' })
    expect(done.time).toBeCloseTo(0.5, 12)
    // 1000 steps/s: the step count is the end time over the step size of the file (2 / 2000).
    expect(done.statistics.steps).toBe(500)
    const frames = t.events.of('frames')
    expect(frames.length).toBeGreaterThan(0)
    const last = frames[frames.length - 1]
    expect(last.times[last.times.length - 1]).toBeCloseTo(0.5, 12)
    // The bob stays on the rod of length 1 (constraint satisfied to Newton tolerance).
    const n = last.times.length - 1
    const [x, y, z] = last.positions.slice(3 * n, 3 * n + 3)
    expect(Math.hypot(x, y, z)).toBeCloseTo(1, 6)
    const sensorRows = t.events.of('sensors').flatMap((batch) => batch.series)
    expect(sensorRows.every((series) => series.sensor === 'bobPositionSensor' && series.size === 3)).toBe(
      true,
    )
    expect(t.events.of('progress').length).toBeGreaterThan(0)
  })

  it('pauses, answers while paused, steps, resumes and stops', async () => {
    t.events.clear()
    await t.backend.call('run', { endTime: 1000 })
    await t.events.next('progress', (p) => p.step > 0)
    const paused = await t.backend.call('pause', undefined)
    expect(paused.state).toBe('paused')
    expect(await errorCode(t.backend.call('pause', undefined))).toBe('invalid-state')
    const stepped = await t.backend.call('step', { count: 3 })
    expect(stepped.step).toBe(paused.step + 3)
    expect(stepped.time).toBeCloseTo(paused.time + 3 * 0.001, 9)
    expect(await t.backend.call('resume', undefined)).toMatchObject({ state: 'running' })
    // A running model answers requests, and refuses changes with 'busy'.
    expect((await t.backend.call('getState', undefined)).state).toBe('running')
    expect(await errorCode(t.backend.call('applyChange', { patch: [] }))).toBe('busy')
    expect(await t.backend.call('stop', undefined)).toMatchObject({ state: 'idle', step: 0 })
    expect(t.events.of('finished').at(-1)).toMatchObject({ reason: 'stopped' })
  })

  it('single-steps a model that is not running', async () => {
    const status = await t.backend.call('step', undefined)
    expect(status).toMatchObject({ state: 'paused', step: 1 })
    await t.backend.call('stop', undefined)
  })

  it('applies a change: modify, rename with its references, add, delete', async () => {
    const summary = await t.backend.call('applyChange', {
      patch: [
        { op: 'modify', kind: 'objects', name: 'bob', set: { physicsMass: 2 } },
        { op: 'rename', kind: 'nodes', name: 'bobNode', newName: 'tip' },
        {
          op: 'add',
          kind: 'loads',
          item: { type: 'ForceVector', name: 'push', markerNumber: 'bobPosition', loadVector: [1, 0, 0] },
        },
      ],
    })
    expect(summary.counts.loads).toBe(2)
    const text = await t.backend.call('getModelText', undefined)
    expect(text).toContain('"nodeNumber": "tip"')
    expect(text).toContain('"physicsMass": 2')
    expect(t.backend.document().modified).toBe(true)
    await t.backend.call('applyChange', { patch: [{ op: 'delete', kind: 'loads', name: 'push' }] })
    expect(await t.backend.call('getModelText', undefined)).not.toContain('push')
  })

  it('rejects a change that breaks the model, all or nothing, with every problem listed', async () => {
    const before = await t.backend.call('getModelText', undefined)
    const error = await t.backend
      .call('applyChange', {
        patch: [
          { op: 'modify', kind: 'objects', name: 'bob', set: { physicsMass: 'heavy' } },
          { op: 'modify', kind: 'markers', name: 'pivot', set: { localPosition: [0, 0] } },
        ],
      })
      .catch((e: unknown) => e as ApiError)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).code).toBe('invalid-model')
    expect((error as ApiError).details?.problems?.length).toBeGreaterThanOrEqual(2)
    expect(await t.backend.call('getModelText', undefined)).toBe(before)
  })

  it('solves statically: a mass on a spring sinks by m g / k', async () => {
    // A dynamic endTime of 3 s: the static solve's progress must not be measured against it.
    const file = JSON.parse(SPRING_MASS) as { simulationSettings: { timeIntegration: { endTime: number } } }
    file.simulationSettings.timeIntegration.endTime = 3
    await t.backend.call('openModel', { text: JSON.stringify(file) })
    t.events.clear()
    const result = await t.backend.call('staticSolve', undefined)
    expect(result.state).toBe('finished')
    // Progress on the static solve's own scale (load factor 0..1), not the dynamic endTime: ends at 100 %.
    const progress = t.events.of('progress')
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.at(-1)).toMatchObject({ time: 1, endTime: 1 })
    const frames = t.events.of('frames')
    const last = frames[frames.length - 1]
    const y = last.positions[last.positions.length - 2]
    // Linear spring, small load: the static solution is exact up to the Newton tolerance (1e-8 relative).
    expect(y).toBeCloseTo(-(2 * 9.81) / 1000, 9)
  })

  it('answers malformed, unknown and out-of-order requests with structured errors', async () => {
    await t.backend.call('stop', undefined).catch(() => undefined)
    expect(await t.backend.respond({ id: 1, method: 'resume' })).toMatchObject({
      id: 1,
      error: { code: 'invalid-state' },
    })
    expect(await t.backend.respond({ id: 2, method: 'step', params: { count: -1 } })).toMatchObject({
      error: { code: 'invalid-params' },
    })
    expect(await t.backend.respond({ id: 3, method: 'applyChange', params: { patch: 'x' } })).toMatchObject({
      error: { code: 'invalid-params' },
    })
    expect(
      await t.backend.respond({ id: 4, method: 'applyChange', params: { patch: [{ op: 'explode' }] } }),
    ).toMatchObject({ error: { code: 'invalid-params' } })
    expect(
      await t.backend.respond({ id: 5, method: 'openModel', params: { text: '{"format": 1' } }),
    ).toMatchObject({ error: { code: 'invalid-model' } })
    expect(
      await t.backend.respond({ id: 6, method: 'saveCheckpoint', params: { path: '/tmp/x' } }),
    ).toMatchObject({ error: { code: 'invalid-state' } })
    expect(await t.backend.respond({ id: 7, method: 'launch' })).toMatchObject({
      error: { code: 'unknown-method' },
    })
    expect(await t.backend.respond(42)).toMatchObject({ id: -1, error: { code: 'bad-request' } })
  })
})
