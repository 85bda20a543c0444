// Entry of the `mbs` command line (bin/mbs.cjs runs its bundle, scripts/buildCli.ts, or this source).
// main() returns the exit code instead of exiting, so tests can run commands in-process.
import packageJson from '../../package.json'
import { IoError } from '../node/ioError'
import { parseArgs } from './args'
import { CliError, EXIT, UsageError } from './errors'
import { commandHelp, generalHelp, usageLine } from './help'
import { infoCommand } from './info'
import { linearizeCommand } from './linearize'
import { importCommand } from './import'
import { modesCommand } from './modes'
import { processIO, type CliIO } from './io'
import { runCommand } from './run'
import { caseRunnerProcess, WORKER_COMMAND } from '../node/caseRunner'
import { validateCommand } from './validate'
import { verifyCommand } from './verify'
import { findCommand } from './args'

export function main(argv: readonly string[], io: CliIO = processIO()): number {
  try {
    const cmd = parseArgs(argv)
    switch (cmd.command) {
      case 'help':
        io.out(cmd.topic ? commandHelp(cmd.topic) : generalHelp())
        return EXIT.ok
      case 'version':
        io.out(`mbs ${packageJson.version}`)
        return EXIT.ok
      case 'validate':
        return validateCommand(cmd.project, io)
      case 'info':
        return infoCommand(cmd.file, io)
      case 'verify':
        return verifyCommand(cmd.results, io)
      case 'run':
        return runCommand(cmd.project, cmd.run, io)
      case 'modes':
        return modesCommand(cmd.project, cmd.modes, io)
      case 'import':
        return importCommand(cmd.file, cmd.import, io)
      case 'linearize':
        return linearizeCommand(cmd.project, cmd.linearize, io)
      case 'study':
      case 'worker':
        throw new UsageError(
          `mbs ${cmd.command} runs worker processes; start it through the mbs bin`,
          cmd.command,
        )
    }
  } catch (e) {
    return reportError(e, argv[0], io)
  }
}

/** What the bin runs: main(), and the commands that wait for other processes (study, its workers). */
export async function mainAsync(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  if (argv[0] === WORKER_COMMAND) return caseRunnerProcess()
  try {
    const cmd = parseArgs(argv)
    // Loaded on demand: the Redis queue's client libraries take longer to load than a short run.
    if (cmd.command === 'study') return await (await import('./study')).studyCommand(cmd.study, cmd, io)
    if (cmd.command === 'worker') return await (await import('./studyQueue')).workerCommand(cmd.worker, io)
  } catch (e) {
    return reportError(e, argv[0], io)
  }
  return main(argv, io)
}

function reportError(e: unknown, commandName: string | undefined, io: CliIO): number {
  const prefix = commandName && findCommand(commandName) ? `mbs ${commandName}` : 'mbs'
  if (e instanceof CliError) {
    io.err(`${prefix}: ${e.message}`)
    for (const line of e.details) io.err(line)
    if (e instanceof UsageError) {
      const spec = e.command ? findCommand(e.command) : undefined
      io.err(
        spec
          ? `Usage: ${usageLine(spec)}  ("mbs help ${spec.name}" for details)`
          : 'Usage: mbs COMMAND ... ("mbs --help" lists the commands)',
      )
    }
    return e.exitCode
  }
  if (e instanceof IoError) {
    io.err(`${prefix}: ${e.message}`)
    return EXIT.cannotCreate
  }
  const message = e instanceof Error ? (e.stack ?? e.message) : String(e)
  io.err(`${prefix}: internal error: ${message.split('\n')[0]}`)
  if (e instanceof Error && e.stack) io.err(e.stack.split('\n').slice(1).join('\n'))
  return EXIT.internal
}
