// Reading input files and projects for the commands, with failures turned into exit codes.
import { formatProblems, parseProject, type Problem, type Project } from '../core'
import { decodeUtf8, InputFileError, readInputBytes } from '../node/inputFiles'
import { systemErrorText } from '../node/ioError'
import { CliError, EXIT, type ExitCode } from './errors'

export function readInputFile(file: string, what = 'file'): Buffer {
  try {
    return readInputBytes(file)
  } catch (e) {
    if (e instanceof InputFileError) throw new CliError(EXIT.noInput, `cannot read the ${what}: ${e.message}`)
    throw new CliError(EXIT.noInput, `cannot read the ${what} "${file}": ${systemErrorText(e)}`)
  }
}

export type ProjectLoad = { ok: true; project: Project } | { ok: false; problems: Problem[] }

export function loadProjectFile(file: string): ProjectLoad {
  const bytes = readInputFile(file, 'project')
  let text: string
  try {
    text = decodeUtf8(bytes, file)
  } catch (e) {
    return { ok: false, problems: [{ path: '(file)', message: (e as Error).message }] }
  }
  return parseProject(text)
}

/** The project, or a CliError with exitCode listing every problem on its own line. */
export function requireProject(file: string, exitCode: ExitCode): Project {
  const r = loadProjectFile(file)
  if (r.ok) return r.project
  const n = r.problems.length
  throw new CliError(
    exitCode,
    `"${file}" is not a valid project (${n} problem${n === 1 ? '' : 's'})`,
    formatProblems(r.problems).split('\n'),
  )
}
