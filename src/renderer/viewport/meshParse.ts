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

/**
 * Why a .gltf cannot be read from its bytes alone: a buffer in a file of its own (the bytes come
 * without their folder); undefined when every buffer is a data URI (or the text is no JSON, which
 * the loader then reports).
 */
function gltfExternalBuffer(base64: string): string | undefined {
  let json: { buffers?: { uri?: unknown }[] }
  try {
    json = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))))
  } catch {
    return undefined
  }
  const uri = json?.buffers?.find((b) => typeof b?.uri === 'string' && !b.uri.startsWith('data:'))?.uri
  return uri === undefined
    ? undefined
    : `its buffer "${String(uri)}" is a file of its own: a .gltf is read with its buffers embedded ` +
        `as data URIs (or convert it to .glb)`
}

/** The loader's message without the data URL it quotes (the whole file in base64). */
const loaderMessage = (error: unknown): string =>
  String(error instanceof Error ? error.message : error)
    .replace(/^Unable to load from data:[^,]*,[A-Za-z0-9+/=]*: /, '')
    .replace(/data:[^,\s]*,[A-Za-z0-9+/=]{64,}/g, '(the file)')

export async function parseMeshFile(
  base64: string,
  format: MeshFormat,
  withNormals: boolean,
): Promise<MeshTriangles> {
  const external = format === 'gltf' ? gltfExternalBuffer(base64) : undefined
  if (external) throw new Error(external)
  const engine = new NullEngine()
  const scene = new Scene(engine)
  scene.useRightHandedSystem = true
  try {
    const { loadMeshContainer } = await import('./meshLoaders')
    const container = await loadMeshContainer(base64, format, scene).catch((error: unknown) => {
      throw new Error(`not readable as ${format.toUpperCase()}: ${loaderMessage(error)}`)
    })
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
