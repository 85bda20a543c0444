// Never losing or hiding work, in Chromium against the web host: New with unsaved changes asks (Esc
// cancels, Don't save discards, Enter saves first); Spring on a model without ground; a failed run
// reads Failed with the item it names, which selects it; a file with problems lists each one; a second
// tab takes the document over and the first is told; a host killed with unsaved changes offers them
// on its next start.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import {
  clickDiscardingChanges,
  launchChromium,
  openApp,
  outputPath,
  PROJECT_ROOT,
  waitForRunState,
} from './harness.mjs'

let app
let page
before(async () => {
  app = await openApp('mbs-no-lost-work-')
  page = app.page
})
after(() => app?.close())

const savedState = () => page.locator('[data-testid=saved-state]').textContent()
const rows = (name) => page.locator(`.item-row[data-name="${name}"]`)
const unsavedDialog = () => page.locator('[role=alertdialog][aria-label="Unsaved changes"]')

async function createRigidBody() {
  await page.click('button[data-create="rigidBody"]')
  await page.click('.dialog button[type=submit]')
  await page.locator('.dialog').waitFor({ state: 'detached' })
}

async function openPath(path) {
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await page.fill('.dialog input[aria-label="File path"]', path)
  await page.click('.dialog button[type=submit]')
}

test("New with unsaved changes asks: Esc keeps them, Don't save drops them, Enter saves first", async () => {
  await rows('mass').waitFor()
  await createRigidBody()
  // The edit reaches the document state with the model store's next update.
  await page.waitForFunction(
    () => document.querySelector('[data-testid=saved-state]')?.textContent === 'Modified',
  )

  await page.click('button[title^="New empty model"]')
  await unsavedDialog().waitFor()
  assert.match(
    await unsavedDialog().textContent(),
    /has unsaved changes.*Save them before creating a new model/s,
  )
  await unsavedDialog().screenshot({ path: outputPath('unsaved-changes-dialog.png') })
  await page.keyboard.press('Escape')
  await unsavedDialog().waitFor({ state: 'detached' })
  assert.equal(await rows('body').count(), 1, 'Cancel keeps the model')
  assert.equal(await savedState(), 'Modified')

  // Enter = Save: the model has no file yet, so Save As asks for one, then New goes on.
  await page.keyboard.press('Control+n')
  await unsavedDialog().waitFor()
  await page.keyboard.press('Enter')
  const file = join(app.dir, 'withBody.mbsproj')
  await page.fill('.dialog input[aria-label="File path"]', file)
  await page.click('.dialog button[type=submit]')
  await rows('mass').waitFor({ state: 'detached' })
  assert.match(readFileSync(file, 'utf8'), /"name": "body"/)
  // The new empty model has never been written to a file.
  assert.equal(await savedState(), 'Not saved')

  await createRigidBody()
  await page.click('button[title^="New empty model"]')
  await unsavedDialog().locator('button:has-text("Don\'t save")').click()
  await rows('body').waitFor({ state: 'detached' })
  assert.equal(await savedState(), 'Not saved')
})

test('Spring without a ground: the message on an empty model, then Create keeps working', async () => {
  // The model is empty now: a spring has no second body to hang on.
  await page.click('button[data-create="spring"]')
  await page.click('.dialog button[type=submit]')
  assert.match(await page.locator('.dialog .error').textContent(), /Choose two bodies/)
  await page.locator('.dialog').screenshot({ path: outputPath('spring-without-body.png') })
  await page.click('.dialog button:has-text("Cancel")')

  // Every Create button still works: a body, then the spring between an added ground and it.
  await createRigidBody()
  await page.click('button[data-create="spring"]')
  await page.click('.dialog button[type=submit]')
  await rows('spring').waitFor()
  await rows('ground').waitFor()
  assert.deepEqual(app.errors, [])
})

test('a failed run reads Failed with the item it names; the item button selects it', async () => {
  const file = join(app.dir, 'diverging.mbsproj')
  writeFileSync(file, DIVERGING)
  await openPath(file)
  await rows('n1').waitFor()
  await waitForRunState(page, 'Ready', 30_000)
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await waitForRunState(page, 'Failed', 60_000)
  assert.equal(await page.locator('[data-testid=toolbar-run-state]').textContent(), 'Failed')
  const failure = page.locator('[data-testid=run-failure]')
  assert.match(await failure.textContent(), /became NaN at t = 0\.4/)
  await page.locator('footer').screenshot({ path: outputPath('run-failed-status.png') })
  await failure.locator('button:has-text("node \\"n1\\"")').click()
  assert.match(await rows('n1').getAttribute('class'), /selected/)
})

