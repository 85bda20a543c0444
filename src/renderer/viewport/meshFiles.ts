// 'meshFile' primitives (VgraphicsData "Mesh" entries): each file is loaded once, asynchronously,
// into one hidden template mesh, and every body that uses it is a thin instance of it (one draw call
// per file, whatever the number of bodies). Until a file is loaded, or when it cannot be, its bodies
// are drawn as placeholder boxes PLACEHOLDER_SIZE wide at their pose.
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial'
import { Color3 } from '@babylonjs/core/Maths/math.color'
import { CreateBox } from '@babylonjs/core/Meshes/Builders/boxBuilder'
import { Mesh } from '@babylonjs/core/Meshes/mesh'
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer'
import '@babylonjs/core/Meshes/thinInstanceMesh'
import type { Scene } from '@babylonjs/core/scene'
import { meshFormat, type GraphicsItem, type GraphicsPrimitive } from '../../core'
import { parseMeshFileOffThread, type Base64Pieces } from './meshParser'
import { writeInstance } from './primitives'

type MeshFilePrimitive = Extract<GraphicsPrimitive, { shape: 'meshFile' }>

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** Edge (m) of the box drawn while a mesh file loads or when it cannot be read. */
export const PLACEHOLDER_SIZE = 0.1

export interface MeshSource {
  /** The file's bytes in base64 (meshParser.ts Base64Pieces): the embedded data, or read by the host. */
  base64(p: MeshFilePrimitive): Base64Pieces
  /** Files of the same key share one loaded mesh (the data, or the file and the document it is in). */
  key(p: MeshFilePrimitive): string
  failed(p: MeshFilePrimitive, message: string): void
}

export interface MeshFiles {
  draw(items: GraphicsItem[], selection: ReadonlySet<string>, selected: number[]): void
  /** Meshes with instances (for picking and the bounds of the scene). */
  meshes(): Mesh[]
  /** The item id of thin instance `index` of a picked mesh, or null. */
  ownerOf(mesh: unknown, index: number): string | null
  /** Loads under way (for tests and the status line). */
  loading(): number
  /** Files parsed so far (for tests: bodies of one file share one parse). */
  parsed(): number
  /** Bodies drawn as instances of loaded files (not placeholders). */
  instances(): number
}

interface Instances {
  mesh: Mesh
  matrices: Float32Array
  colors: Float32Array
  owners: string[]
}

/** onLoaded: a file finished loading (or failed): the caller draws again. */
export function createMeshFiles(scene: Scene, source: MeshSource, onLoaded: () => void): MeshFiles {
  const material = new StandardMaterial('meshFiles', scene)
  material.diffuseColor = new Color3(1, 1, 1)
  material.specularColor = new Color3(0.25, 0.25, 0.25)
  // Files wind their triangles either way: show both sides.
  material.backFaceCulling = false
  const placeholder = CreateBox('meshPlaceholder', { size: PLACEHOLDER_SIZE }, scene)
  const templates = new Map<string, Mesh | 'loading' | 'failed'>()
  const drawn = new Map<Mesh, Instances>()
  let pending = 0
  let parses = 0

  function prepare(mesh: Mesh): Mesh {
    mesh.material = material
    mesh.thinInstanceEnablePicking = true
    mesh.renderingGroupId = 1
    mesh.isVisible = false
    return mesh
  }
  prepare(placeholder)

  async function load(key: string, p: MeshFilePrimitive): Promise<void> {
    templates.set(key, 'loading')
    pending++
    try {
      // Parsed off the main thread; here only the arrays are handed to the GPU.
      const { positions, indices, normals } = await parseMeshFileOffThread(
        source.base64(p),
        meshFormat(p.file)!,
        true,
      )
      const mesh = new Mesh(`meshFile:${p.file}`, scene)
      mesh.isVisible = false
      // One GPU buffer per task (a large file's are tens of MB each), so that no one task holds the
      // page for all three.
      mesh.setVerticesData(VertexBuffer.PositionKind, positions, false)
      await nextTask()
      mesh.setVerticesData(VertexBuffer.NormalKind, normals!, false)
      await nextTask()
      mesh.setIndices(indices)
      parses++
      templates.set(key, prepare(mesh))
    } catch (error) {
      templates.set(key, 'failed')
      source.failed(p, (error as Error).message)
    } finally {
      pending--
      onLoaded()
    }
  }

  return {
    draw(items, selection, selected) {
      const groups = new Map<Mesh, { p: MeshFilePrimitive; owner: string }[]>()
      for (const item of items)
        for (const p of item.primitives) {
          if (p.shape !== 'meshFile') continue
          const key = source.key(p)
          const template = templates.get(key)
          if (template === undefined) void load(key, p)
          const mesh = template instanceof Mesh ? template : placeholder
          const group = groups.get(mesh) ?? []
          group.push({ p, owner: item.item })
          groups.set(mesh, group)
        }
      for (const mesh of drawn.keys())
        if (!groups.has(mesh)) {
          mesh.thinInstanceCount = 0
          mesh.isVisible = false
          drawn.delete(mesh)
        }
      for (const [mesh, group] of groups) {
        const old = drawn.get(mesh)
        const same = old?.owners.length === group.length
        const buffers: Instances = same
          ? { ...old, owners: [] }
          : {
              mesh,
              matrices: new Float32Array(16 * group.length),
              colors: new Float32Array(4 * group.length),
              owners: [],
            }
        group.forEach(({ p, owner }, i) => {
          const R = p.rotation
          const [sx, sy, sz] = mesh === placeholder ? [1, 1, 1] : p.scale
          const [x, y, z] = p.position
          writeInstance(buffers.matrices, 16 * i, R, sx, sy, sz, x, y, z)
          const color = selection.has(owner) ? selected : p.color
          const c = buffers.colors
          c[4 * i] = color[0]
          c[4 * i + 1] = color[1]
          c[4 * i + 2] = color[2]
          c[4 * i + 3] = color.length === 4 ? color[3] : 1
          buffers.owners.push(owner)
        })
        if (same) {
          mesh.thinInstanceBufferUpdated('matrix')
          mesh.thinInstanceBufferUpdated('color')
        } else {
          mesh.thinInstanceSetBuffer('matrix', buffers.matrices, 16, false)
          mesh.thinInstanceSetBuffer('color', buffers.colors, 4, false)
        }
        mesh.thinInstanceRefreshBoundingInfo(false)
        mesh.isVisible = true
        drawn.set(mesh, buffers)
      }
    },
    meshes: () => [...drawn.keys()],
    ownerOf: (mesh, index) => drawn.get(mesh as Mesh)?.owners[index] ?? null,
    loading: () => pending,
    parsed: () => parses,
    instances: () =>
      [...drawn.values()].reduce((n, d) => n + (d.mesh === placeholder ? 0 : d.owners.length), 0),
  }
}
