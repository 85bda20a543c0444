// Mutated project files through the loader and `mbs validate`, corrupted checkpoints and results
// files through their readers: every input gives a clean refusal or a correct load, never an
// exception of another class (which `mbs` reports as exit 70, an internal error).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  captureCheckpoint,
  CheckpointError,
  crc32,
  decodeCheckpoint,
  encodeCheckpoint,
  FormatError,
  loadCheckpoint,
  memorySource,
  parseProject,
  ResultsReader,
  SolverError,
} from '../../src/core'
import { main } from '../../src/cli/main'
import { startRun } from '../validation/restartModels'
import { fuzzRuns, FUZZ_SEED } from './budget'
import { EXAMPLES, examples, replaceAt } from './examples'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-fuzz-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Byte-level damage: flips, overwrites, cuts and duplicated slices at random places. */
const damage = (bytes: Uint8Array) =>
  fc
    .array(
      fc.oneof(
        fc.record({ op: fc.constant('flip'), at: fc.nat(), bit: fc.nat(7) }),
        fc.record({ op: fc.constant('set'), at: fc.nat(), value: fc.nat(255) }),
        fc.record({ op: fc.constant('cut'), at: fc.nat() }),
        fc.record({ op: fc.constant('repeat'), at: fc.nat(), length: fc.nat(64) }),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((edits) => {
      let out = Uint8Array.from(bytes)
      for (const e of edits) {
        if (out.length === 0) break
        const at = e.at % out.length
        if (e.op === 'flip') out[at] ^= 1 << e.bit
        else if (e.op === 'set') out[at] = e.value
        else if (e.op === 'cut') out = out.slice(0, at)
        else {
          const slice = out.subarray(at, at + e.length)
          const grown = new Uint8Array(out.length + slice.length)
          grown.set(out.subarray(0, at + slice.length))
          grown.set(out.subarray(at), at + slice.length)
          out = grown
        }
      }
      return out
    })

/** JSON-level damage: a value anywhere replaced by a hostile one (wrong type, huge, deep, odd key). */
const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    -1,
    1e308,
    '',
    'x'.repeat(10_000),
    '__proto__',
    { __proto__: 1 },
    { constructor: 'x' },
    [[[[[[[[[[[]]]]]]]]]]],
    'sin('.repeat(80) + 't',
  ),
)
function expectCleanLoad(text: string): void {
  const r = parseProject(text)
  if (!r.ok) for (const p of r.problems) expect(typeof p.message).toBe('string')
}

describe('mutated project files', () => {
  it('byte damage: the loader refuses or loads, never throws', () => {
    fc.assert(
      fc.property(
        fc.nat(examples.length - 1).chain((i) => damage(Buffer.from(examples[i]))),
        (bytes) => expectCleanLoad(Buffer.from(bytes).toString('utf8')),
      ),
      { seed: FUZZ_SEED, numRuns: fuzzRuns(150) },
    )
  })

  it('structural damage: the loader refuses or loads, never throws', () => {
    fc.assert(
      fc.property(fc.nat(examples.length - 1), fc.nat(), hostile, (i, pick, value) => {
        expectCleanLoad(JSON.stringify(replaceAt(JSON.parse(examples[i]), pick, value)))
      }),
      { seed: FUZZ_SEED, numRuns: fuzzRuns(150) },
    )
  })

  it('mbs validate exits 0 or 1 on damaged files, never 70', () => {
    const file = path.join(dir, 'fuzzed.mbsproj')
    fc.assert(
      fc.property(
        fc.nat(examples.length - 1).chain((i) => damage(Buffer.from(examples[i]))),
        (bytes) => {
          fs.writeFileSync(file, bytes)
          const code = main(['validate', file], { out: () => undefined, err: () => undefined })
          expect([0, 1]).toContain(code)
        },
      ),
      { seed: FUZZ_SEED, numRuns: fuzzRuns(25) },
    )
  })
})

/** The refusals a damaged file may give; anything else is a crash. */
const isRefusal = (e: unknown) =>
  e instanceof FormatError || e instanceof CheckpointError || e instanceof SolverError

