// Mesh files of a project (VgraphicsData "Mesh" entries, src/core/items/common/meshEntry.ts) on disk:
// a path relative to the project file's folder, or absolute. The run does not need them (they are
// graphics only), so a missing one is a problem of `mbs validate` and a warning elsewhere.
import fs from 'node:fs'
import path from 'node:path'
import { embeddedMeshProblem, meshReferences, type ModelSpec, type Problem } from '../core'
import { openRegularFile, readInputBytes } from './inputFiles'

/** Mesh files larger than this are refused (a 1e6-triangle binary STL has 50 MB). */
export const MAX_MESH_FILE_BYTES = 256 * 1024 ** 2

/**
 * A mesh file's bytes as a Mesh entry's "data" holds them: canonical base64 (RFC 4648, padded); an
 * Error when the file is larger than an entry embeds.
 */
export function meshFileBase64(file: string): string {
  const size = fs.statSync(file).size
  const problem = embeddedMeshProblem(size)
  if (problem) throw new Error(problem)
  return readMeshFileBytes(file).bytes.toString('base64')
}

/** A mesh file's bytes, all or `length` from `offset` (fewer at its end), and its size. */
export function readMeshFileBytes(
  file: string,
  offset?: number,
  length?: number,
): { bytes: Buffer; size: number } {
  if (offset === undefined || length === undefined) {
    const bytes = readInputBytes(file, MAX_MESH_FILE_BYTES)
    return { bytes, size: bytes.length }
  }
  const fd = openRegularFile(file)
  try {
    const size = fs.fstatSync(fd).size
    if (size > MAX_MESH_FILE_BYTES)
      throw new Error(`it has ${size} bytes; at most ${MAX_MESH_FILE_BYTES} are read`)
    const bytes = Buffer.alloc(Math.max(0, Math.min(length, size - offset)))
    let done = 0
    while (done < bytes.length) {
      const n = fs.readSync(fd, bytes, done, bytes.length - done, offset + done)
      if (n === 0) break
      done += n
    }
    return { bytes: bytes.subarray(0, done), size }
  } finally {
    fs.closeSync(fd)
  }
}

/** Where a mesh reference `file` of a project in folder `projectDir` is on disk. */
export function meshFilePath(file: string, projectDir: string): string {
  return path.resolve(projectDir, file)
}

/** One problem per mesh file that is not embedded and is not a readable file. */
export function missingMeshFiles(model: ModelSpec, projectDir: string): Problem[] {
  const problems: Problem[] = []
  for (const ref of meshReferences(model)) {
    if (ref.embedded) continue
    const full = meshFilePath(ref.file, projectDir)
    let isFile = false
    try {
      isFile = fs.statSync(full).isFile()
    } catch {
      isFile = false
    }
    if (!isFile)
      problems.push({
        path: ref.path,
        message:
          `entry ${ref.entry} of "${ref.item}": mesh file ${JSON.stringify(ref.file)} not found ` +
          `(looked for ${full}; paths are relative to the project file)`,
      })
  }
  return problems
}

/** A path from `projectDir` to `file` (absolute) as a project stores it: relative, with '/' separators. */
export function meshReferenceFrom(projectDir: string, file: string): string {
  return path.relative(projectDir, file).split(path.sep).join('/')
}
