// Every run writes its results file: a model without a file into the run cache, which readResults
// reads whole (every frame at solutionWritePeriod, whatever the live view was sent) without touching
// the run; a live change of a paused run ends its file there and keeps the run; a stopped run's file
// holds its frames to the stop.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PENDULUM, SPRING_MASS, startTestBackend, temporaryDir, type TestBackend } from './helpers'

const cacheDir = join(temporaryDir(), 'runs')
let t: TestBackend
beforeAll(() => {
  t = startTestBackend({ runCache: { dir: cacheDir } })
})
afterAll(() => t.dispose())

it('a run of an unsaved model writes every frame to the run cache, read whole by readResults', async () => {
  await t.backend.call('openModel', { text: PENDULUM })
  t.events.clear()
  const finished = t.events.next('finished')
  await t.backend.call('run', undefined)
  const end = await finished
  expect(end.reason).toBe('completed')
  expect(end.resultsPath).toMatch(/Untitled-.*\.mbsres$/)
  expect(end.resultsPath!.startsWith(cacheDir)).toBe(true)

  const data = await t.backend.call('readResults', { path: end.resultsPath! })
  // endTime 2 s written every 0.01 s: 200 intervals and the initial frame.
  expect(data).toMatchObject({ frames: 201, frameStride: 1, nodeCount: 1, coordinateCount: 3 })
  expect(data.times.length).toBe(201)
  // The frame times are the write period's multiples; each lies on a step (h = 1 ms), whose times
  // accumulate rounding of a few ulps of 2 s over 2000 additions: 1e-12 s.
  data.times.forEach((time, k) => expect(Math.abs(time - 0.01 * k)).toBeLessThan(1e-12))
  // A point node's position is its reference (1, 0, 0) plus its coordinates, exactly.
  for (let k = 0; k < 201; k++)
    for (let c = 0; c < 3; c++)
      expect(data.positions[3 * k + c]).toBe([1, 0, 0][c] + data.coordinates[3 * k + c])
  // The live view got fewer frames (at most 60 per wall second), the file all of them.
  const live = t.events.of('frames').reduce((n, batch) => n + batch.times.length, 0)
  expect(live).toBeLessThanOrEqual(201)
  // The sensor rows are those streamed live, bit for bit (the same recorder wrote both).
  const streamed = t.events.of('sensors').flatMap((batch) => [...batch.series[0].rows])
  expect(
    Buffer.from(data.sensors[0].rows.buffer).equals(Buffer.from(Float64Array.from(streamed).buffer)),
  ).toBe(true)
  // Reading changed nothing: the finished run is still there.
  expect(await t.backend.call('getState', undefined)).toMatchObject({ state: 'finished' })
})

it('a live change of a paused run ends its results file there and the run goes on without one', async () => {
  await t.backend.call('openModel', { text: SPRING_MASS })
  const before = new Set(readdirSync(cacheDir))
  const progressed = t.events.next('progress', (p) => p.time > 0.05)
  await t.backend.call('run', { realTimeFactor: 0.5 })
  await progressed
  const paused = await t.backend.call('pause', undefined)
  await t.backend.call('edit', {
    patch: [{ op: 'modify', kind: 'loads', name: 'gravity', set: { loadVector: [0, -5, 0] } }],
  })
  expect(await t.backend.call('getState', undefined)).toMatchObject({ state: 'paused', time: paused.time })
  const finished = t.events.next('finished')
  await t.backend.call('setPace', { realTimeFactor: 0 })
  await t.backend.call('resume', undefined)
  const end = await finished
  expect(end).toMatchObject({ reason: 'completed', time: 1 })
  expect(end.resultsPath).toBeUndefined()
  // The file holds the run up to the pause, with the model it was computed with.
  const [name] = readdirSync(cacheDir).filter((entry) => !before.has(entry))
  const data = await t.backend.call('readResults', { path: join(cacheDir, name) })
  expect(data.times.at(-1)).toBeLessThanOrEqual(paused.time)
  const stored = JSON.parse(data.project) as { model: { loads: { loadVector: number[] }[] } }
  expect(stored.model.loads[0].loadVector).toEqual([0, -9.81, 0])
})

it('a stopped run names its results file, which holds every frame to the stop', async () => {
  // Long enough to be stopped while it computes (the stop ends the solver's thread: threads.ts).
  const long = JSON.parse(PENDULUM) as { simulationSettings: { timeIntegration: Record<string, number> } }
  long.simulationSettings.timeIntegration = { endTime: 1000, numberOfSteps: 1_000_000 }
  await t.backend.call('openModel', { text: JSON.stringify(long) })
  const progressed = t.events.next('progress', (p) => p.time > 0.5)
  await t.backend.call('run', undefined)
  await progressed
  const finished = t.events.next('finished')
  await t.backend.call('stop', undefined)
  const end = await finished
  expect(end.reason).toBe('stopped')
  expect(end.resultsPath!.startsWith(cacheDir)).toBe(true)
  const data = await t.backend.call('readResults', { path: end.resultsPath! })
  // Frames every 0.01 s (the pendulum's solutionWritePeriod) from 0 to the last one written.
  const last = data.times.at(-1)!
  expect(last).toBeGreaterThan(0.5)
  expect(data.times.length).toBe(Math.round(last / 0.01) + 1)
  data.times.forEach((time, k) => expect(Math.abs(time - 0.01 * k)).toBeLessThan(1e-9))
})

it('disposing the backend removes the results files it wrote to the run cache', () => {
  const files = readdirSync(cacheDir)
  expect(files.length).toBe(3)
  t.dispose()
  expect(files.filter((file) => existsSync(join(cacheDir, file)))).toEqual([])
})
