// CaseRunner against a worker whose channel closes before it exits: a case sent into the closed channel
// is rejected with CaseRunnerDied when the process exits, and the parent does not crash (an unhandled
// 'error' event of the child process, ERR_IPC_CHANNEL_CLOSED or EPIPE, would end it). The real worker
// (the mbs bin), which keeps its project's system across cases, against fresh runs of each case. Where a
// case was when its worker died (test/fixtures/study/dyingWorker.mjs).
// threadCpuMs against the process's CPU time: a process's CPU is the sum of its threads'.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import type { Override } from '../../../src/core'
import { CaseRunner, CaseRunnerDied, cpuMs, threadCpuMs } from '../../../src/node/caseRunner'
import { alone, load, outputs, shuffled } from '../core/study/freshRuns'

const WORKER = path.resolve(__dirname, '../../fixtures/study/disconnectingWorker.mjs')
const DYING = path.resolve(__dirname, '../../fixtures/study/dyingWorker.mjs')

describe('CaseRunner', () => {
  it('a case sent into a closed channel is rejected when the worker exits', async () => {
    const flag = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-runner-')), 'disconnected')
    process.env.DISCONNECTED_FLAG = flag
    const runner = new CaseRunner(WORKER)
    delete process.env.DISCONNECTED_FLAG
    while (!fs.existsSync(flag)) await sleep(5)
    // The worker lives 300 ms after its disconnect: the case goes into a closed channel, not to a dead
    // process.
    expect(runner.alive).toBe(true)
    const row = runner.run({ key: 'k', projectText: '{}', outputs: [] }, { index: 0, overrides: [] })
    await expect(row).rejects.toBeInstanceOf(CaseRunnerDied)
    expect(runner.alive).toBe(false)
    fs.rmSync(path.dirname(flag), { recursive: true })
  })

  it('tells where each case was when its worker died: alone, in the batch, or waiting behind', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-runner-'))
    Object.assign(process.env, { DIE_AT: '1', DIE_FLAG: path.join(dir, 'died') })
    const work = { key: 'k', projectText: '{}', outputs: [] }
    const state = (p: Promise<unknown>) =>
      p.then(
        () => 'answered',
        (e: unknown) => (e instanceof CaseRunnerDied ? e.state : String(e)),
      )
    // Cases 0-2 in one message: the worker dies at case 1, holding case 0's row; case 3 sent behind.
    const batch = new CaseRunner(DYING)
    const first = [0, 1, 2].map((index) => state(batch.run(work, { index, overrides: [] })))
    const behind = state(batch.run(work, { index: 3, overrides: [] }, true))
    expect(await Promise.all([...first, behind])).toEqual(['batch', 'batch', 'batch', 'waiting'])
    // Case 1 sent alone: it was the one running.
    const alone = new CaseRunner(DYING)
    expect(await state(alone.run(work, { index: 1, overrides: [] }, true))).toBe('running')
    delete process.env.DIE_AT
    fs.rmSync(dir, { recursive: true })
  })

  it('the mbs worker keeps its system: shuffled cases equal fresh runs bit for bit', async () => {
    const file = 'resources/examples/pendulum.mbsproj'
    const project = load(file)
    const outs = outputs('bobPositionSensor', 2)
    const short: Override[] = [
      { path: 'timeIntegration.numberOfSteps', value: 200 },
      { path: 'timeIntegration.endTime', value: 0.5 },
    ]
    const varied: Override[][] = [
      ...[0.4, 0.9, 1.6, 2.2, 3.1].map((m) => [{ path: 'bob.physicsMass', value: m }]),
      [{ path: 'gravity.loadVector', value: [0.3, -1.62, 0] }],
      // Structural (built anew) and invalid (a failed row): the kept system must not notice either.
      [
        { path: 'rod.distance', value: 0.7 },
        { path: 'bob.physicsMass', value: 1.3 },
      ],
      [{ path: 'bob.physicsMass', value: -2 }],
    ]
    const cases = shuffled(varied, 11).map((o, index) => ({ index, overrides: [...o, ...short] }))
    const runner = new CaseRunner(path.resolve(__dirname, '../../../bin/mbs.cjs'))
    const work = { key: 'pendulum', projectText: fs.readFileSync(file, 'utf8'), outputs: outs }
    const rows = await Promise.all(cases.map((c) => runner.run(work, c)))
    await runner.close()
    for (const [i, row] of rows.entries()) {
      const expected = alone(project, outs, cases[i].overrides)
      if (typeof expected === 'string') expect(row.status).toBe('failed')
      // The rows come through the IPC channel's JSON, as the study folder gets them.
      else expect(row.outputs).toStrictEqual(JSON.parse(JSON.stringify(expected)))
    }
    expect(rows.filter((r) => r.status === 'failed').map((r) => r.parameters['bob.physicsMass'])).toEqual([
      -2,
    ])
  }, 60_000)

  it.runIf(process.platform === 'linux')(
    "threadCpuMs: the main thread's CPU, within the process's, during arithmetic all of it",
    () => {
      const [thread0, process0] = [threadCpuMs()!, cpuMs()]
      let x = 0
      while (cpuMs() - process0 < 300) for (let i = 0; i < 1e5; i++) x += Math.sqrt(i)
      const [thread, all] = [threadCpuMs()! - thread0, cpuMs() - process0]
      expect(x).toBeGreaterThan(0)
      // Clock ticks of 10 ms at each end: the thread's time is known to 20 ms. The loop allocates
      // nothing, so V8's other threads take little of it (a GC of vitest's own objects at most).
      expect(thread).toBeLessThanOrEqual(all + 20)
      expect(thread).toBeGreaterThan(0.8 * all - 20)
    },
  )
})
