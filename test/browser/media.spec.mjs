// Screenshot and video of the 3D view, in Chromium against the web host. The pendulum is run (its
// results file written next to it) and replayed from the file. A screenshot is a PNG of 1920 x 1080
// whatever the window's size (read from its header), with opaque or, when asked, alpha 0 background
// pixels. Videos (MP4 with H.264 and AV1, WebM with VP9 and VP8) are decoded in the page with
// mediabunny: the frame count, times k / fps and size are the ones asked for, and frames differ over
// time where the swinging pendulum is drawn (the time label's strip left out), and the time label's
// digits change. A codec the browser cannot encode (H.265 here) is said before anything is written; a
// cancelled export leaves no file.
import assert from 'node:assert/strict'
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import {
  clickDiscardingChanges,
  FIXTURE_EXAMPLES,
  openApp,
  outputPath,
  PROJECT_ROOT,
  waitForRunState,
} from './harness.mjs'

let app
let page
/** A page on the web host's origin (a secure context, as WebCodecs needs) with mediabunny loaded. */
let checker

before(async () => {
  app = await openApp('mbs-media-')
  page = app.page
  const project = join(app.dir, 'pendulum.mbsproj')
  copyFileSync(join(FIXTURE_EXAMPLES, 'pendulum.mbsproj'), project)
  await clickDiscardingChanges(page, 'button[title^="Open a project file"]')
  await page.fill('.dialog input[aria-label="File path"]', project)
  await page.click('.dialog button[type=submit]')
  await waitForRunState(page, 'Ready', 60_000)
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await waitForRunState(page, 'Finished', 60_000)
  // The replay of the results file has every frame written (the live view's are throttled).
  await page.click('.bottom-panel [role=tab]:has-text("Timeline")')
  await page.click('button:has-text("Open results file…")')
  await page.fill('.dialog input[aria-label="File path"]', join(app.dir, 'pendulum.mbsres'))
  await page.click('.dialog button[type=submit]')
  await page.getByText('Replaying').first().waitFor()

  const origin = new URL(page.url()).origin
  const bundle = readFileSync(join(PROJECT_ROOT, 'node_modules/mediabunny/dist/bundles/mediabunny.min.mjs'))
  const context = await page.context().browser().newContext()
  await context.route(`${origin}/media-check/**`, (route) =>
    route.request().url().endsWith('.mjs')
      ? route.fulfill({ body: bundle, contentType: 'text/javascript' })
      : route.fulfill({
          body: '<script type="module">import * as M from "./mediabunny.mjs"; window.M = M</script>',
          contentType: 'text/html',
        }),
  )
  checker = await context.newPage()
  await checker.goto(`${origin}/media-check/index.html`)
  await checker.waitForFunction(() => window.M !== undefined)
})
after(async () => {
  await checker?.context().close()
  await app?.close()
})

const dialog = (name) => page.getByRole('dialog', { name })

/** Polls until `path` exists (the host renames the staged file into place at the end). */
async function waitForFile(path, timeout = 60_000) {
  const deadline = Date.now() + timeout
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error(`${path} was not written`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Saves through the file browser the media dialog opened, under `name` in the workspace. */
async function saveAs(name) {
  const browser = page.getByRole('dialog', { name: /^Save (screenshot|video)$/ })
  await browser.getByLabel('File path').fill(name)
  await browser.locator('button[type=submit]').click()
}

/** Width, height and colour type of a PNG (its IHDR chunk right after the signature). */
function pngHeader(path) {
  const bytes = readFileSync(path)
  assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], `${path} is no PNG`)
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), colorType: bytes[25] }
}

/** Fractions of fully transparent and fully opaque pixels of a PNG, decoded in the page. */
function alphaShares(path) {
  const url = `data:image/png;base64,${readFileSync(path).toString('base64')}`
  return checker.evaluate(async (src) => {
    const image = new Image()
    image.src = src
    await image.decode()
    const context = new OffscreenCanvas(image.width, image.height).getContext('2d')
    context.drawImage(image, 0, 0)
    const { data } = context.getImageData(0, 0, image.width, image.height)
    let clear = 0
    let opaque = 0
    for (let i = 3; i < data.length; i += 4) {
      if (data[i] === 0) clear++
      if (data[i] === 255) opaque++
    }
    return { clear: clear / (data.length / 4), opaque: opaque / (data.length / 4) }
  }, url)
}

