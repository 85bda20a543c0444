// The local study pool with a stand-in worker (test/fixtures/study/dyingWorker.mjs): every case gets
// exactly one row; a worker that dies fails only the case it was running, while the case queued behind
// it (the pool keeps two in flight) goes back on the list and a new worker replaces it; the first cases
// go one per worker, so a study of fewer cases than slots still uses every worker; short cases go in
// batches.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { StudyCase, StudyRow } from '../../../src/core'
import { workerV8Flags } from '../../../src/node/caseRunner'
import { runPool, StudyPool } from '../../../src/node/studyPool'

const WORKER = path.resolve(__dirname, '../../fixtures/study/dyingWorker.mjs')
const cases: StudyCase[] = Array.from({ length: 12 }, (_, index) => ({ index, overrides: [] }))
const work = { key: 'k', projectText: '{}', outputs: [] }

describe('runPool', () => {
  const saved = { ...process.env }
  afterEach(() => {
    process.env = { ...saved }
  })

  it('runs every case once; a dying worker fails only its running case', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-pool-'))
    process.env.DIE_AT = '5'
    process.env.DIE_FLAG = path.join(dir, 'died')
    const rows: StudyRow[] = []
    const pool = new StudyPool(2, WORKER)
    await pool.run(work, cases, (r) => rows.push(r))
    const byCase = new Map(rows.map((r) => [r.case, r]))
    expect(rows).toHaveLength(cases.length)
    expect([...byCase.keys()].sort((a, b) => a - b)).toEqual(cases.map((c) => c.index))
    expect(rows.filter((r) => r.status === 'failed').map((r) => r.case)).toEqual([5])
    expect(byCase.get(5)!.error).toMatch(/exited \(exit code 3\)/)
    // Nothing came from the dead worker after its death, and a third process replaced it. Whether the
    // replacement gets a case depends on timing: the other worker may have taken the rest meanwhile.
    const deadPid = Number(fs.readFileSync(process.env.DIE_FLAG, 'utf8'))
    const after = rows.slice(rows.findIndex((r) => r.case === 5) + 1)
    expect(after.some((r) => r.outputs.pid === deadPid)).toBe(false)
    expect(pool.started).toHaveLength(3)
    const pids = new Set(rows.filter((r) => r.status === 'ok').map((r) => r.outputs.pid))
    expect(pids.size).toBeGreaterThanOrEqual(2)
    fs.rmSync(dir, { recursive: true })
  })

  it('deals the first cases one per worker: 2 cases on 2 workers run in 2 processes', async () => {
    const rows: StudyRow[] = []
    await runPool({ work, cases: cases.slice(0, 2), workers: 2, mbs: WORKER, onRow: (r) => rows.push(r) })
    expect(rows.map((r) => r.case).sort()).toEqual([0, 1])
    expect(new Set(rows.map((r) => r.outputs.pid)).size).toBe(2)
  })

  it('sends short cases in batches: 40 cases reach one worker in at most 12 messages', async () => {
    const many = Array.from({ length: 40 }, (_, index) => ({ index, overrides: [] }))
    const rows: StudyRow[] = []
    await runPool({ work, cases: many, workers: 1, mbs: WORKER, onRow: (r) => rows.push(r) })
    expect(rows.map((r) => r.case)).toEqual(many.map((c) => c.index))
    // The load, the first two cases, then one message per four (BATCH_DEPTH - IN_FLIGHT) cases: 1 + 1 + 10.
    expect(Math.max(...rows.map((r) => Number(r.outputs.messages)))).toBeLessThanOrEqual(12)
  })

  it('runs workers single-threaded when they fill the cores; the variable chooses otherwise', async () => {
    delete process.env.MBS_WORKER_V8_FLAGS
    const filling = ['--single-threaded', '--max-inlined-bytecode-size-cumulative=200']
    expect(workerV8Flags(2, 2)).toEqual(filling)
    expect(workerV8Flags(8, 4)).toEqual(filling)
    expect(workerV8Flags(1, 2)).toEqual([])
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
