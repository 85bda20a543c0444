// The VgraphicsData entry of a mesh file: {type: 'Mesh', file, data?, scale?, position?, rotation?,
// color?}. A point x of the file is drawn at x_body = position + rotation (scale .* x) in body
// coordinates. `file` is relative to the project file's folder (or absolute); `data`, when present,
// is the file's bytes in canonical base64 (RFC 4648 section 4: standard alphabet, padded, no line
// breaks, so one file has one text) and is used instead of reading `file`, whose extension still names
// the format. The core only checks and passes on the reference: the renderer loads the file, the host and
// the command line check that it exists (meshFiles.ts in src/node).
import { INPUT_LIMITS } from '../../model/inputBounds'
import type { ItemSpec, JsonValue, ModelSpec } from '../../model/types'
import type { GraphicsPrimitive } from '../../system/graphics'

type Dict = Readonly<Record<string, JsonValue>>

/** File extensions of the mesh formats the renderer loads (STL binary or ASCII, OBJ, glTF, GLB). */
export const MESH_FORMATS = ['stl', 'obj', 'gltf', 'glb'] as const
export type MeshFormat = (typeof MESH_FORMATS)[number]

/** The format of a mesh file by its extension, or undefined. */
export function meshFormat(file: string): MeshFormat | undefined {
  const ext = /\.([^./\\]+)$/.exec(file)?.[1]?.toLowerCase()
  return (MESH_FORMATS as readonly string[]).includes(ext ?? '') ? (ext as MeshFormat) : undefined
}

/**
 * The largest file an entry embeds: its base64 (4 characters per 3 bytes) must be a string a project
 * may hold (INPUT_LIMITS.stringLength characters), else the project could not be read back.
 */
export const MAX_EMBEDDED_MESH_BYTES = (INPUT_LIMITS.stringLength / 4) * 3

/** Why a file of `bytes` bytes cannot be embedded, or undefined. */
export function embeddedMeshProblem(bytes: number): string | undefined {
  return bytes <= MAX_EMBEDDED_MESH_BYTES
    ? undefined
    : `it has ${bytes} bytes and a project embeds at most ${MAX_EMBEDDED_MESH_BYTES} ` +
        `(${INPUT_LIMITS.stringLength} characters of base64): refer to the file instead`
}

/** Tolerance of R^T R = I for an entry's rotation: well above the rounding of 9 typed decimals. */
const ORTHONORMAL_TOLERANCE = 1e-6

/** RFC 4648 base64 with its padding: whole 4-character groups. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

const finite = (v: JsonValue | undefined): v is number => typeof v === 'number' && Number.isFinite(v)

/** The entry's rotation as a row-major 9-vector, or null when absent (identity); a string names the fault. */
function rotationOf(e: Dict): number[] | null | string {
  const r = e.rotation
  if (r === undefined) return null
  if (
    !Array.isArray(r) ||
    r.length !== 3 ||
    !r.every((row) => Array.isArray(row) && row.length === 3 && row.every(finite))
  )
    return `Mesh "rotation" must be a 3x3 matrix (3 rows of 3 numbers)`
  const R = (r as number[][]).flat()
  for (let a = 0; a < 3; a++)
    for (let b = 0; b < 3; b++) {
      const dot = R[a] * R[b] + R[3 + a] * R[3 + b] + R[6 + a] * R[6 + b]
      if (Math.abs(dot - (a === b ? 1 : 0)) > ORTHONORMAL_TOLERANCE)
        return `Mesh "rotation" must be a rotation matrix (orthonormal rows); use "scale" to scale`
    }
  const det =
    R[0] * (R[4] * R[8] - R[5] * R[7]) -
    R[1] * (R[3] * R[8] - R[5] * R[6]) +
    R[2] * (R[3] * R[7] - R[4] * R[6])
  return det > 0 ? R : `Mesh "rotation" must be a rotation (determinant +1), not a reflection`
}

