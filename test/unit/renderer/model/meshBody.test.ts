// "Body from mesh" reads a mesh file with the viewport's loaders (no y-z swap, no mirroring) and
// gives the analytic mass properties of the solid, whichever of the four formats holds it. Reference:
// the box [0.5, 0.9] x [-0.1, 0.1] x [0, 0.05] m (a file in mm, scale 0.001) of density 7850:
// m = rho lx ly lz, centre at the box centre, J about the origin = m/12 (ly^2 + lz^2) + m (cy^2 + cz^2)
// ... Tolerance 1e-6 relative: a mesh file holds float32 coordinates (7 digits); these corners are
// exact in float32, so the error is the round-off of the sums, far below; 1e-6 is the float32 bound of
// a general file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_EMBEDDED_MESH_BYTES, type JsonValue } from '../../../../src/core'
import { missingMeshFiles } from '../../../../src/node/meshFiles'
import { CREATE_ACTIONS, withAdditions } from '../../../../src/renderer/model/createActions'
import { meshBodyValues } from '../../../../src/renderer/model/meshBody'
import { emptyProjectSpec, specFromText, specToText } from '../../../../src/renderer/model/projectSpec'
import { binaryStl, boxTriangles, MESH_WRITERS } from '../../../fixtures/meshFiles'

const BOX = { origin: [500, -100, 0], size: [400, 200, 50] } // mm
const RHO = 7850

function expectBox(values: Record<string, unknown>): void {
  const [lx, ly, lz] = BOX.size.map((x) => x / 1000)
  const c = BOX.origin.map((x, i) => (x + BOX.size[i] / 2) / 1000)
  const m = RHO * lx * ly * lz
  const props = values.massProperties as { mass: number; centerOfMass: number[]; inertia: number[] }
  const rel = (a: number, b: number, scale = Math.abs(b)) =>
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-6 * scale)
  rel(props.mass, m)
  c.forEach((x, i) => expect(Math.abs(props.centerOfMass[i] - x)).toBeLessThanOrEqual(1e-9))
  rel(props.inertia[0], (m / 12) * (ly ** 2 + lz ** 2) + m * (c[1] ** 2 + c[2] ** 2))
  rel(props.inertia[1], (m / 12) * (lx ** 2 + lz ** 2) + m * (c[0] ** 2 + c[2] ** 2))
  rel(props.inertia[2], (m / 12) * (lx ** 2 + ly ** 2) + m * (c[0] ** 2 + c[1] ** 2))
  // A product of inertia that vanishes: relative to the largest moment.
  rel(props.inertia[5], -m * c[0] * c[1], props.inertia[2])
}

const host = (bytes: Uint8Array) => ({
  readMeshFile: async ({ file }: { file: string }) => ({
    path: `/models/${file}`,
    reference: file,
    data: Buffer.from(bytes).toString('base64'),
    size: bytes.length,
  }),
})

const form = (file: string) => ({ name: 'part', file, density: RHO, scale: 0.001, position: [0, 0, 0] })

describe('body from mesh', () => {
  it('a binary STL box has the analytic mass, centre and inertia', async () => {
    const values = await meshBodyValues(form('box.stl'), host(binaryStl(boxTriangles(BOX.origin, BOX.size))))
    expect(values.meshReference).toBe('box.stl')
    expectBox(values)
  })

  // The same box in each format the viewport loads: an asymmetric box off the origin, so a y-z swap
  // or a mirrored axis (the loaders' defaults for a left-handed scene) would move its centre.
  it.each(MESH_WRITERS.slice(1))('an $label box too', async ({ format, write }) => {
    const file = `box.${format}`
    const values = await meshBodyValues(form(file), host(write(boxTriangles(BOX.origin, BOX.size))))
    expect(values.meshReference).toBe(file)
    expectBox(values)
  })

  it('an open mesh is refused with the reason', async () => {
    const open = boxTriangles(BOX.origin, BOX.size).slice(0, 11)
    await expect(meshBodyValues(form('open.stl'), host(binaryStl(open)))).rejects.toThrow(
      /\/models\/open\.stl does not bound a solid, so it has no mass: .*the mesh is open/,
    )
  })
})

