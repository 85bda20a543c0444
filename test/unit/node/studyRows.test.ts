// The study folder's rows (src/node/studyRows.ts): the rows appended in one turn of the event loop reach
// both files together at its end, whole lines that read back as the rows; a write that fails (here the
// folder is gone) is told by flush, never thrown from the microtask that wrote (which would end the
// process).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseStudy, type StudyRow } from '../../../src/core'
import { ROWS_CSV, ROWS_JSONL, StudyRows } from '../../../src/node/studyRows'

const parsed = parseStudy(
  JSON.stringify({
    format: 'mbs-studio-study',
    version: 1,
    project: 'p.mbsproj',
    parameters: [{ path: 'bob.physicsMass', values: [1, 2, 3] }],
    outputs: [{ sensor: 's', statistic: 'final' }],
    output: 'out',
  }),
)
if (!parsed.ok) throw new Error('the test study is not valid')
const study = parsed.study
const row = (i: number): StudyRow => ({
  case: i,
  status: 'ok',
  wallTime: 0.001,
  parameters: { 'bob.physicsMass': i + 1 },
  outputs: { [study.outputs[0].name]: 0.5 * i },
})

describe('StudyRows', () => {
  it('writes the rows of one turn together at its end, whole lines that read back', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-rows-'))
    const rows = new StudyRows(study, dir)
    rows.reset([])
    for (let i = 0; i < 3; i++) rows.append(row(i))
    expect(fs.readFileSync(path.join(dir, ROWS_JSONL), 'utf8')).toBe('')
    await Promise.resolve()
    expect(rows.read()).toEqual([0, 1, 2].map(row))
    expect(fs.readFileSync(path.join(dir, ROWS_CSV), 'utf8').trimEnd().split('\n')).toHaveLength(4)
    rows.append(row(3))
    await rows.flush()
    expect(rows.read()).toEqual([0, 1, 2, 3].map(row))
    fs.rmSync(dir, { recursive: true })
  })

  it('tells a failed write at flush', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-rows-'))
    const rows = new StudyRows(study, path.join(dir, 'gone'))
    rows.append(row(0))
    await Promise.resolve()
    await expect(rows.flush()).rejects.toThrow(/ENOENT/)
    fs.rmSync(dir, { recursive: true })
  })
})
