// Exit codes of the `mbs` command line (documented in `mbs --help`) and the error that carries one.
// 64, 66, 69, 70 and 73 are the BSD sysexits codes that scripts already know.

export const EXIT = {
  ok: 0,
  /** validate / info: the project file has problems. */
  invalidProject: 1,
  /** run: the project file has problems or cannot be assembled; nothing was solved. */
  runInvalidProject: 2,
  /** run: the solver failed (no convergence, singular system, NaN/Infinity, an item not evaluable). */
  solverFailure: 3,
  /** Bad command-line arguments. */
  usage: 64,
  /** An input file cannot be read. */
  noInput: 66,
  /** study --queue / worker: the Redis server cannot be reached. */
  unavailable: 69,
  /** An unexpected internal error (a bug). */
  internal: 70,
  /** An output file cannot be created or written (ENOSPC, EACCES, EIO, EISDIR ...). */
  cannotCreate: 73,
} as const

export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/** A failure with its exit code; `details` are printed on the lines after the one-line message. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
    readonly details: readonly string[] = [],
  ) {
    super(message)
    this.name = 'CliError'
  }
}

/** Bad arguments: exit 64, and the usage of the command is printed after the message. */
export class UsageError extends CliError {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(EXIT.usage, message)
    this.name = 'UsageError'
  }
}
