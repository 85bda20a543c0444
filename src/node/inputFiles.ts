// Reading a user's input file safely: only regular files (a FIFO or device would block the process
// or never end), opened without blocking, within a size limit, and text only when it is valid UTF-8
// (a Latin-1 file would otherwise load with its characters silently replaced).
import fs from 'node:fs'
import { INPUT_LIMITS } from '../core/model/inputBounds'

/** Input files larger than this are refused before reading (projects, results, checkpoints). */
export const MAX_INPUT_FILE_BYTES = 4 * 1024 ** 3

/** Why a file cannot be read as input; `decoding` for bytes that are not UTF-8 text. */
export class InputFileError extends Error {
  constructor(
    message: string,
    readonly kind: 'io' | 'decoding',
  ) {
    super(message)
    this.name = 'InputFileError'
  }
}

/** Opens a regular file for reading; anything else is refused without blocking on it. */
export function openRegularFile(path: string): number {
  const fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0))
  const stat = fs.fstatSync(fd)
  if (stat.isFile()) return fd
  fs.closeSync(fd)
  const what = stat.isDirectory() ? 'a folder' : stat.isFIFO() ? 'a named pipe (FIFO)' : 'not a regular file'
  throw new InputFileError(`${path} is ${what}; expected a file`, 'io')
}

/** The whole content of a regular file of at most maxBytes. */
export function readInputBytes(path: string, maxBytes = MAX_INPUT_FILE_BYTES): Buffer {
  const fd = openRegularFile(path)
  try {
    const size = fs.fstatSync(fd).size
    if (size > maxBytes)
      throw new InputFileError(`${path} has ${size} bytes; at most ${maxBytes} are read`, 'io')
    const bytes = Buffer.allocUnsafe(size)
    let done = 0
    while (done < size) {
      const n = fs.readSync(fd, bytes, done, size - done, done)
      if (n === 0) break
      done += n
    }
    return bytes.subarray(0, done)
  } finally {
    fs.closeSync(fd)
  }
}

/** Strict UTF-8 text; a byte sequence that is not UTF-8 is refused with its offset. */
export function decodeUtf8(bytes: Uint8Array, path: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    const offset = firstInvalidUtf8(bytes)
    throw new InputFileError(
      `${path} is not UTF-8 text (byte 0x${bytes[offset].toString(16)} at offset ${offset}; ` +
        'a Latin-1 or Windows-1252 file?): save it as UTF-8',
      'decoding',
    )
  }
}

/** A project or other text input: regular file, size-limited, strict UTF-8. */
export function readInputText(path: string): string {
  return decodeUtf8(readInputBytes(path, INPUT_LIMITS.textLength * 4), path)
}

/** The offset of the first byte that makes the text invalid: the shortest failing prefix, by bisection. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  // A prefix cut inside a character is not an error in streaming mode; an invalid sequence is.
  const fails = (length: number) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, length), { stream: true })
      return false
    } catch {
      return true
    }
  }
  let lo = 0
  let hi = bytes.length
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if (fails(mid)) hi = mid
    else lo = mid
  }
  return hi - 1
}
