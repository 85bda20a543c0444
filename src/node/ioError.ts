// A file the program must read or write failed at the operating system (disk full, no permission,
// a device error): not a bug and not a model error, so the command line exits 73 and the hosts
// answer 'io-error', each with the path and the system's own words.

/** An I/O failure on `path`: "cannot write the results file "r.mbsres": no space left on device (ENOSPC)". */
export class IoError extends Error {
  /** The system error code (ENOSPC, EACCES, EIO, EISDIR ...), when the system gave one. */
  readonly code: string | undefined

  constructor(
    readonly path: string,
    action: string,
    cause: unknown,
  ) {
    super(`${action} "${path}": ${systemErrorText(cause)}`, { cause })
    this.name = 'IoError'
    this.code = (cause as NodeJS.ErrnoException | undefined)?.code
  }
}

/** "no space left on device (ENOSPC)" from a Node system error (its message without code and call). */
export function systemErrorText(e: unknown): string {
  if (!(e instanceof Error)) return String(e)
  const code = (e as NodeJS.ErrnoException).code
  const text = e.message.replace(/^[A-Z]+: /, '').replace(/, \w+( '.*')?$/, '')
  return code ? `${text} (${code})` : text
}
