// Mesh files in the app: Create > Body from mesh reads an STL the test writes into the workspace,
// fills the body's mass and inertia from it (turned by the rotation typed), and the viewport draws it
// (the canvas differs from the empty model's) and picks it (a click on its pixels selects the body in
// the tree). An embedded copy draws after the file is deleted. A million-triangle STL loads without
// freezing the page (the longest main-thread task and the longest gap between animation frames while
// it loads), and two bodies using it share one parse.
import assert from 'node:assert/strict'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { tsImport } from 'tsx/esm/api'
import {
  canvasImage,
  canvasStatsWhen,
  clickDiscardingChanges,
  nextFrames,
  openApp,
  outputPath,
  pixelDifference,
} from './harness.mjs'

let app
let page
before(async () => {
  app = await openApp('mbs-meshes-')
  page = app.page
})
after(async () => app?.close())

const meshFiles = () => tsImport('../fixtures/meshFiles.ts', import.meta.url)
const fileBrowser = () => page.locator('[role=dialog].file-browser')
const BODY_COLOR = [0.45, 0.6, 0.85, 1]
// Main-thread tasks of the loaders parsing there were 1.0-1.4 s; the GPU upload and garbage collection
// that are left take 83-374 ms on 2 cores shared with other work (docs/performance.md): a bound
// between the two catches a parse on the main thread again without failing on a loaded machine.
const MAX_TASK_MS = 500
// Frames also wait for the GPU process, which the parsing worker starves on 2 shared cores (gaps up
// to 550 ms with the main thread idle when the worker starts cold): a page without a frame for a
// second while it loads is frozen.
const MAX_LOADING_FRAME_GAP_MS = 1000

/** Types `file` into the file browser opened by `open` (a click or a key) without confirming it. */
async function chooseFile(open, file) {
  await open()
  await fileBrowser().waitFor()
  await fileBrowser().getByLabel('File path').fill(file)
}

async function confirmFile(name) {
  await fileBrowser().getByLabel('File path').press('Enter')
  await fileBrowser().waitFor({ state: 'detached' })
  await page.waitForFunction((n) => document.querySelector('.project-name')?.textContent.includes(n), name)
}

const meshWarnings = () =>
  page.evaluate(() =>
    [...document.querySelectorAll('table.log tr')]
      .map((e) => e.textContent)
      .filter((t) => /Mesh file/.test(t)),
  )

