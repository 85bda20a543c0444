// The 3D view's up axis, in Chromium against the web host: a model whose gravity points along -Z is
// shown with Z up (the ground a floor, not a wall), the presets are taken around that up, orbiting
// turns about it, and the user's "Up" choice overrides it and is kept per project for the session.
// What is checked is what the user sees: the screen positions of the X, Y and Z axis labels (drawn at
// the tips of the 1 m axes), besides the camera's own up and view direction (canvas data set).
import assert from 'node:assert/strict'
import { copyFileSync } from 'node:fs'
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
before(async () => {
  app = await openApp('mbs-up-axis-')
  page = app.page
})
after(() => app?.close())

const canvas = () => page.locator('canvas[data-testid=viewport]')
const upSelect = () => page.locator('[data-testid=up-axis]')

/** Opens a copy of resources/examples/<name>.mbsproj in the test's folder (the same path each time). */
async function openExample(name, itemName) {
  const path = join(app.dir, `${name}.mbsproj`)
  copyFileSync(join(PROJECT_ROOT, 'resources/examples', `${name}.mbsproj`), path)
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await page.fill('.dialog input[aria-label="File path"]', path)
  await page.click('.dialog button[type=submit]')
  await page.locator(`.item-row[data-name="${itemName}"]`).waitFor()
  await waitForRunState(page, 'Ready', 60_000)
}

const vectorOf = (text) => text.split(',').map(Number)

/** Resolves when the view has taken `axis` ('+z', ...) as up. */
const waitForUp = (axis) =>
  page.waitForFunction((a) => document.querySelector('canvas[data-testid=viewport]')?.dataset.up === a, axis)

/** The camera's view direction (camera to target) once it is within 1e-3 of `expected`, else fails. */
async function waitForViewDirection(expected, what) {
  const close = (text) => text && vectorOf(text).every((c, i) => Math.abs(c - expected[i]) < 1e-3)
  try {
    await page.waitForFunction(
      ([e]) => {
        const text = document.querySelector('canvas[data-testid=viewport]')?.dataset.viewDirection
        return text && text.split(',').every((c, i) => Math.abs(Number(c) - e[i]) < 1e-3)
      },
      [expected],
      { timeout: 10_000 },
    )
  } catch {
    const actual = await canvas().getAttribute('data-view-direction')
    assert.ok(close(actual), `${what}: the camera looks along [${actual}], expected [${expected}]`)
  }
  // The axis labels follow the tips after a render.
  await nextFrames(page)
}

/** Screen positions (CSS px) of the X, Y and Z axis labels. */
async function axisLabels() {
  const boxes = await page.locator('.viewport .axis-label').evaluateAll((labels) =>
    labels.map((label) => {
      const box = label.getBoundingClientRect()
      return { name: label.textContent, x: box.x, y: box.y }
    }),
  )
  return Object.fromEntries(boxes.map(({ name, x, y }) => [name, { x, y }]))
}

/**
 * In a view that looks along an axis, the two other axes lie in a plane at one depth and are drawn
 * undistorted: the tip of `upAxis` straight above the origin, the tip of `rightAxis` straight to its
 * right, both the same length. So the right tip lies (L, L) from the up tip (screen y grows downwards),
 * L > 20 px, to within a pixel and a half (label positions are not rounded) plus 3 % (the top view
 * leans 0.01 rad: Babylon's smallest polar angle).
 */
async function assertScreenAxes(rightAxis, upAxis, what) {
  const labels = await axisLabels()
  const dx = labels[rightAxis].x - labels[upAxis].x
  const dy = labels[rightAxis].y - labels[upAxis].y
  const message =
    `${what}: ${rightAxis} should point right and ${upAxis} up on screen; ` +
    `${rightAxis} tip is (${dx.toFixed(1)}, ${dy.toFixed(1)}) px from the ${upAxis} tip`
  assert.ok(dx > 20 && dy > 20, message)
  assert.ok(Math.abs(dx - dy) < 1.5 + 0.03 * dx, message)
}

/**
 * Canvas rows holding pixels of the ground grid's line colours ([0.17, 0.18, 0.2] and [0.27, 0.28,
 * 0.31] of 255, unlit, drawn exactly in software WebGL without antialiasing; +-3 for rounding), and
 * the canvas height.
 */
function gridRows() {
  return page.evaluate(async () => {
    const canvas = document.querySelector('canvas[data-testid=viewport]')
    const bitmap = await createImageBitmap(canvas)
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')
    context.drawImage(bitmap, 0, 0)
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    const near = (i, [r, g, b]) =>
      Math.abs(data[i] - r) <= 3 && Math.abs(data[i + 1] - g) <= 3 && Math.abs(data[i + 2] - b) <= 3
    const rows = new Set()
    for (let i = 0; i < data.length; i += 4)
      if (near(i, [43, 46, 51]) || near(i, [69, 71, 79])) rows.add(Math.floor(i / 4 / width))
    return { rows: rows.size, height }
  })
}

