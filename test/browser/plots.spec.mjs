// The Plots tab in Chromium against the web host: a system energy sensor created with nothing
// selected, plotted with its axis label "Energy [J]"; an expression of channels (a - b) plotted and
// exported as CSV, equal to the difference of its channels row by row; a bad expression's message; an
// x-y plot with equal aspect; the plot PNG at 1600 x 900, decoded in the page.
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import { openApp, outputPath, waitForRunState } from './harness.mjs'

let app
let page

before(async () => {
  app = await openApp('mbs-plots-')
  page = app.page
  await waitForRunState(page, 'Ready', 20_000)
})
after(() => app?.close())

const plot = () => page.getByTestId('plot')
const series = (label) => page.locator('.series-list label.series', { hasText: label }).locator('input')

/** Checks exactly the listed series of the time plot. */
async function plotOnly(labels) {
  for (const box of await page.locator('.series-list label input[type=checkbox]').all()) {
    const label = (await box.locator('..').innerText()).trim()
    if ((await box.isChecked()) !== labels.includes(label)) await box.click()
  }
}

async function downloaded(click) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()])
  return readFileSync(await file.path())
}

test('an energy sensor of the whole system, plotted with the label Energy [J]', async () => {
  await page.click('[data-create=sensor]')
  // Nothing is selected: the dialog offers the system energies, TotalEnergy first.
  assert.equal(await page.locator('.dialog select').inputValue(), 'TotalEnergy')
  await page.click('.dialog button[type=submit]')
  await page.locator('.dialog').waitFor({ state: 'detached' })
  await page.waitForFunction(
    () => document.querySelector('[data-kind="sensors"] .count')?.textContent === '2',
  )
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await waitForRunState(page, 'Finished', 30_000)
  await page.click('.tab:has-text("Plots")')
  await page.locator('.plot-host canvas').waitFor()
  await plotOnly(['systemTotalEnergy'])
  await page.waitForFunction(
    () => document.querySelector('[data-testid=plot]')?.dataset.yLabel === 'Energy [J]',
  )
  assert.equal(await plot().getAttribute('data-x-label'), 't [s]')
  await page.screenshot({ path: outputPath('plots-energy.png') })
})

test('an expression a - b is plotted with its unit and exported equal to the difference', async () => {
  await page.fill('input[aria-label="Expression of channels"]', 'position.x - position.y')
  await page.press('input[aria-label="Expression of channels"]', 'Enter')
  await plotOnly(['position.x', 'position.y', 'position.x - position.y'])
  await page.waitForFunction(
    () => document.querySelector('[data-testid=plot]')?.dataset.yLabel === 'Position [m]',
  )
  await page.screenshot({ path: outputPath('plots-expression.png') })
  const csv = (await downloaded(() => page.click('.exports button:has-text("CSV")')))
    .toString()
    .trim()
    .split('\n')
  assert.equal(csv[0], 't,position.x,position.y,position.x - position.y')
  assert.ok(csv.length > 100, `only ${csv.length} CSV lines`)
  for (const line of csv.slice(1)) {
    const [, x, y, d] = line.split(',').map(Number)
    assert.equal(d, x - y)
  }
  // A name that is no channel: the message lists the channels, nothing is added.
  await page.fill('input[aria-label="Expression of channels"]', 'position.x - positon.y')
  await page.press('input[aria-label="Expression of channels"]', 'Enter')
  assert.equal(
    await page.getByTestId('expression-error').innerText(),
    '"positon" is not a channel or function ' +
      '(channels: position.x, position.y, position.z, systemTotalEnergy)',
  )
  assert.equal(await series('positon').count(), 0)
})

test('an x-y plot with equal aspect, and the plot PNG at 1600 x 900', async () => {
  await page.check('input[value=xy]')
  await page.selectOption('select[aria-label="x series"]', { label: 'position.x' })
  await page.selectOption('select[aria-label="y series"]', { label: 'position.y' })
  await page.check('input[aria-label="Equal aspect"]')
  await page.waitForFunction(
    () => document.querySelector('[data-testid=plot]')?.dataset.yLabel === 'position.y [m]',
  )
  await page.screenshot({ path: outputPath('plots-xy-equal.png') })

  await page.check('input[value=time]')
  await plotOnly(['position.x', 'position.y', 'position.x - position.y', 'systemTotalEnergy'])
  await page.fill('input[aria-label="PNG width"]', '1600')
  await page.fill('input[aria-label="PNG height"]', '900')
  const png = await downloaded(() => page.click('.exports button:has-text("PNG")'))
  writeFileSync(outputPath('plots-export.png'), png)
  // Decoded by the browser: its size, and more than a blank canvas (the lines and labels).
  const decoded = await page.evaluate(async (base64) => {
    const image = new Image()
    image.src = `data:image/png;base64,${base64}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.naturalWidth
    canvas.height = image.naturalHeight
    const ctx = canvas.getContext('2d')
    ctx.drawImage(image, 0, 0)
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data
    const colours = new Set()
    for (let i = 0; i < pixels.length; i += 4 * 7)
      colours.add(pixels[i] * 65536 + pixels[i + 1] * 256 + pixels[i + 2])
    return { width: image.naturalWidth, height: image.naturalHeight, colours: colours.size }
  }, png.toString('base64'))
  assert.equal(decoded.width, 1600)
  assert.equal(decoded.height, 900)
  assert.ok(decoded.colours > 20, `the PNG has ${decoded.colours} colours`)
  assert.deepEqual(app.errors, [])
})