async function takeScreenshot(name, transparent) {
  await page.getByTestId('screenshot').click()
  await dialog('Screenshot').waitFor()
  assert.equal(await dialog('Screenshot').getByLabel('Width (px)').inputValue(), '1920')
  assert.equal(await dialog('Screenshot').getByLabel('Height (px)').inputValue(), '1080')
  if (transparent) {
    await page.getByTestId('screenshot-transparent').check()
    await page.getByTestId('screenshot-grid').uncheck()
    await page.screenshot({ path: outputPath('media-screenshot-dialog.png') })
  }
  await dialog('Screenshot').getByRole('button', { name: 'Save…' }).click()
  await saveAs(name)
  const path = join(app.dir, `${name}.png`)
  await waitForFile(path)
  await dialog('Screenshot').waitFor({ state: 'detached' })
  copyFileSync(path, outputPath(`media-${name}.png`))
  return path
}

test('the screenshot and video dialogs take the keyboard: Esc closes them', async () => {
  for (const [button, name] of [
    ['screenshot', 'Screenshot'],
    ['video', 'Video'],
  ]) {
    await page.getByTestId(button).click()
    await dialog(name).waitFor()
    await page.keyboard.press('Escape')
    await dialog(name).waitFor({ state: 'detached' })
  }
  assert.deepEqual(app.errors, [])
})

test('a screenshot is a PNG of the chosen size, opaque or with a transparent background', async () => {
  const view = await page.locator('canvas[data-testid=viewport]').evaluate((c) => [c.width, c.height])
  assert.notDeepEqual(view, [1920, 1080], 'the view itself is not 1920 x 1080')

  const opaque = await takeScreenshot('view', false)
  assert.deepEqual(pngHeader(opaque), { width: 1920, height: 1080, colorType: 6 })
  assert.deepEqual(await alphaShares(opaque), { clear: 0, opaque: 1 })

  const transparent = await takeScreenshot('view-transparent', true)
  assert.deepEqual(pngHeader(transparent), { width: 1920, height: 1080, colorType: 6 })
  const shares = await alphaShares(transparent)
  // Without the grid the background is almost all of the picture; the pendulum and axes are opaque.
  assert.ok(shares.clear > 0.95, `alpha 0 pixels: ${shares.clear}`)
  assert.ok(shares.opaque > 0.001, `opaque pixels: ${shares.opaque}`)
  // The view is back at its own size.
  await page.waitForFunction(([w, h]) => {
    const c = document.querySelector('canvas[data-testid=viewport]')
    return c.width === w && c.height === h
  }, view)
  assert.deepEqual(app.errors, [])
})

/** Decodes a video file in the checker page: its format, track and every frame's time and pixels. */
function decodeVideo(path, samplePngs) {
  return checker.evaluate(
    async ([base64, pngs]) => {
      const M = window.M
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const input = new M.Input({ source: new M.BufferSource(bytes), formats: M.ALL_FORMATS })
      const format = (await input.getFormat()).name
      const track = await input.getPrimaryVideoTrack()
      const frames = []
      for await (const sample of new M.VideoSampleSink(track).samples()) {
        const canvas = new OffscreenCanvas(sample.displayWidth, sample.displayHeight)
        const context = canvas.getContext('2d')
        sample.draw(context, 0, 0)
        frames.push({
          time: sample.timestamp,
          canvas,
          data: context.getImageData(0, 0, canvas.width, canvas.height).data,
        })
        sample.close()
      }
      const { width, height } = frames[0]?.canvas ?? { width: 0, height: 0 }
      // Pixels differing by more than 30 in r + g + b in rows [top, bottom) and columns [0, right).
      const differingIn = (a, b, top, bottom, right) => {
        let n = 0
        for (let y = top; y < bottom; y++)
          for (let i = 4 * y * width, end = i + 4 * right; i < end; i += 4)
            if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 30)
              n++
        return n
      }
      // Their share above the bottom 15 % (where the time label is).
      const labelTop = Math.floor(0.85 * height)
      const differing = (a, b) => differingIn(a, b, 0, labelTop, width) / (labelTop * width)
      const toDataUrl = async (canvas) => {
        const blob = await canvas.convertToBlob({ type: 'image/png' })
        return new Promise((resolve) => {
          const reader = new FileReader()
          reader.onload = () => resolve(reader.result)
          reader.readAsDataURL(blob)
        })
      }
      return {
        format,
        codec: track.codec,
        width: track.displayWidth,
        height: track.displayHeight,
        times: frames.map((f) => f.time),
        // Frame k against frame 0 and against its predecessor.
        fromFirst: frames.map((f) => differing(frames[0].data, f.data)),
        fromPrevious: frames.map((f, k) => (k === 0 ? 0 : differing(frames[k - 1].data, f.data))),
        // The time label (lower left corner, nothing else drawn there) of each frame against frame 0's.
        labelFromFirst: frames.map((f) =>
          differingIn(frames[0].data, f.data, labelTop, height, Math.floor(0.3 * width)),
        ),
        pngs: await Promise.all(
          pngs.filter((k) => k < frames.length).map((k) => toDataUrl(frames[k].canvas)),
        ),
      }
    },
    [readFileSync(path).toString('base64'), samplePngs],
  )
}