describe('corrupted checkpoints and results files', () => {
  const pendulum = path.join(EXAMPLES, 'pendulum.mbsproj')
  const checkpointFile = path.join(dir, 'pendulum.mbschk')
  const resultsFile = path.join(dir, 'pendulum.mbsres')
  let checkpoint: Uint8Array
  let results: Uint8Array
  beforeAll(() => {
    const args = [
      'run',
      pendulum,
      '--end-time',
      '0.05',
      '--results',
      resultsFile,
      '--save-checkpoint',
      checkpointFile,
    ]
    expect(main(args, { out: () => undefined, err: () => undefined })).toBe(0)
    checkpoint = fs.readFileSync(checkpointFile)
    results = fs.readFileSync(resultsFile)
  })
  const project = () => {
    const r = parseProject(fs.readFileSync(pendulum, 'utf8'))
    if (!r.ok) throw new Error('the pendulum example does not load')
    return r.project
  }

  /** The same damage with the checksum recomputed, so the damage reaches the decoder behind it. */
  const withCrc = (bytes: Uint8Array) => {
    if (bytes.length < 16) return bytes
    const out = Uint8Array.from(bytes)
    new DataView(out.buffer).setUint32(out.length - 4, crc32(out, 16, out.length - 4), true)
    return out
  }

  it('a damaged checkpoint is refused or loads into the run', () => {
    const run = startRun(project())
    fc.assert(
      fc.property(
        fc.constant(null).chain(() => damage(checkpoint)),
        fc.boolean(),
        (bytes, fixCrc) => {
          try {
            loadCheckpoint(fixCrc ? withCrc(bytes) : bytes, run)
          } catch (e) {
            if (!isRefusal(e)) throw e
          }
        },
      ),
      { seed: FUZZ_SEED, numRuns: fuzzRuns(100) },
    )
  })

  it('a checkpoint with a non-finite time or a non-positive step size is refused', () => {
    const c = captureCheckpoint(startRun(project()))
    for (const time of [NaN, Infinity, -Infinity])
      expect(() => decodeCheckpoint(encodeCheckpoint({ ...c, time }))).toThrow(/checkpoint time is/)
    for (const stepSize of [NaN, Infinity, 0, -1e-3])
      expect(() =>
        decodeCheckpoint(encodeCheckpoint({ ...c, integrator: { ...c.integrator, stepSize } })),
      ).toThrow(/checkpoint step size is/)
  })

  it('checkpoint text that is not UTF-8 is a format error, also behind a correct checksum', () => {
    const at = Buffer.from(checkpoint).indexOf('counts ode2=')
    expect(at).toBeGreaterThan(0)
    const bad = Uint8Array.from(checkpoint)
    bad[at] = 0xff
    expect(() => loadCheckpoint(withCrc(bad), startRun(project()))).toThrow(/is not valid UTF-8/)
    expect(() => decodeCheckpoint(withCrc(bad))).toThrow(FormatError)
  })

  it('one bit flipped anywhere in a results header is a format error', () => {
    const headerBytes = 16 + new DataView(results.buffer, results.byteOffset).getUint32(12, true) + 8
    fc.assert(
      fc.property(fc.nat(8 * headerBytes - 1), (k) => {
        const bytes = Uint8Array.from(results)
        bytes[k >> 3] ^= 1 << (k & 7)
        expect(() => ResultsReader.open(memorySource(bytes))).toThrow(FormatError)
      }),
      { seed: FUZZ_SEED, numRuns: fuzzRuns(200) },
    )
  })

  it('a damaged results file is refused or read to its end', () => {
    fc.assert(
      fc.property(
        fc.constant(null).chain(() => damage(results)),
        (bytes) => {
          try {
            const reader = ResultsReader.open(memorySource(bytes))
            for (let i = 0; i < reader.frameCount; i++) reader.frame(i)
            for (const item of reader.header.sensors.items) reader.sensor(item.name)
          } catch (e) {
            if (!isRefusal(e)) throw e
          }
        },
      ),
      { seed: FUZZ_SEED, numRuns: fuzzRuns(100) },
    )
  })
})
