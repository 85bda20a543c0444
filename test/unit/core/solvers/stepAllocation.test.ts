// The standard: hot paths allocate nothing per step. A warm solver on the pendulum example (a mass
// point on a ConnectorDistance rod under gravity, sensor rows every 10 steps) takes chunks of 1000
// steps; the bytes the heap grew by over a chunk, per step, must stay below 16, one boxed double
// (V8 boxes a double passed to or returned from a call it does not inline, or stored in a field that
// is not a double field). Before the allocations were removed a warm step took 35-100 B. Not timing:
// the least growth over the chunks after warm-up (a chunk with a garbage collection in it shrinks the
// heap and is skipped; one in which V8 installs optimized code or runs code not yet optimized grows
// more), so it depends only on what the optimized step code allocates.
// Each kind runs in a fresh process (test/fixtures/alloc/stepAllocationProbe.ts), up to three times:
// V8's compile outcome differs between processes, and in about one process in six (and more often
// after other solver kinds ran in it) the step code ends up allocating 50-85 B per step
// (docs/performance.md, "What is left"); the guard asserts that the step code compiles to one that
// does not allocate, which the allocations removed would fail in every process.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const PROBE = fileURLToPath(new URL('../../../fixtures/alloc/stepAllocationProbe.ts', import.meta.url))
const BOUND = 16
const PROCESSES = 3

/** The least heap growth per warm step over up to PROCESSES fresh processes, B. */
function leastBytesPerStep(solverType: string, withOnStep = false): number {
  let least = Infinity
  for (let p = 0; p < PROCESSES && least >= BOUND; p++) {
    const args = ['--import', 'tsx', PROBE, solverType, withOnStep ? 'onStep' : 'advance', String(BOUND)]
    least = Math.min(least, Number(execFileSync(process.execPath, args, { encoding: 'utf8' }).trim()))
  }
  return least
}

describe('a warm step allocates less than one boxed double', () => {
  it.each(['GeneralizedAlpha', 'TrapezoidalIndex2', 'RK44', 'DOPRI5', 'ExplicitEuler'])(
    '%s',
    (solverType) => {
      expect(leastBytesPerStep(solverType)).toBeLessThan(BOUND)
    },
    60_000,
  )
  it.each(['GeneralizedAlpha', 'RK44'])(
    '%s, every step through solveStep (an onStep callback)',
    (solverType) => {
      expect(leastBytesPerStep(solverType, true)).toBeLessThan(BOUND)
    },
    60_000,
  )
})
