// A save that finds the file changed by another program since it was opened or saved asks
// Overwrite / Reload / Cancel (the host answers 'file-changed'), in Chromium against the web host:
// Cancel and Esc keep both the file and the edits, Overwrite writes this model, Reload opens the
// other program's version.
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { openApp, outputPath } from './harness.mjs'

let app
let page
before(async () => {
  app = await openApp('mbs-file-changed-')
  page = app.page
})
after(() => app?.close())

const savedState = () => page.locator('[data-testid=saved-state]').textContent()
const waitForSavedState = (label) =>
  page.waitForFunction((l) => document.querySelector('[data-testid=saved-state]')?.textContent === l, label)
const changedDialog = () => page.locator('[role=alertdialog][aria-label="File changed on disk"]')
const rows = (name) => page.locator(`.item-row[data-name="${name}"]`)

async function createRigidBody() {
  await page.click('button[data-create="rigidBody"]')
  await page.click('.dialog button[type=submit]')
  await page.locator('.dialog').waitFor({ state: 'detached' })
  await waitForSavedState('Modified')
}

/** The file as another program leaves it: the saved project with its model renamed. */
function editElsewhere(file) {
  const doc = JSON.parse(readFileSync(file, 'utf8'))
  doc.name = 'Edited elsewhere'
  writeFileSync(file, JSON.stringify(doc, null, 2))
  return readFileSync(file, 'utf8')
}

test('a file changed on disk since the save: Cancel keeps, Overwrite replaces, Reload opens it', async () => {
  await rows('mass').waitFor()
  await createRigidBody()
  const file = join(app.dir, 'shared.mbsproj')
  await page.keyboard.press('Control+s')
  await page.fill('.dialog input[aria-label="File path"]', file)
  await page.click('.dialog button[type=submit]')
  await waitForSavedState('Saved')

  // Another program writes the file; this tab edits on and saves: the app asks.
  const foreign = editElsewhere(file)
  await createRigidBody()
  await page.keyboard.press('Control+s')
  await changedDialog().waitFor()
  assert.match(await changedDialog().textContent(), /"shared\.mbsproj" was changed by another program/)
  await changedDialog().screenshot({ path: outputPath('file-changed-dialog.png') })
  await changedDialog().locator('button:has-text("Cancel")').click()
  await changedDialog().waitFor({ state: 'detached' })
  assert.equal(readFileSync(file, 'utf8'), foreign, 'Cancel leaves the file as the other program wrote it')
  assert.equal(await savedState(), 'Modified', 'and keeps the edits')

  // Esc cancels too; Overwrite writes this model (two bodies) over the other version.
  await page.keyboard.press('Control+s')
  await changedDialog().waitFor()
  await page.keyboard.press('Escape')
  await changedDialog().waitFor({ state: 'detached' })
  assert.equal(readFileSync(file, 'utf8'), foreign)
  await page.keyboard.press('Control+s')
  await changedDialog().locator('button:has-text("Overwrite")').click()
  await waitForSavedState('Saved')
  const ours = JSON.parse(readFileSync(file, 'utf8'))
  assert.equal(ours.model.objects.filter((o) => o.type === 'RigidBody').length, 2)

  // Reload: the other program's version replaces the edits in the tab.
  const elsewhere = editElsewhere(file)
  await createRigidBody()
  await page.keyboard.press('Control+s')
  await changedDialog().locator('button:has-text("Reload")').click()
  await waitForSavedState('Saved')
  // Saving now asks nothing (the reload is the file's new state) and writes what the tab holds, in
  // the canonical form (numeric arrays on one line), so the file text changes.
  await page.keyboard.press('Control+s')
  for (let i = 0; i < 100 && readFileSync(file, 'utf8') === elsewhere; i++) await page.waitForTimeout(100)
  assert.equal(await changedDialog().count(), 0)
  const reloaded = JSON.parse(readFileSync(file, 'utf8'))
  assert.equal(reloaded.name, 'Edited elsewhere')
  assert.equal(
    reloaded.model.objects.filter((o) => o.type === 'RigidBody').length,
    2,
    'the third body is gone',
  )
  assert.deepEqual(app.errors, [])
})
