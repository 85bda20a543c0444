// The modelling workflow through the UI in Chromium against the web host: build a pendulum from
// scratch, run it, see it move and the sensor plotted, save, reopen, replay; replay of the saved results
// file; checkpoints; viewport picking, undo and redo, refused values; and the frame rate with 1000 bodies.
// The tests run in order on one page: each continues with the model the one before left.
import assert from 'node:assert/strict'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import {
  canvasImage,
  canvasStatsWhen,
  clickDiscardingChanges,
  nextFrames as framesOf,
  openApp,
  outputPath,
  pixelDifference,
  waitForRunState,
} from './harness.mjs'

let app
let page
let dir
let errors

before(async () => {
  app = await openApp('mbs-renderer-')
  ;({ page, dir, errors } = app)
  await waitForState('Ready')
})
after(() => app?.close())

const waitForState = (label) => waitForRunState(page, label, 20_000)
const count = (kind) => page.locator(`.group-row[data-kind="${kind}"] .count`).textContent()
const row = (name) => page.locator(`.item-row[data-name="${name}"]`)
const nextFrames = () => framesOf(page)
const statusTime = async () =>
  Number((await page.getByTestId('sim-time').textContent()).match(/t = ([\d.]+) s/)[1])

const slider = () => page.locator('input[aria-label="Replay time"]')

/** Moves the timeline to t and returns the 3D view's pixels once drawn. */
async function seek(t) {
  await slider().evaluate((el, value) => {
    el.value = String(value)
    el.dispatchEvent(new Event('input'))
  }, t)
  await nextFrames()
  return canvasImage(page)
}

async function create(action) {
  await page.click(`[data-create=${action}]`)
  await page.click('.dialog button[type=submit]')
  await page.locator('.dialog').waitFor({ state: 'detached' })
}

async function pathDialog(path) {
  await page.fill('.dialog input[aria-label="File path"]', path)
  await page.click('.dialog button[type=submit]')
}

test('build a pendulum from scratch, run it, see it move and plotted, save, reopen and replay', async () => {
  await clickDiscardingChanges(page, 'button[title^="New empty model"]')
  await page.waitForFunction(
    () => document.querySelector('[data-kind="objects"] .count')?.textContent === '0',
  )
  assert.equal(await page.getByTestId('saved-state').textContent(), 'Not saved')
  await create('rigidBody')
  await create('joint')
  await create('gravity')
  await row('body').click()
  await create('sensor')
  // Edits reach the tree when the host's modelChanged arrives; they are applied in order.
  await page.waitForFunction(
    () => document.querySelector('[data-kind="sensors"] .count')?.textContent === '1',
  )
  assert.deepEqual(
    [
      await count('nodes'),
      await count('objects'),
      await count('markers'),
      await count('loads'),
      await count('sensors'),
    ],
    ['1', '3', '4', '1', '1'],
  )
  assert.equal(await page.getByTestId('saved-state').textContent(), 'Modified')
  await page.screenshot({ path: outputPath('renderer-built.png') })

  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await waitForState('Finished')
  await page.click('.tab:has-text("Timeline")')
  const early = await seek(0)
  const late = await seek(0.5)
  await page.screenshot({ path: outputPath('renderer-replay.png') })
  const moved = await pixelDifference(page, early, late)
  // The body swings from the horizontal through about 90 degrees in 0.5 s: a visible share of the view
  // changes.
  assert.ok(moved > 0.002, `the viewport did not change between t = 0 and 0.5 s (${moved})`)

  await page.click('.tab:has-text("Plots")')
  await page.locator('.plot-host canvas').waitFor()
  assert.match(await page.locator('.series-list').innerText(), /bodyPosition\.y|bodyNodePosition\.y/)
  await page.screenshot({ path: outputPath('renderer-plot.png') })

  const path = join(dir, 'pendulum-from-scratch.mbsproj')
  await page.keyboard.press('Control+s')
  await pathDialog(path)
  await page.waitForFunction(
    () => document.querySelector('[data-testid=saved-state]')?.textContent === 'Saved',
  )
  await clickDiscardingChanges(page, 'button[title^="New empty model"]')
  await page.waitForFunction(
    () => document.querySelector('[data-kind="objects"] .count')?.textContent === '0',
  )
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await pathDialog(path)
  await page.waitForFunction(
    () => document.querySelector('[data-kind="objects"] .count')?.textContent === '3',
  )

  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await waitForState('Finished')
  await page.click('.tab:has-text("Timeline")')
  await seek(0)
  await page.getByTestId('replay-play').click()
  await page.waitForTimeout(400)
  const cursor = Number((await page.locator('.transport .time').textContent()).replace(' s', ''))
  assert.ok(cursor > 0, `replay did not advance (t = ${cursor})`)
  await page.getByTestId('replay-play').click()
  assert.deepEqual(errors, [])
})

