// What every bundle of `mbs` shares: the arguments parsed, help and version answered, and an error of
// any command reported on standard error with its exit code (documented in `mbs --help`).
import packageJson from '../../package.json'
import { IoError } from '../node/ioError'
import { findCommand, parseArgs, type ParsedCommand } from './args'
import { CliError, EXIT, UsageError } from './errors'
import { commandHelp, generalHelp, usageLine } from './help'
import type { CliIO } from './io'

/** A command that does something: any but help and version. */
export type Command = Exclude<ParsedCommand, { command: 'help' | 'version' }>

/**
 * The command argv asks for, or the exit code of what is already done: help or version written to
 * io.out, or bad arguments reported on io.err.
 */
export function parseCommandLine(argv: readonly string[], io: CliIO): Command | number {
  try {
    const cmd = parseArgs(argv)
    if (cmd.command === 'help') io.out(cmd.topic ? commandHelp(cmd.topic) : generalHelp())
    else if (cmd.command === 'version') io.out(`mbs ${packageJson.version}`)
    else return cmd
    return EXIT.ok
  } catch (e) {
    return reportError(e, argv[0], io)
  }
}

/** The exit code of e, reported on io.err: the message of a known failure, else an internal error. */
export function reportError(e: unknown, commandName: string | undefined, io: CliIO): number {
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
