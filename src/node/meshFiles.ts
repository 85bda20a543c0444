// Mesh files of a project (VgraphicsData "Mesh" entries, src/core/items/common/meshEntry.ts) on disk:
// a path relative to the project file's folder, or absolute. The run does not need them (they are
// graphics only), so a missing one is a problem of `mbs validate` and a warning elsewhere.
import fs from 'node:fs'
import path from 'node:path'
import { meshReferences, type ModelSpec, type Problem } from '../core'

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