test('a click in the viewport selects the item in the tree and the editor', async () => {
  await page.click('.view-tools button:has-text("front")')
  await page.keyboard.press('Escape')
  // The preset turns the camera: measure the frames drawn after it.
  await nextFrames()
  const { bodyAt } = await canvasStatsWhen(page, (stats) => stats.body > 20)
  assert.ok(bodyAt, 'no body-coloured pixel in the viewport')
  const box = await page.locator('canvas').boundingBox()
  await page.mouse.click(box.x + bodyAt.x, box.y + bodyAt.y)
  await page.waitForFunction(() => document.querySelector('.item-row.selected')?.dataset.name === 'body')
  assert.match(await page.locator('.property-panel').innerText(), /RigidBody/)
  // The view highlights what the click selected.
  assert.ok(
    (await canvasStatsWhen(page, (stats) => stats.selected > 20)).selected > 20,
    'the picked body is not highlighted',
  )
  await page.screenshot({ path: outputPath('renderer-selected.png') })
  // A drag (rotating the camera) selects nothing; a click into empty space clears the selection.
  await page.mouse.move(box.x + bodyAt.x, box.y + bodyAt.y)
  await page.mouse.down()
  await page.mouse.move(box.x + bodyAt.x + 60, box.y + bodyAt.y + 10, { steps: 4 })
  await page.mouse.up()
  assert.equal(await page.locator('.item-row.selected').getAttribute('data-name'), 'body')
  await page.mouse.click(box.x + 20, box.y + box.height - 40)
  await page.waitForFunction(() => document.querySelector('.item-row.selected') === null)
  await page.click('.view-tools button:has-text("front")')
})

test('edits are validated, undone and redone', async () => {
  await row('body').click()
  const mass = page.locator('[data-param=physicsMass] input')
  await mass.fill('-1')
  await mass.press('Enter')
  const message = page.locator('[data-param=physicsMass] .field-error')
  assert.match(await message.textContent(), /expected a value > 0 kg|expected a value >= 0 kg/)
  await page.screenshot({ path: outputPath('renderer-refused.png') })
  // Refused: the model still has the old mass, and nothing was added to the history.
  await row('ground').click()
  await row('body').click()
  assert.equal(await mass.inputValue(), '1')

  await mass.fill('2.5')
  await mass.press('Enter')
  await page.waitForFunction(() => document.querySelector('[data-param=physicsMass] input').value === '2.5')
  await page.locator('.model-tree .panel-body').click({ position: { x: 5, y: 400 } })
  await page.keyboard.press('Control+z')
  await page.waitForFunction(() => document.querySelector('[data-param=physicsMass] input')?.value === '1')
  await page.keyboard.press('Control+Shift+z')
  await page.waitForFunction(() => document.querySelector('[data-param=physicsMass] input')?.value === '2.5')
  assert.deepEqual(errors, [])
})

