// The loaders (@babylonjs/loaders in a NullEngine scene) give a mesh file's triangles in the file's own
// coordinates, in each format: no y-z swap (STL), no mirrored z (OBJ, glTF read into a right-handed
// scene), a glTF node's translation and rotation applied. Reference: the corners of an asymmetric box
// off the origin, exact in float32; turned by a node's quaternion (x, y, z, w) = (0, 0, sin 45°, cos 45°)
// (90° about z: (x, y, z) -> (-y, x, z)) and moved, to 1e-6 m (the float32 matrix the loader builds).
import { describe, expect, it } from 'vitest'
import { parseMeshFile } from '../../../../src/renderer/viewport/meshParse'
import { boxTriangles, glbMesh, gltfMesh, MESH_WRITERS } from '../../../fixtures/meshFiles'
import type { MeshFormat } from '../../../../src/core'

const ORIGIN = [1, 2, 3]
const SIZE = [0.5, 0.25, 2]
const TURN = { translation: [10, -1, 0.5], rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] }

/** The distinct points of a parsed file, sorted. */
async function points(bytes: Uint8Array, format: MeshFormat): Promise<number[][]> {
  const mesh = await parseMeshFile(Buffer.from(bytes).toString('base64'), format, true)
  expect(mesh.indices.length).toBe(36)
  expect(mesh.normals?.length).toBe(mesh.positions.length)
  const seen = new Map<string, number[]>()
  for (let i = 0; i < mesh.positions.length; i += 3) {
    const p = Array.from(mesh.positions.subarray(i, i + 3))
    seen.set(p.map((x) => x.toFixed(6)).join(','), p)
  }
  return [...seen.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])
}

/** The box's eight corners moved by `f`, sorted. */
const corners = (f: (p: number[]) => number[] = (p) => p) =>
  [
    ...new Set(
      boxTriangles(ORIGIN, SIZE)
        .flat()
        .map((p) => p.join(',')),
    ),
  ]
    .map((k) => f(k.split(',').map(Number)))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])

const near = (a: number[][], b: number[][]) => {
  expect(a).toHaveLength(b.length)
  a.forEach((p, i) => p.forEach((x, c) => expect(Math.abs(x - b[i][c])).toBeLessThanOrEqual(1e-6)))
}

describe('mesh files in file coordinates', () => {
  it.each(MESH_WRITERS)('$label: the box corners as written', async ({ format, write }) => {
    expect(await points(write(boxTriangles(ORIGIN, SIZE)), format)).toEqual(corners())
  })

  it.each<[MeshFormat, typeof gltfMesh]>([
    ['gltf', gltfMesh],
    ['glb', glbMesh],
  ])("%s: the node's rotation and translation are applied", async (format, write) => {
    const [tx, ty, tz] = TURN.translation
    near(
      await points(write(boxTriangles(ORIGIN, SIZE), TURN), format),
      corners(([x, y, z]) => [tx - y, ty + x, tz + z]),
    )
  })

  it('files it cannot read are refused saying why, without quoting the file', async () => {
    const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64')
    await expect(parseMeshFile(base64('# nothing\n'), 'obj', false)).rejects.toThrow(
      'the file has no triangles',
    )
    const gltf = JSON.parse(new TextDecoder().decode(gltfMesh(boxTriangles(ORIGIN, SIZE))))
    gltf.buffers[0].uri = 'box.bin'
    await expect(parseMeshFile(base64(JSON.stringify(gltf)), 'gltf', false)).rejects.toThrow(
      'its buffer "box.bin" is a file of its own: a .gltf is read with its buffers embedded as data URIs ' +
        '(or convert it to .glb)',
    )
    const garbage = parseMeshFile(base64('not a binary glTF, just text'), 'glb', false)
    await expect(garbage).rejects.toThrow(/^not readable as GLB: /)
    await expect(garbage).rejects.not.toThrow(/data:/)
  })
})
