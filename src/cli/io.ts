// Where the command line writes: injectable so tests run commands in-process and capture the output.

export interface CliIO {
  /** A line on standard output. */
  out(line: string): void
  /** A line on standard error. */
  err(line: string): void
  /** Replaces the progress line; only present when standard error is a terminal. */
  progress?(text: string): void
}

export function processIO(): CliIO {
  const io: CliIO = {
    out: (line) => process.stdout.write(line + '\n'),
    err: (line) => process.stderr.write(line + '\n'),
  }
  if (process.stderr.isTTY) io.progress = (text) => process.stderr.write('\r\x1b[K' + text)
  return io
}
