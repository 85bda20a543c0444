// Byte-level building blocks of the checkpoint and results formats (docs/file-formats.md): a growable
// little-endian byte writer, a bounds-checked reader, CRC-32 and UTF-8. Numbers are raw IEEE-754
// float64, so every value reads back bit for bit (NaN payloads and -0 included).

/** Where encoded bytes go: the Node side implements it with a file, tests with memory. */
export interface ByteSink {
  append(bytes: Uint8Array): void
}

/** Random read access to a (possibly growing) byte sequence: a file being written, or memory. */
export interface ByteSource {
  /** Current length in bytes (a file being written grows between calls). */
  size(): number
  /** Exactly `length` bytes from `offset` (offset + length <= size()). */
  read(offset: number, length: number): Uint8Array
}

export function memorySource(bytes: Uint8Array): ByteSource {
  return { size: () => bytes.length, read: (o, n) => bytes.subarray(o, o + n) }
}

/** A sink that keeps everything in memory (tests, benchmarks, saving a checkpoint before writing it). */
export class MemorySink implements ByteSink {
  private chunks: Uint8Array[] = []
  private length = 0
  append(bytes: Uint8Array): void {
    this.chunks.push(new Uint8Array(bytes))
    this.length += bytes.length
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.length)
    let o = 0
    for (const c of this.chunks) {
      out.set(c, o)
      o += c.length
    }
    this.chunks = [out]
    return out
  }
}

const encoder = new TextEncoder()
const decoder = new TextDecoder('utf-8', { fatal: true })
export const utf8 = (s: string): Uint8Array => encoder.encode(s)
/** Strict UTF-8; bytes that are not UTF-8 are a format error of the file, not a crash. */
export function fromUtf8(b: Uint8Array): string {
  try {
    return decoder.decode(b)
  } catch {
    throw new FormatError(`a text field of ${b.length} bytes is not valid UTF-8`)
  }
}

// Slicing-by-4 tables in Int32Arrays: the running value stays a small integer in V8 (no heap numbers),
// which makes the checksum of a results frame cheap next to writing it.
const CRC_TABLES = (() => {
  const t = new Int32Array(4 * 256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c
  }
  for (let n = 0; n < 256; n++)
    for (let k = 1; k < 4; k++) t[k * 256 + n] = (t[(k - 1) * 256 + n] >>> 8) ^ t[t[(k - 1) * 256 + n] & 0xff]
  return t
})()

/** CRC-32 (IEEE 802.3, as in zip and PNG) of bytes[from, to). */
export function crc32(bytes: Uint8Array, from = 0, to = bytes.length): number {
  const t = CRC_TABLES
  let c = -1
  let i = from
  for (; i + 4 <= to; i += 4) {
    c ^= bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)
    c = t[768 + (c & 0xff)] ^ t[512 + ((c >>> 8) & 0xff)] ^ t[256 + ((c >>> 16) & 0xff)] ^ t[c >>> 24]
  }
  for (; i < to; i++) c = t[(c ^ bytes[i]) & 0xff] ^ (c >>> 8)
  return (c ^ -1) >>> 0
}

/** The formats are little-endian; on such hosts (nearly all) float64 arrays are copied as bytes. */
const HOST_LITTLE_ENDIAN = new Uint8Array(Float64Array.of(1).buffer)[7] === 0x3f

/** Copies values as little-endian float64 into bytes at byte offset `at`. */
export function putF64s(bytes: Uint8Array, at: number, values: Float64Array): void {
  if (HOST_LITTLE_ENDIAN) bytes.set(new Uint8Array(values.buffer, values.byteOffset, 8 * values.length), at)
  else {
    const view = new DataView(bytes.buffer, bytes.byteOffset + at, 8 * values.length)
    for (let i = 0; i < values.length; i++) view.setFloat64(8 * i, values[i], true)
  }
}

/** Reads out.length little-endian float64 values from bytes (any alignment) into out. */
export function getF64s(bytes: Uint8Array, out: Float64Array): Float64Array {
  if (HOST_LITTLE_ENDIAN)
    new Uint8Array(out.buffer, out.byteOffset, 8 * out.length).set(bytes.subarray(0, 8 * out.length))
  else {
    const view = new DataView(bytes.buffer, bytes.byteOffset, 8 * out.length)
    for (let i = 0; i < out.length; i++) out[i] = view.getFloat64(8 * i, true)
  }
  return out
}

/** A growable little-endian byte buffer. */
export class ByteWriter {
  private buf = new Uint8Array(256)
  private view = new DataView(this.buf.buffer)
  length = 0

  private ensure(extra: number): void {
    if (this.length + extra <= this.buf.length) return
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.length + extra))
    grown.set(this.buf.subarray(0, this.length))
    this.buf = grown
    this.view = new DataView(grown.buffer)
  }
  u8(v: number): void {
    this.ensure(1)
    this.view.setUint8(this.length, v)
    this.length += 1
  }
  u32(v: number): void {
    this.ensure(4)
    this.view.setUint32(this.length, v, true)
    this.length += 4
  }
  f64(v: number): void {
    this.ensure(8)
    this.view.setFloat64(this.length, v, true)
    this.length += 8
  }
  f64s(v: Float64Array): void {
    this.ensure(8 * v.length)
    putF64s(this.buf, this.length, v)
    this.length += 8 * v.length
  }
  bytes(b: Uint8Array): void {
    this.ensure(b.length)
    this.buf.set(b, this.length)
    this.length += b.length
  }
  /** Overwrites a u32 written earlier (lengths known only after their content). */
  patchU32(at: number, v: number): void {
    this.view.setUint32(at, v, true)
  }
  /** The bytes written so far (a view; copy before writing more if kept). */
  result(): Uint8Array {
    return this.buf.subarray(0, this.length)
  }
}

/** Thrown for bytes that are not what the format says: truncated, corrupted, or of another kind. */
export class FormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FormatError'
  }
}

/** Bounds-checked little-endian reader; `what` names the file kind in messages. */
export class ByteReader {
  private readonly view: DataView
  pos = 0

  constructor(
    readonly bytes: Uint8Array,
    private readonly what: string,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  }
  get remaining(): number {
    return this.bytes.length - this.pos
  }
  private need(n: number, reading: string): void {
    if (this.pos + n > this.bytes.length)
      throw new FormatError(
        `${this.what} is truncated: ${reading} needs ${n} bytes at offset ${this.pos}, only ` +
          `${this.remaining} remain`,
      )
  }
  u8(reading: string): number {
    this.need(1, reading)
    return this.view.getUint8(this.pos++)
  }
  u32(reading: string): number {
    this.need(4, reading)
    const v = this.view.getUint32(this.pos, true)
    this.pos += 4
    return v
  }
  f64(reading: string): number {
    this.need(8, reading)
    const v = this.view.getFloat64(this.pos, true)
    this.pos += 8
    return v
  }
  f64s(n: number, reading: string): Float64Array {
    this.need(8 * n, reading)
    const out = getF64s(this.bytes.subarray(this.pos, this.pos + 8 * n), new Float64Array(n))
    this.pos += 8 * n
    return out
  }
  bytesOf(n: number, reading: string): Uint8Array {
    this.need(n, reading)
    const b = this.bytes.subarray(this.pos, this.pos + n)
    this.pos += n
    return b
  }
}
