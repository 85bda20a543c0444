// File > Import URDF in the app: a two-link arm the test writes (a joint limit and a mesh file that
// is not there, neither representable) is imported as rigid bodies with gravity; the project is
// written next to the URDF and opened, and the two dropped parts are listed in a message.
import assert from 'node:assert/strict'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { clickDiscardingChanges, openApp, outputPath } from './harness.mjs'

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

test('a URDF imported in the app lists what it could not represent', async () => {
  await clickDiscardingChanges(page, 'button[title^="Import a URDF"]')
  const browser = page.locator('[role=dialog].file-browser')
  await browser.locator('[role=option][data-name="arm.urdf"]').click()
  await browser.locator('button[type=submit]').click()
  const options = page.locator('[role=dialog][aria-label="Import URDF"]')
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
