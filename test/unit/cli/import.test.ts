// `mbs import` through the real bin: the project it writes validates and runs; what the URDF has
// that a project cannot hold is listed on stderr; bad input gets its exit code and a clear line. A
// six-axis arm with mesh files in a ROS package imports both ways and its two runs agree (the joint
// angles to 1e-8 rad over 1 s, as the core test's model does).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseProject } from '../../../src/core'
import { boxTriangles, MESH_WRITERS } from '../../fixtures/meshFiles'
import { arm6 } from '../../fixtures/urdfArm6'
import { mapConcurrently, spawnCli } from './spawnCli'

const URDF = `<robot name="pendulum">
  <link name="base"/>
  <link name="arm"><inertial><origin xyz="0.3 0 0"/><mass value="1.5"/>
    <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.045" iyz="0" izz="0.045"/></inertial>
    <visual><geometry><mesh filename="package://p/arm.stl"/></geometry></visual></link>
  <joint name="hinge" type="revolute"><parent link="base"/><child link="arm"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="5" velocity="2"/></joint>
</robot>`

/** The rows of a sensor CSV (mbs run --sensors-dir) as numbers, comment lines left out. */
const csvRows = (file: string): number[][] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => l.split(',').map(Number))

/** mbs import into a formulation with gravity (URDF's z up) and a sensor per joint. */
const importWithGravityAndSensors = (urdf: string, out: string, formulation: string): string[] => [
  'import',
  urdf,
  '-o',
  out,
  formulation,
  '--gravity',
  '0,0,-9.81',
  '--joint-sensors',
]

