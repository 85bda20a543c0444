// `mbs verify RESULTS`: a file written by `mbs run --results` (with an override, which the stored
// model carries) or by the app's solver session re-runs bitwise identical; one value of one frame changed
// (its record checksum made right again, so only the comparison can tell) is reported with its frame, time
// and coordinate; the settings the file recorded are those re-run; a run continued from a checkpoint is
// refused (exit 2); a damaged file is exit 2. Through the real bin, the file records the build id of the
// engine's sources, and a file of another build is verified with a note saying so.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { mbs } from '../../fixtures/cli'
import {
  crc32,
  encodeHeader,
  HEADER_PREFIX,
  HEADER_SUFFIX,
  memorySource,
  RECORD_FRAME,
  ResultsReader,
  type JsonObject,
} from '../../../src/core'
import { resultsHashes } from '../../../src/core/results/headerHashes'
import { SolverSession } from '../../../src/solver-process/solverSession'
import { REPO_ROOT, spawnCli } from './spawnCli'

const { engineBuildId } = createRequire(import.meta.url)('../../../scripts/engineBuild.cjs') as {
  engineBuildId(root: string): string
}

const PENDULUM = path.join(REPO_ROOT, 'resources', 'examples', 'pendulum.mbsproj')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-verify-test-'))

const results = path.join(dir, 'pendulum.mbsres')
const run = mbs('run', PENDULUM, '--end-time', '0.3', '--set', 'bob.physicsMass=2', '--results', results)

/** Byte offset of frame `index` in a results file (records follow the header in writing order). */
function frameOffset(bytes: Buffer, index: number): { at: number; values: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length)
  const headerLength = view.getUint32(12, true)
  const header = JSON.parse(bytes.subarray(16, 16 + headerLength).toString('utf8'))
  const sizeOf = (kind: number) =>
    8 * (kind === RECORD_FRAME ? header.frame.valuesPerRecord : header.sensors.valuesPerRecord) + 16
  let at = 16 + headerLength + 8
  for (let seen = 0; ; at += sizeOf(view.getUint32(at, true)))
    if (view.getUint32(at, true) === RECORD_FRAME && seen++ === index)
      return { at, values: header.frame.valuesPerRecord }
}

