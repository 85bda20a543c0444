// A solver process killed mid-run, in Chromium against the web host: the run state returns to Ready
// with a message saying what happened, editing unlocks, and the model with its unsaved edit is intact
// (the host gave the new solver process the model at its current revision), so it runs again. After
// a crash loop the automatic restarts stop, saying how often and why, and Restart solver starts one.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { clickDiscardingChanges, FIXTURE_EXAMPLES, openApp, waitForRunState } from './harness.mjs'

let app
let page
before(async () => {
  app = await openApp('mbs-solver-crash-')
  page = app.page
})
after(() => app?.close())

/** The solver processes this test started: children of this process (the web host runs in it). */
function solverChildren() {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
        return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('solver')
      } catch {
        return false
      }
    })
    .map(Number)
}

const guardMessage = () => page.locator('text=/The solver process crashed 4 times in 10 s/').first()

/** The solver process started after `previous`, or null once the crash-loop guard says it gave up. */
async function nextSolver(previous) {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const next = solverChildren().find((pid) => pid !== previous)
    if (next) return next
    if (await guardMessage().count()) return null
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`no solver process was started after ${previous}`)
}

const objectCount = () => page.locator('[data-kind="objects"] .count').textContent()

test('kill the solver mid-run: the UI recovers with the model intact', async () => {
  // The fixture pendulum with an end time it does not reach while the test runs.
  const project = JSON.parse(readFileSync(join(FIXTURE_EXAMPLES, 'pendulum.mbsproj'), 'utf8'))
  project.simulationSettings.timeIntegration = { startTime: 0, endTime: 1000, numberOfSteps: 1_000_000 }
  const path = join(app.dir, 'long.mbsproj')
  writeFileSync(path, JSON.stringify(project))
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await page.fill('.dialog input[aria-label="File path"]', path)
  await page.click('.dialog button[type=submit]')
  await waitForRunState(page, 'Ready', 30_000)
  const before = Number(await objectCount())

  // An unsaved edit, then a run.
  const createRigidBody = async () => {
    await page.click('button[data-create="rigidBody"]')
    await page.click('.dialog button[type=submit]')
    await page.locator('.dialog').waitFor({ state: 'detached' })
  }
  await createRigidBody()
  await page.waitForFunction(
    (n) => document.querySelector('[data-kind="objects"] .count')?.textContent === n,
    String(before + 1),
  )
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await waitForRunState(page, 'Running', 30_000)

  const solvers = solverChildren()
  assert.equal(solvers.length, 1, `expected one solver process, found ${solvers}`)
  process.kill(solvers[0], 'SIGKILL')

  await waitForRunState(page, 'Ready', 30_000)
  await page.locator('text=/The run stopped: The solver process stopped unexpectedly/').first().waitFor()
  assert.equal(await objectCount(), String(before + 1))
  assert.equal(await page.getByTestId('saved-state').textContent(), 'Modified')

  // Editing is unlocked and the restarted solver runs the model with the edit.
  await createRigidBody()
  await page.waitForFunction(
    (n) => document.querySelector('[data-kind="objects"] .count')?.textContent === n,
    String(before + 2),
  )
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await waitForRunState(page, 'Running', 30_000)
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await waitForRunState(page, 'Ready', 30_000)
  assert.notEqual(solverChildren()[0], solvers[0])
  assert.deepEqual(app.errors, [])
})

test('after the crash-loop guard gives up, Restart solver starts a solver that runs the model', async () => {
  // More than three crashes within 10 s (the first test's crash may be one): each new process is
  // killed at once, until the guard stops restarting.
  for (let solver = solverChildren()[0]; solver; solver = await nextSolver(solver))
    process.kill(solver, 'SIGKILL')
  assert.match(
    await guardMessage().textContent(),
    /\(last: signal SIGKILL\); it is restarted after 30 s without crashes, or now with Restart solver/,
  )
  assert.deepEqual(solverChildren(), [], 'the guard started another solver process')

  await page.getByRole('button', { name: 'Restart solver' }).click()
  await page
    .locator('text=/The solver process was ended on request; it was restarted and the model reloaded/')
    .first()
    .waitFor()
  assert.equal(solverChildren().length, 1)
  await waitForRunState(page, 'Ready', 30_000)
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await waitForRunState(page, 'Running', 30_000)
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await waitForRunState(page, 'Ready', 30_000)
  assert.deepEqual(app.errors, [])
})
