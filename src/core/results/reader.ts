// Reads a results file, also while it is being written: open() parses the header, refresh() indexes
// the records appended since (checking each record's checksum), and frames are read by index or by
// time (binary search over the indexed frame times). A torn last record - a crash in the middle of a
// write, or a write still in progress - is not indexed; the next refresh() picks it up once complete.
import { crc32, FormatError, fromUtf8, getF64s, type ByteSource } from '../checkpoint/binary'
import { echo } from '../model/inputBounds'
import type { JsonObject } from '../model/types'
import { resultsHashes } from './headerHashes'
import { checkResultsHeader } from './headerSchema'
import {
  HEADER_PREFIX,
  HEADER_SUFFIX,
  RECORD_FRAME,
  RECORD_SENSORS,
  recordBytes,
  RESULTS_FORMAT,
  RESULTS_MAGIC,
  RESULTS_VERSION,
  type FrameField,
  type ResultsHeader,
} from './format'

/** A growable list of numbers in a Float64Array (times, byte offsets up to 2^53). */
class NumberList {
  data = new Float64Array(256)
  length = 0
  push(v: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.data.length * 2)
      grown.set(this.data)
      this.data = grown
    }
    this.data[this.length++] = v
  }
}

export interface SensorHistory {
  name: string
  outputVariableType: string
  size: number
  /** Output times. */
  t: Float64Array
  /** Values, row-major (rows x size). */
  values: Float64Array
}

export class ResultsReader {
  private readonly frameTimes = new NumberList()
  private readonly frameOffsets = new NumberList()
  private readonly sensorOffsets = new NumberList()
  /** Where indexing continues at the next refresh(). */
  private indexed: number
  private readonly headerBytes: number
  /** Why indexing stopped before the end of the data (empty when everything was read). */
  tail = ''

  private constructor(
    private readonly source: ByteSource,
    /** The header in the current version's form (an older file's is migrated). */
    readonly header: ResultsHeader,
    headerBytes: number,
    /** The format version of the file itself. */
    readonly fileVersion: number,
  ) {
    this.headerBytes = headerBytes
    this.indexed = headerBytes
    this.refresh()
  }

  static open(source: ByteSource): ResultsReader {
    const { header, bytes, version } = readHeader(source)
    return new ResultsReader(source, header, bytes, version)
  }

  /** Indexes the records appended since the last call; returns how many new frames became readable. */
  refresh(): number {
    const before = this.frameTimes.length
    const size = this.source.size()
    const frameBytes = recordBytes(this.header.frame.valuesPerRecord)
    const sensorBytes = recordBytes(this.header.sensors.valuesPerRecord)
    this.tail = ''
    while (this.indexed < size) {
      const at = this.indexed
      if (size - at < 8) {
        this.tail = `a torn record at byte ${at} (${size - at} bytes) is ignored`
        break
      }
      const k = this.source.read(at, 4)
      const kind = new DataView(k.buffer, k.byteOffset, 4).getUint32(0, true)
      const n = kind === RECORD_FRAME ? frameBytes : kind === RECORD_SENSORS ? sensorBytes : 0
      if (n === 0) {
        this.tail = `unreadable data from byte ${at} on (${size - at} bytes, not a record) is ignored`
        break
      }
      if (size - at < n) {
        this.tail = `a torn record at byte ${at} (${size - at} of ${n} bytes) is ignored`
        break
      }
      const rec = this.source.read(at, n)
      const view = new DataView(rec.buffer, rec.byteOffset, n)
      if (view.getUint32(n - 8, true) !== crc32(rec, 0, n - 8) || view.getUint32(n - 4, true) !== kind) {
        this.tail =
          `a damaged record at byte ${at} (checksum mismatch) ` +
          `and the ${size - at - n} bytes after it are ignored`
        break
      }
      if (kind === RECORD_FRAME) {
        this.frameOffsets.push(at)
        this.frameTimes.push(view.getFloat64(8, true))
      } else this.sensorOffsets.push(at)
      this.indexed = at + n
    }
    return this.frameTimes.length - before
  }

  get frameCount(): number {
    return this.frameTimes.length
  }
  get sensorRowCount(): number {
    return this.sensorOffsets.length
  }
  /** Times of all indexed frames (a view; valid until the next refresh). */
  get times(): Float64Array {
    return this.frameTimes.data.subarray(0, this.frameTimes.length)
  }