test('checkpoints: save at the current time, list, restore and continue', async () => {
  await page.click('.tab:has-text("Timeline")')
  const step = page.getByRole('button', { name: 'Step', exact: true })
  await step.click()
  await waitForState('Paused')
  const stepped = async (count) => {
    const before = await statusTime()
    for (let i = 0; i < count; i++) {
      const t = await statusTime()
      await step.click()
      await page.waitForFunction(
        (t0) =>
          Number(document.querySelector('[data-testid=sim-time]').textContent.match(/t = ([\d.]+) s/)[1]) >
          t0,
        t,
      )
    }
    return [before, await statusTime()]
  }
  const [, saved] = await stepped(2)
  await page.getByRole('button', { name: 'Save checkpoint' }).click()
  await pathDialog(join(dir, 'pendulum.mbsckpt'))
  const entry = page.locator('.checkpoints li', { hasText: `t = ${saved.toFixed(4)} s` })
  await entry.waitFor()
  const [, later] = await stepped(3)
  assert.ok(later > saved)

  await entry.getByRole('button', { name: 'Restore' }).click()
  await page.waitForFunction(
    (t) => document.querySelector('[data-testid=sim-time]').textContent === `t = ${t.toFixed(4)} s`,
    saved,
  )
  assert.equal(await page.getByTestId('run-state').textContent(), 'Paused')
  await page.screenshot({ path: outputPath('renderer-checkpoints.png') })
  // Resume (the Run button of a paused run) continues the restored run to its end time.
  await page.getByRole('button', { name: 'Resume', exact: true }).click()
  await waitForState('Finished')
  await page.click('.tab:has-text("Log")')
  assert.match(await page.locator('.log').innerText(), /Restored the checkpoint at t = /)
  assert.deepEqual(errors, [])
})

test('a saved results file replays with its model (tree, editor read-only) and sensor plots', async () => {
  const results = join(dir, 'pendulum-from-scratch.mbsres')
  assert.ok(existsSync(results), 'the run of the saved project wrote no results file next to it')
  await clickDiscardingChanges(page, 'button[title^="New empty model"]')
  await page.waitForFunction(
    () => document.querySelector('[data-kind="objects"] .count')?.textContent === '0',
  )
  // An edit with an undo step: the replay must leave the edited model and its history alone.
  await create('rigidBody')
  await page.waitForFunction(
    () => document.querySelector('[data-kind="objects"] .count')?.textContent === '1',
  )
  await page.click('.tab:has-text("Timeline")')
  // The checkpoint saved before belongs to the pendulum: a new model empties the list.
  assert.equal(
    await page.locator('.checkpoints li').count(),
    0,
    "the checkpoint list kept the previous model's checkpoints",
  )
  await page.getByRole('button', { name: 'Open results file…' }).click()
  await pathDialog(results)
  // The app turns to the Timeline tab when the file is open: wait for that (the replay note is shown in
  // the same update) before turning to the Log, or a slow open turns the panel back and hides the log.
  await page.getByTestId('replay-note').waitFor()
  // Every frame of the file reaches the timeline.
  await page.click('.tab:has-text("Log")')
  const opened = page.locator('.log tr', { hasText: 'Opened results' })
  await opened.waitFor()
  const frames = Number((await opened.innerText()).match(/: (\d+) frames/)[1])
  assert.ok(frames > 10, `only ${frames} frames in the results file`)
  await page.click('.tab:has-text("Timeline")')
  await page.waitForFunction(
    (n) => document.querySelector('.transport .frames')?.textContent === `${n} frames`,
    frames,
  )
  // The edited model has one body: the tree, the editor and the view show the model stored in the results
  // file, and say so.
  assert.match(
    await page.getByTestId('replay-note').innerText(),
    /Replaying pendulum-from-scratch\.mbsres: .*the file's model.*read-only/s,
  )
  assert.equal(await count('objects'), '3')
  await row('revoluteZ').click()
  assert.match(await page.locator('.property-panel').innerText(), /JointRevoluteZ/)
  assert.ok(
    await page.locator('.property-panel .param-field input').first().isDisabled(),
    'the replayed model can be edited',
  )
  assert.ok(
    await page.locator('[data-create=rigidBody]').isDisabled(),
    'Create is offered for the replayed model',
  )
  // Undo is refused while the file's model is shown (the edited model's history stays as it was).
  await page.locator('.model-tree .panel-body').click({ position: { x: 5, y: 300 } })
  await page.keyboard.press('Control+z')
  assert.equal(await count('objects'), '3')
  await page.screenshot({ path: outputPath('renderer-results-model.png') })
  assert.ok(
    (await canvasStatsWhen(page, (stats) => stats.body > 20)).body > 20,
    "the results file's model is not drawn",
  )
  const early = await seek(0)
  const late = await seek(0.5)
  const moved = await pixelDifference(page, early, late)
  assert.ok(moved > 0.002, `the replayed view did not change between t = 0 and 0.5 s (${moved})`)
  await page.screenshot({ path: outputPath('renderer-results-replay.png') })
  await page.click('.tab:has-text("Plots")')
  await page.locator('.plot-host canvas').waitFor()
  assert.match(await page.locator('.series-list').innerText(), /bodyPosition\.y|bodyNodePosition\.y/)
  await page.screenshot({ path: outputPath('renderer-results-plot.png') })
  // Back to editing: the edited model, untouched, with its undo step.
  await page.getByRole('button', { name: 'Back to editing' }).click()
  await page.getByTestId('replay-note').waitFor({ state: 'detached' })
  assert.equal(await count('objects'), '1')
  // The selection is the edited model's again (the body just created), not the one made in the file's model.
  assert.deepEqual(
    await page.locator('.item-row.selected').evaluateAll((rows) => rows.map((r) => r.dataset.name)),
    ['body'],
  )
  await page.locator('.model-tree .panel-body').click({ position: { x: 5, y: 300 } })
  await page.keyboard.press('Control+z')
  await page.waitForFunction(
    () => document.querySelector('[data-kind="objects"] .count')?.textContent === '0',
  )
  assert.deepEqual(errors, [])
})

