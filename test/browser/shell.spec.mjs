// The app shell in Chromium against the web host: layout, start example, selection, a drawn viewport.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { canvasStatsWhen, FIXTURE_EXAMPLES, launchChromium, outputPath, startHost } from './harness.mjs'

let browser
before(async () => {
  browser = await launchChromium()
})
after(() => browser?.close())

/** Opens the shell against a host serving the given examples; collects page errors. */
async function withShell(examplesDir, check) {
  const host = await startHost({ examplesDir })
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  try {
    await page.goto(host.url)
    await page.waitForSelector('canvas[data-rendered="true"]', { timeout: 15_000 })
    await check(page, errors)
  } finally {
    await page.close()
    await host.close()
  }
}

const groupCount = (page, kind) => page.locator(`.group-row[data-kind="${kind}"] .count`).textContent()

test('the shell shows toolbar, model tree, viewport and properties of the start example', async () => {
  await withShell(FIXTURE_EXAMPLES, async (page, errors) => {
    await page.waitForFunction(
      () => document.querySelector('[data-kind="objects"] .count')?.textContent === '3',
    )
    // With the model in the solver process, a run can start; there is nothing to pause yet.
    await page.getByRole('button', { name: 'Run', exact: true }).and(page.locator(':enabled')).waitFor()
    assert.equal(await page.getByRole('button', { name: 'Pause', exact: true }).isDisabled(), true)
    const counts = {}
    for (const kind of ['nodes', 'objects', 'markers', 'loads', 'sensors'])
      counts[kind] = await groupCount(page, kind)
    assert.deepEqual(counts, { nodes: '1', objects: '3', markers: '2', loads: '1', sensors: '1' })

    // The 3D view draws the axes and the mass point (a sphere in the engine's body colour).
    await page.waitForFunction(
      () => Number(document.querySelector('canvas[data-testid=viewport]')?.dataset.instances) > 0,
    )
    // Software WebGL under load can show the drawn scene some frames later: wait for it (up to 5 s).
    const unselected = await canvasStatsWhen(page, (stats) => stats.body > 20)
    assert.ok(unselected.distinctColors > 20, `viewport looks blank: ${JSON.stringify(unselected)}`)
    for (const feature of ['red', 'green', 'blue', 'body'])
      assert.ok(
        unselected[feature] > 20,
        `no ${feature} pixels (axes X/Y/Z, mass point): ${JSON.stringify(unselected)}`,
      )
    assert.equal(unselected.selected, 0, 'nothing is selected yet')

    await page.locator('.item-row', { hasText: 'mass' }).first().click()
    const properties = await page.locator('.property-panel').innerText()
    assert.match(properties, /MassPoint/)
    // The property editor shows values in its fields.
    assert.equal(
      await page.locator('.property-panel [data-param="physicsMass"] input').first().inputValue(),
      '1',
    )
    // Selected in the tree, the mass point turns the selection colour in the view.
    await page.waitForFunction(
      () => document.querySelector('canvas[data-testid=viewport]')?.dataset.selected === '1',
    )
    const selected = await canvasStatsWhen(page, (stats) => stats.selected > 20)
    // (A few anti-aliased pixels of the blue Z axis pass for the body colour.)
    assert.ok(
      selected.selected > 20 && selected.body < unselected.body / 10,
      `the selected mass point is not highlighted: ${JSON.stringify({ unselected, selected })}`,
    )
    await page.screenshot({ path: outputPath('shell.png') })
    assert.deepEqual(errors, [])
  })
})

test('a missing start example leaves an empty model and an error in the log', async () => {
  const emptyDir = mkdtempSync(join(tmpdir(), 'mbs-examples-'))
  try {
    await withShell(emptyDir, async (page, errors) => {
      const errorRow = page.locator('.log tr.error')
      await errorRow.waitFor({ timeout: 5_000 })
      assert.match(await errorRow.innerText(), /Could not open example "pendulum"/)
      assert.equal(await groupCount(page, 'nodes'), '0')
      assert.deepEqual(errors, [])
    })
  } finally {
    rmSync(emptyDir, { recursive: true })
  }
})
