// Runs in Chromium against the web host: a run of an unsaved model replays every frame of its
// results file (written to the run cache), the trace of a body has a point per frame; two runs of a
// spring with different stiffnesses are compared: both in the plot with a legend of their names, the
// other run drawn as a ghost in the 3D view, and the table of differences lists the stiffness alone.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { openApp, waitForRunState } from './harness.mjs'

let app
let page
before(async () => {
  app = await openApp('mbs-runs-')
  page = app.page
})
after(() => app?.close())

const row = (name) => page.locator(`.item-row[data-name="${name}"]`)
const tab = (name) => page.getByRole('tab', { name, exact: true })
const frameCount = () => page.locator('.timeline-view .frames').textContent()

async function run() {
  const button = page.getByRole('button', { name: 'Run', exact: true })
  await button.and(page.locator(':enabled')).waitFor({ timeout: 10_000 })
  await button.click()
  await waitForRunState(page, 'Finished', 30_000)
}

/** Waits until the Runs tab lists `count` runs. */
const runsListed = (count) =>
  page.waitForFunction((n) => document.querySelectorAll('[data-testid=runs] tbody tr').length === n, count, {
    timeout: 15_000,
  })

test('a run of an unsaved model replays every frame of its results file; the trace has one point each', async () => {
  // The start example (no file): endTime 2 s, frames every 0.01 s (the default solutionWritePeriod).
  const expected = 2 / 0.01 + 1
  await run()
  await tab('Timeline').click()
  await page.waitForFunction(
    (n) => document.querySelector('.timeline-view .frames')?.textContent === `${n} frames`,
    expected,
    { timeout: 15_000 },
  )
  assert.equal(await frameCount(), `${expected} frames`)
  await row('mass').click()
  await page.getByLabel('Trace selected').check()
  await page.waitForFunction(
    (n) => document.querySelector('canvas[data-testid=viewport]')?.dataset.tracePoints === String(n),
    expected,
    { timeout: 10_000 },
  )
  await tab('Runs').click()
  await runsListed(1)
  assert.equal(await page.locator('[data-testid=runs] input.name').first().inputValue(), 'Run 1')
  assert.match(await page.getByTestId('runs').innerText(), /\.mbs-runs\/pendulum-\d{8}T\d{6}-\d+-1\.mbsres/)
  assert.deepEqual(app.errors, [])
})