test('a body with a TriangleList in VgraphicsData is drawn as that mesh', async () => {
  // A magenta square (two triangles) 1 m wide in the body's x-z plane, no other magenta in the scene.
  const square = {
    type: 'TriangleList',
    points: [-0.5, 0, -0.5, 0.5, 0, -0.5, 0.5, 0, 0.5, -0.5, 0, 0.5],
    triangles: [0, 1, 2, 0, 2, 3],
    color: [1, 0, 1, 1],
  }
  const model = {
    nodes: [{ type: 'RigidBodyEP', name: 'n', referenceCoordinates: [0, 0.5, 0, 1, 0, 0, 0] }],
    objects: [
      {
        type: 'RigidBody',
        name: 'plate',
        physicsMass: 1,
        physicsInertia: [0.1, 0.1, 0.1, 0, 0, 0],
        nodeNumber: 'n',
        VgraphicsData: [square],
      },
    ],
  }
  const path = join(dir, 'mesh.mbsproj')
  writeFileSync(path, JSON.stringify({ format: 'mbs-studio-project', version: 1, name: 'Mesh', model }))
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await pathDialog(path)
  await page.waitForFunction(
    () => document.querySelector('canvas[data-testid=viewport]')?.dataset.meshes === '1',
  )
  await nextFrames()
  const magentaPixels = () =>
    page.evaluate(async () => {
      const canvas = document.querySelector('canvas[data-testid=viewport]')
      const bitmap = await createImageBitmap(canvas)
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')
      context.drawImage(bitmap, 0, 0)
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height)
      let n = 0
      // Lighting scales the colour: magenta is r and b alike and well above g.
      for (let i = 0; i < data.length; i += 4)
        if (
          data[i] > 90 &&
          data[i + 2] > 90 &&
          data[i + 1] < 0.4 * data[i] &&
          Math.abs(data[i] - data[i + 2]) < 40
        )
          n++
      return n
    })
  await page.click('.view-tools button:has-text("iso")')
  await nextFrames()
  const magenta = await magentaPixels()
  await page.screenshot({ path: outputPath('renderer-mesh.png') })
  // The Front preset looks along -z: the plate in the x-z plane is seen edge-on and nearly vanishes.
  await page.click('.view-tools button:has-text("front")')
  await nextFrames()
  const edgeOn = await magentaPixels()
  await page.screenshot({ path: outputPath('renderer-mesh-front.png') })
  assert.ok(
    edgeOn < magenta / 5,
    `the Front view did not turn the camera: ${edgeOn} of ${magenta} magenta pixels left`,
  )
  assert.ok(magenta > 500, `the TriangleList is not drawn: ${magenta} magenta pixels`)
  assert.deepEqual(errors, [])
})