test('a body from an STL mesh is drawn and picked', async () => {
  const { binaryStl, boxTriangles } = await meshFiles()
  // A 0.4 x 0.2 x 0.1 m box around the origin.
  writeFileSync(join(app.dir, 'box.stl'), binaryStl(boxTriangles([-0.2, -0.1, -0.05], [0.4, 0.2, 0.1])))
  await clickDiscardingChanges(page, 'button[title^="New empty model"]')
  await page.waitForFunction(
    () => document.querySelector('[data-kind="objects"] .count')?.textContent === '0',
  )
  const empty = await canvasImage(page)

  await page.click('[data-create=rigidBodyFromMesh]')
  const file = page.locator('.dialog input[aria-label=file]')
  await file.fill('box.stl')
  await file.press('Tab')
  // Turned a quarter about z, typed in degrees: the box lies along y in the body.
  const turn = page.locator('.dialog input[aria-label="rotation[2]"]')
  await turn.fill('90 deg')
  await turn.press('Tab')
  await page.locator('.dialog').screenshot({ path: outputPath('meshes-create-dialog.png') })
  await page.click('.dialog button[type=submit]')
  await page.locator('.dialog').waitFor({ state: 'detached' })
  await page.waitForFunction(() => document.querySelector('canvas')?.dataset.meshFilesLoading === '0')
  await page.click('.view-tools button:has-text("iso")')
  // Created, the body is selected (highlighted); drawn in its own colour once deselected.
  assert.ok((await canvasStatsWhen(page, (s) => s.selected > 200)).selected > 200, 'not highlighted')
  const box = await page.locator('canvas').boundingBox()
  // A click into empty space clears the selection.
  await page.mouse.click(box.x + 20, box.y + box.height - 40)
  await page.waitForFunction(() => document.querySelector('.item-row.selected') === null)
  const stats = await canvasStatsWhen(page, (s) => s.body > 200)
  await page.screenshot({ path: outputPath('meshes-body.png') })
  const log = await page.evaluate(() =>
    [...document.querySelectorAll('table.log tr')].map((e) => e.textContent),
  )
  assert.ok(stats.body > 200, `the mesh is not drawn (${stats.body} body pixels; log ${log.slice(-3)})`)
  assert.ok((await pixelDifference(page, empty, await canvasImage(page))) > 0.01, 'the view did not change')

  // Mass from the mesh: 7850 kg/m^3 x 0.008 m^3 (the STL's float32 corners: 1e-6 relative).
  await page.mouse.click(box.x + stats.bodyAt.x, box.y + stats.bodyAt.y)
  await page.waitForFunction(() => document.querySelector('.item-row.selected')?.dataset.name === 'part')
  await page.screenshot({ path: outputPath('meshes-picked.png') })
  // Focused, a number field shows its exact text (not focused, a compact form to 3 digits).
  const exactNumber = async (input) => (await input.focus(), Number(await input.inputValue()))
  const mass = await exactNumber(page.locator('[data-param=physicsMass] input'))
  assert.ok(Math.abs(mass - 7850 * 0.4 * 0.2 * 0.1) <= 1e-6 * mass, `mass ${mass}`)
  // Turned, its 0.4 m edge lies along y: Jxx = m (0.4^2 + 0.1^2) / 12, Jyy = m (0.2^2 + 0.1^2) / 12.
  const inertia = (i) => page.locator(`[data-param=physicsInertia] input[aria-label="physicsInertia[${i}]"]`)
  const [jxx, jyy] = [await exactNumber(inertia(0)), await exactNumber(inertia(1))]
  assert.ok(Math.abs(jxx - (mass * 0.17) / 12) <= 1e-6 * jxx, `Jxx ${jxx}`)
  assert.ok(Math.abs(jyy - (mass * 0.05) / 12) <= 1e-6 * jyy, `Jyy ${jyy}`)
  assert.deepEqual(app.errors, [])
})

test('an embedded mesh is drawn after its file is deleted', async () => {
  const { binaryStl, boxTriangles } = await meshFiles()
  writeFileSync(join(app.dir, 'part.stl'), binaryStl(boxTriangles([-0.2, -0.2, -0.2], [0.4, 0.4, 0.4])))
  await clickDiscardingChanges(page, 'button[title^="New empty model"]')
  await page.click('[data-create=rigidBodyFromMesh]')
  await page.locator('.dialog input[aria-label=file]').fill('part.stl')
  await page.locator('.dialog input[aria-label=embed]').check()
  await page.click('.dialog button[type=submit]')
  await page.locator('.dialog').waitFor({ state: 'detached' })
  await chooseFile(() => page.keyboard.press('Control+Shift+S'), 'embedded.mbsproj')
  await confirmFile('embedded.mbsproj')
  rmSync(join(app.dir, 'part.stl'))

  // A fresh page: nothing of the file is left loaded.
  await page.reload()
  await page.waitForSelector('canvas[data-rendered="true"]')
  await chooseFile(() => page.click('button[title^="Open a project file"]'), 'embedded.mbsproj')
  await confirmFile('embedded.mbsproj')
  await page.waitForFunction(() => document.querySelector('canvas')?.dataset.meshFileInstances === '1')
  await page.click('.view-tools button:has-text("iso")')
  const stats = await canvasStatsWhen(page, (s) => s.body > 200)
  await page.screenshot({ path: outputPath('meshes-embedded.png') })
  assert.ok(stats.body > 200, `the embedded mesh is not drawn (${stats.body} body pixels)`)
  assert.deepEqual(await meshWarnings(), [], 'a mesh file was drawn as a box')
  await page.click('.item-row[data-name="part"]')
  await page.waitForFunction(() => document.querySelector('.item-row.selected')?.dataset.name === 'part')
  await page.click('text=Visualization')
  await page.locator('[data-param=VgraphicsData]').waitFor()
  // The group's rows are named in full (only a settings section's prefix is left out).
  const label = await page.locator('[data-row=VgraphicsData] label.key').textContent()
  assert.match(label.trim(), /^VgraphicsData/)
  await page.screenshot({ path: outputPath('meshes-embedded-selected.png') })
  assert.deepEqual(app.errors, [])
})

