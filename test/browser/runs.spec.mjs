// Runs in Chromium against the web host: a run of an unsaved model replays every frame of its
// results file (written to the run cache), the trace of a body has a point per frame; two runs of a
// spring with different stiffnesses are compared: both in the plot with a legend of their names, the
// other run drawn as a ghost in the 3D view, and the table of differences lists the stiffness alone; a
// stopped run replays the frames its file holds to the stop and is listed too; two results files
// written by `mbs run --results` are opened as runs and compared the same way.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import {
  clickDiscardingChanges,
  nextFrames,
  openApp,
  outputPath,
  PROJECT_ROOT,
  waitForRunState,
  waitForSimTime,
} from './harness.mjs'

let app
let page
before(async () => {
  app = await openApp('mbs-runs-')
  page = app.page
})
after(() => app?.close())

const row = (name) => page.locator(`.item-row[data-name="${name}"]`)
const tab = (name) => page.getByRole('tab', { name, exact: true })
const frameCount = () => page.locator('.timeline-view .frames').textContent()

async function run() {
  const button = page.getByRole('button', { name: 'Run', exact: true })
  await button.and(page.locator(':enabled')).waitFor({ timeout: 10_000 })
  await button.click()
  await waitForRunState(page, 'Finished', 30_000)
}

/** Waits until the Runs tab lists `count` runs. */
const runsListed = (count) =>
  page.waitForFunction((n) => document.querySelectorAll('[data-testid=runs] tbody tr').length === n, count, {
    timeout: 15_000,
  })

test('a run of an unsaved model replays every frame of its results file; one trace point each', async () => {
  // The start example (no file): endTime 2 s, frames every 0.01 s (the default solutionWritePeriod).
  const expected = 2 / 0.01 + 1
  await run()
  await tab('Timeline').click()
  await page.waitForFunction(
    (n) => document.querySelector('.timeline-view .frames')?.textContent === `${n} frames`,
    expected,
    { timeout: 15_000 },
  )
  assert.equal(await frameCount(), `${expected} frames`)
  await row('mass').click()
  await page.getByLabel('Trace selected').check()
  await page.waitForFunction(
    (n) => document.querySelector('canvas[data-testid=viewport]')?.dataset.tracePoints === String(n),
    expected,
    { timeout: 10_000 },
  )
  await tab('Runs').click()
  await runsListed(1)
  assert.equal(await page.locator('[data-testid=runs] input.name').first().inputValue(), 'Run 1')
  // The cell shows the file name, its title the whole path.
  const cell = page.locator('[data-testid=runs] td.path').first()
  assert.match(await cell.getAttribute('title'), /\.mbs-runs\/pendulum-\d{8}T\d{6}-\d+-1\.mbsres$/)
  assert.match(await cell.innerText(), /^pendulum-\d{8}T\d{6}-\d+-1\.mbsres$/)
  assert.deepEqual(app.errors, [])
})

/** A 1 kg mass on a spring of stiffness 100 N/m along x, released 0.5 m stretched, no gravity. */
const OSCILLATOR = {
  format: 'mbs-studio-project',
  version: 1,
  name: 'Oscillator',
  model: {
    nodes: [{ type: 'Point', name: 'n', referenceCoordinates: [1.5, 0, 0] }],
    objects: [
      { type: 'Ground', name: 'ground' },
      {
        type: 'MassPoint',
        name: 'mass',
        physicsMass: 1,
        nodeNumber: 'n',
        VgraphicsData: [{ type: 'Brick', size: [0.3, 0.3, 0.3] }],
      },
      {
        type: 'ConnectorSpringDamper',
        name: 'spring',
        markerNumbers: ['anchor', 'massPosition'],
        stiffness: 100,
        referenceLength: 1,
      },
    ],
    markers: [
      { type: 'BodyPosition', name: 'anchor', bodyNumber: 'ground', localPosition: [0, 0, 0] },
      { type: 'BodyPosition', name: 'massPosition', bodyNumber: 'mass', localPosition: [0, 0, 0] },
    ],
    loads: [],
    sensors: [{ type: 'Node', name: 'x', nodeNumber: 'n', outputVariableType: 'Position' }],
  },
  simulationSettings: { timeIntegration: { endTime: 1, numberOfSteps: 1000 } },
}