describe('mbs verify', () => {
  it('a results file of mbs run re-runs bitwise identical (exit 0)', () => {
    expect(run.code).toBe(0)
    const { code, out, err } = mbs('verify', results)
    expect(err).toEqual([])
    expect(out).toEqual([`${results}: bitwise identical: 31 frames and 31 sensor rows, t = 0 .. 0.3`])
    expect(code).toBe(0)
  })

  it("the app's results file (the solver session's run) re-runs bitwise identical too", async () => {
    const finished: unknown[] = []
    const session = new SolverSession((event) => void (event === 'finished' && finished.push(event)))
    session.openModel({ text: fs.readFileSync(PENDULUM, 'utf8'), revision: 1 })
    finished.length = 0
    const file = path.join(dir, 'app.mbsres')
    session.run({ resultsPath: file })
    while (finished.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    const { code, out } = mbs('verify', file)
    expect(out).toEqual([`${file}: bitwise identical: 201 frames and 201 sensor rows, t = 0 .. 2`])
    expect(code).toBe(0)
  })

  it('names the first frame and coordinate that differ (exit 1)', () => {
    const bytes = fs.readFileSync(results)
    // Frame 10 (t = 0.1): a record is kind, sequence, t, then q[0] at +16 and q[1] (the bob's y
    // displacement) at +24; one ulp more.
    const { at, values } = frameOffset(bytes, 10)
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length)
    const q1 = view.getFloat64(at + 24, true)
    view.setBigUint64(at + 24, view.getBigUint64(at + 24, true) + 1n, true)
    const end = at + 8 + 8 * values
    view.setUint32(end, crc32(bytes, at, end), true)
    const changed = path.join(dir, 'changed.mbsres')
    fs.writeFileSync(changed, bytes)
    const { code, out } = mbs('verify', changed)
    const t = view.getFloat64(at + 8, true)
    expect(out).toEqual([
      `${changed}: differs at frame 10 (t = ${t}): q[1] (node "bobNode" coordinate 1) is ` +
        `${view.getFloat64(at + 24, true)} in the file, ${q1} in the re-run`,
    ])
    expect(code).toBe(1)
  })

  // A run at newton.relativeTolerance 1e-6 (a value a default could have had), its file rewritten as if
  // its project had left the tolerance to the default: the stored project without it (its hash made
  // right), the recorded settings with it. The re-run takes the recorded value: bitwise identical.
  // Without recorded settings (a file of an older engine) it runs at this engine's default 1e-8, differs,
  // and says why it may.
  it('re-runs with the settings the file recorded: a default changed since does not matter', () => {
    const file = path.join(dir, 'tolerance.mbsres')
    const set = 'timeIntegration.newton.relativeTolerance=1e-6'
    expect(mbs('run', PENDULUM, '--end-time', '0.3', '--set', set, '--results', file).code).toBe(0)
    const bytes = fs.readFileSync(file)
    const header = ResultsReader.open(memorySource(bytes)).header
    expect(header.settings).toMatchObject({ timeIntegration: { newton: { relativeTolerance: 1e-6 } } })
    const headerEnd = HEADER_PREFIX + bytes.readUInt32LE(12) + HEADER_SUFFIX
    const timeIntegration = (header.project.simulationSettings as JsonObject).timeIntegration as JsonObject
    delete (timeIntegration.newton as JsonObject).relativeTolerance
    header.hashes = resultsHashes(header.project, header.engineVersion)
    const rewritten = (name: string) => {
      const out = path.join(dir, name)
      fs.writeFileSync(out, Buffer.concat([encodeHeader(header), bytes.subarray(headerEnd)]))
      return out
    }

    const recorded = rewritten('recorded.mbsres')
    const same = mbs('verify', recorded)
    expect(same.out).toEqual([`${recorded}: bitwise identical: 31 frames and 31 sensor rows, t = 0 .. 0.3`])
    expect(same.code).toBe(0)

    delete header.settings
    const older = rewritten('older.mbsres')
    const differs = mbs('verify', older)
    expect(differs.out[0]).toMatch(/differs at frame \d+ \(t = [\d.]+\): q\[\d\]/)
    expect(differs.err).toEqual([
      `mbs verify: note: ${older} records only the settings its project sets; the others ran with the ` +
        "defaults of the engine that wrote it, which may not be this one's",
    ])
    expect(differs.code).toBe(1)
  })

  it('refuses a run continued from a checkpoint, and a damaged file (exit 2)', () => {
    const checkpoint = path.join(dir, 'at0.1.mbschk')
    expect(mbs('run', PENDULUM, '--end-time', '0.1', '--save-checkpoint', checkpoint).code).toBe(0)
    const continued = path.join(dir, 'continued.mbsres')
    expect(
      mbs('run', PENDULUM, '--end-time', '0.2', '--from-checkpoint', checkpoint, '--results', continued).code,
    ).toBe(0)
    const refused = mbs('verify', continued)
    expect(refused.code).toBe(2)
    expect(refused.err[0]).toMatch(/the run started at t = 0\.1.* \(from a checkpoint\)/)

    const damaged = fs.readFileSync(results)
    damaged[100] ^= 4
    fs.writeFileSync(path.join(dir, 'damaged.mbsres'), damaged)
    const { code, err } = mbs('verify', path.join(dir, 'damaged.mbsres'))
    expect(code).toBe(2)
    expect(err[0]).toMatch(/the results file's header is damaged: its checksum does not match/)
  })
})

describe('mbs verify and engine builds (the bundled mbs, as a user runs it)', () => {
  /** The file at `file` with its header's engineBuild set to `build` (removed when undefined). */
  const withBuild = (file: string, build: string | undefined, name: string): string => {
    const bytes = fs.readFileSync(file)
    const header = ResultsReader.open(memorySource(bytes)).header
    if (build === undefined) delete header.engineBuild
    else header.engineBuild = build
    const headerEnd = HEADER_PREFIX + bytes.readUInt32LE(12) + HEADER_SUFFIX
    const out = path.join(dir, name)
    fs.writeFileSync(out, Buffer.concat([encodeHeader(header), bytes.subarray(headerEnd)]))
    return out
  }
  const identical = (file: string) => `${file}: bitwise identical: 11 frames and 11 sensor rows, t = 0 .. 0.1`

  it('mbs run --results records the build of the sources; verify notes a file of another build', async () => {
    const file = path.join(dir, 'built.mbsres')
    const ran = await spawnCli(['run', PENDULUM, '--end-time', '0.1', '--results', file])
    expect(ran.code).toBe(0)
    const build = engineBuildId(REPO_ROOT)
    const header = ResultsReader.open(memorySource(fs.readFileSync(file))).header
    expect(header.engineBuild).toBe(build)
    // The version hash stays what it was: a hash of the version alone.
    expect(header.hashes.engine).toBe(resultsHashes(header.project, header.engineVersion).engine)

    const same = await spawnCli(['verify', file])
    expect([same.code, same.stdout, same.stderr]).toEqual([0, `${identical(file)}\n`, ''])

    const other = withBuild(file, '0123456789abcdef', 'other-build.mbsres')
    const noted = await spawnCli(['verify', other])
    expect([noted.code, noted.stdout]).toEqual([0, `${identical(other)}\n`])
    expect(noted.stderr).toBe(
      `mbs verify: note: ${other} was written by build 0123456789abcdef of engine ` +
        `${header.engineVersion}; this is build ${build}\n`,
    )
    // Run from the sources, this engine's build is not known: no note.
    expect(mbs('verify', other)).toEqual({ code: 0, out: [identical(other)], err: [] })

    // A file of an older engine has no build: verified as before, and `mbs info` names none.
    const older = withBuild(file, undefined, 'no-build.mbsres')
    const verified = await spawnCli(['verify', older])
    expect([verified.code, verified.stdout, verified.stderr]).toEqual([0, `${identical(older)}\n`, ''])
    expect(mbs('info', older).out).toContain(
      `written by engine ${header.engineVersion}; SHA-256 of the model ${header.hashes.model.slice(0, 16)}` +
        `..., of the settings ${header.hashes.settings.slice(0, 16)}...`,
    )
    expect(mbs('info', other).out.join('\n')).toContain(
      `written by engine ${header.engineVersion} (build 0123456789abcdef); SHA-256`,
    )
  }, 60_000)
})
