// `mbs info FILE`: what a project file holds (name, items by kind and type, solver settings). Results
// and checkpoint files are described by the runOutputs hook once they exist.
import { ITEM_KINDS, KIND_LIST_KEY, PROJECT_FORMAT, type Project } from '../core'
import { CliError, EXIT } from './errors'
import type { CliIO } from './io'
import { readInputFile, requireProject } from './projectFile'
import { describeRunOutputFile } from './runOutputs'
import { itemCountsText } from './validate'

export function infoCommand(file: string, io: CliIO): number {
  const bytes = readInputFile(file)
  if (looksLikeProject(bytes)) {
    for (const line of projectInfo(requireProject(file, EXIT.invalidProject))) io.out(line)
    return EXIT.ok
  }
  const lines = describeRunOutputFile(bytes)
  if (!lines)
    throw new CliError(
      EXIT.invalidProject,
      `"${file}" is not an MBS Studio project, results or checkpoint file`,
    )
  for (const line of lines) io.out(line)
  return EXIT.ok
}

/**
 * A project by its format string, or anything that does not parse as JSON (reported as a project problem).
 */
function looksLikeProject(bytes: Buffer): boolean {
  try {
    const doc: unknown = JSON.parse(bytes.toString('utf8'))
    return doc !== null && typeof doc === 'object' && (doc as { format?: unknown }).format === PROJECT_FORMAT
  } catch {
    return bytes.length > 0 && bytes.every((b) => b >= 0x20 || b === 0x09 || b === 0x0a || b === 0x0d)
  }
}

export function projectInfo(project: Project): string[] {
  const lines = [`Project: ${project.name || '(unnamed)'}`, `Items: ${itemCountsText(project)}`]
  for (const kind of ITEM_KINDS) {
    const items = project.model[KIND_LIST_KEY[kind]]
    if (items.length === 0) continue
    const byType = new Map<string, number>()
    for (const it of items) byType.set(it.type, (byType.get(it.type) ?? 0) + 1)
    lines.push(
      `  ${KIND_LIST_KEY[kind].padEnd(8)} ${[...byType].map(([type, n]) => `${type} x${n}`).join(', ')}`,
    )
  }
  const s = project.settings
  const ti = s.timeIntegration
  lines.push(`Solver: ${s.solverType}, linear solver ${s.linearSolverType}`)
  if (s.solverType === 'Static') lines.push(`  load steps: ${s.staticSolver.numberOfLoadSteps}`)
  else {
    lines.push(
      `  time: ${ti.startTime} .. ${ti.endTime} s, ${ti.numberOfSteps} steps (h = ` +
        `${(ti.endTime - ti.startTime) / ti.numberOfSteps} s)`,
    )
    if (s.solverType === 'GeneralizedAlpha')
      lines.push(`  spectral radius: ${ti.generalizedAlpha.spectralRadius}`)
    if (s.solverType === 'DOPRI5' || s.solverType === 'ODE23')
      lines.push(`  tolerances: absolute ${ti.absoluteTolerance}, relative ${ti.relativeTolerance}`)
  }
  lines.push(
    `  sensors written every ${s.solutionSettings.sensorsWritePeriod} ` +
      `s${s.solutionSettings.sensorsWritePeriod === 0 ? ' (0 = every step)' : ''}`,
  )
  return lines
}
