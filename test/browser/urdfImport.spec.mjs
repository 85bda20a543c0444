// File > Import URDF in the app: a two-link arm the test writes (a joint limit and a mesh file that
// is not there, neither representable) is imported as rigid bodies with gravity; the project is
// written next to the URDF and opened, and the two dropped parts are listed in a message; as a
// KinematicTree with limit stops, the limited shoulder gets its stop connector instead. A chain
// whose links are meshes in the four formats, in a ROS package the dialog maps to a folder, is drawn
// (every link an instance of its file, none a placeholder box) and picked.
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { tsImport } from 'tsx/esm/api'
import { canvasStatsWhen, clickDiscardingChanges, openApp, outputPath } from './harness.mjs'

const INERTIAL =
  '<inertial><origin xyz="0 0 -0.5"/><mass value="1"/>' +
  '<inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>'
const ARM = `<robot name="arm">
  <link name="base"/>
  <link name="upper">${INERTIAL}
    <visual><origin xyz="0 0 -0.5"/><geometry><box size="0.1 0.1 1"/></geometry></visual>
  </link>
  <link name="lower">${INERTIAL}
    <visual><geometry><mesh filename="meshes/missing.stl"/></geometry></visual>
  </link>
  <joint name="shoulder" type="revolute"><parent link="base"/><child link="upper"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="10" velocity="1"/></joint>
  <joint name="elbow" type="continuous"><parent link="upper"/><child link="lower"/>
    <origin xyz="0 0 -1"/><axis xyz="0 1 0"/></joint>
</robot>`

let app
let page
before(async () => {
  app = await openApp('mbs-urdf-import-')
  page = app.page
  writeFileSync(join(app.dir, 'arm.urdf'), ARM)
})
after(async () => app?.close())

/** The Import URDF dialog of a URDF picked in the file browser. */
async function importOptionsOf(name) {
  await clickDiscardingChanges(page, 'button[title^="Import a URDF"]')
  const browser = page.locator('[role=dialog].file-browser')
  await browser.locator(`[role=option][data-name="${name}"]`).click()
  await browser.locator('button[type=submit]').click()
  return page.locator('[role=dialog][aria-label="Import URDF"]')
}

test('a URDF imported in the app lists what it could not represent', async () => {
  const options = await importOptionsOf('arm.urdf')
  await options.getByLabel('formulation').selectOption('bodies')
  await options.getByLabel('joint sensors').check()
  await options.screenshot({ path: outputPath('urdf-import-dialog.png') })
  await options.locator('button[type=submit]').click()

  const report = page.locator('[role=alertdialog]')
  await report.waitFor()
  await page.screenshot({ path: outputPath('urdf-import-notes.png') })
  const lines = await report.getByTestId('problem-lines').locator('li').allTextContents()
  assert.equal(lines.length, 2, lines.join('\n'))
  assert.match(lines.join('\n'), /joint "shoulder": limits .* not enforced/)
  assert.match(lines.join('\n'), /link "lower": mesh visual meshes\/missing\.stl not imported/)
  await report.getByRole('button', { name: 'Close' }).click()

  assert.ok(existsSync(join(app.dir, 'arm.mbsproj')), 'the project was not written next to the URDF')
  // Two bodies, two revolute joints and the ground, as `mbs import --bodies` writes them.
  await page.waitForFunction(
    () => document.querySelector('[data-kind="objects"] .count')?.textContent === '5',
  )
  const sensors = await page.locator('[data-kind="sensors"] .count').textContent()
  assert.equal(sensors, '2', 'a sensor per joint')
  assert.deepEqual(app.errors, [])
})

test('a URDF imported as a tree with limit stops gets a stop connector per limited joint', async () => {
  const options = await importOptionsOf('arm.urdf')
  await options.getByLabel('limit stops').check()
  await options.getByLabel('stop stiffness').fill('500')
  await options.getByLabel('stop damping').fill('20')
  await options.getByLabel('project file').fill('arm-stops.mbsproj')
  await options.screenshot({ path: outputPath('urdf-import-limit-stops.png') })
  await options.locator('button[type=submit]').click()

  // The shoulder's lower and upper limits are kept; its effort and velocity and the mesh are listed.
  const report = page.locator('[role=alertdialog]')
  await report.waitFor()
  const lines = await report.getByTestId('problem-lines').locator('li').allTextContents()
  assert.equal(lines.length, 2, lines.join('\n'))
  assert.match(lines.join('\n'), /joint "shoulder": limits \(effort 10, velocity 1\) not enforced/)
  await report.getByRole('button', { name: 'Close' }).click()
  const project = JSON.parse(readFileSync(join(app.dir, 'arm-stops.mbsproj'), 'utf8'))
  const stops = project.model.objects.find((o) => o.name === 'shoulderLimits')
  assert.equal(stops?.type, 'ConnectorCoordinateSpringDamperExt')
  assert.deepEqual(
    [stops.limitStopsLower, stops.limitStopsUpper, stops.limitStopsStiffness, stops.limitStopsDamping],
    [-1, 1, 500, 20],
  )
  // The KinematicTree and the stop, as `mbs import --limit-stops 500,20` writes them.
  await page.waitForFunction(
    () => document.querySelector('[data-kind="objects"] .count')?.textContent === '2',
  )
  assert.deepEqual(app.errors, [])
})

