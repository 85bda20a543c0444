// What every `mbs` process runs (bin/mbs.cjs, through its bundle): the arguments, help, version and bad
// arguments answered here; a command's code is loaded only when it runs, from its own bundle (import
// from `import`, the XML parser's; every other command from `engine`), so `mbs --version` compiles and
// initializes none of the engine (docs/architecture.md, "The command line").
import { WORKER_COMMAND } from '../node/workerCommand'
import { parseCommandLine, reportError } from './commandLine'
import { processIO, type CliIO } from './io'

export async function mainAsync(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  try {
    if (argv[0] === WORKER_COMMAND) return await (await import('./engineCommands')).studyWorkerMain()
    const cmd = parseCommandLine(argv, io)
    if (typeof cmd === 'number') return cmd
    if (cmd.command === 'import') return await (await import('./import')).importMain(cmd, io)
    return await (await import('./engineCommands')).engineMain(cmd, io)
  } catch (e) {
    // A bundle that cannot be loaded (a stale checkout whose sources do not build); the commands
    // report their own errors.
    return reportError(e, argv[0], io)
  }
}
