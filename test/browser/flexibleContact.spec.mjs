// The items of issue #8 in the 3D view and the property editor, in Chromium against the web host:
// an ANCF cable drawn with its deformation (the hanging cable sags below the chord between its ends),
// contact forces drawn as arrows (the spheres on the incline, seen side-on), and a drive's time
// function plotted under its field.
import assert from 'node:assert/strict'
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
} from './harness.mjs'

let app
let page
let dir
let errors
// Examples are opened from a copy in `dir`: a run of a project from disk writes NAME.mbsres next to it.
before(async () => {
  app = await openApp('mbs-flexible-contact-')
  ;({ page, dir, errors } = app)
})
after(() => app?.close())

const waitForState = (label) => waitForRunState(page, label, 60_000)

/**
 * Opens a copy of resources/examples/<name>.mbsproj, changed by `edit` (the parsed project), and waits
 * until the tree lists its item `itemName`.
 */
async function openExample(name, itemName, edit = () => {}) {
  const path = join(dir, `${name}.mbsproj`)
  const project = JSON.parse(
    readFileSync(join(PROJECT_ROOT, 'resources/examples', `${name}.mbsproj`), 'utf8'),
  )
  edit(project)
  writeFileSync(path, JSON.stringify(project))
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await page.fill('.dialog input[aria-label="File path"]', path)
  await page.click('.dialog button[type=submit]')
  await page.locator(`.item-row[data-name="${itemName}"]`).waitFor()
  await waitForState('Ready')
}

/**
 * Pixels of the 3D view (the WebGL canvas) of the engine's default body colour [0.45, 0.6, 0.85] or
 * force colour [0.85, 0.2, 0.85] (src/core/system/graphics.ts), per canvas column: the rows where they
 * lie. Antialiased lines blend their colour with the background, so colours are told apart by ratios:
 * the body's (g - r) / b = 0.18 and (b - g) / b = 0.29 (harness.mjs canvasStats), with b > 150: the Z
 * axis [0.3, 0.5, 1] blended with the dark background has (b - g) / b > 0.45 from there on, but below
 * it fainter blends fall into the body's range. The force colour has r and b alike and g well below.
 */
function pixelsOf(kind) {
  return page.evaluate(async (kind) => {
    const canvas = document.querySelector('canvas[data-testid=viewport]')
    const bitmap = await createImageBitmap(canvas)
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')
    context.drawImage(bitmap, 0, 0)
    const { data, width } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    const matches = {
      body: (r, g, b) =>
        b > 150 && (g - r) / b > 0.08 && (g - r) / b < 0.28 && (b - g) / b > 0.15 && (b - g) / b < 0.4,
      force: (r, g, b) => r > 90 && b > 90 && g < 0.4 * r && Math.abs(r - b) < 40,
    }[kind]
    const columns = {}
    let count = 0
    for (let i = 0; i < data.length; i += 4) {
      if (!matches(data[i], data[i + 1], data[i + 2])) continue
      const x = (i / 4) % width
      ;(columns[x] ??= []).push(Math.floor(i / 4 / width))
      count++
    }
    return { count, columns }
  }, kind)
}

/**
 * pixelsOf(kind) once `ready` holds for it (a loaded machine draws a few frames per second), or after 10 s.
 */
async function pixelsOfWhen(kind, ready) {
  const deadline = Date.now() + 10_000
  let pixels = await pixelsOf(kind)
  while (!ready(pixels) && Date.now() < deadline) {
    await nextFrames(page)
    pixels = await pixelsOf(kind)
  }
  return pixels
}

/**
 * Sag of the drawn cable in pixels: how far the cable's pixels at the middle column between its
 * leftmost and rightmost columns lie below the straight line (chord) between those two ends.
 */
function sagOf({ columns }) {
  const xs = Object.keys(columns)
    .map(Number)
    .sort((a, b) => a - b)
  const mean = (x) => columns[x].reduce((s, y) => s + y, 0) / columns[x].length
  const [left, right] = [xs[0], xs.at(-1)]
  const middle = xs.reduce((best, x) =>
    Math.abs(x - (left + right) / 2) < Math.abs(best - (left + right) / 2) ? x : best,
  )
  const chord = mean(left) + ((mean(right) - mean(left)) * (middle - left)) / (right - left)
  return { sag: Math.max(...columns[middle]) - chord, width: right - left }
}

