// "Body from mesh": the mesh file read by the host, its triangles loaded as the viewport draws
// them, welded into a closed surface and its mass properties computed for the form's density and
// scale (a closed mesh scaled by s has s^3 the volume and s^5 the inertia: the points are scaled
// before the divergence theorem, which is exact either way).
import { meshFormat, MeshError, soupMassProperties, type JsonValue } from '../../core'
import type { MeshFileData } from '../../shared/api'
import { meshTriangles } from './meshSolid'

type Values = Record<string, JsonValue>

/** What a create action may ask of the host (the API's methods of these names). */
export interface CreateHost {
  readMeshFile(params: { file: string }): Promise<MeshFileData>
}

/** The form's values with meshReference (the project's "file") and massProperties added. */
export async function meshBodyValues(values: Values, host: CreateHost): Promise<Values> {
  const file = String(values.file ?? '').trim()
  if (file === '') throw new Error('Name the mesh file (an .stl, .obj, .gltf or .glb file)')
  const format = meshFormat(file)
  if (!format) throw new Error(`${file}: expected an .stl, .obj, .gltf or .glb file`)
  const read = await host.readMeshFile({ file })
  const { points, triangles } = await meshTriangles(read.data, format)
  const s = values.scale as number
  for (let i = 0; i < points.length; i++) points[i] *= s
  try {
    const p = soupMassProperties(points, triangles, values.density as number)
    return {
      ...values,
      meshReference: read.reference,
      massProperties: { mass: p.mass, centerOfMass: p.centerOfMass, inertia: p.inertia },
    }
  } catch (error) {
    if (error instanceof MeshError)
      throw new Error(`${read.path} does not bound a solid, so it has no mass: ${error.message}`)
    throw error
  }
}