/** Sets the video dialog up: `format`, width x height, 10 fps, speed 1, 0 to 1 s. */
async function videoSettings(format, [width, height] = [320, 240]) {
  await page.getByTestId('video').click()
  const video = dialog('Video')
  await video.waitFor()
  await video.getByLabel('Width (px)').fill(String(width))
  await video.getByLabel('Height (px)').fill(String(height))
  await page.getByTestId('video-format').selectOption(format)
  await video.getByLabel('Frame rate').fill('10')
  await video.getByLabel('Speed').fill('1')
  await video.getByLabel('Time span', { exact: true }).fill('0')
  await video.getByLabel('Time span end').fill('1')
  return video
}

for (const [format, container, codec, size] of [
  ['mp4/avc', 'mp4', 'avc', [640, 360]],
  ['webm/vp9', 'webm', 'vp9', [320, 240]],
  ['webm/vp8', 'webm', 'vp8', [320, 240]],
  ['mp4/av1', 'mp4', 'av1', [320, 240]],
]) {
  test(`a ${format} video decodes to the frames asked for, the pendulum moving, the time shown`, async () => {
    const video = await videoSettings(format, size)
    assert.match(await video.textContent(), /11 frames/)
    await video.getByRole('button', { name: 'Save…' }).click()
    const name = `swing-${codec}`
    await saveAs(name)
    await page.getByTestId('video-result').waitFor({ timeout: 120_000 })
    assert.match(await page.getByTestId('video-result').textContent(), /Saved .*: 11 frames/)
    await video.getByRole('button', { name: 'Close' }).click()
    const path = join(app.dir, `${name}.${container}`)
    const decoded = await decodeVideo(path, [0, 5, 10])
    assert.equal(decoded.format, container === 'mp4' ? 'MP4' : 'WebM')
    assert.equal(decoded.codec, codec)
    assert.deepEqual([decoded.width, decoded.height], size)
    // Timestamps k / fps, to the containers' time scales (WebM: milliseconds).
    assert.equal(decoded.times.length, 11)
    decoded.times.forEach((t, k) => assert.ok(Math.abs(t - k / 10) < 1e-3, `frame ${k} at ${t} s`))
    // The pendulum swings: each frame differs from the first one (the bob and the rod move), and
    // consecutive frames differ too (0.1 s apart the bob travels several of its radii).
    for (let k = 1; k < 11; k++) {
      assert.ok(decoded.fromFirst[k] > 0.002, `frame ${k} vs 0: ${decoded.fromFirst[k]}`)
      assert.ok(decoded.fromPrevious[k] > 0.001, `frame ${k} vs ${k - 1}: ${decoded.fromPrevious[k]}`)
      // The time overlay (on by default) reads t = k / 10 s: at least one digit differs from frame 0's
      // "t = 0.000 s" (measured 24 to 78 differing pixels).
      assert.ok(decoded.labelFromFirst[k] >= 10, `time label ${k} vs 0: ${decoded.labelFromFirst[k]} pixels`)
    }
    decoded.pngs.forEach((url, i) =>
      writeFileSync(
        outputPath(`media-${name}-frame${[0, 5, 10][i]}.png`),
        Buffer.from(url.split(',')[1], 'base64'),
      ),
    )
    assert.deepEqual(app.errors, [])
  })
}

test('a codec the browser cannot encode is said before anything is written', async () => {
  const video = await videoSettings('mp4/hevc')
  assert.match(await page.getByTestId('video-format').textContent(), /MP4 \(H\.265\) \(not available here\)/)
  await video.getByRole('button', { name: 'Save…' }).click()
  await video.getByText('This browser cannot encode H.265 video at 320 x 240').waitFor()
  assert.match(await video.textContent(), /choose MP4 \(H\.264\)/)
  await video.getByRole('button', { name: 'Cancel' }).click()
  assert.deepEqual(app.errors, [])
})

test('a cancelled export leaves no file, nor a staged one', async () => {
  const before = readdirSync(app.dir).sort()
  const video = await videoSettings('webm/vp9', [1280, 720])
  // Many frames: 0.05 s of simulation per video second at 60 fps gives 1201 frames.
  await video.getByLabel('Frame rate').fill('60')
  await video.getByLabel('Speed').fill('0.05')
  await video.getByRole('button', { name: 'Save…' }).click()
  await saveAs('cancelled')
  const progress = page.getByTestId('video-progress')
  await progress.waitFor()
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid=video-progress] progress')?.value) >= 3,
  )
  await page.screenshot({ path: outputPath('media-video-progress.png') })
  await video.getByRole('button', { name: 'Cancel' }).click()
  await video.getByText('Cancelled: no file was written').waitFor()
  assert.deepEqual(readdirSync(app.dir).sort(), before)
  await video.getByRole('button', { name: 'Close' }).click()
  assert.deepEqual(app.errors, [])
})
