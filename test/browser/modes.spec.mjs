// The Modes tab, in Chromium against the web host: a fixed-free chain of two masses m on springs k
// (omega^2 = (k/m) (3 -+ sqrt 5) / 2) lists the closed-form frequencies; a state without a run is
// refused inline; clicking a mode animates it in the 3D view (two drawings differ), the arrow keys
// move through the modes, Stop holds the view still; the CSV download holds the table; a mode
// written as a results file replays in the timeline; the hanging cable's first mode animates.
import assert from 'node:assert/strict'
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import {
  canvasImage,
  clickDiscardingChanges,
  openApp,
  outputPath,
  pixelDifference,
  PROJECT_ROOT,
  waitForRunState,
} from './harness.mjs'

const m = 2
const k = 50
const exact = [(3 - Math.sqrt(5)) / 2, (3 + Math.sqrt(5)) / 2].map(
  (r) => Math.sqrt((r * k) / m) / (2 * Math.PI),
)

/** The chain along x: ground at 0, masses at 1 and 2 (Mass1D spheres), coordinate springs between. */
function chainProject() {
  const coordinate = (name, node) => ({ type: 'NodeCoordinate', name, nodeNumber: node, coordinate: 0 })
  const spring = (name, a, b) => ({
    type: 'ConnectorCoordinateSpringDamper',
    name,
    markerNumbers: [a, b],
    stiffness: k,
  })
  return {
    format: 'mbs-studio-project',
    version: 1,
    name: 'twoMassChain',
    model: {
      nodes: [
        { type: 'PointGround', name: 'g' },
        { type: 'Node1D', name: 'n0', referenceCoordinates: [1] },
        { type: 'Node1D', name: 'n1', referenceCoordinates: [2] },
      ],
      objects: [
        { type: 'Mass1D', name: 'mass0', nodeNumber: 'n0', physicsMass: m },
        { type: 'Mass1D', name: 'mass1', nodeNumber: 'n1', physicsMass: m },
        spring('s0', 'mg', 'm0'),
        spring('s1', 'm0', 'm1'),
      ],
      markers: [coordinate('mg', 'g'), coordinate('m0', 'n0'), coordinate('m1', 'n1')],
      loads: [],
      sensors: [],
    },
    simulationSettings: {},
  }
}

let app
let page
before(async () => {
  app = await openApp('mbs-modes-')
  page = app.page
  const path = join(app.dir, 'twoMassChain.mbsproj')
  writeFileSync(path, JSON.stringify(chainProject()))
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await page.fill('.dialog input[aria-label="File path"]', path)
  await page.click('.dialog button[type=submit]')
  await page.locator('.item-row[data-name="mass1"]').waitFor()
  await waitForRunState(page, 'Ready', 60_000)
  await page.click('.bottom-panel [role=tab]:has-text("Modes")')
})
after(() => app?.close())

const rows = () => page.locator('[data-testid=modes-table] tbody tr')

const renderedFrames = () =>
  page.locator('canvas[data-testid=viewport]').getAttribute('data-frames').then(Number)

/**
 * The view's drawing once it differs from `before` (the animation moved it), polled over 10 s: a loaded
 * machine draws a few frames a second and may show one phase twice; null if it never changed.
 */
async function changedFrom(before) {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    await page.waitForTimeout(200)
    const now = await canvasImage(page)
    if ((await pixelDifference(page, before, now)) > 0.0005) return now
  }
  return null
}

/** The view's drawing once it has rendered nothing for 500 ms. */
async function settled() {
  let frames = await renderedFrames()
  for (;;) {
    await page.waitForTimeout(500)
    const now = await renderedFrames()
    if (now === frames) return canvasImage(page)
    frames = now
  }
}

test('a state the model cannot give is refused inline', async () => {
  await page.selectOption('[data-testid=modes-at]', 'current')
  await page.click('[data-testid=modes-compute]')
  const error = page.locator('[data-testid=modes-error]')
  await error.waitFor()
  assert.match(await error.textContent(), /No run state to linearize at: run or step the model/)
})

test('the static equilibrium: the closed-form frequencies, 1e-6 relative', async () => {
  await page.selectOption('[data-testid=modes-at]', 'static')
  await page.click('[data-testid=modes-compute]')
  await rows().first().waitFor()
  assert.equal(await rows().count(), 2)
  const cells = await page.locator('[data-testid=modes-table] td[data-frequency]').allTextContents()
  // The table shows 8 significant digits (5e-9 relative); the engine's stiffness is a forward
  // difference, exact for linear springs up to about 2e-9 relative: 1e-6 is the brief's tolerance.
  cells.forEach((text, i) =>
    assert.ok(Math.abs(Number(text) / exact[i] - 1) < 1e-6, `mode ${i + 1}: ${text}`),
  )
  assert.match(await rows().nth(0).textContent(), /n1 72%, n0 28%/)
})

