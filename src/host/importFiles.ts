// Files the app brings in from outside: mesh files for body graphics (read for the renderer, which
// loads them) and URDF robots imported as `mbs import` does. Paths stay inside the workspace.
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { UrdfError } from '../core'
import type { MeshFileData, MeshFileRequest, UrdfImportRequest, UrdfPackage } from '../shared/api'
import { ApiError } from '../shared/protocol'
import { writeFileAtomic } from '../node/atomicWrite'
import { decodeUtf8, readInputBytes } from '../node/inputFiles'
import { meshReferenceFrom, readMeshFileBytes } from '../node/meshFiles'
import { importUrdfFile, urdfPackageFolders } from '../node/urdfImport'
import type { Workspace } from './workspace'

/** The mesh file (or the part of it) `request` names, for a document at `documentPath` (null: none). */
export function readMeshFile(
  files: Workspace,
  documentPath: string | null,
  request: MeshFileRequest,
): MeshFileData {
  const { file, offset, length } = request ?? {}
  if (typeof file !== 'string') throw new ApiError('invalid-params', 'readMeshFile expects {file: string}')
  const count = (v: unknown) => v === undefined || (Number.isSafeInteger(v) && (v as number) >= 0)
  if (!count(offset) || !count(length) || (offset === undefined) !== (length === undefined))
    throw new ApiError(
      'invalid-params',
      'readMeshFile: offset and length must be byte counts, both or neither',
    )
  const base = documentPath ? dirname(documentPath) : files.start
  const path = files.existing(resolve(base, file))
  let part: { bytes: Buffer; size: number }
  try {
    part = readMeshFileBytes(path, offset, length)
  } catch (error) {
    throw new ApiError('io-error', `Cannot read the mesh file ${path}: ${(error as Error).message}`)
  }
  return {
    path,
    reference: documentPath ? meshReferenceFrom(dirname(documentPath), path) : path,
    data: part.bytes.toString('base64'),
    size: part.size,
  }
}

/** Imports the URDF of `request` and writes the project; answers the written path and the notes. */
export function importUrdfToFile(
  files: Workspace,
  request: UrdfImportRequest,
): { path: string; notes: string[] } {
  if (typeof request?.urdf !== 'string' || typeof request.output !== 'string')
    throw new ApiError(
      'invalid-params',
      'importUrdf expects {urdf: string, output: string, formulation, ...}',
    )
  if (request.formulation !== 'tree' && request.formulation !== 'bodies')
    throw new ApiError('invalid-params', `importUrdf: formulation must be "tree" or "bodies"`)
  const gravity = request.gravity
  if (
    gravity !== undefined &&
    !(Array.isArray(gravity) && gravity.length === 3 && gravity.every(Number.isFinite))
  )
    throw new ApiError('invalid-params', 'importUrdf: gravity must be 3 numbers (m/s^2)')
  const stops = request.limitStops
  if (
    stops !== undefined &&
    !(
      stops !== null &&
      typeof stops === 'object' &&
      Number.isFinite(stops.stiffness) &&
      Number.isFinite(stops.damping) &&
      stops.stiffness > 0 &&
      stops.damping >= 0
    )
  )
    throw new ApiError(
      'invalid-params',
      'importUrdf: limitStops must be {stiffness: a number > 0, damping: a number >= 0}',
    )
  const packageDirs = request.packageDirs ?? {}
  if (
    typeof packageDirs !== 'object' ||
    Array.isArray(packageDirs) ||
    !Object.values(packageDirs).every((dir) => typeof dir === 'string' && dir !== '')
  )
    throw new ApiError('invalid-params', 'importUrdf: packageDirs must map package names to folders')
  const { urdf, text } = readUrdf(files, request.urdf)
  const output = files.target(request.output)
  if (!request.overwrite && existsSync(output))
    throw new ApiError('file-exists', `${output} exists already: import again to replace it`)
  // A package's folder relative to the URDF's, inside the workspace.
  const folders = Object.fromEntries(
    Object.entries(packageDirs).map(([name, dir]) => [name, files.existing(resolve(dirname(urdf), dir))]),
  )
  try {
    const imported = importUrdfFile(text, urdf, {
      formulation: request.formulation,
      gravity,
      jointSensors: request.jointSensors === true,
      limitStops: stops,
      packageDirs: folders,
      output,
      embedMeshes: request.embedMeshes === true,
      // Mesh files too: a URDF's path or package:// must not reach a file outside (nor copy it in).
      meshFileRefused: (file) => {
        try {
          files.existing(file)
          return undefined
        } catch (error) {
          return error instanceof ApiError && error.code === 'forbidden' ? error.message : undefined
        }
      },
    })
    writeFileAtomic(output, imported.text)
    return { path: output, notes: imported.notes }
  } catch (error) {
    if (error instanceof UrdfError) throw new ApiError('invalid-params', `${urdf}: ${error.message}`)
    throw new ApiError('io-error', `Cannot import ${urdf}: ${(error as Error).message}`)
  }
}

/** The URDF `path` names (inside the workspace) and its text. */
function readUrdf(files: Workspace, path: unknown): { urdf: string; text: string } {
  if (typeof path !== 'string') throw new ApiError('invalid-params', 'expected {urdf: string} naming a URDF')
  const urdf = files.existing(path)
  try {
    return { urdf, text: decodeUtf8(readInputBytes(urdf), urdf) }
  } catch (error) {
    throw new ApiError('io-error', `Cannot read ${urdf}: ${(error as Error).message}`)
  }
}

/**
 * The ROS packages the URDF's meshes name, each with the folder found for it without a mapping (its
 * nearest ancestor folder of that name, when inside the workspace), else null.
 */
export function urdfPackages(files: Workspace, request: { urdf: string }): { packages: UrdfPackage[] } {
  const { urdf, text } = readUrdf(files, request?.urdf)
  try {
    return {
      packages: urdfPackageFolders(text, urdf).map(({ name, folder }) => {
        if (folder === null) return { name, folder }
        try {
          return { name, folder: files.existing(folder) }
        } catch {
          return { name, folder: null }
        }
      }),
    }
  } catch (error) {
    if (error instanceof UrdfError) throw new ApiError('invalid-params', `${urdf}: ${error.message}`)
    throw error
  }
}
