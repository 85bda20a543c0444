// Self-describing blocks of named, typed entries (after Chrono's ChCheckpointWriter/Reader
// "Internal state hooks"): each entry is a type tag, a name and a value; a reader asks for the next
// entry by type and name, so a type mismatch, a different name or missing data is an error that says
// which entry, and `end()` checks that a block was read completely.
//
//   entry  := u8 tag | u8 nameLength | name (UTF-8) | value
//   number := f64                        (tag 1; integers up to 2^53 are exact)
//   vector := u32 n | n x f64            (tag 2)
//   string := u32 byteLength | UTF-8     (tag 3)
//   block  := u32 byteLength | entries   (tag 4)
import { ByteReader, ByteWriter, FormatError, fromUtf8, utf8 } from './binary'

const TAG = { number: 1, vector: 2, string: 3, block: 4 } as const
type EntryType = keyof typeof TAG
const TAG_NAME: Record<number, EntryType> = { 1: 'number', 2: 'vector', 3: 'string', 4: 'block' }

export class BlockWriter {
  constructor(readonly out: ByteWriter = new ByteWriter()) {}

  private head(tag: number, name: string): void {
    const n = utf8(name)
    if (n.length > 255) throw new RangeError(`entry name too long: ${name}`)
    this.out.u8(tag)
    this.out.u8(n.length)
    this.out.bytes(n)
  }
  number(name: string, v: number): this {
    this.head(TAG.number, name)
    this.out.f64(v)
    return this
  }
  vector(name: string, v: Float64Array): this {
    this.head(TAG.vector, name)
    this.out.u32(v.length)
    this.out.f64s(v)
    return this
  }
  string(name: string, s: string): this {
    this.head(TAG.string, name)
    const b = utf8(s)
    this.out.u32(b.length)
    this.out.bytes(b)
    return this
  }
  block(name: string, fill: (w: BlockWriter) => void): this {
    this.head(TAG.block, name)
    const at = this.out.length
    this.out.u32(0)
    fill(this)
    this.out.patchU32(at, this.out.length - at - 4)
    return this
  }
}

export class BlockReader {
  private readonly r: ByteReader

  /** @param path where this block sits (e.g. "checkpoint/items"), for messages. */
  constructor(
    bytes: Uint8Array,
    readonly path: string,
  ) {
    this.r = new ByteReader(bytes, path)
  }

  get atEnd(): boolean {
    return this.r.remaining === 0
  }

  /** Name of the next entry, or undefined at the end of the block (does not consume it). */
  peekName(): string | undefined {
    if (this.atEnd) return undefined
    const at = this.r.pos
    this.r.u8('tag')
    const n = this.r.u8('name length')
    const name = fromUtf8(this.r.bytesOf(n, 'name'))
    this.r.pos = at
    return name
  }

  private expect(type: EntryType, name: string): void {
    if (this.atEnd)
      throw new FormatError(`${this.path}: missing data: expected ${type} "${name}", the block ends here`)
    const tag = this.r.u8(`the tag of "${name}"`)
    const n = this.r.u8(`the name of "${name}"`)
    const found = fromUtf8(this.r.bytesOf(n, `the name of "${name}"`))
    const foundType = TAG_NAME[tag]
    if (!foundType)
      throw new FormatError(
        `${this.path}: unknown entry tag ${tag} where ${type} "${name}" was expected (corrupted data?)`,
      )
    if (foundType !== type || found !== name)
      throw new FormatError(`${this.path}: expected ${type} "${name}", found ${foundType} "${found}"`)
  }
  number(name: string): number {
    this.expect('number', name)
    return this.r.f64(`number "${name}"`)
  }
  /** A vector; with `length`, a different stored length is an error naming both. */
  vector(name: string, length?: number): Float64Array {
    this.expect('vector', name)
    const n = this.r.u32(`the length of vector "${name}"`)
    if (length !== undefined && n !== length)
      throw new FormatError(`${this.path}: vector "${name}" has ${n} values, expected ${length}`)
    return this.r.f64s(n, `vector "${name}"`)
  }
  string(name: string): string {
    this.expect('string', name)
    const n = this.r.u32(`the length of string "${name}"`)
    return fromUtf8(this.r.bytesOf(n, `string "${name}"`))
  }
  block(name: string): BlockReader {
    this.expect('block', name)
    const n = this.r.u32(`the size of block "${name}"`)
    return new BlockReader(this.r.bytesOf(n, `block "${name}"`), `${this.path}/${name}`)
  }
  /** Checks that every entry was read (a block must be consumed completely). */
  end(): void {
    if (!this.atEnd)
      throw new FormatError(`${this.path}: unexpected extra data, starting with entry "${this.peekName()}"`)
  }
}
