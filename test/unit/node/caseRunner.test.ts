// CaseRunner against a worker whose channel closes before it exits: a case sent into the closed channel
// is rejected with CaseRunnerDied when the process exits, and the parent does not crash (an unhandled
// 'error' event of the child process, ERR_IPC_CHANNEL_CLOSED or EPIPE, would end it).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { CaseRunner, CaseRunnerDied } from '../../../src/node/caseRunner'

const WORKER = path.resolve(__dirname, '../../fixtures/study/disconnectingWorker.mjs')

describe('CaseRunner', () => {
  it('a case sent into a closed channel is rejected when the worker exits', async () => {
    const flag = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-runner-')), 'disconnected')
    process.env.DISCONNECTED_FLAG = flag
    const runner = new CaseRunner(WORKER)
    delete process.env.DISCONNECTED_FLAG
    while (!fs.existsSync(flag)) await sleep(5)
    // The worker lives 300 ms after its disconnect: the case goes into a closed channel, not to a dead process.
    expect(runner.alive).toBe(true)
    const row = runner.run({ key: 'k', projectText: '{}', outputs: [] }, { index: 0, overrides: [] })
    await expect(row).rejects.toBeInstanceOf(CaseRunnerDied)
    expect(runner.alive).toBe(false)
    fs.rmSync(path.dirname(flag), { recursive: true })
  })
})