test('a file with problems opens a dialog listing each one', async () => {
  const file = join(app.dir, 'broken.mbsproj')
  writeFileSync(file, DIVERGING.replace('"physicsMass": 1', '"physicsMass": "1", "physicsMas": 2'))
  await openPath(file)
  const dialog = page.locator('[role=alertdialog][aria-label^="Could not open"]')
  await dialog.waitFor()
  const lines = await dialog.locator('[data-testid=problem-lines] li').allTextContents()
  assert.equal(lines.length, 2, lines.join('\n'))
  assert.ok(
    lines.some((l) => /object "mass" \(MassPoint\), parameter physicsMass: expected a number/.test(l)),
  )
  assert.ok(lines.some((l) => /unknown parameter "physicsMas" \(did you mean "physicsMass"\?\)/.test(l)))
  await dialog.screenshot({ path: outputPath('open-problems-dialog.png') })
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await rows('n1').waitFor() // the open model stays
})

test('a second tab takes the document over with its unsaved changes; the first is told', async () => {
  await createRigidBody()
  const second = await page
    .context()
    .browser()
    .newPage({ viewport: { width: 1440, height: 900 } })
  try {
    await second.goto(page.url())
    await second.locator('.item-row[data-name="body"]').waitFor()
    assert.equal(await second.locator('[data-testid=saved-state]').textContent(), 'Modified')
    const notice = page.locator('[role=alertdialog][aria-label="Opened elsewhere"]')
    await notice.waitFor()
    assert.match(await notice.textContent(), /opened in another tab/)
    await notice.screenshot({ path: outputPath('opened-elsewhere.png') })
  } finally {
    await second.close()
  }
})

test('a web host killed with unsaved changes offers them on its next start', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mbs-recovery-'))
  const recoveryFile = join(dir, 'recovery.json')
  const browser = await launchChromium()
  let host
  try {
    host = await startHostProcess(recoveryFile)
    const first = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await first.goto(host.url)
    await first.locator('.item-row[data-name="bob"]').waitFor()
    await first.click('button[data-create="rigidBody"]')
    await first.click('.dialog button[type=submit]')
    await first.locator('.item-row[data-name="body"]').waitFor()
    // The autosave follows an edit within a second.
    await waitFor(() => existsSync(recoveryFile), 10_000)
    host.kill()
    await first.close()

    host = await startHostProcess(recoveryFile)
    const next = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await next.goto(host.url)
    const offer = next.locator('[role=alertdialog][aria-label="Recover unsaved changes"]')
    await offer.waitFor({ timeout: 30_000 })
    assert.match(await offer.textContent(), /did not shut down cleanly.*"pendulum\.mbsproj"/s)
    await offer.screenshot({ path: outputPath('recovery-dialog.png') })
    await offer.locator('button:has-text("Recover")').click()
    await next.locator('.item-row[data-name="body"]').waitFor()
    await next.locator('.item-row[data-name="bob"]').waitFor()
    assert.equal(await next.locator('[data-testid=saved-state]').textContent(), 'Modified')
  } finally {
    host?.kill()
    await browser.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

/** `npm run web`'s host as its own process (SIGKILL is a crash: no clean shutdown). */
async function startHostProcess(recoveryFile) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/host/web/main.ts', '--port', '0', '--recovery-file', recoveryFile],
    { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const url = await new Promise((resolveUrl, reject) => {
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      const match = /web host: (\S+)/.exec(out)
      if (match) resolveUrl(match[1])
    })
    child.once('exit', (code) => reject(new Error(`the web host exited (${code}): ${out}`)))
  })
  return { url, kill: () => child.kill('SIGKILL') }
}

async function waitFor(condition, timeout) {
  const end = Date.now() + timeout
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

// A mass point on a spring of 1e12 N/m integrated by explicit Euler with h = 0.01 s: the amplitude
// grows by about h sqrt(k) = 1e4 per step and overflows (NaN) at t = 0.4 s (mbs run says the same).
const DIVERGING = JSON.stringify(
  {
    format: 'mbs-studio-project',
    version: 1,
    name: 'Diverging spring',
    model: {
      nodes: [{ type: 'Point', name: 'n1', referenceCoordinates: [1, 0, 0] }],
      objects: [
        { type: 'Ground', name: 'ground' },
        { type: 'MassPoint', name: 'mass', physicsMass: 1, nodeNumber: 'n1' },
        {
          type: 'ConnectorSpringDamper',
          name: 'spring',
          markerNumbers: ['mGround', 'mMass'],
          referenceLength: 0.5,
          stiffness: 1e12,
        },
      ],
      markers: [
        { type: 'BodyPosition', name: 'mGround', bodyNumber: 'ground', localPosition: [0, 0, 0] },
        { type: 'BodyPosition', name: 'mMass', bodyNumber: 'mass', localPosition: [0, 0, 0] },
      ],
    },
    simulationSettings: {
      solverType: 'ExplicitEuler',
      timeIntegration: { startTime: 0, endTime: 1, numberOfSteps: 100 },
    },
  },
  null,
  2,
)
