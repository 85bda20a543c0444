// The app shell in Chromium against the web host: layout, start example, selection, a drawn viewport.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { FIXTURE_EXAMPLES, launchChromium, outputPath, startHost } from './harness.mjs'

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

/** Waits until Babylon has drawn frames after the latest scene change. */
const nextFrames = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

/** Counts pixels of the axis and node colors, and distinct colors, in a PNG (decoded by the page). */
function colorStats(page, png) {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')
    context.drawImage(bitmap, 0, 0)
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    const stats = { distinctColors: 0, red: 0, green: 0, blue: 0, orange: 0 }
    const colors = new Set()
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]]
      colors.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4))
      if (r > 180 && g < 110 && b < 110) stats.red++
      if (g > 150 && r < 130 && b < 130) stats.green++
      if (b > 200 && r < 130 && g < 170) stats.blue++
      if (r > 150 && g > 90 && g < 190 && b < 90 && r - g > 40) stats.orange++
    }
    stats.distinctColors = colors.size
    return stats
  }, png.toString('base64'))
}

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

    await page.locator('.item-row', { hasText: 'mass' }).first().click()
    const properties = await page.locator('.property-panel').innerText()
    assert.match(properties, /MassPoint/)
    // The property editor shows values in its fields.
    assert.equal(await page.locator('.property-panel [data-param="physicsMass"] input').first().inputValue(), '1')
    await nextFrames(page)

    await page.screenshot({ path: outputPath('shell.png') })
    const stats = await colorStats(page, await page.locator('canvas').screenshot())
    assert.ok(stats.distinctColors > 20, `viewport looks blank: ${JSON.stringify(stats)}`)
    for (const feature of ['red', 'green', 'blue', 'orange']) {
      assert.ok(stats[feature] > 20, `no ${feature} pixels (axes X/Y/Z, node): ${JSON.stringify(stats)}`)
    }
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