  frameTime(i: number): number {
    this.checkIndex(i)
    return this.frameTimes.data[i]
  }

  /** All stored values of frame i after the time (fields in header order), into out if given. */
  frame(i: number, out = new Float64Array(this.header.frame.valuesPerRecord - 1)): Float64Array {
    this.checkIndex(i)
    return this.values(this.frameOffsets.data[i], 1, out)
  }

  /** One stored field (e.g. 'q') of frame i. */
  field(i: number, name: FrameField, out?: Float64Array): Float64Array {
    this.checkIndex(i)
    const f = this.header.frame
    const k = f.fields.indexOf(name)
    if (k < 0) throw new RangeError(`the results file stores ${f.fields.join(', ')} per frame, not ${name}`)
    const from = 1 + f.lengths.slice(0, k).reduce((a, b) => a + b, 0)
    return this.values(this.frameOffsets.data[i], from, out ?? new Float64Array(f.lengths[k]))
  }

  /** Index of the last frame at or before t (0 before the first frame); binary search. */
  frameIndexAt(t: number): number {
    const times = this.frameTimes.data
    let lo = 0,
      hi = this.frameTimes.length - 1
    if (hi < 0) throw new RangeError('the results file has no complete frame yet')
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (times[mid] <= t) lo = mid
      else hi = mid - 1
    }
    return lo
  }

  /**
   * The first `frames` frame records and `rows` sensor-row records as the file holds them (in their
   * order, with nothing else between: what a run wrote up to a checkpoint whose output schedules
   * counted them), or null when the file holds fewer or a later record among them.
   */
  recordsBefore(frames: number, rows: number): Uint8Array | null {
    if (frames > this.frameCount || rows > this.sensorRowCount) return null
    const frameBytes = recordBytes(this.header.frame.valuesPerRecord)
    const rowBytes = recordBytes(this.header.sensors.valuesPerRecord)
    const end = Math.max(
      frames > 0 ? this.frameOffsets.data[frames - 1] + frameBytes : this.headerBytes,
      rows > 0 ? this.sensorOffsets.data[rows - 1] + rowBytes : this.headerBytes,
    )
    if (frames < this.frameCount && this.frameOffsets.data[frames] < end) return null
    if (rows < this.sensorRowCount && this.sensorOffsets.data[rows] < end) return null
    return this.source.read(this.headerBytes, end - this.headerBytes).slice()
  }

  /** The recorded history of a sensor (all indexed rows). */
  sensor(name: string): SensorHistory {
    const s = this.header.sensors
    const item = s.items.find((it) => it.name === name)
    if (!item)
      throw new RangeError(
        `the results file has no sensor "${name}"; it has ` +
          `${s.items.map((it) => it.name).join(', ') || 'none'}`,
      )
    const rows = this.sensorOffsets.length
    const t = new Float64Array(rows),
      values = new Float64Array(rows * item.size)
    const row = new Float64Array(item.size)
    for (let r = 0; r < rows; r++) {
      const at = this.sensorOffsets.data[r]
      t[r] = this.values(at, 0, new Float64Array(1))[0]
      values.set(this.values(at, 1 + item.offset, row), r * item.size)
    }
    return { name, outputVariableType: item.outputVariableType, size: item.size, t, values }
  }

  /** out.length values starting at value index `from` of the record at byte `at`. */
  private values(at: number, from: number, out: Float64Array): Float64Array {
    return getF64s(this.source.read(at + 8 + 8 * from, 8 * out.length), out)
  }

  private checkIndex(i: number): void {
    if (!(Number.isInteger(i) && i >= 0 && i < this.frameTimes.length))
      throw new RangeError(
        `frame ${i} does not exist; the results file has ${this.frameTimes.length} complete frames`,
      )
  }
}

const damaged = (what: string): FormatError =>
  new FormatError(`the results file's header is damaged: ${what}`)

/**
 * Header migrations, one per format version step: MIGRATIONS[v] turns a version v header into a
 * version v + 1 one. Version 1 had no hashes, engine version or end time: the hashes are computed
 * from the stored project, the engine is unknown.
 */
const MIGRATIONS: Record<number, (header: JsonObject) => JsonObject> = {
  1: (h) => {
    const project = isDictionary(h.project) ? h.project : {}
    return {
      ...h,
      version: 2,
      hashes: { ...resultsHashes(project, 'unknown') },
      engineVersion: 'unknown',
      endTime: null,
    }
  },
}

