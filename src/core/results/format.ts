// The results file (docs/file-formats.md): what a replay needs. A JSON header, then fixed-size binary
// records appended while the run goes on - solution frames at solutionWritePeriod and sensor rows at
// sensorsWritePeriod - each closed by a CRC-32, so a reader sees every complete record of a file that
// is still being written, and after a crash every complete record; a torn last record is detected
// and ignored.
//
//   file   := "MBSRESLT" | u32 version (2) | u32 headerLength | header JSON (space-padded to 8 bytes)
//             | u32 crc32(version .. header JSON) | u32 headerLength | record*
//   record := u32 kind | u32 sequence | f64 x n(kind) | u32 crc32(kind .. values) | u32 kind
//
// Version 1 had no header checksum (the two words after the header); it is still read, its header
// migrated to version 2 (migrateHeader in reader.ts).
//
// All numbers little-endian; records stay 8-byte aligned. n(frame) = header.frame.valuesPerRecord,
// n(sensor row) = header.sensors.valuesPerRecord; the first value of every record is the time.
import type { JsonObject } from '../model/types'
import type { ResultsHashes } from './headerHashes'

export const RESULTS_MAGIC = 'MBSRESLT'
export const RESULTS_FORMAT = 'mbs-studio-results'
export const RESULTS_VERSION = 2
/** Bytes before the header JSON (magic, version, length) and, from version 2, after it (crc, length). */
export const HEADER_PREFIX = 16
export const HEADER_SUFFIX = 8
/** Record kinds ("FRAM", "SENS" as little-endian u32). */
export const RECORD_FRAME = 0x4d415246
export const RECORD_SENSORS = 0x534e4553
/** Bytes around a record's values: kind + sequence before, checksum + kind after. */
export const RECORD_OVERHEAD = 16

/** State vectors a frame can store, in this order. */
export const FRAME_FIELDS = ['q', 'v', 'a', 'y', 'lambda', 'data'] as const
export type FrameField = (typeof FRAME_FIELDS)[number]

export interface ResultsHeader {
  format: typeof RESULTS_FORMAT
  version: number
  /** The model snapshot: the project document as in the project file (name, model, simulationSettings). */
  project: JsonObject
  /** Structure and coordinate layout, as in checkpoints (one line per item). */
  fingerprint: string[]
  layout: {
    nODE2: number
    nODE1: number
    nAE: number
    nData: number
    nodes: {
      name: string
      type: string
      ode2Index: number
      nODE2: number
      ode1Index: number
      nODE1: number
    }[]
  }
  /**
   * What `mbs verify` compares: SHA-256 (hex) of the canonical model and settings, and of the engine version.
   */
  hashes: ResultsHashes
  /** The version of the engine that wrote the file ('unknown' for a version 1 file). */
  engineVersion: string
  /**
   * The build of the engine that wrote the file (ENGINE_BUILD: 16 hex digits of a hash of its sources,
   * or 'source' when it ran from them); absent in files of older engines.
   */
  engineBuild?: string
  /**
   * The simulation settings the run used, every default filled in: `mbs verify` re-runs with them, so
   * a default changed since does not change the re-run. Absent in files of older engines.
   */
  settings?: JsonObject
  solverType: string
  startTime: number
  /** The end time the run aimed for (the project's, or `mbs run --end-time`); null in a version 1 file. */
  endTime: number | null
  /**
   * A what-if branch: the frames and sensor rows up to `time` are those of the run `of` (its results
   * file's name), the later ones were computed with this model from that run's checkpoint at `time`.
   */
  branch?: { of: string; time: number }
  frame: {
    /** Stored state vectors, in frame order after the time. */
    fields: FrameField[]
    /** Length of each field. */
    lengths: number[]
    /** Values per frame record: 1 (time) + the sum of lengths. */
    valuesPerRecord: number
    period: number
  }
  sensors: {
    items: {
      name: string
      outputVariableType: string
      size: number
      /** index of the first value in a row (after t) */ offset: number
    }[]
    valuesPerRecord: number
    period: number
  }
}

export const recordBytes = (values: number): number => 8 * values + RECORD_OVERHEAD