/**
 * Frames per second while the camera orbits the still 1000 bodies (the view renders only on change;
 * orbiting, every frame renders): 4.5-8.1 fps at a load average of 3-7. Before render on demand the
 * same floor held for a still view redrawn every animation frame. Software WebGL (SwiftShader) on 2
 * cores shared with other work, not a GPU: measured here 3-5 fps with
 * the 1000 boxes and their node markers (boxes alone 4-8, the empty scene 12-25). Full spheres as
 * node markers (700k triangles) gave 0.2-1.4 fps: regressions of that kind fall below this. The
 * GPU process (SwiftShader) limits a frame here (docs/ui.md, Viewport performance); without
 * multisampling in software WebGL this test measured 5.4 fps under a load average of 12 (2.1-2.9
 * before, when it failed this floor). The floor stays at 3, 1.8x below that: four parallel sessions
 * (load average 20-25) still halve the rate, which a higher floor would report as a regression.
 */
const MIN_FPS = 3
/**
 * Main-thread time of a frame during a run (the newest frame turned into graphics plus scene.render(),
 * GL calls that wait on the GPU process included), measured here 31-89 ms at a load average of 6-7;
 * most of it is building the frame's graphics items (about 17-30 ms), the draw calls 1-4 ms. A GPU
 * machine's 60 fps budget is 16.7 ms; this loaded 2-core machine runs the solver, SwiftShader and other
 * sessions beside the page, and a load average of 20-25 halves what each process gets, so the bound is
 * 150 ms, about twice the typical 60 ms. A line system rebuilt every frame (a shader program check
 * that waits on the GPU) took 35 % of the main thread at 1-2 fps before 50a4b37 (docs/ui.md): 175-350 ms.
 */
const MAX_FRAME_CPU_MS = 150

