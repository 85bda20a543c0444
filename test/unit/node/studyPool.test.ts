// The local study pool with a stand-in worker (test/fixtures/study/dyingWorker.mjs): every case gets
// exactly one row; a case that kills its worker fails alone, while the cases queued behind it and those
// of its batch go back on the list and a new worker replaces it; a worker killed once loses no case; the
// first cases go one per worker, so a study of fewer cases than slots still uses every worker; short
// cases go in batches each way.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { StudyCase, StudyRow } from '../../../src/core'
import { workerV8Flags } from '../../../src/node/caseRunner'
import { batchSize, runPool, StudyPool } from '../../../src/node/studyPool'

const WORKER = path.resolve(__dirname, '../../fixtures/study/dyingWorker.mjs')
const cases: StudyCase[] = Array.from({ length: 12 }, (_, index) => ({ index, overrides: [] }))
const work = { key: 'k', projectText: '{}', outputs: [] }

describe('runPool', () => {
  const saved = { ...process.env }
  afterEach(() => {
    process.env = { ...saved }
  })

  const many = Array.from({ length: 40 }, (_, index) => ({ index, overrides: [] }))
  const deaths = (flag: string) => fs.readFileSync(flag, 'utf8').trim().split('\n').map(Number)

  it('runs every case once; a case that kills its worker fails alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-pool-'))
    process.env.DIE_AT = '21'
    process.env.DIE_FLAG = path.join(dir, 'died')
    const rows: StudyRow[] = []
    const pool = new StudyPool(2, WORKER)
    await pool.run(work, many, (r) => rows.push(r))
    const byCase = new Map(rows.map((r) => [r.case, r]))
    expect(rows).toHaveLength(many.length)
    expect([...byCase.keys()].sort((a, b) => a - b)).toEqual(many.map((c) => c.index))
    expect(rows.filter((r) => r.status === 'failed').map((r) => r.case)).toEqual([21])
    expect(byCase.get(21)!.error).toMatch(/exited \(exit code 3\)/)
    // Its worker died once, or twice: first in a batch (its cases then go back one per message, the
    // rows the worker held with them), then alone. Each death forked a replacement.
    const dead = deaths(process.env.DIE_FLAG)
    expect(dead.length).toBeGreaterThanOrEqual(1)
    expect(dead.length).toBeLessThanOrEqual(2)
    expect(pool.started).toHaveLength(2 + dead.length)
    // Nothing came from a dead worker after its death.
    const after = rows.slice(rows.findIndex((r) => r.case === 21) + 1)
    expect(after.some((r) => dead.includes(Number(r.outputs.pid)))).toBe(false)
    fs.rmSync(dir, { recursive: true })
  })

  it('a worker killed once in a batch: its cases run again, each row once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-pool-'))
    const flag = path.join(dir, 'died')
    Object.assign(process.env, { DIE_AT: '21', DIE_ONCE: '1', DIE_FLAG: flag })
    const rows: StudyRow[] = []
    await runPool({ work, cases: many, workers: 2, mbs: WORKER, onRow: (r) => rows.push(r) })
    expect(rows.map((r) => r.case).sort((a, b) => a - b)).toEqual(many.map((c) => c.index))
    // Case 21 fails only if it was running alone when its worker was killed.
    const failed = rows.filter((r) => r.status === 'failed')
    expect(failed.map((r) => r.case)).toEqual(failed.length > 0 ? [21] : [])
    if (failed.length > 0) expect(rows.find((r) => r.case === 21)!.error).toMatch(/exit code 3/)
    expect(deaths(flag)).toHaveLength(1)
    fs.rmSync(dir, { recursive: true })
  })

  it('deals the first cases one per worker: 2 cases on 2 workers run in 2 processes', async () => {
    const rows: StudyRow[] = []
    await runPool({ work, cases: cases.slice(0, 2), workers: 2, mbs: WORKER, onRow: (r) => rows.push(r) })
    expect(rows.map((r) => r.case).sort()).toEqual([0, 1])
    expect(new Set(rows.map((r) => r.outputs.pid)).size).toBe(2)
  })

  it('sends short cases in batches, and their rows come back in one message each', async () => {
    const rows: StudyRow[] = []
    process.env.CASE_WALL = '0.0005'
    await runPool({ work, cases: many, workers: 1, mbs: WORKER, onRow: (r) => rows.push(r) })
    expect(rows.map((r) => r.case)).toEqual(many.map((c) => c.index))
    const messages = Math.max(...rows.map((r) => Number(r.outputs.messages)))
    // The load and the two first cases, then batches of 20 ms of 0.5 ms cases (40) at most, a quarter
    // of the cases left at most (batchSize): 9, 7, 5, 4, ... Far fewer messages than cases.
    expect(messages).toBeLessThanOrEqual(16)
    expect(Math.max(...rows.map((r) => Number(r.outputs.batch)))).toBeGreaterThanOrEqual(5)
  })

  it("batch size: 20 ms of cases, a quarter of a worker's share of those left, one at least", () => {
    expect(batchSize(undefined, 1000, 2)).toBe(1)
    expect(batchSize(0.002, 1000, 2)).toBe(10)
    expect(batchSize(0.002, 24, 2)).toBe(3)
    expect(batchSize(0.002, 3, 2)).toBe(1)
    expect(batchSize(0.05, 1000, 2)).toBe(1)
    expect(batchSize(0, 1e6, 1)).toBe(64)
  })

  it('runs workers single-threaded when they fill the cores; the variable chooses otherwise', async () => {
    delete process.env.MBS_WORKER_V8_FLAGS
    const filling = ['--single-threaded', '--no-lazy-feedback-allocation']
    expect(workerV8Flags(2, 2)).toEqual(filling)
    expect(workerV8Flags(8, 4)).toEqual(filling)
    expect(workerV8Flags(1, 2)).toEqual(['--no-lazy-feedback-allocation'])
    process.env.MBS_WORKER_V8_FLAGS = ''
    expect(workerV8Flags(2, 2)).toEqual([])
    process.env.MBS_WORKER_V8_FLAGS = ' --single-threaded-gc  --no-concurrent-recompilation'
    expect(workerV8Flags(1, 2)).toEqual(['--single-threaded-gc', '--no-concurrent-recompilation'])
    // The worker processes get them.
    process.env.MBS_WORKER_V8_FLAGS = '--single-threaded'
    const rows: StudyRow[] = []
    await runPool({ work, cases, workers: 2, mbs: WORKER, onRow: (r) => rows.push(r) })
    expect(rows.map((r) => r.outputs.singleThreaded)).toEqual(cases.map(() => 1))
  })
})