/** What is wrong with a Mesh entry, or undefined. */
export function meshEntryProblem(e: Dict): string | undefined {
  if (typeof e.file !== 'string' || e.file.trim() === '')
    return `Mesh "file" must be the mesh file's path (relative to the project file)`
  if (!meshFormat(e.file))
    return (
      `Mesh "file" ${JSON.stringify(e.file)}: expected a ` +
      `${MESH_FORMATS.map((f) => '.' + f).join(', ')} file`
    )
  if (e.data !== undefined && (typeof e.data !== 'string' || e.data === '' || !BASE64.test(e.data)))
    return (
      `Mesh "data" must be the file's bytes in base64 (RFC 4648, padded, no line breaks), ` +
      `or be left out to read "file"`
    )
  if (e.scale !== undefined && !(Array.isArray(e.scale) && e.scale.length === 3 && e.scale.every(finite)))
    return `Mesh "scale" must be 3 numbers (x, y, z factors of the file's coordinates)`
  if (Array.isArray(e.scale) && e.scale.some((x) => x === 0)) return `Mesh "scale" factors must not be 0`
  const R = rotationOf(e)
  return typeof R === 'string' ? R : undefined
}

/**
 * The primitive of a checked Mesh entry on a body at rotation R (row-major); `position` is the entry's
 * origin in global coordinates.
 */
export function meshPrimitive(
  e: Dict,
  position: number[],
  R: ArrayLike<number>,
  color: number[],
): Extract<GraphicsPrimitive, { shape: 'meshFile' }> {
  const local = rotationOf(e)
  const E = Array.isArray(local) ? local : [1, 0, 0, 0, 1, 0, 0, 0, 1]
  const rotation: number[] = []
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      rotation.push(R[3 * r] * E[c] + R[3 * r + 1] * E[3 + c] + R[3 * r + 2] * E[6 + c])
  return {
    shape: 'meshFile',
    file: e.file as string,
    ...(typeof e.data === 'string' ? { data: e.data } : {}),
    position,
    rotation,
    scale: Array.isArray(e.scale) ? [...(e.scale as number[])] : [1, 1, 1],
    color,
  }
}

/** A mesh file a model refers to: where (the item's VgraphicsData), the entry, the file. */
export interface MeshReference {
  /** "model.objects[2].VgraphicsData" (a KinematicTree's: "model.objects[0].VgraphicsDataList[3]") */
  path: string
  /** The item's name. */
  item: string
  /** The entry's index in that list. */
  entry: number
  file: string
  /** The entry holds the file's bytes ("data"): nothing is read. */
  embedded: boolean
}

/**
 * The Mesh entries in the VgraphicsData of a model's items (and in each link's list of a
 * KinematicTree's VgraphicsDataList), in file order.
 */
export function meshReferences(model: ModelSpec): MeshReference[] {
  const out: MeshReference[] = []
  // Indexed loops, and a path made only for a mesh found: this runs on every load, in the interpreter
  // (src/node/tiering.ts), over every item.
  for (const [listKey, items] of Object.entries(model))
    for (let index = 0; index < items.length; index++) {
      const spec: ItemSpec = items[index]
      addMeshes(out, spec, spec.VgraphicsData, listKey, index, -1)
      const perLink = spec.VgraphicsDataList
      if (Array.isArray(perLink))
        for (let link = 0; link < perLink.length; link++)
          addMeshes(out, spec, perLink[link], listKey, index, link)
    }
  return out
}

/** The Mesh entries of one graphics list of items[index] (link -1: VgraphicsData) appended to out. */
function addMeshes(
  out: MeshReference[],
  spec: ItemSpec,
  list: JsonValue | undefined,
  listKey: string,
  index: number,
  link: number,
): void {
  if (!Array.isArray(list)) return
  for (let entry = 0; entry < list.length; entry++) {
    const e = list[entry]
    if (e === null || typeof e !== 'object' || Array.isArray(e)) continue
    if (e.type !== 'Mesh' || typeof e.file !== 'string') continue
    const at = `model.${listKey}[${index}]`
    out.push({
      path: link < 0 ? `${at}.VgraphicsData` : `${at}.VgraphicsDataList[${link}]`,
      item: String(spec.name),
      entry,
      file: e.file,
      embedded: typeof e.data === 'string',
    })
  }
}
