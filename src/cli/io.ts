// Where the command line writes: injectable so tests run commands in-process and capture the output.
import { writeSync } from 'node:fs'

export interface CliIO {
  /** A line on standard output. */
  out(line: string): void
  /** A line on standard error. */
  err(line: string): void
  /** Replaces the progress line; only present when standard error is a terminal. */
  progress?(text: string): void
}

/**
 * Standard output and error. Output is written to the file descriptor at once, and process.stderr is
 * made only when something is written to it or the progress line is asked for: creating either stream
 * loads Node's stream and socket modules, a few ms that `mbs --version` and `mbs help` do without.
 */
export function processIO(): CliIO {
  let progress: CliIO['progress'] | null = null
  let closed = false
  return {
    out: (line) => {
      if (!closed) closed = !writeOut(Buffer.from(line + '\n'))
    },
    err: (line) => process.stderr.write(line + '\n'),
    get progress() {
      if (progress === null)
        progress = process.stderr.isTTY ? (text) => process.stderr.write('\r\x1b[K' + text) : undefined
      return progress
    },
  }
}

/**
 * Writes bytes to standard output; false once its reader has gone (EPIPE: `mbs help | head -1`), when
 * nothing more is written. A non-blocking descriptor that is full (EAGAIN) is left to process.stdout.
 */
function writeOut(bytes: Buffer): boolean {
  for (let rest = bytes; rest.length > 0;) {
    try {
      rest = rest.subarray(writeSync(1, rest))
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      if (code === 'EPIPE') return false
      if (code !== 'EAGAIN') throw e
      process.stdout.write(rest)
      return true
    }
  }
  return true
}
