// The first run after opening a model, writing a results file: the results writer initializes the
// solver, which records the initial sensor rows, before the run's frame stream was set up for this
// model's sensors; that run failed with "Cannot read properties of undefined (reading 'values')".
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PENDULUM, startTestBackend, temporaryDir, type TestBackend } from './helpers'

let t: TestBackend
beforeAll(() => {
  t = startTestBackend()
})
afterAll(() => t.dispose())

it('a model with sensors runs to its end with a results file as the first run of the process', async () => {
  await t.backend.call('openModel', { text: PENDULUM })
  const finished = t.events.next('finished')
  await t.backend.call('run', { endTime: 0.1, resultsPath: join(temporaryDir(), 'pendulum.mbsres') })
  expect(await finished).toMatchObject({ reason: 'completed' })
  // The sensor rows reached the live plots, the initial one included (t = 0).
  const rows = t.events
    .of('sensors')
    .flatMap((batch) =>
      batch.series.flatMap((s) => Array.from(s.rows.filter((_, i) => i % (s.size + 1) === 0))),
    )
  expect(rows[0]).toBe(0)
})