// A rotation in the form turns the file's axes in the body: the mass properties are the turned box's,
// centre R c and inertia R J R^T of the unturned box's c and J about the origin (the body reference
// point, which the rotation keeps), and the Mesh entry draws it turned by the same R. R from the angles
// by the closed form Rx Ry Rz, written out here; same 1e-6 float32 bound as above.
describe('body from mesh, turned', () => {
  const angles = [0.3, -0.7, 1.1]
  const [a, b, c] = angles.map(Math.cos)
  const [d, e, f] = angles.map(Math.sin)
  const Rx = [
    [1, 0, 0],
    [0, a, -d],
    [0, d, a],
  ]
  const Ry = [
    [b, 0, e],
    [0, 1, 0],
    [-e, 0, b],
  ]
  const Rz = [
    [c, -f, 0],
    [f, c, 0],
    [0, 0, 1],
  ]
  const mul = (A: number[][], B: number[][]) =>
    A.map((row) => B[0].map((_, j) => row[0] * B[0][j] + row[1] * B[1][j] + row[2] * B[2][j]))
  const R = mul(mul(Rx, Ry), Rz)
  const T = (A: number[][]) => A[0].map((_, j) => A.map((row) => row[j]))

  it('has the turned box mass properties, and the entry its rotation', async () => {
    const values = await meshBodyValues(
      { ...form('box.stl'), rotation: angles },
      host(binaryStl(boxTriangles(BOX.origin, BOX.size))),
    )
    const [lx, ly, lz] = BOX.size.map((x) => x / 1000)
    const m = RHO * lx * ly * lz
    const c0 = BOX.origin.map((x, i) => (x + BOX.size[i] / 2) / 1000)
    const c2 = c0[0] ** 2 + c0[1] ** 2 + c0[2] ** 2
    const own = [
      (m / 12) * (ly ** 2 + lz ** 2),
      (m / 12) * (lx ** 2 + lz ** 2),
      (m / 12) * (lx ** 2 + ly ** 2),
    ]
    // J about the origin (Steiner): J_c + m (|c|^2 I - c c^T); then turned.
    const J0 = [0, 1, 2].map((i) => [0, 1, 2].map((j) => (i === j ? own[i] + m * c2 : 0) - m * c0[i] * c0[j]))
    const J = mul(mul(R, J0), T(R))
    const centre = R.map((row) => row[0] * c0[0] + row[1] * c0[1] + row[2] * c0[2])
    const props = values.massProperties as { mass: number; centerOfMass: number[]; inertia: number[] }
    expect(Math.abs(props.mass - m)).toBeLessThanOrEqual(1e-6 * m)
    centre.forEach((x, i) => expect(Math.abs(props.centerOfMass[i] - x)).toBeLessThanOrEqual(1e-9))
    const exudynOrder = [J[0][0], J[1][1], J[2][2], J[1][2], J[0][2], J[0][1]]
    const largest = Math.max(...own.map((x) => x + m * c2))
    exudynOrder.forEach((x, i) => expect(Math.abs(props.inertia[i] - x)).toBeLessThanOrEqual(1e-6 * largest))

    const action = CREATE_ACTIONS.find((x) => x.id === 'rigidBodyFromMesh')!
    const { additions } = action.build(emptyProjectSpec(), { ...values, color: [1, 1, 1, 1] }, [])
    const opened = specFromText(specToText(withAdditions(emptyProjectSpec(), additions)))
    if (!opened.ok) throw new Error(opened.problems[0].message)
    const body = opened.spec.model.objects.find((o) => o.name === 'part')!
    const entry = (body.VgraphicsData as Record<string, JsonValue>[])[0]
    ;(entry.rotation as number[][]).forEach((row, i) =>
      row.forEach((x, j) => expect(Math.abs(x - R[i][j])).toBeLessThanOrEqual(1e-15)),
    )
    expect(entry.scale).toEqual([0.001, 0.001, 0.001])
  })

  // A quarter turn about z typed as 90 deg: the points move exactly, (x, y) -> (-y, x), so the mass
  // properties are the unturned ones moved alike, bit for bit (no 6e-17 of cos(pi/2) added to a zero
  // centre or product of inertia).
  it('a quarter turn moves the points exactly', async () => {
    const centred = binaryStl(boxTriangles([-200, -100, -50], [400, 200, 100]))
    const turned = await meshBodyValues({ ...form('box.stl'), rotation: [0, 0, Math.PI / 2] }, host(centred))
    const plain = await meshBodyValues(form('box.stl'), host(centred))
    type Props = { centerOfMass: number[]; inertia: number[] }
    const [p, q] = [turned.massProperties as Props, plain.massProperties as Props]
    const [c, J] = [q.centerOfMass, q.inertia]
    const moved = [-c[1], c[0], c[2], J[1], J[0], J[2], J[4], -J[3], -J[5]]
    ;[...p.centerOfMass, ...p.inertia].forEach((x, i) => expect(x === moved[i], `value ${i}`).toBe(true))
  })

  it('no rotation writes no rotation', async () => {
    const values = await meshBodyValues(
      { ...form('box.stl'), rotation: [0, 0, 0] },
      host(binaryStl(boxTriangles(BOX.origin, BOX.size))),
    )
    const action = CREATE_ACTIONS.find((x) => x.id === 'rigidBodyFromMesh')!
    const { additions } = action.build(emptyProjectSpec(), { ...values, color: [1, 1, 1, 1] }, [])
    const body = additions.find((x) => x.kind === 'objects')!.item
    expect((body.VgraphicsData as Record<string, JsonValue>[])[0]).not.toHaveProperty('rotation')
    expectBox(values)
  })
})

