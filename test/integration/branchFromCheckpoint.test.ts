// branchFromCheckpoint through the host with a real solver process: a run of a saved spring
// pendulum is paused, a checkpoint saved (its answer names the run's results file), and branches run
// from it while the original stays paused. The reference is the original run itself, resumed to its
// end: a branch with the same stiffness must be its results file record for record (bitwise: the
// checkpoint restarts exactly), one with another stiffness its records up to the checkpoint and
// different ones after. A structural change is refused naming the parameter, and nothing is run. A
// model without a file branches into the run cache, whose end removes the branch with its model copy.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { memorySource, ResultsReader } from '../../src/core'
import { ApiError } from '../../src/shared/protocol'
import { startTestBackend, temporaryDir } from './helpers'

const FIXTURE = path.resolve(__dirname, '../fixtures/branch/springPendulum.mbsproj')
const { backend, events, dispose } = startTestBackend()
afterAll(dispose)

/** The bytes after the header: every record, in order. */
function records(file: string): Buffer {
  const bytes = fs.readFileSync(file)
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true)
  return bytes.subarray(16 + length + 8)
}
const open = (file: string) => ResultsReader.open(memorySource(fs.readFileSync(file)))
const stiffness = (k: number) => [
  { op: 'modify' as const, kind: 'objects' as const, name: 'spring', set: { stiffness: k } },
]

describe('branchFromCheckpoint', () => {
  it('branches a paused run: the same value is the original, another differs after it', async () => {
    const dir = temporaryDir()
    const project = path.join(dir, 'spring.mbsproj')
    fs.copyFileSync(FIXTURE, project)
    await backend.call('openFile', { path: project })
    // Paced, so the run is still going when the pause arrives.
    await backend.call('run', { realTimeFactor: 1 })
    await events.next('progress', (p) => p.time > 0.1)
    await backend.call('pause', undefined)
    const saved = await backend.call('saveCheckpoint', { path: path.join(dir, 'c.mbschk') })
    expect(saved.resultsPath).toBe(path.join(dir, 'spring.mbsres'))
    expect(saved.time).toBeGreaterThan(0.1)
    expect(saved.time).toBeLessThan(1)

    const request = { checkpoint: saved.path, results: saved.resultsPath }
    const same = await backend.call('branchFromCheckpoint', { ...request, patch: stiffness(200) })
    const changed = await backend.call('branchFromCheckpoint', { ...request, patch: stiffness(300) })
    expect(same.note).toBeUndefined()
    expect(same.resultsPath).toBe(path.join(dir, 'spring-branches', 'branch-1.mbsres'))
    expect(changed.resultsPath).toBe(path.join(dir, 'spring-branches', 'branch-2.mbsres'))
    expect(changed.name).toBe(`branch of spring at t=${Number(saved.time.toPrecision(12))}`)

    const refused = await backend
      .call('branchFromCheckpoint', {
        ...request,
        patch: [
          { op: 'modify', kind: 'objects', name: 'spring', set: { markerNumbers: ['pivot', 'pivot'] } },
        ],
      })
      .catch((error: ApiError) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect((refused as ApiError).code).toBe('invalid-model')
    expect((refused as ApiError).message).toContain('spring.markerNumbers connects the item to other items')
    expect(fs.existsSync(path.join(dir, 'spring-branches', 'branch-3.mbsres'))).toBe(false)

    // The original goes on to its end, unchanged by the branches.
    const finished = events.next('finished', () => true, 30_000)
    await backend.call('resume', undefined)
    expect((await finished).reason).toBe('completed')
    expect(records(same.resultsPath).equals(records(saved.resultsPath!))).toBe(true)

    const [b, o] = [open(changed.resultsPath), open(saved.resultsPath!)]
    expect(b.frameCount).toBe(o.frameCount)
    let differing = 0
    for (let i = 0; i < b.frameCount; i++) {
      const equal = Buffer.from(b.frame(i).buffer).equals(Buffer.from(o.frame(i).buffer))
      if (b.frameTime(i) <= saved.time) expect(equal).toBe(true)
      else if (!equal) differing++
    }
    expect(differing).toBe(o.times.filter((t) => t > saved.time).length)
  }, 60_000)

  it('a model without a file branches into the run cache, which removes the branch at the end', async () => {
    const dir = temporaryDir()
    const cache = path.join(dir, 'runs')
    const t = startTestBackend({ runCache: { dir: cache } })
    try {
      await t.backend.call('openModel', { text: fs.readFileSync(FIXTURE, 'utf8') })
      await t.backend.call('run', { realTimeFactor: 1 })
      await t.events.next('progress', (p) => p.time > 0.1)
      await t.backend.call('pause', undefined)
      const saved = await t.backend.call('saveCheckpoint', { path: path.join(dir, 'c.mbschk') })
      expect(path.dirname(saved.resultsPath!)).toBe(cache)
      const branch = await t.backend.call('branchFromCheckpoint', {
        checkpoint: saved.path,
        results: saved.resultsPath,
        patch: stiffness(300),
      })
      expect(branch.note).toBeUndefined()
      // The branch and the copy of the model it ran, next to the run's results in the cache.
      expect(path.dirname(branch.resultsPath)).toBe(cache)
      expect(path.basename(branch.resultsPath)).toMatch(/^Untitled-branch-\d{8}T\d{6}-\d+-2\.mbsres$/)
      expect(open(branch.resultsPath).frameCount).toBeGreaterThan(open(saved.resultsPath!).frameCount)
      const copy = branch.resultsPath.replace(/\.mbsres$/, '.mbsproj')
      expect(fs.existsSync(copy)).toBe(true)
      t.dispose()
      expect(fs.readdirSync(cache)).toEqual([])
    } finally {
      t.dispose()
    }
  }, 60_000)
})
