// readMeshFile sends a large mesh file in parts: the parts' base64 joined is the whole file's (each
// part but the last holds whole 3-byte groups), the size comes with every part, and a malformed
// range is refused with the parameter named. URDF import in the app: the packages a URDF's meshes
// name with the folder found for each, a folder given relative to the URDF's, and no mesh file read
// (nor copied into the project) from outside the workspace.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { importUrdfToFile, readMeshFile, urdfPackages } from '../../../src/host/importFiles'
import { createWorkspace } from '../../../src/host/workspace'

const root = realpathSync(mkdtempSync(join(tmpdir(), 'mbs-mesh-read-')))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 37) % 256))
writeFileSync(join(root, 'part.stl'), bytes)
const files = createWorkspace(root)
const documentPath = join(root, 'model.mbsproj')

describe('readMeshFile', () => {
  it('answers the whole file, or its parts, whose base64 joins into the whole', () => {
    const whole = readMeshFile(files, documentPath, { file: 'part.stl' })
    expect(whole).toEqual({
      path: join(root, 'part.stl'),
      reference: 'part.stl',
      data: bytes.toString('base64'),
      size: 1000,
    })
    const pieces: string[] = []
    for (let offset = 0; offset < 1000; offset += 300) {
      const part = readMeshFile(files, documentPath, { file: 'part.stl', offset, length: 300 })
      expect(part.size).toBe(1000)
      pieces.push(part.data)
    }
    expect(pieces.join('')).toBe(whole.data)
    expect(readMeshFile(files, documentPath, { file: 'part.stl', offset: 2000, length: 300 }).data).toBe('')
  })

  it('refuses a range that is not two byte counts', () => {
    for (const range of [{ offset: -1, length: 3 }, { offset: 0 }, { offset: 0.5, length: 3 }])
      expect(() => readMeshFile(files, documentPath, { file: 'part.stl', ...range })).toThrow(
        'readMeshFile: offset and length must be byte counts, both or neither',
      )
  })
})

describe('URDF import in the workspace', () => {
  const link = (name: string, mesh: string) =>
    `<link name="${name}"><inertial><mass value="1"/>` +
    '<inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>' +
    `<visual><geometry><mesh filename="${mesh}"/></geometry></visual></link>`
  const joint = (name: string, parent: string, child: string) =>
    `<joint name="${name}" type="continuous"><parent link="${parent}"/><child link="${child}"/></joint>`
  // A ROS package laid out as robot/urdf/arm.urdf and robot/meshes/; a second package "tools"
  // elsewhere in the workspace; a mesh outside the workspace named by an absolute path.
  const outside = realpathSync(mkdtempSync(join(tmpdir(), 'mbs-outside-')))
  afterAll(() => rmSync(outside, { recursive: true, force: true }))
  writeFileSync(join(outside, 'secret.stl'), 'solid secret\nendsolid secret\n')
  mkdirSync(join(root, 'robot', 'urdf'), { recursive: true })
  mkdirSync(join(root, 'robot', 'meshes'), { recursive: true })
  mkdirSync(join(root, 'shared', 'tools'), { recursive: true })
  writeFileSync(join(root, 'robot', 'meshes', 'upper.stl'), 'solid upper\nendsolid upper\n')
  writeFileSync(join(root, 'shared', 'tools', 'gripper.stl'), 'solid gripper\nendsolid gripper\n')
  const urdf = join(root, 'robot', 'urdf', 'arm.urdf')
  writeFileSync(
    urdf,
    `<robot name="arm"><link name="base"/>${link('upper', 'package://robot/meshes/upper.stl')}` +
      `${link('gripper', 'package://tools/gripper.stl')}${link('spy', join(outside, 'secret.stl'))}` +
      `${joint('a', 'base', 'upper')}${joint('b', 'upper', 'gripper')}` +
      `${joint('c', 'gripper', 'spy')}</robot>`,
  )

  it('lists the packages the meshes name, with the folder found for each', () => {
    expect(urdfPackages(files, { urdf })).toEqual({
      packages: [
        { name: 'robot', folder: join(root, 'robot') },
        { name: 'tools', folder: null },
      ],
    })
  })

  it('maps a package to a folder relative to the URDF; refuses meshes outside the workspace', () => {
    const output = join(root, 'arm.mbsproj')
    const { notes } = importUrdfToFile(files, {
      urdf,
      output,
      formulation: 'bodies',
      packageDirs: { tools: '../../shared/tools' },
      embedMeshes: true,
    })
    expect(notes).toEqual([
      `link "spy": mesh visual ${join(outside, 'secret.stl')} not imported: ` +
        `Refused ${join(outside, 'secret.stl')}: ` +
        `it is outside the workspace ${root} (files are opened and written only there; start the web ` +
        'host with --workspace DIR for another folder)',
    ])
    const project = JSON.parse(readFileSync(output, 'utf8'))
    const entries = Object.fromEntries(
      project.model.objects
        .filter((o: { VgraphicsData?: unknown }) => o.VgraphicsData)
        .map((o: { name: string; VgraphicsData: { file: string; data: string }[] }) => [
          o.name,
          o.VgraphicsData.map(({ file, data }) => ({ file, data })),
        ]),
    )
    expect(entries).toEqual({
      upper: [
        {
          file: 'robot/meshes/upper.stl',
          data: Buffer.from('solid upper\nendsolid upper\n').toString('base64'),
        },
      ],
      gripper: [
        {
          file: 'shared/tools/gripper.stl',
          data: Buffer.from('solid gripper\nendsolid gripper\n').toString('base64'),
        },
      ],
    })
    expect(readFileSync(output, 'utf8')).not.toContain(
      Buffer.from('solid secret').toString('base64').slice(0, 12),
    )
  })

  it('keeps joint limits as limit stops when asked; refuses a stop stiffness that is no number > 0', () => {
    const slider = join(root, 'slider.urdf')
    writeFileSync(
      slider,
      '<robot name="slider"><link name="base"/><link name="carriage"/><joint name="rail" type="prismatic">' +
        '<parent link="base"/><child link="carriage"/><limit lower="-0.2" upper="0.3"/></joint></robot>',
    )
    const output = join(root, 'stops.mbsproj')
    importUrdfToFile(files, {
      urdf: slider,
      output,
      formulation: 'tree',
      limitStops: { stiffness: 200, damping: 3 },
    })
    const project = JSON.parse(readFileSync(output, 'utf8'))
    expect(project.model.objects.find((o: { name: string }) => o.name === 'railLimits')).toMatchObject({
      type: 'ConnectorCoordinateSpringDamperExt',
      limitStopsLower: -0.2,
      limitStopsUpper: 0.3,
      limitStopsStiffness: 200,
      limitStopsDamping: 3,
    })
    for (const limitStops of [{ stiffness: 0, damping: 1 }, { stiffness: '5', damping: 1 }, 'stiff'])
      expect(() =>
        importUrdfToFile(files, {
          urdf: slider,
          output: join(root, 'stops2.mbsproj'),
          formulation: 'tree',
          limitStops: limitStops as never,
        }),
      ).toThrow('importUrdf: limitStops must be {stiffness: a number > 0, damping: a number >= 0}')
  })

  it('refuses a package folder outside the workspace', () => {
    expect(() =>
      importUrdfToFile(files, {
        urdf,
        output: join(root, 'arm2.mbsproj'),
        formulation: 'bodies',
        packageDirs: { tools: outside },
      }),
    ).toThrow(expect.objectContaining({ code: 'forbidden' }))
  })
})