const isDictionary = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * The header of a results file, checked (magic, version, length, from version 2 its CRC-32, then
 * the JSON's shape) and migrated to the current version, and the bytes it takes.
 */
function readHeader(source: ByteSource): { header: ResultsHeader; bytes: number; version: number } {
  const size = source.size()
  const head = source.read(0, Math.min(HEADER_PREFIX, size))
  const magic = String.fromCharCode(...head.subarray(0, 8))
  if (head.length < 8 || magic !== RESULTS_MAGIC)
    throw new FormatError(`not an MBS Studio results file (it does not start with "${RESULTS_MAGIC}")`)
  if (head.length < HEADER_PREFIX) throw new FormatError('the results file is truncated inside its header')
  const view = new DataView(head.buffer, head.byteOffset, HEADER_PREFIX)
  const version = view.getUint32(8, true)
  if (version > RESULTS_VERSION)
    throw new FormatError(
      `the results file has format version ${version}, newer than this program knows ` +
        `(${RESULTS_VERSION}); update MBS Studio to read it`,
    )
  if (version === 0) throw new FormatError('the results file has format version 0, which does not exist')
  const length = view.getUint32(12, true)
  const suffix = version >= 2 ? HEADER_SUFFIX : 0
  const bytes = HEADER_PREFIX + length + suffix
  if (bytes > size)
    throw new FormatError(
      `the results file is truncated inside its header (${bytes} bytes expected, ${size} present)`,
    )
  const json = source.read(HEADER_PREFIX, length)
  if (suffix > 0) {
    const block = source.read(8, 8 + length + suffix)
    const tail = new DataView(block.buffer, block.byteOffset + 8 + length, suffix)
    if (tail.getUint32(0, true) !== crc32(block, 0, 8 + length) || tail.getUint32(4, true) !== length)
      throw damaged('its checksum does not match (a changed byte between the version and the first record)')
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(fromUtf8(json))
  } catch (e) {
    throw damaged(e instanceof Error ? e.message : String(e))
  }
  if (!isDictionary(parsed)) throw damaged('it is not a JSON dictionary')
  if (parsed.format !== RESULTS_FORMAT)
    throw new FormatError(
      `the results file's header has format ${echo(parsed.format)}, expected "${RESULTS_FORMAT}"`,
    )
  if (parsed.version !== version)
    throw damaged(`its version ${echo(parsed.version)} is not the file's format version ${version}`)
  let header = parsed
  for (let v = version; v < RESULTS_VERSION; v++) header = MIGRATIONS[v](header)
  checkResultsHeader(header)
  return { header: header as unknown as ResultsHeader, bytes, version }
}

/** Lines describing a results file (for `mbs info`). */
export function describeResults(source: ByteSource): string[] {
  const r = ResultsReader.open(source)
  const h = r.header
  const f = h.frame,
    s = h.sensors
  const last = r.frameCount > 0 ? r.frameTime(r.frameCount - 1) : undefined
  const sensorList = s.items.map((it) => `${it.name} (${it.outputVariableType}, ${it.size})`).join(', ')
  const lines = [
    `MBS Studio results file, format version ${r.fileVersion}, ${source.size()} bytes`,
    `model: "${String(h.project.name ?? '')}", ${h.fingerprint.length - 1} items, ${h.fingerprint[0]}; ` +
      `solver ${h.solverType}`,
    `written by engine ${h.engineVersion}${buildNote(h.engineBuild)}; SHA-256 of the model ` +
      `${h.hashes.model.slice(0, 16)}..., of the settings ${h.hashes.settings.slice(0, 16)}...`,
    `frames: ${r.frameCount}${last !== undefined ? `, t = ${h.startTime} .. ${last}` : ''}, every ` +
      `${f.period} s; per frame: t, ${f.fields.map((x, i) => `${x}[${f.lengths[i]}]`).join(', ')} ` +
      `(${recordBytes(f.valuesPerRecord)} bytes)`,
    `sensors: ` +
      (s.items.length === 0 ? 'none' : `${r.sensorRowCount} rows every ${s.period} s of ${sensorList}`),
  ]
  if (r.tail) lines.push(`end of file: ${r.tail}`)
  return lines
}

/** The build of the engine that wrote a file, in words after its version (nothing when not recorded). */
const buildNote = (build: string | undefined): string =>
  build === undefined ? '' : build === 'source' ? ' (run from its sources)' : ` (build ${build})`