test('two runs with different stiffnesses: overlaid, a ghost, the stiffness the one difference', async () => {
  const file = join(app.dir, 'oscillator.mbsproj')
  writeFileSync(file, JSON.stringify(OSCILLATOR, null, 2))
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await page.fill('.dialog input[aria-label="File path"]', file)
  await page.click('.dialog button[type=submit]')
  await page.waitForFunction(
    () => document.querySelector('[data-testid=saved-state]')?.textContent === 'Saved',
  )
  await run()
  await row('spring').click()
  await page.locator('[data-param=stiffness] input').fill('400')
  await page.locator('[data-param=stiffness] input').press('Enter')
  await page.waitForFunction(
    () => document.querySelector('[data-testid=saved-state]')?.textContent === 'Modified',
  )
  await run()

  await tab('Runs').click()
  await runsListed(3)
  // Run 1 is the pendulum of the first test; compare the two oscillator runs.
  await page.getByLabel('Compare Run 2').check()
  await page.getByLabel('Compare Run 3').check()
  const differences = page.getByTestId('run-differences')
  await differences.waitFor()
  const rows = await differences.locator('tbody tr').allInnerTexts()
  assert.deepEqual(
    rows.map((text) => text.split('\t').map((cell) => cell.trim())),
    [['spring.stiffness', '100', '400']],
  )
  assert.deepEqual(await differences.locator('thead th').allInnerTexts(), ['Parameter', 'Run 2', 'Run 3'])
  await page.locator('.runs-view').screenshot({ path: outputPath('runs-compare-table.png') })
  const swatches = await runSwatches()
  assert.equal(
    new Set(Object.values(swatches)).size,
    3,
    `a colour of its own per run: ${JSON.stringify(swatches)}`,
  )

  // The timeline shows Run 3 (the last run); at t = 0.3 s the masses are apart: x = 1 + 0.5 cos(w t)
  // with w = 10 and 20 rad/s: 0.51 and 1.48 m.
  await tab('Timeline').click()
  await page.getByLabel('Replay time').evaluate((slider) => {
    slider.value = '0.3'
    slider.dispatchEvent(new Event('input'))
  })
  const canvas = page.locator('canvas[data-testid=viewport]')
  await page.waitForFunction(
    () => document.querySelector('canvas[data-testid=viewport]')?.dataset.ghosts === '1',
  )
  await page.click('.view-tools button:has-text("front")')
  await nextFrames(page)
  await canvas.screenshot({ path: outputPath('runs-ghost.png') })
  // The ghost is Run 2's colour (runColors.ts, second entry #e0b050), translucent over the background.
  const ghostPixels = await page.evaluate(async () => {
    const bitmap = await createImageBitmap(document.querySelector('canvas[data-testid=viewport]'))
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')
    context.drawImage(bitmap, 0, 0)
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    let count = 0
    for (let i = 0; i < data.length; i += 4)
      if (data[i] > data[i + 2] + 25 && data[i + 1] > data[i + 2] + 10) count++
    return count
  })
  assert.ok(ghostPixels > 200, `the ghost is drawn in its run's colour (${ghostPixels} pixels)`)
  assert.equal(await canvas.getAttribute('data-ghost-colors'), swatches['Run 2'])

  await tab('Plots').click()
  const legend = page.locator('[data-testid=plot] .u-legend')
  await legend.waitFor()
  const labels = await legend.locator('.u-series .u-label').allInnerTexts()
  assert.ok(labels.includes('Run 2: x.x') && labels.includes('Run 3: x.x'), `legend: ${labels.join(', ')}`)
  await page.locator('.plots').screenshot({ path: outputPath('runs-compare-plot.png') })
  await assertStrokesAre(swatches)
  // The CSV: one time column, a column per run and channel named by the run (columnsCsv.test.ts
  // checks the join of runs written at different times).
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV', exact: true }).click(),
  ])
  const [header, first] = readFileSync(await csv.path(), 'utf8').split('\n')
  assert.deepEqual(header.split(','), ['t', ...labels.filter((label) => label.startsWith('Run '))])
  assert.deepEqual(first.split(',').map(Number).slice(0, 3), [0, 1.5, 1.5])

  // An expression is plotted once per compared run, of that run's channels, in its colour.
  await page.getByLabel('Expression of channels').fill('x.x - 1')
  await page.getByLabel('Expression of channels').press('Enter')
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid=plot] .u-legend .u-label')].some(
      (label) => label.textContent === 'Run 3: x.x - 1',
    ),
  )
  const strokes = await legendStrokes()
  assert.equal(strokes['Run 2: x.x - 1'], swatches['Run 2'])
  assert.equal(strokes['Run 3: x.x - 1'], swatches['Run 3'])
  await page.locator('.plots').screenshot({ path: outputPath('runs-compare-expression.png') })

  // A run keeps its colour when another leaves the list.
  await tab('Runs').click()
  await page.getByTitle('Remove Run 1 from the list').click()
  await runsListed(2)
  const { 'Run 1': removed, ...kept } = swatches
  assert.deepEqual(await runSwatches(), kept, `Run 1 (${removed}) removed`)
  await tab('Plots').click()
  await assertStrokesAre(kept)
  assert.deepEqual(app.errors, [])
})

