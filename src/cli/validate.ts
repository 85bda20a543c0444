// `mbs validate PROJECT`: every problem on its own line (path: message), or "OK: NAME (counts)".
// Mesh files the graphics refer to must exist too (relative to the project file).
import path from 'node:path'
import { ITEM_KINDS, KIND_LIST_KEY, type Project } from '../core'
import { missingMeshFiles } from '../node/meshFiles'
import { EXIT } from './errors'
import type { CliIO } from './io'
import { loadProjectFile } from './projectFile'

export function validateCommand(file: string, io: CliIO): number {
  const r = loadProjectFile(file)
  const problems = r.ok ? missingMeshFiles(r.project.model, path.dirname(file)) : r.problems
  if (!r.ok || problems.length > 0) {
    for (const p of problems) io.out(`${p.path}: ${p.message}`)
    const n = problems.length
    io.err(`${file}: ${n} problem${n === 1 ? '' : 's'}`)
    return EXIT.invalidProject
  }
  io.out(`OK: ${r.project.name || file} (${itemCountsText(r.project)})`)
  return EXIT.ok
}

/** "1 node, 3 objects, 3 markers, 1 load, 1 sensor" */
export function itemCountsText(project: Project): string {
  return ITEM_KINDS.map((kind) => {
    const n = project.model[KIND_LIST_KEY[kind]].length
    return `${n} ${n === 1 ? kind : KIND_LIST_KEY[kind]}`
  }).join(', ')
}