test('the viewport stays usable with 1000 rigid bodies', async () => {
  const nodes = []
  const objects = []
  for (let i = 0; i < 1000; i++) {
    const [x, z] = [(i % 32) * 0.25 - 4, Math.floor(i / 32) * 0.25 - 4]
    // Drifting and spinning (Euler parameter rates orthogonal to ep = [1, 0, 0, 0]): every frame moves.
    const initialVelocities = [0.2 * Math.sin(i), 0.1, 0.2 * Math.cos(i), 0, 0.5, 1, 0.3]
    nodes.push({
      type: 'RigidBodyEP',
      name: `n${i}`,
      referenceCoordinates: [x, 0.5, z, 1, 0, 0, 0],
      initialVelocities,
    })
    objects.push({
      type: 'RigidBody',
      name: `b${i}`,
      physicsMass: 1,
      physicsInertia: [0.01, 0.01, 0.01, 0, 0, 0],
      nodeNumber: `n${i}`,
    })
  }
  const path = join(dir, 'thousand.mbsproj')
  // Long enough to outlast the measurement (stopped after it).
  const simulationSettings = {
    solverType: 'RK44',
    timeIntegration: { endTime: 100, numberOfSteps: 20000 },
    solutionSettings: { solutionWritePeriod: 0.01 },
  }
  writeFileSync(
    path,
    JSON.stringify({
      format: 'mbs-studio-project',
      version: 1,
      name: 'Thousand',
      model: { nodes, objects },
      simulationSettings,
    }),
  )
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await pathDialog(path)
  await page.waitForFunction(
    () => document.querySelector('[data-kind="objects"] .count')?.textContent === '1000',
    null,
    { timeout: 30_000 },
  )
  await page.waitForFunction(
    () => Number(document.querySelector('canvas[data-testid=viewport]')?.dataset.instances) >= 1000,
  )
  // The view renders only on change, so frames are counted while something moves. Rendered frames and
  // their main-thread time are running totals on the canvas (dataset.frames, dataset.frameMs), read
  // as differences over 2 s windows. Other work on a loaded machine can stall one window: up to three.
  const box = await page.locator('canvas[data-testid=viewport]').boundingBox()
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2]
  const framesWhile = async (move) => {
    const sample = () =>
      page.evaluate(() => {
        const { frames, frameMs } = document.querySelector('canvas[data-testid=viewport]').dataset
        return { at: performance.now(), frames: Number(frames), ms: Number(frameMs) }
      })
    const a = await sample()
    await move()
    const b = await sample()
    return {
      fps: (1000 * (b.frames - a.frames)) / (b.at - a.at),
      cpuMs: (b.ms - a.ms) / Math.max(1, b.frames - a.frames),
    }
  }
  const pause = (ms) => () => new Promise((resolve) => setTimeout(resolve, ms))
  // A still view is not redrawn (once the shaders have compiled): a 1 s window without frames within 10 s.
  let idle = await framesWhile(pause(1000))
  for (let i = 0; i < 9 && idle.fps > 0; i++) idle = await framesWhile(pause(1000))
  assert.equal(idle.fps, 0, 'the still view keeps rendering')
  // Drawing rate: the camera orbits the still model, dragged to and fro for 2 s (every frame renders).
  const orbit = async () => {
    await page.mouse.move(cx, cy)
    await page.mouse.down()
    for (let t = Date.now(), i = 0; Date.now() - t < 2000; i++)
      await page.mouse.move(cx + 40 * Math.sin(i / 3), cy, { steps: 2 })
    await page.mouse.move(cx + 60, cy)
    await page.mouse.up()
  }
  const orbits = []
  for (let i = 0; i < 3 && !(Math.max(...orbits.map((w) => w.fps)) >= MIN_FPS); i++)
    orbits.push(await framesWhile(orbit))
  const fps = Math.max(...orbits.map((w) => w.fps))
  // Main-thread cost of a frame while a run streams new positions (each frame turned into graphics).
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await waitForState('Running')
  const runs = []
  for (let i = 0; i < 3 && !(Math.min(...runs.map((w) => w.cpuMs)) <= MAX_FRAME_CPU_MS); i++)
    runs.push(await framesWhile(pause(2000)))
  const cpuMs = Math.min(...runs.map((w) => w.cpuMs))
  await page.screenshot({ path: outputPath('renderer-1000-bodies.png') })
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  const report = (windows) =>
    windows.map((w) => `${w.fps.toFixed(1)} fps at ${w.cpuMs.toFixed(1)} ms`).join(', ')
  console.log(
    `viewport with 1000 rigid bodies (software WebGL, 2 s windows, main-thread ms per frame): orbiting ` +
      `${report(orbits)}; running ${report(runs)}`,
  )
  writeFileSync(
    outputPath('renderer-fps.txt'),
    `${fps.toFixed(1)} fps orbiting\n${cpuMs.toFixed(1)} ms main thread per frame running\n`,
  )
  assert.ok(fps >= MIN_FPS, `the viewport renders only ${fps.toFixed(1)} fps with 1000 bodies`)
  assert.ok(
    cpuMs <= MAX_FRAME_CPU_MS,
    `a frame of a run with 1000 bodies costs ${cpuMs.toFixed(1)} ms of main-thread time`,
  )
})

test('F1 shows this guide (docs/ui.md, bundled) with the shortcuts; Esc closes it', async () => {
  await page.locator('.model-tree .panel-body').click({ position: { x: 5, y: 300 } })
  await page.keyboard.press('F1')
  const help = page.getByRole('dialog', { name: 'Help' })
  await help.waitFor()
  const text = await help.innerText()
  assert.match(text, /MBS Studio user interface/)
  assert.match(text, /Shortcuts: Ctrl\+Z/)
  assert.match(text, /F1 help/)
  await help.screenshot({ path: outputPath('help-dialog.png') })
  await page.keyboard.press('Escape')
  await help.waitFor({ state: 'detached' })
})