async function choosePreset(preset) {
  await page.click(`.view-tools button:has-text("${preset}")`)
}

test('a model with gravity along -Z is shown with Z up; presets and orbiting follow it', async () => {
  await openExample('sphereOnIncline', 'rollingContact')
  await waitForUp('+z')
  assert.deepEqual(vectorOf(await canvas().getAttribute('data-camera-up')), [0, 0, 1])
  assert.equal(await upSelect().locator('option:checked').textContent(), 'auto (Z)')
  // A new up turns the camera to the iso view: from above (1.05 rad from up), from the front (-Y) and
  // right (+X), turned 0.6 rad from the front towards the right.
  const [polar, azimuth] = [1.05, 0.6]
  await waitForViewDirection(
    [-Math.sin(polar) * Math.sin(azimuth), Math.sin(polar) * Math.cos(azimuth), -Math.cos(polar)],
    'iso view, Z up',
  )
  await canvas().screenshot({ path: outputPath('up-axis-z-iso.png') })

  await choosePreset('front')
  await waitForViewDirection([0, 1, 0], 'front view, Z up')
  await assertScreenAxes('X', 'Z', 'front view, Z up')
  // The grid lies in the X-Y plane: the horizontal camera, at the height of the model's centre (the
  // incline is centred on the origin), sees it edge-on, as a line (3 rows measured; a grid facing the
  // camera, as the X-Z grid of a Y-up view would, covers every row).
  const edgeOn = await gridRows()
  assert.ok(
    edgeOn.rows < 0.05 * edgeOn.height,
    `the grid is not seen edge-on from the front: ${edgeOn.rows} of ${edgeOn.height} rows`,
  )
  await canvas().screenshot({ path: outputPath('up-axis-z-front.png') })

  await choosePreset('side')
  await waitForViewDirection([-1, 0, 0], 'side view, Z up')
  await assertScreenAxes('Y', 'Z', 'side view, Z up')

  await choosePreset('top')
  // Babylon keeps the polar angle at 0.01 rad or more: the camera leans that far towards -Y.
  await waitForViewDirection([0, Math.sin(0.01), -Math.cos(0.01)], 'top view, Z up')
  await assertScreenAxes('X', 'Y', 'top view, Z up')
  // ... and seen from above it covers the view (the grid grows with the model: 32 m around the 8 m incline).
  const faceOn = await gridRows()
  assert.ok(
    faceOn.rows > 0.9 * faceOn.height,
    `the grid does not face the top view: ${faceOn.rows} of ${faceOn.height} rows`,
  )

  // A horizontal drag orbits about Z: the view stays horizontal and Z stays up.
  await choosePreset('front')
  await waitForViewDirection([0, 1, 0], 'front view before orbiting')
  const box = await canvas().boundingBox()
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  await page.mouse.move(x, y)
  await page.mouse.down()
  for (let step = 1; step <= 10; step++) await page.mouse.move(x + 12 * step, y)
  await page.mouse.up()
  await page.waitForFunction(
    () =>
      Math.abs(
        Number(document.querySelector('canvas[data-testid=viewport]').dataset.viewDirection.split(',')[0]),
      ) > 0.1,
    null,
    { timeout: 10_000 },
  )
  const orbited = vectorOf(await canvas().getAttribute('data-view-direction'))
  assert.ok(Math.abs(orbited[2]) < 1e-3, `orbiting tilted the view out of the horizontal: [${orbited}]`)
  assert.deepEqual(vectorOf(await canvas().getAttribute('data-camera-up')), [0, 0, 1])
  assert.deepEqual(app.errors, [])
})

test("the user's Up choice overrides the gravity and is kept per project for the session", async () => {
  await upSelect().selectOption('+y')
  await waitForUp('+y')
  await choosePreset('front')
  await waitForViewDirection([0, 0, -1], 'front view, Y up chosen')
  await assertScreenAxes('X', 'Y', 'front view, Y up chosen')
  await canvas().screenshot({ path: outputPath('up-axis-y-chosen-front.png') })

  // Another project gets its own (auto: the pendulum's gravity is -Y) ...
  await openExample('pendulum', 'bob')
  assert.equal(await upSelect().inputValue(), 'auto')
  assert.equal(await upSelect().locator('option:checked').textContent(), 'auto (Y)')
  await waitForUp('+y')
  await upSelect().selectOption('+z')
  await waitForUp('+z')
  // ... and reopening the first one brings its choice back.
  await openExample('sphereOnIncline', 'rollingContact')
  assert.equal(await upSelect().inputValue(), '+y')
  await waitForUp('+y')
  await upSelect().selectOption('auto')
  await waitForUp('+z')
  assert.deepEqual(app.errors, [])
})
