// 'mesh' primitives (bodies' TriangleList graphics) as Babylon meshes, one per primitive. Frames of a
// run keep the topology, so the meshes are kept and only their positions and normals are updated.
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial'
import { Color3 } from '@babylonjs/core/Maths/math.color'
import { Mesh } from '@babylonjs/core/Meshes/mesh'
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer'
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData'
import type { Scene } from '@babylonjs/core/scene'
import type { GraphicsItem, GraphicsPrimitive } from '../../core'

type MeshPrimitive = Extract<GraphicsPrimitive, { shape: 'mesh' }>

interface Drawn {
  mesh: Mesh
  material: StandardMaterial
  owner: string
  triangles: number[]
  normals: Float32Array
}

export interface TriangleMeshes {
  /** Draws the mesh primitives of `items`; selected items get `selected` as colour. */
  draw(items: GraphicsItem[], selection: ReadonlySet<string>, selected: number[]): void
  meshes(): Mesh[]
  /** The item id that owns a picked mesh, or null. */
  ownerOf(mesh: unknown): string | null
}

export function createTriangleMeshes(scene: Scene): TriangleMeshes {
  let drawn: Drawn[] = []

  function create(p: MeshPrimitive, owner: string): Drawn {
    const mesh = new Mesh(`mesh:${owner}`, scene)
    const data = new VertexData()
    data.positions = p.points
    data.indices = p.triangles
    const normals: number[] = []
    VertexData.ComputeNormals(p.points, p.triangles, normals)
    data.normals = normals
    data.applyToMesh(mesh, true)
    const material = new StandardMaterial(`mesh:${owner}`, scene)
    material.specularColor = new Color3(0.25, 0.25, 0.25)
    // TriangleList orientation is the user's: show both sides.
    material.backFaceCulling = false
    mesh.material = material
    mesh.renderingGroupId = 1
    return { mesh, material, owner, triangles: p.triangles, normals: new Float32Array(normals.length) }
  }

  function sameTopology(d: Drawn, p: MeshPrimitive): boolean {
    return (
      d.triangles.length === p.triangles.length &&
      d.triangles.every((t, i) => t === p.triangles[i]) &&
      d.normals.length === p.points.length
    )
  }

  return {
    draw(items, selection, selected) {
      const wanted: { p: MeshPrimitive; owner: string }[] = []
      for (const item of items)
        for (const p of item.primitives) if (p.shape === 'mesh') wanted.push({ p, owner: item.item })
      const reuse =
        wanted.length === drawn.length &&
        wanted.every(({ p, owner }, i) => drawn[i].owner === owner && sameTopology(drawn[i], p))
      if (!reuse) {
        for (const d of drawn) {
          d.mesh.dispose()
          d.material.dispose()
        }
        drawn = wanted.map(({ p, owner }) => create(p, owner))
      }
      wanted.forEach(({ p, owner }, i) => {
        const d = drawn[i]
        if (reuse) {
          d.mesh.updateVerticesData(VertexBuffer.PositionKind, p.points)
          VertexData.ComputeNormals(p.points, p.triangles, d.normals)
          d.mesh.updateVerticesData(VertexBuffer.NormalKind, d.normals)
          d.mesh.refreshBoundingInfo()
        }
        const c = selection.has(owner) ? selected : p.color
        d.material.diffuseColor = new Color3(c[0], c[1], c[2])
        d.material.alpha = c[3] ?? 1
      })
    },
    meshes: () => drawn.map((d) => d.mesh),
    ownerOf: (mesh) => drawn.find((d) => d.mesh === mesh)?.owner ?? null,
  }
}
