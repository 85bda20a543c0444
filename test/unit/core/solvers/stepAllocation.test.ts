// The standard: hot paths allocate nothing per step. A warm solver on the pendulum example (a mass
// point on a ConnectorDistance rod under gravity, sensor rows every 10 steps) takes chunks of 1000
// steps; the bytes the heap grew by over a chunk, per step, must stay below 16, one boxed double
// (V8 boxes a double passed to or returned from a call it does not inline, or stored in a field that
// is not a double field). Before the allocations were removed a warm step took 35-100 B. Not timing:
// the least growth over the chunks after warm-up (a chunk with a garbage collection in it shrinks the
// heap and is skipped; one in which V8 installs optimized code or runs code not yet optimized grows
// more), so it depends only on what the optimized step code allocates.
import { readFileSync } from 'node:fs'
import { getHeapStatistics } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { buildSystem, createSolver, parseProject, SensorRecorder } from '../../../../src/core'

const PROJECT = new URL('../../../../resources/examples/pendulum.mbsproj', import.meta.url)
const CHUNK = 1000
/** Chunks until one is under the bound: the first are interpreted and compiled, a few thousand steps. */
const MAX_CHUNKS = 200
const BOUND = 16

/** The least heap growth per step over chunks of a warm run, stopping at the first under BOUND. */
function leastBytesPerStep(solverType: string, withOnStep = false): number {
  const parsed = parseProject(readFileSync(PROJECT, 'utf8'))
  if (!parsed.ok) throw new Error('the pendulum example does not parse')
  const settings = structuredClone(parsed.project.settings)
  settings.solverType = solverType as typeof settings.solverType
  const ti = settings.timeIntegration
  const h = (ti.endTime - ti.startTime) / ti.numberOfSteps
  // Far beyond the chunks: no step is the last one.
  ti.numberOfSteps = 1e9
  ti.endTime = ti.startTime + 1e9 * h
  const system = buildSystem(parsed.project)
  // Rows at the period of the example, not stored (their storage grows with the run by design).
  const recorder = new SensorRecorder(system, 10 * h, false)
  // An onStep callback (the solver process's results writer) takes every step through solveStep.
  const solver = createSolver(system, settings, withOnStep ? { recorder, onStep: () => {} } : { recorder })
  solver.initializeSolver()
  let least = Infinity
  for (let c = 0; c < MAX_CHUNKS && least >= BOUND; c++) {
    const t = system.state.t
    const before = getHeapStatistics().used_heap_size
    solver.advance(Infinity, t + (CHUNK - 0.5) * h)
    const after = getHeapStatistics().used_heap_size
    if (after >= before) least = Math.min(least, (after - before) / CHUNK)
  }
  return least
}

describe('a warm step allocates less than one boxed double', () => {
  it.each(['GeneralizedAlpha', 'TrapezoidalIndex2', 'RK44', 'DOPRI5', 'ExplicitEuler'])(
    '%s',
    (solverType) => {
      expect(leastBytesPerStep(solverType)).toBeLessThan(BOUND)
    },
  )
  it.each(['GeneralizedAlpha', 'RK44'])(
    '%s, every step through solveStep (an onStep callback)',
    (solverType) => {
      expect(leastBytesPerStep(solverType, true)).toBeLessThan(BOUND)
    },
  )
})
