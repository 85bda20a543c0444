// Shared by the browser tests: the web host in-process (its TypeScript loaded through tsx) and
// Debian's Chromium with the WebGL flags from TOOLCHAIN.md.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { require as tsxRequire } from 'tsx/cjs/api'

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const FIXTURE_EXAMPLES = resolve(PROJECT_ROOT, 'test/browser/fixtures/examples')
export const OUTPUT_DIR = resolve(PROJECT_ROOT, 'test-output')

const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
]

/**
 * The web host; `workspace` is the only folder its page may open, save and list files in (default:
 * the current folder, as `npm run web`).
 * @param {{ examplesDir?: string, workspace?: string, recoveryFile?: string }} options
 */
export function startHost(options = {}) {
  const { startWebHost } = tsxRequire(resolve(PROJECT_ROOT, 'src/host/web/webHost.ts'), import.meta.url)
  return startWebHost({ port: 0, rendererDir: resolve(PROJECT_ROOT, 'out/renderer'), ...options })
}

export function launchChromium() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS })
}

/**
 * The app in Chromium against a fresh web host serving the browser fixtures' examples, shown and
 * drawn, with a temporary folder `dir` for the files a test writes, which is the host's workspace
 * unless `options.workspace` names another; `errors` collects the page's uncaught errors. close()
 * ends the page, host and browser and removes the folder.
 * @param {string} tempPrefix
 * @param {{ workspace?: string }} options
 */
export async function openApp(tempPrefix, options = {}) {
  const dir = mkdtempSync(join(tmpdir(), tempPrefix))
  const errors = []
  let browser, host, page
  const close = async () => {
    await page?.close()
    await host?.close()
    await browser?.close()
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    browser = await launchChromium()
    host = await startHost({ examplesDir: FIXTURE_EXAMPLES, workspace: options.workspace ?? dir })
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(host.url)
    await page.waitForSelector('canvas[data-rendered="true"]', { timeout: 15_000 })
  } catch (error) {
    await close()
    throw error
  }
  return { dir, errors, page, close }
}

/**
 * Resolves when the status bar's run state reads `label` ('Ready', 'Running', 'Finished', ...); a
 * timeout names the state shown instead and the log's last lines.
 */
export async function waitForRunState(page, label, timeout) {
  try {
    await page.waitForFunction(
      (l) => document.querySelector('[data-testid=run-state]')?.textContent === l,
      label,
      { timeout },
    )
  } catch (error) {
    const shown = await page.evaluate(() => ({
      state: document.querySelector('[data-testid=run-state]')?.textContent,
      status: document.querySelector('.status-bar')?.textContent,
      log: [...document.querySelectorAll('table.log tr')].slice(-5).map((e) => e.textContent),
    }))
    error.message += ` (waiting for "${label}", the status bar shows ${JSON.stringify(shown)})`
    throw error
  }
}

/** Resolves when the status bar's simulation time has passed `time` seconds. */
export function waitForSimTime(page, time, timeout) {
  return page.waitForFunction(
    (t) => Number(document.querySelector('[data-testid=sim-time]')?.textContent.match(/([\d.]+)/)?.[1]) > t,
    time,
    { timeout },
  )
}

export function outputPath(name) {
  mkdirSync(OUTPUT_DIR, { recursive: true })
  return resolve(OUTPUT_DIR, name)
}

/**
 * Colour statistics of what the 3D view drew (the WebGL canvas itself, without the HTML overlays on
 * it): distinct colours, pixels of the axis colours, of the engine's default body colour
 * [0.45, 0.6, 0.85] and of the selection colour [0.35, 0.75, 1], with the centroids (CSS px in the
 * canvas) of the body and selection pixels. Lit surfaces scale a colour, so bodies are told apart by
 * ratios: (g - r) / b is 0.18 for the body colour, 0.4 for the selection and 0.2 for the Z axis,
 * which (b - g) / b (0.29, 0.25, 0.5) separates from the body.
 */
