// The triangles of a mesh file in file coordinates, read by @babylonjs/loaders (meshLoaders.ts) into
// a scene of a NullEngine (no canvas, so it runs in a worker as well), every part's node transform
// applied and the parts concatenated; normals, when asked, from the triangles (an STL's own are often
// zero or wrong): flat where the file gives each triangle its own points, smooth where they share them.
import { NullEngine } from '@babylonjs/core/Engines/nullEngine'
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer'
import { Vector3 } from '@babylonjs/core/Maths/math.vector'
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData'
import { Scene } from '@babylonjs/core/scene'
import type { MeshFormat } from '../../core'

export interface MeshTriangles {
  /** x, y, z per point (float32, as the loaders hold them). */
  positions: Float32Array
  /** Three point indices per triangle. */
  indices: Uint32Array
  /** x, y, z per point, when asked. */
  normals?: Float32Array
}

export async function parseMeshFile(
  base64: string,
  format: MeshFormat,
  withNormals: boolean,
): Promise<MeshTriangles> {
  const engine = new NullEngine()
  const scene = new Scene(engine)
  scene.useRightHandedSystem = true
  try {
    const { loadMeshContainer } = await import('./meshLoaders')
    const container = await loadMeshContainer(base64, format, scene)
    const parts = container.meshes.flatMap((mesh) => {
      const positions = mesh.getVerticesData(VertexBuffer.PositionKind)
      const indices = mesh.getIndices()
      return positions && indices && indices.length > 0 ? [{ mesh, positions, indices }] : []
    })
    const pointCount = parts.reduce((n, p) => n + p.positions.length, 0)
    const indexCount = parts.reduce((n, p) => n + p.indices.length, 0)
    if (indexCount === 0) throw new Error('the file has no triangles')
    const positions = new Float32Array(pointCount)
    const indices = new Uint32Array(indexCount)
    const p = new Vector3()
    let at = 0
    let next = 0
    for (const part of parts) {
      const world = part.mesh.computeWorldMatrix(true)
      const offset = at / 3
      const x = part.positions
      for (let i = 0; i + 2 < x.length; i += 3) {
        Vector3.TransformCoordinatesFromFloatsToRef(x[i], x[i + 1], x[i + 2], world, p)
        positions[at++] = p.x
        positions[at++] = p.y
        positions[at++] = p.z
      }
      for (let k = 0; k < part.indices.length; k++) indices[next++] = offset + part.indices[k]
    }
    if (!withNormals) return { positions, indices }
    const normals = new Float32Array(pointCount)
    VertexData.ComputeNormals(positions, indices, normals)
    return { positions, indices, normals }
  } finally {
    scene.dispose()
    engine.dispose()
  }
}
