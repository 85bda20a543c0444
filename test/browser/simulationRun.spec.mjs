// Through the web host in Chromium: open an example, run it from the toolbar, and see progress and
// step frames arrive (the status bar runs to 100 %, binary frame messages reach the page), then
// stop and single-step.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { FIXTURE_EXAMPLES, launchChromium, startHost } from './harness.mjs'

let browser
let host
before(async () => {
  browser = await launchChromium()
  host = await startHost({ examplesDir: FIXTURE_EXAMPLES })
})
after(async () => {
  await browser?.close()
  await host?.close()
})

test('runs the start example: progress and frames arrive, the run finishes at its end time', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  // Step frames and sensor rows are the binary messages of the API socket.
  let binaryMessages = 0
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => typeof payload !== 'string' && binaryMessages++),
  )
  try {
    await page.goto(host.url)
    await page.waitForSelector('canvas[data-rendered="true"]', { timeout: 15_000 })
    const run = page.getByRole('button', { name: 'Run', exact: true })
    await run.and(page.locator(':enabled')).waitFor({ timeout: 10_000 })
    await run.click()
    const state = page.getByTestId('run-state')
    await page.waitForFunction(
      () => document.querySelector('[data-testid="run-state"]')?.textContent === 'Finished',
      null,
      {
        timeout: 20_000,
      },
    )
    assert.equal(await state.textContent(), 'Finished')
    assert.equal(await page.getByRole('progressbar').getAttribute('aria-valuenow'), '100')
    assert.match(await page.locator('.status-bar').innerText(), /t = 2\.0000 s/)
    assert.ok(binaryMessages > 0, 'no frames reached the page')

    await page.getByRole('button', { name: 'Stop', exact: true }).click()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="run-state"]')?.textContent === 'Ready',
    )
    await page.getByRole('button', { name: 'Step', exact: true }).click()
    // A step after a stop starts a new run paused (runState 'Paused' at t = 0) and builds it before the
    // step's progress arrives: wait for the step itself, not only for the state.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="run-state"]')?.textContent === 'Paused' &&
        /t = 0\.0010 s/.test(document.querySelector('.status-bar')?.textContent ?? ''),
      null,
      { timeout: 10_000 },
    )
    assert.match(await page.locator('.status-bar').innerText(), /t = 0\.0010 s/)
    assert.equal(await page.getByTestId('run-state').textContent(), 'Paused')
    assert.deepEqual(errors, [])
  } finally {
    await page.close()
  }
})
