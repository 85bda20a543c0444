// Files the app brings in from outside: mesh files for body graphics (read for the renderer, which
// loads them) and URDF robots imported as `mbs import` does. Paths stay inside the workspace.
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { UrdfError } from '../core'
import type { MeshFileData, MeshFileRequest, UrdfImportRequest } from '../shared/api'
import { ApiError } from '../shared/protocol'
import { writeFileAtomic } from '../node/atomicWrite'
import { decodeUtf8, readInputBytes } from '../node/inputFiles'
import { meshReferenceFrom, readMeshFileBytes } from '../node/meshFiles'
import { importUrdfFile } from '../node/urdfImport'
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
  const urdf = files.existing(request.urdf)
  const output = files.target(request.output)
  if (!request.overwrite && existsSync(output))
    throw new ApiError('file-exists', `${output} exists already: import again to replace it`)
  let text: string
  try {
    text = decodeUtf8(readInputBytes(urdf), urdf)
  } catch (error) {
    throw new ApiError('io-error', `Cannot read ${urdf}: ${(error as Error).message}`)
  }
  // package:// folders must be inside the workspace too.
  const packageDirs = Object.fromEntries(
    Object.entries(request.packageDirs ?? {}).map(([name, dir]) => [name, files.existing(dir)]),
  )
  try {
    const imported = importUrdfFile(text, urdf, {
      formulation: request.formulation,
      gravity,
      jointSensors: request.jointSensors === true,
      packageDirs,
      output,
      embedMeshes: request.embedMeshes === true,
    })
    writeFileAtomic(output, imported.text)
    return { path: output, notes: imported.notes }
  } catch (error) {
    if (error instanceof UrdfError) throw new ApiError('invalid-params', `${urdf}: ${error.message}`)
    throw new ApiError('io-error', `Cannot import ${urdf}: ${(error as Error).message}`)
  }
}
