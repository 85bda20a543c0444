// The file browser in Chromium against a web host whose workspace is a temporary folder: browse it
// with the keyboard and the breadcrumbs, open an example copied into it, Save As inside it, and see
// a path outside refused with the host's message in the dialog (nothing is written there).
import assert from 'node:assert/strict'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { after, before, test } from 'node:test'
import { clickDiscardingChanges, FIXTURE_EXAMPLES, openApp, outputPath } from './harness.mjs'

let app
let page
let outside
before(async () => {
  app = await openApp('mbs-file-browser-')
  page = app.page
  outside = mkdtempSync(join(tmpdir(), 'mbs-outside-'))
  writeFileSync(join(outside, 'secret.mbsproj'), readFileSync(join(FIXTURE_EXAMPLES, 'pendulum.mbsproj')))
  mkdirSync(join(app.dir, 'models'))
  copyFileSync(join(FIXTURE_EXAMPLES, 'pendulum.mbsproj'), join(app.dir, 'models', 'pendulum.mbsproj'))
  writeFileSync(join(app.dir, 'models', 'pendulum.mbsres'), 'results')
  writeFileSync(join(app.dir, 'notes.txt'), 'not listed')
  // A link pointing out of the workspace is not listed (and refused if named).
  symlinkSync(join(outside, 'secret.mbsproj'), join(app.dir, 'models', 'away.mbsproj'))
})
after(async () => {
  await app?.close()
  if (outside) rmSync(outside, { recursive: true, force: true })
})

const dialog = () => page.locator('[role=dialog].file-browser')
const entryNames = () =>
  dialog()
    .locator('[role=option]')
    .evaluateAll((items) => items.map((i) => i.dataset.name))
const crumbs = () => dialog().getByTestId('breadcrumbs').locator('button').allTextContents()
/** Resolves once the dialog shows a folder `depth` levels deep (1: the workspace itself). */
const waitForDepth = (depth) =>
  page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid=breadcrumbs] button').length === n,
    depth,
  )

test('browse the workspace with the keyboard and open an example copied into it', async () => {
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await dialog().waitFor()
  await waitForDepth(1)
  assert.deepEqual(
    (await crumbs()).map((c) => c.trim()),
    [basename(app.dir)],
  )
  assert.deepEqual(await entryNames(), ['models'], 'other files are not listed')
  // The list has the keyboard: down to "models", Enter goes in.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await waitForDepth(2)
  assert.deepEqual(await entryNames(), ['pendulum.mbsproj'], 'the link pointing out is not listed')
  // All MBS Studio files: the results file too.
  await dialog().getByLabel('Show files').selectOption('all')
  assert.deepEqual(await entryNames(), ['pendulum.mbsproj', 'pendulum.mbsres'])
  await dialog().getByLabel('Show files').selectOption('project')
  await dialog().getByRole('listbox').focus()
  await page.keyboard.press('ArrowDown')
  assert.equal(await dialog().getByLabel('File path').inputValue(), 'pendulum.mbsproj')
  await page.screenshot({ path: outputPath('file-browser.png') })
  await dialog().screenshot({ path: outputPath('file-browser-dialog.png') })
  // Backspace goes up, the breadcrumb comes back down.
  await page.keyboard.press('Backspace')
  await waitForDepth(1)
  await dialog().locator('[role=option][data-name=models]').dblclick()
  await dialog().locator('[role=option][data-name="pendulum.mbsproj"]').click()
  await page.keyboard.press('Enter')
  await dialog().waitFor({ state: 'detached' })
  await page.waitForFunction(() =>
    document.querySelector('.project-name')?.textContent.includes('pendulum.mbsproj'),
  )
  assert.equal(
    await page.locator('.project-name').getAttribute('title'),
    join(app.dir, 'models', 'pendulum.mbsproj'),
  )
  assert.deepEqual(app.errors, [])
})

test('Save As writes inside the workspace; a path outside is refused with the message shown', async () => {
  await page.keyboard.press('Control+Shift+S')
  await dialog().waitFor()
  await waitForDepth(2)
  // Save As starts in the document's folder with its name, the stem selected to be typed over.
  assert.deepEqual(
    (await crumbs()).map((c) => c.trim()),
    [basename(app.dir), 'models'],
  )
  await page.keyboard.type('copy')
  assert.equal(await dialog().getByLabel('File path').inputValue(), 'copy.mbsproj')
  await page.keyboard.press('Enter')
  await dialog().waitFor({ state: 'detached' })
  const copy = join(app.dir, 'models', 'copy.mbsproj')
  await page.waitForFunction(() =>
    document.querySelector('.project-name')?.textContent.includes('copy.mbsproj'),
  )
  assert.match(readFileSync(copy, 'utf8'), /"format": "mbs-studio-project"/)

  // Outside, by an absolute path and through the link: refused, named, nothing written; Esc closes.
  for (const [typed, shown] of [
    [join(outside, 'stolen.mbsproj'), join(outside, 'stolen.mbsproj')],
    ['away.mbsproj', join(app.dir, 'models', 'away.mbsproj')],
  ]) {
    await page.keyboard.press('Control+Shift+S')
    await dialog().waitFor()
    // Typed once the document's folder is listed and the name field has the focus the dialog gives it.
    await waitForDepth(2)
    await dialog().getByLabel('File path').fill(typed)
    await page.keyboard.press('Enter')
    if (typed === 'away.mbsproj') {
      // The name of a listed file would be replaced: here the link is not listed, so no question.
      assert.equal(await dialog().locator('[role=option][data-name="away.mbsproj"]').count(), 0)
    }
    const error = dialog().getByTestId('file-browser-error')
    await error.waitFor()
    assert.match(await error.textContent(), new RegExp(`Refused ${shown}: it is outside the workspace`))
    if (typed !== 'away.mbsproj') await dialog().screenshot({ path: outputPath('file-browser-refused.png') })
    await page.keyboard.press('Escape')
    await dialog().waitFor({ state: 'detached' })
  }
  assert.equal(existsSync(join(outside, 'stolen.mbsproj')), false)
  assert.equal(
    readFileSync(join(outside, 'secret.mbsproj'), 'utf8'),
    readFileSync(join(FIXTURE_EXAMPLES, 'pendulum.mbsproj'), 'utf8'),
  )
  assert.match(await page.locator('.project-name').textContent(), /copy\.mbsproj/)

  // Saving over a listed file asks once: the button reads Replace, a second Enter saves.
  await page.keyboard.press('Control+Shift+S')
  await dialog().waitFor()
  await waitForDepth(2)
  await dialog().locator('[role=option][data-name="pendulum.mbsproj"]').click()
  await dialog().getByLabel('File path').press('Enter')
  await dialog().getByRole('button', { name: 'Replace' }).waitFor()
  assert.match(
    await dialog().getByTestId('file-browser-error').textContent(),
    /pendulum\.mbsproj exists already/,
  )
  await dialog().getByLabel('File path').press('Enter')
  await dialog().waitFor({ state: 'detached' })
  await page.waitForFunction(
    (path) => document.querySelector('.project-name')?.getAttribute('title') === path,
    join(app.dir, 'models', 'pendulum.mbsproj'),
  )
  assert.deepEqual(app.errors, [])
})
