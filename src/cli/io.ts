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
  let stdout: StdoutState = 'descriptor'
  return {
    out: (line) => {
      if (stdout === 'stream') process.stdout.write(line + '\n')
      else if (stdout === 'descriptor') stdout = writeOut(Buffer.from(line + '\n'))
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
 * How standard output is written: to the descriptor; through process.stdout once a non-blocking
 * descriptor was full (EAGAIN: the stream queues the rest, and every later line after it, in order);
 * not at all once its reader has gone (EPIPE: `mbs help | head -1`).
 */
type StdoutState = 'descriptor' | 'stream' | 'closed'

/** Writes bytes to standard output's descriptor; how the next bytes are written. */
function writeOut(bytes: Buffer): StdoutState {
  for (let rest = bytes; rest.length > 0;) {
    try {
      rest = rest.subarray(writeSync(1, rest))
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      if (code === 'EPIPE') return 'closed'
      if (code !== 'EAGAIN') throw e
      process.stdout.write(rest)
      return 'stream'
    }
  }
  return 'descriptor'
}
