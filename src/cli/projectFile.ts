// Reading input files and projects for the commands, with failures turned into exit codes.
import { formatProblems, loadProjectJson, parseProjectText, type Problem, type Project } from '../core'
import { collectGarbage, LARGE_PROJECT_CHARS } from '../node/heap'
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
  const parsed = readProjectDocument(file)
  if (!parsed.ok) return parsed
  const r = loadProjectJson(parsed.doc)
  // The load's garbage (the text, the parsed document, validation records), collected before the build
  // rather than on top of its peak.
  if (parsed.large) collectGarbage()
  return r
}

/** The parsed JSON of a project file; its bytes and text are not kept. */
function readProjectDocument(
  file: string,
): { ok: true; doc: unknown; large: boolean } | { ok: false; problems: Problem[] } {
  let text: string
  try {
    text = decodeUtf8(readInputFile(file, 'project'), file)
  } catch (e) {
    if (e instanceof CliError) throw e
    return { ok: false, problems: [{ path: '(file)', message: (e as Error).message }] }
  }
  const parsed = parseProjectText(text)
  return parsed.ok ? { ...parsed, large: text.length >= LARGE_PROJECT_CHARS } : parsed
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