export function canvasStats(page) {
  return page.evaluate(async () => {
    const canvas = document.querySelector('canvas[data-testid=viewport]')
    const bitmap = await createImageBitmap(canvas)
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')
    context.drawImage(bitmap, 0, 0)
    const { data, width } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    const scale = canvas.clientWidth / bitmap.width
    const stats = { distinctColors: 0, red: 0, green: 0, blue: 0, body: 0, selected: 0 }
    const sums = { body: [0, 0], selected: [0, 0] }
    const colors = new Set()
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]]
      colors.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4))
      if (r > 180 && g < 110 && b < 110) stats.red++
      if (g > 150 && r < 130 && b < 130) stats.green++
      if (b > 200 && r < 130 && g < 170) stats.blue++
      if (b < 100 || g > b) continue
      const kind =
        (g - r) / b > 0.08 && (g - r) / b < 0.28 && (b - g) / b > 0.15 && (b - g) / b < 0.4
          ? 'body'
          : (g - r) / b > 0.3 && (b - g) / b < 0.4
            ? 'selected'
            : null
      if (!kind) continue
      stats[kind]++
      sums[kind][0] += (i / 4) % width
      sums[kind][1] += Math.floor(i / 4 / width)
    }
    stats.distinctColors = colors.size
    const centroid = (kind) =>
      stats[kind] > 0
        ? { x: (scale * sums[kind][0]) / stats[kind], y: (scale * sums[kind][1]) / stats[kind] }
        : null
    return { ...stats, bodyAt: centroid('body'), selectedAt: centroid('selected') }
  })
}

/** The 3D view's pixels as a PNG data URL (the canvas keeps its drawing buffer). */
export const canvasImage = (page) =>
  page.evaluate(() => document.querySelector('canvas[data-testid=viewport]').toDataURL('image/png'))

/** Fraction of pixels that differ (by more than 30 in r + g + b) between two PNG data URLs. */
export function pixelDifference(page, a, b) {
  return page.evaluate(
    async ([x, y]) => {
      const decode = async (url) => {
        // An <img>, since the page's content security policy lets fetch() reach only its own host.
        const image = new Image()
        image.src = url
        await image.decode()
        const bitmap = await createImageBitmap(image)
        const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')
        context.drawImage(bitmap, 0, 0)
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data
      }
      const [p, q] = [await decode(x), await decode(y)]
      let differing = 0
      for (let i = 0; i < p.length; i += 4)
        if (Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]) > 30)
          differing++
      return differing / (p.length / 4)
    },
    [a, b],
  )
}

/** Resolves after Babylon has drawn two more frames (a scene change is on screen). */
export const nextFrames = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

/** The view's colour statistics once `ready` holds for them, or the last ones after 5 s. */
export async function canvasStatsWhen(page, ready) {
  const deadline = Date.now() + 5_000
  let stats = await canvasStats(page)
  while (!ready(stats) && Date.now() < deadline) {
    await nextFrames(page)
    stats = await canvasStats(page)
  }
  return stats
}

/**
 * Clicks what replaces the model (New, Open), answering the unsaved-changes question with Don't save
 * when the model has unsaved changes (the app asks then, and only then). The indicator read before the
 * click can lag an undo that has just brought the model back to its saved state, and then the app does
 * not ask: the answer is given if the question comes, or not once the indicator says the model is saved.
 */
export async function clickDiscardingChanges(page, selector) {
  const modified = (await page.locator('[data-testid=saved-state]').textContent()) === 'Modified'
  await page.click(selector)
  if (!modified) return
  const dontSave = page.locator(
    '[role=alertdialog][aria-label="Unsaved changes"] button:has-text("Don\'t save")',
  )
  const saved = () => document.querySelector('[data-testid=saved-state]')?.textContent !== 'Modified'
  const question = dontSave.waitFor().then(() => true)
  const noQuestion = page.waitForFunction(saved).then(() => false)
  // The wait that loses the race times out later: not an unhandled rejection.
  for (const wait of [question, noQuestion]) wait.catch(() => undefined)
  if (await Promise.race([question, noQuestion])) await dontSave.click()
}