test('URDF mesh visuals in a mapped package are drawn, in each format, and picked', async () => {
  const { boxTriangles, MESH_WRITERS } = await tsImport('../fixtures/meshFiles.ts', import.meta.url)
  // robots/urdf/chain.urdf names package://parts/..., whose folder is not an ancestor of the URDF.
  mkdirSync(join(app.dir, 'robots', 'urdf'), { recursive: true })
  mkdirSync(join(app.dir, 'parts'), { recursive: true })
  // One link per format (five links: the middle one is where the drawn links' centroid is): a
  // 0.3 x 0.1 x 0.1 m box along x from its joint; the OBJ written in mm and scaled in the URDF.
  const formats = MESH_WRITERS
  const links = formats.map(({ format, write }, k) => {
    const mm = format === 'obj' ? 1000 : 1
    const file = `link${k}.${format}`
    writeFileSync(
      join(app.dir, 'parts', file),
      write(boxTriangles([0, -0.05 * mm, -0.05 * mm], [0.3 * mm, 0.1 * mm, 0.1 * mm])),
    )
    const scale = mm === 1 ? '' : ' scale="0.001 0.001 0.001"'
    return (
      `<link name="link${k}">${INERTIAL}<visual><geometry>` +
      `<mesh filename="package://parts/${file}"${scale}/></geometry></visual></link>`
    )
  })
  const joints = formats.map(
    (_, k) =>
      `<joint name="j${k}" type="revolute"><parent link="${k === 0 ? 'base' : `link${k - 1}`}"/>` +
      `<child link="link${k}"/><origin xyz="${k === 0 ? 0 : 0.4} 0 0"/><axis xyz="0 1 0"/>` +
      '<limit lower="-1" upper="1" effort="1" velocity="1"/></joint>',
  )
  writeFileSync(
    join(app.dir, 'robots', 'urdf', 'chain.urdf'),
    `<robot name="chain"><link name="base"/>${links.join('')}${joints.join('')}</robot>`,
  )

  await clickDiscardingChanges(page, 'button[title^="Import a URDF"]')
  const browser = page.locator('[role=dialog].file-browser')
  await browser.getByLabel('File path').fill('robots/urdf/chain.urdf')
  await browser.getByLabel('File path').press('Enter')
  const options = page.locator('[role=dialog][aria-label="Import URDF"]')
  await options.getByLabel('formulation').selectOption('bodies')
  const folder = options.getByLabel('package parts folder')
  // Not an ancestor of the URDF: not found, so the user names it (relative to the URDF's folder).
  assert.equal(await folder.inputValue(), '')
  await folder.fill('../../parts')
  await options.screenshot({ path: outputPath('urdf-import-packages.png') })
  await options.locator('button[type=submit]').click()

  // The joint limits are all it lists: every mesh was found.
  const report = page.locator('[role=alertdialog]')
  await report.waitFor()
  const lines = await report.getByTestId('problem-lines').locator('li').allTextContents()
  assert.equal(lines.length, formats.length, lines.join('\n'))
  for (const line of lines) assert.match(line, /limits .* not enforced/)
  await report.getByRole('button', { name: 'Close' }).click()
  assert.ok(existsSync(join(app.dir, 'robots', 'urdf', 'chain.mbsproj')))

  await page.waitForFunction((n) => {
    const canvas = document.querySelector('canvas')
    return canvas?.dataset.meshFilesLoading === '0' && canvas.dataset.meshFileInstances === String(n)
  }, formats.length)
  await page.click('.view-tools button:has-text("iso")')
  const warnings = await page.evaluate(() =>
    [...document.querySelectorAll('table.log tr')]
      .map((e) => e.textContent)
      .filter((t) => /Mesh file/.test(t)),
  )
  assert.deepEqual(warnings, [], 'a mesh file was drawn as a box')
  const stats = await canvasStatsWhen(page, (s) => s.body > 1000)
  await page.screenshot({ path: outputPath('urdf-import-meshes.png') })
  assert.ok(stats.body > 1000, `the links are not drawn (${stats.body} body pixels)`)

  // A click on the links' centroid selects the middle link's body.
  const box = await page.locator('canvas').boundingBox()
  await page.mouse.click(box.x + stats.bodyAt.x, box.y + stats.bodyAt.y)
  await page.waitForFunction(() => document.querySelector('.item-row.selected')?.dataset.name === 'link2')

  // The same chain in minimal coordinates: the KinematicTree draws the same files per link.
  await clickDiscardingChanges(page, 'button[title^="Import a URDF"]')
  await browser.getByLabel('File path').fill(join(app.dir, 'robots', 'urdf', 'chain.urdf'))
  await browser.getByLabel('File path').press('Enter')
  await options.getByLabel('package parts folder').fill('../../parts')
  await options.getByLabel('project file').fill(join(app.dir, 'robots', 'urdf', 'chain-tree.mbsproj'))
  await options.locator('button[type=submit]').click()
  await report.waitFor()
  await report.getByRole('button', { name: 'Close' }).click()
  await page.waitForFunction((n) => {
    const canvas = document.querySelector('canvas')
    return canvas?.dataset.meshFilesLoading === '0' && canvas.dataset.meshFileInstances === String(n)
  }, formats.length)
  const tree = await canvasStatsWhen(page, (s) => s.body > 1000)
  await page.screenshot({ path: outputPath('urdf-import-tree-meshes.png') })
  assert.ok(tree.body > 1000, `the tree's links are not drawn (${tree.body} body pixels)`)
  assert.deepEqual(app.errors, [])
})
