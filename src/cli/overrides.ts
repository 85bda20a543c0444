// --set ITEM.PARAMETER=VALUE on the command line: parsed and applied with the core overrides, every
// problem on its own line (exit 64: the arguments are wrong, the project file is fine).
import {
  applyOverrides,
  formatProblems,
  parseOverride,
  type Override,
  type Problem,
  type Project,
} from '../core'
import { CliError, EXIT } from './errors'

export function parseOverrides(texts: readonly string[]): Override[] {
  const overrides: Override[] = []
  const problems: Problem[] = []
  for (const text of texts) {
    const r = parseOverride(text)
    if ('problem' in r) problems.push(r.problem)
    else overrides.push(r)
  }
  if (problems.length > 0) throw overrideError(problems)
  return overrides
}

export function requireOverridden(project: Project, overrides: readonly Override[]): Project {
  if (overrides.length === 0) return project
  const r = applyOverrides(project, overrides)
  if (!r.ok) throw overrideError(r.problems)
  return r.project
}

function overrideError(problems: Problem[]): CliError {
  const n = problems.length
  return new CliError(
    EXIT.usage,
    `--set: ${n} override${n === 1 ? '' : 's'} cannot be applied`,
    formatProblems(problems).split('\n'),
  )
}