describe('body from mesh, embedded', () => {
  it('refuses to embed a file whose base64 a project could not hold', async () => {
    // One byte over the limit: 786433 bytes are 1048580 characters of base64, over 2^20.
    const big = new Uint8Array(MAX_EMBEDDED_MESH_BYTES + 1)
    await expect(meshBodyValues({ ...form('big.stl'), embed: true }, host(big))).rejects.toThrow(
      '/models/big.stl cannot be embedded: it has 786433 bytes and a project embeds at most 786432 ' +
        '(1048576 characters of base64): refer to the file instead',
    )
  })

  // The project keeps a copy of the file (base64 in the Mesh entry): with the file deleted it still
  // validates, and the copy's mass properties are those the body was given (the same bytes through
  // the same computation: bit for bit) and the analytic box's.
  it('a project with the embedded mesh opens without the file, mass properties unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mbs-embed-'))
    const file = join(dir, 'box.stl')
    const bytes = binaryStl(boxTriangles(BOX.origin, BOX.size))
    writeFileSync(file, bytes)
    const action = CREATE_ACTIONS.find((a) => a.id === 'rigidBodyFromMesh')!
    const values = await meshBodyValues({ ...form('box.stl'), embed: true, color: [1, 1, 1, 1] }, host(bytes))
    expectBox(values)
    const { additions } = action.build(emptyProjectSpec(), values, [])
    const text = specToText(withAdditions(emptyProjectSpec(), additions))
    rmSync(file)

    const opened = specFromText(text)
    if (!opened.ok) throw new Error(opened.problems[0].message)
    expect(missingMeshFiles(opened.spec.model, dir)).toEqual([])
    const body = opened.spec.model.objects.find((o) => o.name === 'part')!
    const entry = (body.VgraphicsData as Record<string, JsonValue>[])[0]
    expect(entry.data).toBe(Buffer.from(bytes).toString('base64'))
    const again = await meshBodyValues(form('box.stl'), {
      readMeshFile: async () => ({
        path: file,
        reference: 'box.stl',
        data: entry.data as string,
        size: bytes.length,
      }),
    })
    expectBox(again)
    const props = again.massProperties as { mass: number; centerOfMass: number[]; inertia: number[] }
    expect(body.physicsMass).toBe(props.mass)
    expect(body.physicsCenterOfMass).toEqual(props.centerOfMass)
    expect(body.physicsInertia).toEqual(props.inertia)
  })
})
