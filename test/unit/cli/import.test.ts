// `mbs import` through the real bin: the project it writes validates and runs; what the URDF has
// that a project cannot hold is listed on stderr; bad input gets its exit code and a clear line.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseProject } from '../../../src/core'
import { spawnCli } from './spawnCli'

const URDF = `<robot name="pendulum">
  <link name="base"/>
  <link name="arm"><inertial><origin xyz="0.3 0 0"/><mass value="1.5"/>
    <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.045" iyz="0" izz="0.045"/></inertial>
    <visual><geometry><mesh filename="package://p/arm.stl"/></geometry></visual></link>
  <joint name="hinge" type="revolute"><parent link="base"/><child link="arm"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="5" velocity="2"/></joint>
</robot>`

describe('mbs import', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-import-'))
  const urdf = path.join(dir, 'pendulum.urdf')
  fs.writeFileSync(urdf, URDF)

  for (const formulation of ['--tree', '--bodies'])
    it(`${formulation}: writes a valid project, lists what it could not represent`, async () => {
      const out = path.join(dir, `p${formulation}.mbsproj`)
      const r = await spawnCli([
        'import',
        urdf,
        '-o',
        out,
        formulation,
        '--gravity',
        '0,0,-9.81',
        '--joint-sensors',
      ])
      expect(r.code).toBe(0)
      expect(r.stdout).toContain(`wrote ${out}: pendulum, 1 movable links`)
      expect(r.stderr).toContain(
        'pendulum.urdf: joint "hinge": limits (lower -1, upper 1, effort 5, velocity 2) not enforced',
      )
      expect(r.stderr).toContain('mesh visual package://p/arm.stl not imported')
      const loaded = parseProject(fs.readFileSync(out, 'utf8'))
      expect(loaded.ok).toBe(true)
      const csvDir = path.join(dir, `csv${formulation}`)
      expect((await spawnCli(['run', out, '--end-time', '0.1', '--sensors-dir', csvDir])).code).toBe(0)
      // hinge.csv: rows t, angle (one value); the pendulum starts horizontal and falls.
      const rows = fs
        .readFileSync(path.join(csvDir, 'hinge.csv'), 'utf8')
        .split('\n')
        .filter((l) => l !== '' && !l.startsWith('#'))
        .map((l) => l.split(',').map(Number))
      expect(rows[0]).toEqual([0, 0])
      expect(rows.every((r) => r.length === 2)).toBe(true)
      expect(Math.abs(rows[rows.length - 1][1])).toBeGreaterThan(0.01)
    })

  it('bad input: exit codes and messages', async () => {
    const noOutput = await spawnCli(['import', urdf])
    expect(noOutput.code).toBe(64)
    expect(noOutput.stderr).toContain('name the project to write: -o PROJECT.mbsproj')
    const missing = await spawnCli(['import', path.join(dir, 'none.urdf'), '-o', path.join(dir, 'x.mbsproj')])
    expect(missing.code).toBe(66)
    const bad = path.join(dir, 'bad.urdf')
    fs.writeFileSync(bad, '<robot name="r"><link name="a"/><link name="b"/></robot>')
    const r = await spawnCli(['import', bad, '-o', path.join(dir, 'y.mbsproj')])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('the links must form one tree: several roots (a, b)')
    expect(fs.existsSync(path.join(dir, 'y.mbsproj'))).toBe(false)
    const both = await spawnCli(['import', urdf, '-o', path.join(dir, 'z.mbsproj'), '--tree', '--bodies'])
    expect(both.code).toBe(64)
  })
})
