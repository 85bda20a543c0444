// The Study tab in Chromium against the web host: a spring's stiffness varied over 4 values from the
// property editor's "Vary in a study", run locally; the table holds 4 rows whose values are those of
// `mbs run --set` of each case (the command line run separately, its sensor CSV read back: the numbers
// round-trip exactly, so they must be equal), which also match the closed form of the oscillator; the
// plot shows 4 points, and clicking one opens that case's run for replay.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { clickDiscardingChanges, openApp, outputPath, PROJECT_ROOT, waitForRunState } from './harness.mjs'

const STIFFNESS = [10, 40, 90, 160]
const MASS = 1
const AMPLITUDE = 0.1
const END_TIME = 1

// A mass on a spring along x, no gravity, released from AMPLITUDE beyond the spring's length 1:
// x(t) = 1 + AMPLITUDE cos(sqrt(k/m) t).
const PROJECT = {
  format: 'mbs-studio-project',
  version: 1,
  name: 'Spring study',
  model: {
    nodes: [{ type: 'Point', name: 'n1', referenceCoordinates: [1 + AMPLITUDE, 0, 0] }],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'MassPoint', name: 'mass', physicsMass: MASS, nodeNumber: 'n1' },
      {
        type: 'ConnectorSpringDamper',
        name: 'spring',
        markerNumbers: ['mGround', 'mMass'],
        referenceLength: 1,
        stiffness: 10,
      },
    ],
    markers: [
      { type: 'BodyPosition', name: 'mGround', bodyNumber: 'ground', localPosition: [0, 0, 0] },
      { type: 'BodyPosition', name: 'mMass', bodyNumber: 'mass', localPosition: [0, 0, 0] },
    ],
    sensors: [{ type: 'Node', name: 'position', nodeNumber: 'n1', outputVariableType: 'Position' }],
  },
  simulationSettings: {
    solverType: 'GeneralizedAlpha',
    timeIntegration: { startTime: 0, endTime: END_TIME, numberOfSteps: 1000 },
  },
}
const OUTPUT = 'position[0].final'

let app
let page
before(async () => {
  app = await openApp('mbs-study-')
  page = app.page
})
after(() => app?.close())

/** x at the end time from `mbs run --set spring.stiffness=K`: the last row of its sensor CSV. */
function cliFinal(project, k) {
  const dir = join(app.dir, `cli-${k}`)
  execFileSync(
    process.execPath,
    [
      join(PROJECT_ROOT, 'bin/mbs.cjs'),
      'run',
      project,
      '--set',
      `spring.stiffness=${k}`,
      '--sensors-dir',
      dir,
    ],
    { cwd: PROJECT_ROOT },
  )
  const rows = readFileSync(join(dir, 'position.csv'), 'utf8')
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('#'))
  return Number(rows.at(-1).split(',')[1])
}

test('a stiffness varied over 4 values: table equal to mbs run --set, 4 points, replay', async () => {
  const project = join(app.dir, 'spring.mbsproj')
  writeFileSync(project, JSON.stringify(PROJECT, null, 2))
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await page.fill('.dialog input[aria-label="File path"]', project)
  await page.click('.dialog button[type=submit]')
  await page.locator('.item-row[data-name="spring"]').waitFor()
  await waitForRunState(page, 'Ready', 60_000)
  await page.locator('.item-row[data-name="spring"]').click()

  await page.locator('.property-panel .row[data-row="stiffness"]').click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Vary in a study' }).click()
  await page.fill('[aria-label="spring.stiffness list"]', STIFFNESS.join(', '))
  // A solver setting can be varied too, under its settings path; this study does not keep it.
  await page.click('.property-panel .tab:has-text("Solver settings")')
  await page.locator('.property-panel .row[data-row="timeIntegration.endTime"]').click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Vary in a study' }).click()
  const endTime = page.locator('[data-study-parameter="timeIntegration.endTime"]')
  assert.equal(await endTime.locator('input').inputValue(), String(END_TIME))
  await endTime.locator('button[title="Do not vary it"]').click()
  await page.click('.property-panel .tab:has-text("Properties")')
  await page.selectOption('[aria-label="Add output"]', 'position')
  await page.getByTestId('study-run').click()
  await page.waitForFunction(
    () => document.querySelector('[data-testid=study-progress]')?.textContent?.endsWith('· completed'),
    undefined,
    { timeout: 120_000 },
  )
  assert.equal(await page.getByTestId('study-progress').textContent(), '4 / 4 cases done · completed')

  const rows = await page.locator('[data-testid=study-table] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      k: Number(tr.querySelector('[data-column="spring.stiffness"]').dataset.value),
      x: Number(tr.querySelector('[data-column="position[0].final"]').dataset.value),
    })),
  )
  assert.deepEqual(
    rows.map((r) => r.k),
    STIFFNESS,
  )
  for (const { k, x } of rows) {
    assert.equal(x, cliFinal(project, k), `k = ${k}: the table's ${OUTPUT} differs from mbs run --set`)
    // Generalized-alpha with h = 1e-3: phase error ~ w t (w h)^2 / 12 <= 2e-4 rad at w = 12.6 rad/s,
    // i.e. |dx| <= AMPLITUDE * 2e-4 plus its numerical damping; 1e-3 leaves room for both.
    const exact = 1 + AMPLITUDE * Math.cos(Math.sqrt(k / MASS) * END_TIME)
    assert.ok(Math.abs(x - exact) < 1e-3, `k = ${k}: x(T) = ${x}, the closed form gives ${exact}`)
  }

  const plot = page.getByTestId('study-plot')
  await page.waitForFunction(() => document.querySelector('[data-testid=study-plot]')?.dataset.pointsAt)
  assert.equal(await plot.getAttribute('data-points'), '4')
  // The x axis of 10-160 in a narrow panel: several ticks, not one.
  const xTicks = JSON.parse(await plot.getAttribute('data-x-ticks'))
  assert.ok(xTicks.length >= 3, `x ticks ${xTicks.join(', ')}: expected at least 3`)
  await page.locator('.bottom-panel').screenshot({ path: outputPath('study-tab.png') })
  await page.screenshot({ path: outputPath('study-app.png') })

  // The third point (k = 90, sorted by stiffness) opens case 2's run for replay.
  const points = JSON.parse(await plot.getAttribute('data-points-at'))
  const third = points[2]
  assert.equal(third.case, 2)
  const box = await plot.boundingBox()
  await page.mouse.click(box.x + third.left, box.y + third.top)
  await page.getByTestId('replay-note').waitFor({ timeout: 60_000 })
  assert.match(await page.getByTestId('replay-note').innerText(), /Replaying case-2\.mbsres/)
  await page.locator('.item-row[data-name="spring"]').click()
  assert.equal(await page.locator('.property-panel [aria-label="stiffness"]').inputValue(), '90')
  assert.deepEqual(app.errors, [])
})
