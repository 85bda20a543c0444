// The results header of format version 2: a CRC-32 over version, length and JSON, so that every
// single-bit flip in it is a FormatError (checked exhaustively, bit by bit); the hashes of model,
// settings and engine version (against Node's SHA-256 of the canonical texts); and version 1 files,
// without checksum or hashes, still read with their header migrated.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  crc32,
  FormatError,
  MemorySink,
  ResultsReader,
  ResultsWriter,
  memorySource,
  writeProject,
  type JsonObject,
} from '../../../../src/core'
import { ENGINE_BUILD, ENGINE_VERSION } from '../../../../src/core/engineVersion'
import { canonicalJson } from '../../../../src/core/model/canonicalJson'
import { makeProject } from '../../../validation/helpers'
import { bits, doublePendulum, startRun } from '../../../validation/restartModels'

const settings = {
  solverType: 'GeneralizedAlpha',
  timeIntegration: { endTime: 0.1, numberOfSteps: 20 },
  solutionSettings: { solutionWritePeriod: 0.05, sensorsWritePeriod: 0.05 },
}
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

function writeRun() {
  const project = makeProject(doublePendulum(), settings)
  const document = JSON.parse(writeProject(project)) as JsonObject
  const run = startRun(project)
  const sink = new MemorySink()
  const writer = new ResultsWriter(sink, run.system, {
    project: document,
    solverType: run.solver.solverType,
    framePeriod: 0.05,
    fields: ['q', 'v'],
    recorder: run.recorder,
    sensorPeriod: 0.05,
    endTime: 0.1,
  })
  run.solver.options.onStep = (s) => void writer.maybeWriteFrame(s)
  run.solver.initializeSolver()
  writer.maybeWriteFrame(run.system.state)
  run.solver.solve()
  return { bytes: sink.bytes(), document }
}

const { bytes, document } = writeRun()
const view = new DataView(bytes.buffer, bytes.byteOffset)
const jsonLength = view.getUint32(12, true)
const headerBytes = 16 + jsonLength + 8

/** The same file in format version 1: the header without the v2 fields and without the checksum words. */
function asVersion1(): Uint8Array {
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + jsonLength)))
  delete header.hashes
  delete header.engineVersion
  delete header.engineBuild
  delete header.endTime
  header.version = 1
  const json = new TextEncoder().encode(JSON.stringify(header))
  const padded = Math.ceil((16 + json.length) / 8) * 8 - 16
  const records = bytes.subarray(headerBytes)
  const out = new Uint8Array(16 + padded + records.length).fill(0x20, 16, 16 + padded)
  out.set(bytes.subarray(0, 8))
  new DataView(out.buffer).setUint32(8, 1, true)
  new DataView(out.buffer).setUint32(12, padded, true)
  out.set(json, 16)
  out.set(records, 16 + padded)
  return out
}

describe('results header, format version 2', () => {
  it('records the hashes of model, settings and engine version', () => {
    const h = ResultsReader.open(memorySource(bytes)).header
    expect(view.getUint32(8, true)).toBe(2)
    expect(h.version).toBe(2)
    expect(h.engineVersion).toBe(ENGINE_VERSION)
    // Not part of the hashes: the build id ('source' here, as the tests run the sources).
    expect(h.engineBuild).toBe(ENGINE_BUILD)
    expect(h.hashes).toEqual({
      model: sha256(canonicalJson(document.model)),
      settings: sha256(canonicalJson(document.simulationSettings)),
      engine: sha256(ENGINE_VERSION),
    })
    expect(h.endTime).toBe(0.1)
  })

  it('every single-bit flip in the header is a FormatError', () => {
    // The header and the first record: a flip that went unnoticed would show as a readable file.
    const damaged = bytes.slice(0, headerBytes + 64)
    let flips = 0
    for (let at = 0; at < headerBytes; at++)
      for (let bit = 0; bit < 8; bit++) {
        damaged[at] ^= 1 << bit
        expect(() => ResultsReader.open(memorySource(damaged)), `byte ${at} bit ${bit}`).toThrow(FormatError)
        damaged[at] ^= 1 << bit
        flips++
      }
    expect(flips).toBe(8 * headerBytes)
    expect(() => ResultsReader.open(memorySource(damaged))).not.toThrow()
  })

  it('a header with a correct checksum but a wrong shape is refused naming the field', () => {
    const reshaped = (change: (header: JsonObject) => void): Uint8Array => {
      const header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + jsonLength)))
      change(header)
      const json = new TextEncoder().encode(JSON.stringify(header).padEnd(jsonLength))
      expect(json.length).toBe(jsonLength)
      const other = bytes.slice()
      other.set(json, 16)
      new DataView(other.buffer).setUint32(16 + jsonLength, crc32(other, 8, 16 + jsonLength), true)
      return other
    }
    const fields = reshaped((h) => void ((h.frame as JsonObject).fields = ['q', 'w']))
    expect(() => ResultsReader.open(memorySource(fields))).toThrow(
      "the results file's header is damaged: header.frame.fields[1] is not one of q, v, a, y, lambda, data",
    )
    const build = reshaped((h) => void (h.engineBuild = 7))
    expect(() => ResultsReader.open(memorySource(build))).toThrow(
      "the results file's header is damaged: header.engineBuild is not a string",
    )
  })

  it('a version this program does not know is refused', () => {
    for (const version of [0, 3]) {
      const other = bytes.slice()
      new DataView(other.buffer).setUint32(8, version, true)
      expect(() => ResultsReader.open(memorySource(other))).toThrow(
        version === 0
          ? /format version 0, which does not exist/
          : /format version 3, newer than this program/,
      )
    }
  })

  it('reads a version 1 file: the same frames and rows, the header migrated', () => {
    const v1 = ResultsReader.open(memorySource(asVersion1()))
    const v2 = ResultsReader.open(memorySource(bytes))
    expect(v1.fileVersion).toBe(1)
    expect(v1.header.version).toBe(2)
    expect(v1.header.engineVersion).toBe('unknown')
    expect(v1.header.engineBuild).toBeUndefined()
    expect(v1.header.endTime).toBeNull()
    expect(v1.header.hashes.model).toBe(v2.header.hashes.model)
    expect(v1.header.hashes.settings).toBe(v2.header.hashes.settings)
    expect(v1.header.hashes.engine).toBe(sha256('unknown'))
    expect(v1.frameCount).toBe(v2.frameCount)
    for (let i = 0; i < v2.frameCount; i++) expect(bits(v1.frame(i))).toEqual(bits(v2.frame(i)))
    expect(bits(v1.sensor('pos2').values)).toEqual(bits(v2.sensor('pos2').values))
  })
})