test('a hanging ANCF cable is drawn with its static sag', async () => {
  // (At the start the straight cable lies on the X axis, which is drawn over it.) The toolbar's Static
  // solves for the equilibrium in load steps (10, as the example test in ancfExamples.test.ts); a
  // dynamic run would show the swinging cable at whatever phase it has reached.
  await openExample('hangingCable', 'c0', (project) => {
    project.simulationSettings.staticSolver = { numberOfLoadSteps: 10 }
  })
  await page.click('button[title="Solve for static equilibrium"]')
  await waitForState('Finished')
  await page.click('.view-tools button:has-text("front")')
  const hanging = await pixelsOfWhen('body', ({ count }) => count > 150)
  await page
    .locator('canvas[data-testid=viewport]')
    .screenshot({ path: outputPath('flexible-hanging-cable.png') })
  assert.ok(hanging.count > 150, `the cable is not drawn: ${hanging.count} pixels of the body colour`)
  const { sag, width } = sagOf(hanging)
  console.log(`hanging cable: mid-span ${sag.toFixed(1)} px below the chord over ${width} px`)
  // A 2 m cable between supports 2 m apart with EA = 50 N and 9.81 N/m sags about 0.5 m (f^3 = 3 w L^4 /
  // (64 EA)): a quarter of its span. A fifth of the drawn span is clearly curved.
  assert.ok(
    sag > width / 5,
    `the cable is not drawn sagging: mid-span ${sag.toFixed(1)} px below the chord over ${width} px`,
  )
  assert.deepEqual(errors, [])
})

test('contact forces are drawn as arrows: the spheres on the incline, seen side-on', async () => {
  // The example draws its incline 4 m wide, which Fit frames; 1 m (the spheres are 0.6 m apart) brings
  // the view close to the spheres without zooming by the wheel, whose steps depend on the frame rate.
  await openExample('sphereOnIncline', 'rollingContact', (project) => {
    for (const item of project.model.objects) if (item.type === 'ContactSpherePlane') item.VplaneSize = 1
  })
  await page.click('.tab:has-text("Timeline")')
  await page.getByRole('button', { name: 'Step', exact: true }).click()
  await waitForState('Paused')
  // Side view (along -x, Z up as the example's gravity -z asks): the incline's normal lies in the y-z
  // plane, so its arrows are seen across, the incline rising to the right (+y).
  await page.click('.view-tools button:has-text("side")')
  const arrows = await pixelsOfWhen('force', ({ count }) => count > 30)
  await page
    .locator('canvas[data-testid=viewport]')
    .screenshot({ path: outputPath('contact-force-arrows.png') })
  // Each arrow is 4 sphere radii long (0.4 m), half of it outside the sphere: in a view about 1.5 m
  // wide the visible shaft and head cover well over 30 pixels (the arrows are 1-pixel lines).
  assert.ok(arrows.count > 30, `no contact force arrow is drawn: ${arrows.count} pixels of the force colour`)
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await waitForState('Ready')
  assert.deepEqual(errors, [])
})

test("a drive's time function is plotted under its field in the property editor", async () => {
  await openExample('crankDriven', 'motor')
  await page.locator('.item-row[data-name="motor"]').click()
  const field = page.locator('[data-param=offsetUserFunction]')
  assert.equal(await field.locator('input').inputValue(), '-10*t')
  await field.locator('[data-testid=expression-plot] canvas').first().waitFor()
  // A typed change re-plots; text that does not parse shows the parser's message and no plot.
  await field.locator('input').fill('-10*t + sin(')
  await field.locator('.field-error').waitFor()
  assert.equal(await field.locator('[data-testid=expression-plot]').count(), 0)
  await field.locator('input').fill('-10*t')
  await field.locator('[data-testid=expression-plot] canvas').first().waitFor()
  assert.deepEqual(errors, [])
})
