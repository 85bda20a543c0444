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
    this.chunks.push(bytes.slice())
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
export const fromUtf8 = (b: Uint8Array): string => decoder.decode(b)

const CRC_TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

/** CRC-32 (IEEE 802.3, as in zip and PNG) of bytes[from, to). */
export function crc32(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let c = 0xffffffff
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
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
    for (let i = 0; i < v.length; i++) this.view.setFloat64(this.length + 8 * i, v[i], true)
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
      throw new FormatError(`${this.what} is truncated: ${reading} needs ${n} bytes at offset ${this.pos}, only ${this.remaining} remain`)
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
    const out = new Float64Array(n)
    for (let i = 0; i < n; i++) out[i] = this.view.getFloat64(this.pos + 8 * i, true)
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
