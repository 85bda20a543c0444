// The triangles of a mesh file in file coordinates, for its mass properties: read by the same
// @babylonjs/loaders as the viewport draws it with, into a scene of a NullEngine (no canvas), with
// every part's node transform applied.
import { NullEngine } from '@babylonjs/core/Engines/nullEngine'
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer'
import { Vector3 } from '@babylonjs/core/Maths/math.vector'
import { Scene } from '@babylonjs/core/scene'
import type { MeshFormat } from '../../core'

export async function meshTriangles(
  base64: string,
  format: MeshFormat,
): Promise<{ points: number[]; triangles: number[] }> {
  const engine = new NullEngine()
  const scene = new Scene(engine)
  scene.useRightHandedSystem = true
  try {
    const { loadMeshContainer } = await import('../viewport/meshLoaders')
    const container = await loadMeshContainer(base64, format, scene)
    const points: number[] = []
    const triangles: number[] = []
    const p = new Vector3()
    for (const mesh of container.meshes) {
      const positions = mesh.getVerticesData(VertexBuffer.PositionKind)
      const indices = mesh.getIndices()
      if (!positions || !indices) continue
      const world = mesh.computeWorldMatrix(true)
      const offset = points.length / 3
      for (let i = 0; i + 2 < positions.length; i += 3) {
        Vector3.TransformCoordinatesFromFloatsToRef(
          positions[i],
          positions[i + 1],
          positions[i + 2],
          world,
          p,
        )
        points.push(p.x, p.y, p.z)
      }
      for (let k = 0; k < indices.length; k++) triangles.push(offset + indices[k])
    }
    if (triangles.length === 0) throw new Error('the file has no triangles')
    return { points, triangles }
  } finally {
    scene.dispose()
    engine.dispose()
  }
}
