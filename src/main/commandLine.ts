// Project files named on the command line (`mbs-studio model.mbsproj`, or a file opened from the
// desktop). Electron's own switches and the app path are skipped.
import { fileURLToPath } from 'node:url'

const PROJECT_EXTENSION = '.mbsproj'

export function projectFilesFromArgv(argv: readonly string[]): string[] {
  return argv.filter((arg) => !arg.startsWith('-') && arg.toLowerCase().endsWith(PROJECT_EXTENSION))
}

/** The project file a dropped file:// URL names, or null (the window then just stays where it is). */
export function projectFileFromUrl(url: string): string | null {
  if (!url.startsWith('file://')) return null
  const path = fileURLToPath(url)
  return path.toLowerCase().endsWith(PROJECT_EXTENSION) ? path : null
}