test('clicking a mode animates it in the 3D view; arrows move; Stop holds still', async () => {
  await page.fill('[data-testid=modes-amplitude]', '0.4')
  const still = await canvasImage(page)
  await rows().nth(0).click()
  assert.equal(await rows().nth(0).getAttribute('aria-selected'), 'true')
  const first = await changedFrom(still)
  assert.ok(first, 'the animated view differs from the still one')
  assert.ok(await changedFrom(first), 'the bodies move: a later drawing differs')
  await page.locator('.app-shell').screenshot({ path: outputPath('modes-tab.png') })

  await page.keyboard.press('ArrowDown')
  assert.equal(await rows().nth(1).getAttribute('aria-selected'), 'true')
  await page.keyboard.press('ArrowUp')
  assert.equal(await rows().nth(0).getAttribute('aria-selected'), 'true')

  await page.click('[data-testid=modes-stop]')
  const stopped = await settled()
  await page.waitForTimeout(300)
  assert.equal(
    await pixelDifference(page, stopped, await canvasImage(page)),
    0,
    'the view is still after Stop',
  )
  assert.ok((await pixelDifference(page, still, stopped)) < 0.0005, 'Stop shows the model at rest again')
})

test('CSV export: a row per mode with the frequencies in full precision', async () => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=modes-csv]')])
  assert.equal(download.suggestedFilename(), 'twoMassChain-modes.csv')
  const lines = readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\n')
  assert.equal(lines[0], 'mode,frequency_Hz,damping_ratio,rigid_body,unstable,dominant')
  assert.equal(lines.length, 3)
  lines.slice(1).forEach((line, i) => {
    const cells = line.split(',')
    assert.equal(cells[0], String(i + 1))
    assert.ok(Math.abs(Number(cells[1]) / exact[i] - 1) < 1e-6, line)
    assert.equal(cells[2], '')
    assert.equal(cells[3], 'false')
  })
  assert.ok(lines[1].endsWith('"n1 0.7236; n0 0.2764"'), lines[1])
})

test('damped: a damping ratio column, 0 for springs without damping', async () => {
  await page.check('[data-testid=modes-damped]')
  await page.click('[data-testid=modes-compute]')
  await page.locator('[data-testid=modes-table] th', { hasText: 'damping ratio' }).waitFor()
  const ratios = await page.locator('[data-testid=modes-table] tbody td:nth-child(3)').allTextContents()
  // No damper: the first-order eigenvalues are +-i omega to rounding (1e-10 leaves room).
  assert.equal(ratios.length, 2)
  ratios.forEach((text) => assert.ok(Math.abs(Number(text)) < 1e-10, `damping ratio ${text}`))
  const cells = await page.locator('[data-testid=modes-table] td[data-frequency]').allTextContents()
  cells.forEach((text, i) =>
    assert.ok(Math.abs(Number(text) / exact[i] - 1) < 1e-6, `mode ${i + 1}: ${text}`),
  )
})

test('a mode written as a results file replays in the timeline', async () => {
  await rows().nth(1).click()
  await page.click('[data-testid=modes-write]')
  const path = join(app.dir, 'mode2.mbsres')
  await page.fill('.dialog input[aria-label="File path"]', path)
  await page.click('.dialog button[type=submit]')
  const written = page.getByTestId('modes-written')
  await written.waitFor()
  assert.equal(await written.textContent(), `Mode 2 written to ${path} (65 frames, one cycle)`)
  await page.click('.bottom-panel [role=tab]:has-text("Timeline")')
  await page.getByRole('button', { name: 'Open results file…' }).click()
  await page.fill('.dialog input[aria-label="File path"]', path)
  await page.click('.dialog button[type=submit]')
  await page.getByTestId('replay-note').waitFor()
  await page.waitForFunction(() => document.querySelector('.transport .frames')?.textContent === '65 frames')
})

test("the hanging cable's first mode animates its ANCF elements (docs screenshot)", async () => {
  const path = join(app.dir, 'hangingCable.mbsproj')
  copyFileSync(join(PROJECT_ROOT, 'resources/examples/hangingCable.mbsproj'), path)
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await page.fill('.dialog input[aria-label="File path"]', path)
  await page.click('.dialog button[type=submit]')
  await page.locator('.item-row[data-name="c5"]').waitFor()
  await waitForRunState(page, 'Ready', 60_000)
  await page.click('.bottom-panel [role=tab]:has-text("Modes")')
  assert.equal(
    await page.getByTestId('modes-written').count(),
    0,
    "another model's written file is not shown",
  )
  assert.equal(await rows().count(), 0, "another model's modes are not listed")
  await page.selectOption('[data-testid=modes-at]', 'static')
  await page.fill('[data-testid=modes-count]', '6')
  await page.click('[data-testid=modes-compute]')
  await rows().first().waitFor({ timeout: 30_000 })
  assert.equal(await rows().count(), 6)
  await page.fill('[data-testid=modes-amplitude]', '0.3')
  await rows().nth(0).click()
  const moved = await changedFrom(await canvasImage(page))
  assert.ok(moved && (await changedFrom(moved)), 'the cable moves')
  await page.locator('.app-shell').screenshot({ path: outputPath('modes-hanging-cable.png') })
  await page.click('[data-testid=modes-stop]')
})

test('no page errors', () => assert.deepEqual(app.errors, []))
