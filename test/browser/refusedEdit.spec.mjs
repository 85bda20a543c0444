// A refused edit, in Chromium against the web host: the property editor shows the model's message
// under the field, and neither the replica (the value the editor shows when the item is selected
// again, the tree) nor the host's model (what Save As writes) nor the opened file changes. Then an
// accepted edit goes through to the file, so the check is not one that refuses everything.
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { clickDiscardingChanges, openApp, outputPath, PROJECT_ROOT } from './harness.mjs'

let app
let page
before(async () => {
  app = await openApp('mbs-refused-edit-')
  page = app.page
})
after(() => app?.close())

const row = (name) => page.locator(`.item-row[data-name="${name}"]`)
const savedState = () => page.locator('[data-testid=saved-state]').textContent()
const mass = () => page.locator('[data-param=physicsMass] input')

async function saveAs(path) {
  await page.click('button[title^="Save (Ctrl+S)"]', { modifiers: ['Shift'] })
  await page.fill('.dialog input[aria-label="File path"]', path)
  await page.click('.dialog button[type=submit]')
  await page.locator('.dialog').waitFor({ state: 'detached' })
  await page.waitForFunction(
    () => document.querySelector('[data-testid=saved-state]')?.textContent === 'Saved',
  )
}

test('a negative mass is refused inline; the replica, host model and file keep the old mass', async () => {
  const original = readFileSync(join(PROJECT_ROOT, 'resources/examples/pendulum.mbsproj'), 'utf8')
  const file = join(app.dir, 'pendulum.mbsproj')
  writeFileSync(file, original)
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await page.fill('.dialog input[aria-label="File path"]', file)
  await page.click('.dialog button[type=submit]')
  await page.waitForFunction(
    () => document.querySelector('[data-testid=saved-state]')?.textContent === 'Saved',
  )
  const before = JSON.parse(original).model.objects.find((item) => item.name === 'bob').physicsMass

  await row('bob').click()
  assert.equal(Number(await mass().inputValue()), before)
  await mass().fill('-2')
  await mass().press('Enter')
  const message = page.locator('[data-param=physicsMass] .field-error')
  await message.waitFor()
  assert.match(await message.textContent(), /expected a value >= 0 kg, got -2/)
  await page
    .locator('.property-panel, aside')
    .first()
    .screenshot({ path: outputPath('refused-edit-inline.png') })
  assert.equal(await savedState(), 'Saved', 'a refused edit does not modify the document')
  assert.equal(await page.locator('button[title^="Undo:"]').count(), 0, 'nor enter the history')

  // The replica: selected again, the editor shows the mass the model has.
  await row('ground').click()
  await row('bob').click()
  assert.equal(Number(await mass().inputValue()), before)
  // The host's model: what Save As writes is the opened file, byte for byte; the file is untouched.
  const copy = join(app.dir, 'copy.mbsproj')
  await saveAs(copy)
  assert.equal(readFileSync(copy, 'utf8'), original)
  assert.equal(readFileSync(file, 'utf8'), original)

  // An accepted edit reaches the host and the file.
  await mass().fill('3.5')
  await mass().press('Enter')
  await page.waitForFunction(
    () => document.querySelector('[data-testid=saved-state]')?.textContent === 'Modified',
  )
  await page.keyboard.press('Control+s')
  await page.waitForFunction(
    () => document.querySelector('[data-testid=saved-state]')?.textContent === 'Saved',
  )
  const saved = JSON.parse(readFileSync(copy, 'utf8'))
  assert.equal(saved.model.objects.find((item) => item.name === 'bob').physicsMass, 3.5)
  assert.deepEqual(app.errors, [])
})