test('a million-triangle STL loads without freezing the page; two bodies share one parse', async () => {
  const { sphereStl } = await meshFiles()
  // 2 x 1000 x 500 = 1e6 triangles, 50 MB of binary STL.
  writeFileSync(join(app.dir, 'sphere.stl'), sphereStl(0.5, 501, 1000))
  const ground = (name, x) => ({
    type: 'Ground',
    name,
    referencePosition: [x, 0, 0],
    VgraphicsData: [{ type: 'Mesh', file: 'sphere.stl', color: BODY_COLOR }],
  })
  const project = {
    format: 'mbs-studio-project',
    version: 1,
    name: 'Two spheres',
    model: { objects: [ground('left', -0.6), ground('right', 0.6)] },
  }
  writeFileSync(join(app.dir, 'spheres.mbsproj'), JSON.stringify(project, null, 2))
  await clickDiscardingChanges(page, 'button[title^="New empty model"]')
  const parsed = () => page.locator('canvas').evaluate((c) => Number(c.dataset.meshFilesParsed))
  const parsedBefore = await parsed()
  await chooseFile(() => page.click('button[title^="Open a project file"]'), 'spheres.mbsproj')
  // The probe, from the open on: the longest gap between animation frames until the mesh is handed
  // to the view (every bit of loading on the main thread shows in it), then the longest including
  // the frames that draw it; and the longest main-thread task (long tasks are those over 50 ms).
  await page.evaluate(() => {
    const canvas = document.querySelector('canvas')
    const probe = { start: performance.now(), last: performance.now(), loading: 0, longest: 0, task: 0 }
    probe.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.task = Math.max(probe.task, e.duration)
    })
    probe.observer.observe({ type: 'longtask' })
    const tick = (t) => {
      probe.longest = Math.max(probe.longest, t - probe.last)
      if (!probe.loaded) probe.loading = probe.longest
      if (!probe.loaded && canvas.dataset.meshFileInstances === '2') probe.loaded = t - probe.start
      probe.last = t
      if (!probe.stopped) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
    window.frameProbe = probe
  })
  await confirmFile('spheres.mbsproj')
  await page.waitForFunction(() => window.frameProbe.loaded !== undefined, null, { timeout: 120_000 })
  await nextFrames(page)
  await nextFrames(page)
  const probe = await page.evaluate(() => {
    const p = window.frameProbe
    p.stopped = true
    p.observer.disconnect()
    return { loaded: p.loaded, loading: p.loading, longest: p.longest, task: p.task }
  })
  console.log(
    `1e6-triangle STL: handed to the view ${(probe.loaded / 1000).toFixed(1)} s after the open; longest ` +
      `frame gap ${probe.loading.toFixed(0)} ms while loading, ${probe.longest.toFixed(0)} ms with the ` +
      `first frames drawing it; longest main-thread task ${probe.task.toFixed(0)} ms`,
  )
  const drawn = await canvasStatsWhen(page, (s) => s.body > 200)
  await page.screenshot({ path: outputPath('meshes-large.png') })
  assert.ok(drawn.body > 200, `the spheres are not drawn (${drawn.body} body pixels)`)
  assert.equal((await parsed()) - parsedBefore, 1, 'the file was parsed more than once')
  const instances = await page.locator('canvas').evaluate((c) => c.dataset.meshFileInstances)
  assert.equal(instances, '2', 'the two bodies are not both instances of the loaded mesh')
  assert.ok(probe.task < MAX_TASK_MS, `the main thread was busy for ${probe.task.toFixed(0)} ms`)
  assert.ok(
    probe.loading < MAX_LOADING_FRAME_GAP_MS,
    `no frame for ${probe.loading.toFixed(0)} ms while loading`,
  )
  assert.deepEqual(await meshWarnings(), [])
  assert.deepEqual(app.errors, [])
})
