// Mesh files in the app: Create > Body from mesh reads an STL the test writes into the workspace,
// fills the body's mass from it, and the viewport draws it (the canvas differs from the empty
// model's) and picks it (a click on its pixels selects the body in the tree).
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { tsImport } from 'tsx/esm/api'
import {
  canvasImage,
  canvasStatsWhen,
  clickDiscardingChanges,
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

test('a body from an STL mesh is drawn and picked', async () => {
  const { binaryStl, boxTriangles } = await tsImport('../fixtures/meshFiles.ts', import.meta.url)
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
  const mass = Number(await page.locator('[data-param=physicsMass] input').inputValue())
  assert.ok(Math.abs(mass - 7850 * 0.4 * 0.2 * 0.1) <= 1e-6 * mass, `mass ${mass}`)
  assert.deepEqual(app.errors, [])
})
