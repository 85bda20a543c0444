// The built solver entry (out/main/solver-process.js, what the Electron app forks as a
// utilityProcess) runs as a Node child process and answers the protocol: load, run, finish.
import assert from 'node:assert/strict'
import { resolve } from 'node:path'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { require as tsxRequire } from 'tsx/cjs/api'
import { FIXTURE_EXAMPLES, PROJECT_ROOT } from './harness.mjs'

const load = (file) => tsxRequire(resolve(PROJECT_ROOT, file), import.meta.url)

test('the built solver process loads and runs a model', async () => {
  const { createSolverSupervisor } = load('src/host/solverSupervisor.ts')
  const { nodeSolverLauncher, builtSolverEntry } = load('src/host/nodeSolverLauncher.ts')
  let finished
  const done = new Promise((resolveDone) => (finished = resolveDone))
  const supervisor = createSolverSupervisor({
    launch: nodeSolverLauncher(builtSolverEntry()),
    onEvent: (event) => event.event === 'finished' && finished(event.data),
    reload: async () => false,
  })
  try {
    const text = readFileSync(resolve(FIXTURE_EXAMPLES, 'pendulum.mbsproj'), 'utf8')
    const opened = await supervisor.request('openModel', { text, revision: 1 })
    assert.equal(opened.summary.counts.objects, 3)
    await supervisor.request('run', { endTime: 0.2 })
    const result = await done
    assert.equal(result.reason, 'completed')
    assert.equal(result.statistics.steps, 200)
  } finally {
    supervisor.dispose()
  }
})
