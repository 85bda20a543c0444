// "Body from mesh": the mesh file read by the host, its triangles loaded as the viewport draws
// them, welded into a closed surface and its mass properties computed for the form's density,
// scale and rotation (a closed mesh scaled by s has s^3 the volume and s^5 the inertia; turned by R,
// centre R c and inertia R J R^T: the points are scaled and turned, x_body = R (s x) as the Mesh
// entry draws them, before the divergence theorem, which is exact either way).
import { embeddedMeshProblem, meshFormat, MeshError, soupMassProperties, type JsonValue } from '../../core'
import { rotationFromRxyz } from '../../core/math/vec3'
import type { MeshFileData, MeshFileRequest } from '../../shared/api'
import { parseMeshFileOffThread } from '../viewport/meshParser'

type Values = Record<string, JsonValue>

/** What a create action may ask of the host (the API's methods of these names). */
export interface CreateHost {
  readMeshFile(params: MeshFileRequest): Promise<MeshFileData>
}

/**
 * A = Rx(rx) Ry(ry) Rz(rz) (Exudyn's RotXYZ) as a row-major 9-vector; null for no rotation. Entries
 * within round-off of 0 are 0 (cos of a typed 90 deg is 6e-17): a quarter turn then moves the points
 * exactly, so a symmetric part keeps a centre and products of inertia of exactly 0.
 */
export function meshRotation(angles: JsonValue | undefined): number[] | null {
  const [rx, ry, rz] = Array.isArray(angles) ? (angles as number[]) : [0, 0, 0]
  if (rx === 0 && ry === 0 && rz === 0) return null
  const R = new Float64Array(9)
  rotationFromRxyz(rx, ry, rz, R)
  return [...R].map((x) => (Math.abs(x) < 4 * Number.EPSILON ? 0 : x))
}

/**
 * The form's values with meshReference (the project's "file"), massProperties (of the mesh scaled and
 * turned as drawn) and, when the form asks to embed the file, meshData (its bytes in base64, the
 * entry's "data") added.
 */
export async function meshBodyValues(values: Values, host: CreateHost): Promise<Values> {
  const file = String(values.file ?? '').trim()
  if (file === '') throw new Error('Name the mesh file (an .stl, .obj, .gltf or .glb file)')
  const format = meshFormat(file)
  if (!format) throw new Error(`${file}: expected an .stl, .obj, .gltf or .glb file`)
  const read = await host.readMeshFile({ file })
  const tooLarge = values.embed === true ? embeddedMeshProblem(read.size) : undefined
  if (tooLarge) throw new Error(`${read.path} cannot be embedded: ${tooLarge}`)
  const { positions, indices } = await parseMeshFileOffThread([read.data], format, false)
  const s = values.scale as number
  const points = Float64Array.from(positions, (x) => x * s)
  const R = meshRotation(values.rotation)
  if (R)
    for (let i = 0; i < points.length; i += 3) {
      const [x, y, z] = [points[i], points[i + 1], points[i + 2]]
      for (let r = 0; r < 3; r++) points[i + r] = R[3 * r] * x + R[3 * r + 1] * y + R[3 * r + 2] * z
    }
  try {
    const p = soupMassProperties(points, indices, values.density as number)
    return {
      ...values,
      meshReference: read.reference,
      ...(values.embed === true ? { meshData: read.data } : {}),
      massProperties: { mass: p.mass, centerOfMass: p.centerOfMass, inertia: p.inertia },
    }
  } catch (error) {
    if (error instanceof MeshError)
      throw new Error(`${read.path} does not bound a solid, so it has no mass: ${error.message}`)
    throw error
  }
}
