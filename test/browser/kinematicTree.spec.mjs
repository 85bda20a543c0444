// The KinematicTree in the app, in Chromium against the web host: the robot-arm example opened, a list
// parameter (jointOffsets) edited cell by cell with a refused cell, undo and redo, then run: the links
// are drawn where the edited offsets put them and move down under gravity.
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import {
  canvasStatsWhen,
  clickDiscardingChanges,
  nextFrames,
  openApp,
  outputPath,
  PROJECT_ROOT,
  waitForRunState,
} from './harness.mjs'

let app
let page
let errors
before(async () => {
  app = await openApp('mbs-kinematic-tree-')
  ;({ page, errors } = app)
  // A copy of the example: a run of a project from disk writes NAME.mbsres next to it.
  const path = join(app.dir, 'robotArmTree.mbsproj')
  writeFileSync(path, readFileSync(join(PROJECT_ROOT, 'resources/examples/robotArmTree.mbsproj')))
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await page.fill('.dialog input[aria-label="File path"]', path)
  await page.click('.dialog button[type=submit]')
  await page.locator('.item-row[data-name="arm"]').waitFor()
  await waitForRunState(page, 'Ready', 30_000)
})
after(() => app?.close())

const cell = (label) => page.locator(`input[aria-label="${label}"]`)
const undoTitle = () =>
  page.locator('button[title^="Undo"], button[title^="Nothing to undo"]').first().getAttribute('title')
/**
 * The body-coloured pixels (count and centroid in CSS px of the 3D view) once more than `least` are drawn.
 */
const armPixels = (least = 100) => canvasStatsWhen(page, (stats) => stats.body > least)
const armAt = async () => (await armPixels()).bodyAt

/**
 * `read()` once `expected` holds for it, or its last value after 10 s: the model changes when the host's
 * patch arrives.
 */
async function settled(read, expected) {
  const holds = (value) => (expected instanceof RegExp ? expected.test(value ?? '') : value === expected)
  let value = await read()
  for (const start = Date.now(); !holds(value) && Date.now() - start < 10_000; value = await read())
    await new Promise((resolve) => setTimeout(resolve, 50))
  return value
}

async function typeInto(label, text) {
  await cell(label).fill(text)
  await cell(label).press('Enter')
}

test('the arm: jointOffsets edited per cell, a refused cell, undo, redo; a run moves the links', async () => {
  await page.click('.view-tools button:has-text("front")')
  await page.click('.item-row[data-name="arm"]')
  await page.click('button[aria-label="Show the entries of jointOffsets"]')
  assert.equal(await settled(() => cell('jointOffsets[1][0]').inputValue(), '0.5'), '0.5')

  // A cell that is not a number ("0.5 m" would be: a length in metres): refused with the entry and
  // component named, the model untouched.
  const undoBefore = await undoTitle()
  await typeInto('jointOffsets[1][0]', '0.5x')
  assert.match(
    await page.locator('[data-param=jointOffsets] .field-error').textContent(),
    /^entry 1, component 0: expected a number or an expression like 2\*pi\/3, got "0.5x"/,
  )
  assert.equal(await undoTitle(), undoBefore)

  // Select the gripper marker (not drawn): the arm is drawn in the body colour, not the selection's.
  const select = async (name) => {
    await page.click(`.item-row[data-name="${name}"]`)
    await nextFrames(page)
  }
  await select('gripper')
  const before = await armAt()
  await select('arm')
  await page.click('button[aria-label="Show the entries of jointOffsets"]')
  // The elbow 0.3 m further out along the upper arm (link 0, nearly horizontal at 0.3 rad).
  await typeInto('jointOffsets[1][0]', '0.8')
  assert.equal(await page.locator('[data-param=jointOffsets] .field-error').count(), 0)
  assert.match(await settled(undoTitle, /^Undo: Set jointOffsets of arm/), /^Undo: Set jointOffsets of arm/)
  await page.keyboard.press('Control+z')
  assert.equal(await settled(() => cell('jointOffsets[1][0]').inputValue(), '0.5'), '0.5')
  await page.keyboard.press('Control+y')
  assert.equal(await settled(() => cell('jointOffsets[1][0]').inputValue(), '0.8'), '0.8')

  // Add link: the tree's lists and the node grow in one edit, the new link is drawn; undo takes it back.
  await select('gripper')
  const three = await armPixels()
  await select('arm')
  await page.click('[data-testid=tree-links] button:has-text("Add link")')
  assert.match(
    await settled(() => page.locator('[data-testid=tree-links] span').textContent(), /^4 links/),
    /^4 links/,
  )
  assert.match(
    await page.locator('[data-row=jointOffsets] button[aria-expanded]').textContent(),
    /^4 entries/,
  )
  assert.match(await settled(undoTitle, /^Undo: Add a link to arm/), /^Undo: Add a link to arm/)
  await select('gripper')
  const four = await armPixels(three.body * 1.05)
  await page
    .locator('canvas[data-testid=viewport]')
    .screenshot({ path: outputPath('kinematic-tree-added-link.png') })
  console.log(
    `body pixels ${three.body} at ${JSON.stringify(three.bodyAt)} -> ${four.body} at ` +
      `${JSON.stringify(four.bodyAt)}`,
  )
  // The new link's rod runs out of the view at the right (its sphere beyond it); link 2's rod now ends at
  // the new joint instead of at its own COM: 9 % more body pixels measured, 5 % asked, and the centroid
  // moves 26 px right (10 asked).
  assert.ok(
    four.body > 1.05 * three.body,
    `the added link is not drawn: ${three.body} -> ${four.body} body pixels`,
  )
  assert.ok(
    four.bodyAt.x > three.bodyAt.x + 10,
    `the added link is not drawn at the arm's end: centroid x ${three.bodyAt.x} -> ${four.bodyAt.x}`,
  )
  await page.keyboard.press('Control+z')
  await select('arm')
  assert.match(
    await settled(() => page.locator('[data-testid=tree-links] span').textContent(), /^3 links/),
    /^3 links/,
  )

  await select('gripper')
  const edited = await armAt()
  await page
    .locator('canvas[data-testid=viewport]')
    .screenshot({ path: outputPath('kinematic-tree-edited.png') })
  console.log(`arm centroid: ${JSON.stringify(before)} -> edited ${JSON.stringify(edited)}`)
  // Links 1 and 2 (2.5 of the 4.5 kg drawn as spheres of equal size, 2 of 3 rods) shift 0.3 m to the
  // right: the centroid moves right by a sizeable part of that, and not up or down by more than a tilt.
  assert.ok(
    edited.x - before.x > 10,
    `the arm is not drawn with the longer upper arm: centroid x ${before.x} -> ${edited.x}`,
  )

  await page.click('button[title^="Run the dynamic"]')
  await waitForRunState(page, 'Finished', 60_000)
  const fallen = await armAt()
  await page
    .locator('canvas[data-testid=viewport]')
    .screenshot({ path: outputPath('kinematic-tree-run.png') })
  console.log(`arm centroid after the run: ${JSON.stringify(fallen)}`)
  // Released near horizontal with 9 N m at the shoulder against about 30 N m of gravity moment, the
  // arm swings down: its drawn centroid ends well below where it started (screen y grows downwards).
  assert.ok(fallen.y - edited.y > 20, `the links did not move down: centroid y ${edited.y} -> ${fallen.y}`)
  assert.deepEqual(errors, [])
})