describe('mbs import', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-import-'))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  const urdf = path.join(dir, 'pendulum.urdf')
  fs.writeFileSync(urdf, URDF)

  for (const formulation of ['--tree', '--bodies'])
    it(`${formulation}: writes a valid project, lists what it could not represent`, async () => {
      const out = path.join(dir, `p${formulation}.mbsproj`)
      const r = await spawnCli(importWithGravityAndSensors(urdf, out, formulation))
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
      const rows = csvRows(path.join(csvDir, 'hinge.csv'))
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

  it('--limit-stops K,D keeps the limits as a limit-stop connector; a bad value exits 64', async () => {
    const out = path.join(dir, 'stops.mbsproj')
    const r = await spawnCli(['import', urdf, '-o', out, '--limit-stops', '50,2.5'])
    expect(r.code).toBe(0)
    expect(r.stderr).toContain('pendulum.urdf: joint "hinge": limits (effort 5, velocity 2) not enforced')
    const loaded = parseProject(fs.readFileSync(out, 'utf8'))
    if (!loaded.ok) throw new Error('the import is not a valid project')
    expect(loaded.project.model.objects.find((o) => o.name === 'hingeLimits')).toMatchObject({
      type: 'ConnectorCoordinateSpringDamperExt',
      useLimitStops: true,
      limitStopsLower: -1,
      limitStopsUpper: 1,
      limitStopsStiffness: 50,
      limitStopsDamping: 2.5,
    })
    const bad = await mapConcurrently(['0', '-5,1', '50,-1', 'stiff', '50,1,2'], 2, (value) =>
      spawnCli(['import', urdf, '-o', path.join(dir, 'bad-stops.mbsproj'), '--limit-stops', value]),
    )
    for (const b of bad) {
      expect(b.code).toBe(64)
      expect(b.stderr).toContain('--limit-stops expects K[,D]')
    }
    expect(fs.existsSync(path.join(dir, 'bad-stops.mbsproj'))).toBe(false)
  })

  it('mesh visuals become Mesh graphics, package:// in a --package-dir or the package folder', async () => {
    // A ROS package laid out as robot/urdf/arm.urdf and robot/meshes/arm.stl.
    const pkg = path.join(dir, 'robot')
    fs.mkdirSync(path.join(pkg, 'urdf'), { recursive: true })
    fs.mkdirSync(path.join(pkg, 'meshes'), { recursive: true })
    fs.writeFileSync(path.join(pkg, 'meshes', 'arm.stl'), 'solid arm\nendsolid arm\n')
    const inPackage = path.join(pkg, 'urdf', 'arm.urdf')
    fs.writeFileSync(
      inPackage,
      URDF.replace('package://p/arm.stl', 'package://robot/meshes/arm.stl').replace(
        '<mesh filename',
        '<mesh scale="0.001 0.001 0.001" filename',
      ),
    )
    const outDir = path.join(dir, 'projects')
    fs.mkdirSync(outDir)
    const out = path.join(outDir, 'arm.mbsproj')
    const r = await spawnCli(['import', inPackage, '-o', out, '--bodies'])
    expect(r.code).toBe(0)
    expect(r.stderr).not.toContain('mesh')
    const loaded = parseProject(fs.readFileSync(out, 'utf8'))
    if (!loaded.ok) throw new Error('the import is not a valid project')
    const arm = loaded.project.model.objects.find((o) => o.name === 'arm')
    expect(arm?.VgraphicsData).toEqual([
      {
        type: 'Mesh',
        file: '../robot/meshes/arm.stl',
        scale: [0.001, 0.001, 0.001],
        position: [0, 0, 0],
        rotation: [
          [1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ],
      },
    ])
    expect((await spawnCli(['validate', out])).code).toBe(0)

    // The same URDF elsewhere: the package is found only through --package-dir.
    const moved = path.join(dir, 'moved.urdf')
    fs.copyFileSync(inPackage, moved)
    const unmapped = await spawnCli(['import', moved, '-o', path.join(dir, 'u.mbsproj'), '--bodies'])
    expect(unmapped.stderr).toContain(
      'mesh visual package://robot/meshes/arm.stl not imported: the folder of package "robot" is not known ' +
        '(map the package to its folder with --package-dir NAME=DIR)',
    )
    const mapped = await spawnCli([
      'import',
      moved,
      '-o',
      path.join(dir, 'm.mbsproj'),
      '--bodies',
      '--package-dir',
      `robot=${pkg}`,
    ])
    expect(mapped.code).toBe(0)
    expect(fs.readFileSync(path.join(dir, 'm.mbsproj'), 'utf8')).toContain('"file": "robot/meshes/arm.stl"')
    const badMap = await spawnCli([
      'import',
      moved,
      '-o',
      path.join(dir, 'b.mbsproj'),
      '--package-dir',
      'robot',
    ])
    expect(badMap.code).toBe(64)
    expect(badMap.stderr).toContain('--package-dir expects NAME=DIR, got "robot"')

    // A missing mesh file: validate names the item, the entry and where it looked; run only warns.
    fs.rmSync(path.join(pkg, 'meshes', 'arm.stl'))
    const invalid = await spawnCli(['validate', out])
    expect(invalid.code).toBe(1)
    expect(invalid.stdout).toContain(
      `model.objects[1].VgraphicsData: entry 0 of "arm": mesh file "../robot/meshes/arm.stl" not found ` +
        `(looked for ${path.join(pkg, 'meshes', 'arm.stl')}; paths are relative to the project file)`,
    )
    const run = await spawnCli(['run', out, '--end-time', '0.01'])
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('mbs run: warning: model.objects[1].VgraphicsData: entry 0 of "arm"')
  })

  it('--embed-meshes: the project holds the files, validates and runs without them', async () => {
    const folder = path.join(dir, 'embed')
    fs.mkdirSync(folder)
    const stl = path.join(folder, 'arm.stl')
    const bytes = Buffer.from('solid arm\nendsolid arm\n')
    fs.writeFileSync(stl, bytes)
    const urdfFile = path.join(folder, 'arm.urdf')
    fs.writeFileSync(urdfFile, URDF.replace('package://p/arm.stl', 'arm.stl'))
    const out = path.join(folder, 'arm.mbsproj')
    const r = await spawnCli(['import', urdfFile, '-o', out, '--bodies', '--embed-meshes'])
    expect(r.code).toBe(0)
    expect(r.stderr).not.toContain('mesh')
    fs.rmSync(stl)
    const loaded = parseProject(fs.readFileSync(out, 'utf8'))
    if (!loaded.ok) throw new Error('the import is not a valid project')
    const arm = loaded.project.model.objects.find((o) => o.name === 'arm')
    expect(arm?.VgraphicsData).toMatchObject([
      { type: 'Mesh', file: 'arm.stl', data: bytes.toString('base64') },
    ])
    expect((await spawnCli(['validate', out])).code).toBe(0)
    const run = await spawnCli(['run', out, '--end-time', '0.01'])
    expect(run.code).toBe(0)
    expect(run.stderr).not.toContain('warning')

    // A file larger than a project string may hold stays a reference, and the note says why.
    fs.writeFileSync(stl, Buffer.alloc(786433))
    const big = await spawnCli(['import', urdfFile, '-o', out, '--bodies', '--embed-meshes'])
    expect(big.code).toBe(0)
    expect(big.stderr).toContain(
      'arm.urdf: link "arm": mesh visual arm.stl referenced, not embedded: it has 786433 bytes and a ' +
        'project embeds at most 786432',
    )
    expect(fs.readFileSync(out, 'utf8')).not.toContain('"data"')
  })

  it('a six-axis arm with mesh files imports both ways; the two runs agree to 1e-8 over 1 s', async () => {
    // arm6/urdf/arm6.urdf and arm6/meshes/LINK.FORMAT (the formats in turn, in mm), a project
    // folder elsewhere: each mesh is referenced relative to the project.
    const pkg = path.join(dir, 'arm6')
    fs.mkdirSync(path.join(pkg, 'urdf'), { recursive: true })
    fs.mkdirSync(path.join(pkg, 'meshes'), { recursive: true })
    const files = new Map<string, string>()
    const urdfFile = path.join(pkg, 'urdf', 'arm6.urdf')
    fs.writeFileSync(
      urdfFile,
      arm6((link, xyz) => {
        const { format, write } = MESH_WRITERS[files.size % MESH_WRITERS.length]
        files.set(link, `${link}.${format}`)
        fs.writeFileSync(
          path.join(pkg, 'meshes', `${link}.${format}`),
          write(boxTriangles([0, -20, -15], [50, 40, 30])),
        )
        return (
          `<visual>${xyz ? `<origin xyz="${xyz}"/>` : ''}<geometry>` +
          `<mesh filename="package://arm6/meshes/${link}.${format}" scale="0.001 0.001 0.001"/>` +
          '</geometry></visual>'
        )
      }),
    )
    const outDir = path.join(dir, 'arm6-projects')
    fs.mkdirSync(outDir)
    const settings = [
      ['simulationSettings.solverType', 'RK44'],
      ['timeIntegration.endTime', '1'],
      ['timeIntegration.numberOfSteps', '2000'],
      ['solutionSettings.sensorsWritePeriod', '0.05'],
    ].flatMap(([k, v]) => ['--set', `${k}=${v}`])
    const [tree, bodies] = await mapConcurrently(['--tree', '--bodies'], 2, async (formulation) => {
      const out = path.join(outDir, `arm6${formulation}.mbsproj`)
      const imported = await spawnCli(importWithGravityAndSensors(urdfFile, out, formulation))
      expect(imported.code).toBe(0)
      expect((await spawnCli(['validate', out])).code).toBe(0)
      const csv = path.join(outDir, `csv${formulation}`)
      const ran = await spawnCli(['run', out, '--sensors-dir', csv, ...settings])
      expect(ran.code, ran.stderr).toBe(0)
      const joints = ['j1', 'j2', 'j3', 'j4', 'j5', 'j6'].map((j) => csvRows(path.join(csv, `${j}.csv`)))
      return { stderr: imported.stderr, project: JSON.parse(fs.readFileSync(out, 'utf8')), joints }
    })

    // Redundant coordinates: every link drawn from its files (the tool's merged into l6, the base's on
    // the ground), nothing left out.
    expect(bodies.stderr).toBe('')
    type Entries = { type: string; file: string }[]
    const described = (list: Entries) => list.map((e) => `${e.type} ${e.file}`)
    const meshes = Object.fromEntries(
      bodies.project.model.objects
        .filter((o: { VgraphicsData?: unknown }) => o.VgraphicsData)
        .map((o: { name: string; VgraphicsData: Entries }) => [o.name, described(o.VgraphicsData)]),
    )
    const entry = (link: string) => `Mesh ../arm6/meshes/${files.get(link)}`
    expect(meshes).toEqual({
      ground: [entry('base')],
      ...Object.fromEntries(['l1', 'l2', 'l3', 'l4', 'l5'].map((l) => [l, [entry(l)]])),
      l6: [entry('l6'), entry('tool')],
    })
    // Minimal coordinates: the same files, per link in the tree's VgraphicsDataList.
    expect(tree.stderr).toBe('')
    const [ground, arm] = tree.project.model.objects
    expect(described(ground.VgraphicsData)).toEqual([entry('base')])
    expect(arm.VgraphicsDataList.map(described)).toEqual([
      ...['l1', 'l2', 'l3', 'l4', 'l5'].map((l) => [entry(l)]),
      [entry('l6'), entry('tool')],
    ])

    // The joint angles: the same sampling times, alike to 1e-8 rad (RK44 at h = 5e-4 both ways;
    // the core test measured 6e-11 m on the tool), and the arm moves.
    let moved = 0
    for (let j = 0; j < 6; j++) {
      const [a, b] = [tree.joints[j], bodies.joints[j]]
      expect(a.length).toBe(21)
      expect(b.map((r) => r[0])).toEqual(a.map((r) => r[0]))
      for (let k = 0; k < a.length; k++) {
        expect(Math.abs(a[k][1] - b[k][1])).toBeLessThan(1e-8)
        moved = Math.max(moved, Math.abs(a[k][1] - a[0][1]))
      }
    }
    expect(moved).toBeGreaterThan(0.1)
  })
})
