// What-if branches on the command line (`mbs run --from-checkpoint C --branch-of ORIGINAL --set ...`).
// References: the original run itself (a branch with the same value must be its results file record
// for record, bitwise: the checkpoint restarts exactly) and a run started from the checkpoint in a
// project written with the new stiffness (the branch after the checkpoint must be it bit for bit:
// both solve the same system from the same state). A spring pendulum, k = 200 N/m, checkpoint at
// t = 0.4 s of 1 s.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { mbs } from '../../fixtures/cli'
import { memorySource, ResultsReader } from '../../../src/core'
import { REPO_ROOT } from './spawnCli'

const PROJECT = path.join(REPO_ROOT, 'test', 'fixtures', 'branch', 'springPendulum.mbsproj')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-branch-test-'))
const file = (name: string) => path.join(dir, name)

/** The bytes of a vector: equal means bitwise equal (also for -0 and NaN). */
const bits = (x: Float64Array) => Buffer.from(x.buffer, x.byteOffset, x.byteLength)
const open = (name: string) => ResultsReader.open(memorySource(fs.readFileSync(file(name))))
/** The bytes after the header: every record, in order. */
function records(name: string): Buffer {
  const bytes = fs.readFileSync(file(name))
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true)
  return bytes.subarray(16 + length + 8)
}
const branch = (name: string, ...set: string[]) =>
  mbs(
    'run',
    PROJECT,
    '--from-checkpoint',
    file('c.mbschk'),
    '--branch-of',
    file('original.mbsres'),
    '--results',
    file(name),
    ...set.flatMap((s) => ['--set', s]),
  )

const original = mbs(
  'run',
  PROJECT,
  '--results',
  file('original.mbsres'),
  '--save-checkpoint',
  file('c.mbschk'),
  '--checkpoint-at',
  '0.4',
)

describe('mbs run --branch-of', () => {
  it('a branch with the same value is the original results file, record for record', () => {
    expect(original.code).toBe(0)
    const same = branch('same.mbsres', 'spring.stiffness=200')
    expect(same.err).toEqual([])
    expect(same.code).toBe(0)
    expect(records('same.mbsres').equals(records('original.mbsres'))).toBe(true)
    const h = open('same.mbsres').header
    expect(h.branch).toEqual({ of: 'original.mbsres', time: 0.4 })
    expect(h.startTime).toBe(0)
  })

  it('a branch with another stiffness: the original before the checkpoint, a run from it after', () => {
    const changed = branch('k300.mbsres', 'spring.stiffness=300')
    expect(changed.code).toBe(0)
    // The reference: the project written with k = 300, started from the same checkpoint.
    const doc = JSON.parse(fs.readFileSync(PROJECT, 'utf8'))
    doc.model.objects.find((o: { name: string }) => o.name === 'spring').stiffness = 300
    fs.writeFileSync(file('k300.mbsproj'), JSON.stringify(doc))
    const ref = mbs(
      'run',
      file('k300.mbsproj'),
      '--from-checkpoint',
      file('c.mbschk'),
      '--results',
      file('ref.mbsres'),
    )
    expect(ref.code).toBe(0)
    const [b, o, r] = [open('k300.mbsres'), open('original.mbsres'), open('ref.mbsres')]
    expect(b.frameCount).toBe(o.frameCount)
    expect(b.sensorRowCount).toBe(o.sensorRowCount)
    let before = 0
    let after = 0
    let differing = 0
    for (let i = 0; i < b.frameCount; i++) {
      const t = b.frameTime(i)
      expect(t).toBe(o.frameTime(i))
      if (t <= 0.4) {
        expect(bits(b.frame(i)).equals(bits(o.frame(i)))).toBe(true)
        before++
      } else {
        const j = r.frameIndexAt(t)
        expect(r.frameTime(j)).toBe(t)
        expect(bits(b.frame(i)).equals(bits(r.frame(j)))).toBe(true)
        after++
        if (b.frame(i)[1] !== o.frame(i)[1]) differing++
      }
    }
    expect(before).toBe(41)
    expect(after).toBe(60)
    expect(differing).toBe(after)
    const [bs, os_, rs] = [b, o, r].map((x) => x.sensor('bobPositionSensor'))
    const cut = bs.t.findIndex((t) => t > 0.4)
    expect(cut).toBe(41)
    expect(bits(bs.values.subarray(0, 3 * cut)).equals(bits(os_.values.subarray(0, 3 * cut)))).toBe(true)
    const tail = bs.values.length - 3 * cut
    expect(bits(bs.values.subarray(3 * cut)).equals(bits(rs.values.subarray(rs.values.length - tail)))).toBe(
      true,
    )
    expect(bits(bs.values.subarray(3 * cut)).equals(bits(os_.values.subarray(3 * cut)))).toBe(false)
  })

  it('a mass is a branch parameter: the rebuilt system takes the checkpoint', () => {
    const heavier = branch('m2.mbsres', 'bob.physicsMass=2')
    expect(heavier.err).toEqual([])
    expect(heavier.code).toBe(0)
    expect(open('m2.mbsres').frameCount).toBe(101)
  })

  it('refuses structural changes, naming the parameter and why (exit 64)', () => {
    const rewired = branch(
      'x.mbsres',
      'spring.markerNumbers=["pivot","pivot"]',
      'bobNode.referenceCoordinates=[2,0,0]',
    )
    expect(rewired.code).toBe(64)
    const text = rewired.err.join('\n')
    expect(text).toContain('a branch cannot take these changes')
    expect(text).toContain('spring.markerNumbers connects the item to other items')
    expect(text).toContain(
      "bobNode.referenceCoordinates changes the reference configuration the checkpoint's coordinates are",
    )
    expect(fs.existsSync(file('x.mbsres'))).toBe(false)
  })

  it('refuses an original run of another model (exit 2)', () => {
    mbs('run', file('k300.mbsproj'), '--end-time', '0.5', '--results', file('other.mbsres'))
    const r = mbs(
      'run',
      PROJECT,
      '--from-checkpoint',
      file('c.mbschk'),
      '--branch-of',
      file('other.mbsres'),
      '--results',
      file('y.mbsres'),
    )
    expect(r.code).toBe(2)
    expect(r.err.join('\n')).toContain("that run's model or settings are not those of the project")
  })

  it('mbs verify refuses a branch: its frames come from two models', () => {
    const r = mbs('verify', file('k300.mbsres'))
    expect(r.code).toBe(2)
    expect(r.err.join('\n')).toContain('a what-if branch of original.mbsres at t = 0.4')
  })
})
