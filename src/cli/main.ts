// Every `mbs` command in this process, for tests and scripts that capture its output (CliIO). The bin
// (bin/mbs.cjs) runs entry.ts instead, which loads each command's bundle on demand.
// main() returns the exit code instead of exiting.
import { parseCommandLine, reportError } from './commandLine'
import { engineCommand } from './engineCommands'
import { importCommand } from './import'
import { processIO, type CliIO } from './io'

export function main(argv: readonly string[], io: CliIO = processIO()): number {
  const cmd = parseCommandLine(argv, io)
  if (typeof cmd === 'number') return cmd
  try {
    return cmd.command === 'import' ? importCommand(cmd.file, cmd.import, io) : engineCommand(cmd, io)
  } catch (e) {
    return reportError(e, cmd.command, io)
  }
}