test('a stopped run replays every frame its results file holds to the stop, and is listed', async () => {
  // The oscillator above run for 10^4 s and stopped after a simulated second or more: the live view was
  // sent at most 60 frames a wall-clock second; the file has every frame at 0.01 s up to the stop.
  await page.click('.tab:has-text("Solver settings")')
  for (const [path, value] of [
    ['timeIntegration.endTime', '10000'],
    ['timeIntegration.numberOfSteps', '10000000'],
  ]) {
    await page.locator(`input[aria-label="${path}"]`).fill(value)
    await page.locator(`input[aria-label="${path}"]`).press('Enter')
  }
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await waitForSimTime(page, 1, 30_000)
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await tab('Runs').click()
  await runsListed(3)
  const [name, span, frames] = await page
    .locator('[data-testid=runs] tbody tr')
    .last()
    .evaluate((tr) => [
      tr.querySelector('input.name').value,
      ...[...tr.cells].slice(2, 4).map((c) => c.innerText),
    ])
  assert.equal(name, 'Run 4')
  const end = Number(span.split('…')[1])
  assert.ok(end > 1 && end < 10_000, `stopped at ${end} s`)
  assert.equal(Number(frames), Math.round(end / 0.01) + 1, `${frames} frames to t = ${end} s`)
  await tab('Timeline').click()
  await page.waitForFunction(
    (n) => document.querySelector('.timeline-view .frames')?.textContent === `${n} frames`,
    frames,
    { timeout: 15_000 },
  )
  await row('mass').click()
  await page.getByLabel('Trace selected').check()
  await page.waitForFunction(
    (n) => document.querySelector('canvas[data-testid=viewport]')?.dataset.tracePoints === n,
    frames,
    { timeout: 10_000 },
  )
  assert.deepEqual(app.errors, [])
})

test('results files from disk open as runs: by file name, overlaid, ghosts, the difference', async () => {
  // Two runs of the oscillator from the command line, stiffness 100 and 900 (w = 10 and 30 rad/s).
  const project = join(app.dir, 'disk.mbsproj')
  writeFileSync(project, JSON.stringify(OSCILLATOR, null, 2))
  for (const [name, k] of [
    ['soft', 100],
    ['stiff', 900],
  ])
    execFileSync(process.execPath, [
      join(PROJECT_ROOT, 'bin/mbs.cjs'),
      'run',
      project,
      '--set',
      `spring.stiffness=${k}`,
      '--results',
      join(app.dir, `${name}.mbsres`),
    ])
  await tab('Runs').click()
  for (const box of await page.locator('[data-testid=runs] input[type=checkbox]').all()) await box.uncheck()
  const before = await page.locator('[data-testid=runs] tbody tr').count()
  for (const name of ['soft', 'stiff']) {
    await page.getByTestId('open-run').click()
    await page.fill('.dialog input[aria-label="File path"]', join(app.dir, `${name}.mbsres`))
    await page.click('.dialog button[type=submit]')
    await page.getByLabel(`Compare ${name}.mbsres`).waitFor({ timeout: 15_000 })
  }
  await runsListed(before + 2)
  for (const name of ['soft', 'stiff']) await page.getByLabel(`Compare ${name}.mbsres`).check()
  const differences = page.getByTestId('run-differences')
  await differences.waitFor()
  assert.deepEqual(await differences.locator('thead th').allInnerTexts(), [
    'Parameter',
    'soft.mbsres',
    'stiff.mbsres',
  ])
  const rows = await differences.locator('tbody tr').allInnerTexts()
  assert.deepEqual(
    rows.map((text) => text.split('\t').map((cell) => cell.trim())),
    [['spring.stiffness', '100', '900']],
  )
  // Neither is the timeline's run: both are drawn as ghosts; the plot overlays both, by file name.
  await page.waitForFunction(
    () => document.querySelector('canvas[data-testid=viewport]')?.dataset.ghosts === '2',
    null,
    { timeout: 10_000 },
  )
  await tab('Plots').click()
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid=plot] .u-legend .u-label')].some((e) =>
      e.textContent.startsWith('stiff.mbsres: '),
    ),
  )
  const labels = Object.keys(await legendStrokes())
  assert.ok(labels.includes('soft.mbsres: x.x') && labels.includes('stiff.mbsres: x.x'), labels.join(', '))
  await page.screenshot({ path: outputPath('runs-from-files.png') })
  assert.deepEqual(app.errors, [])
})

/** Run name -> the computed colour of its swatch in the Runs tab. */
const runSwatches = () =>
  page
    .locator('[data-testid=runs] tbody tr')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((tr) => [
          tr.querySelector('input.name').value,
          getComputedStyle(tr.querySelector('.swatch')).backgroundColor,
        ]),
      ),
    )

/** Each series "RUN: channel" of the plot is stroked in its run's swatch colour; both runs are plotted. */
async function assertStrokesAre(swatches) {
  const strokes = await legendStrokes()
  const runs = new Set(Object.keys(strokes).map((label) => label.split(': ')[0]))
  assert.deepEqual([...runs].sort(), ['Run 2', 'Run 3'])
  for (const [label, stroke] of Object.entries(strokes))
    assert.equal(stroke, swatches[label.split(': ')[0]], label)
}

/** Series label -> its line's stroke, as the plot's legend marker shows it (uPlot draws it in the stroke). */
const legendStrokes = () =>
  page.locator('[data-testid=plot] .u-legend .u-series').evaluateAll((rows) =>
    Object.fromEntries(
      rows
        .filter((tr) => tr.querySelector('.u-marker') && !tr.classList.contains('u-off'))
        .slice(1)
        .map((tr) => [
          tr.querySelector('.u-label').textContent,
          getComputedStyle(tr.querySelector('.u-marker')).borderTopColor,
        ]),
    ),
  )
