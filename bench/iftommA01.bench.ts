// IFToMM A01 over its whole 2000 s (the validation test runs 200 s and 20 s of it): the pendulum
// released from the horizontal, P1 written 4000 times and compared with the exact motion
// (test/validation/iftomm/a01Model.ts); the benchmark's high-precision limit is 1e-3 m.
import { a01MaxError } from '../test/validation/iftomm/a01Model'
import type { BenchRow, BenchSuite } from './suite'

const END_TIME = 2000
const LIMIT = 1e-3

const RUNS: { engine: string; solverType: string; steps: number; extra: object }[] = [
  {
    engine: 'MBS Studio DOPRI5, tolerances 1e-10',
    solverType: 'DOPRI5',
    steps: 20_000,
    extra: { absoluteTolerance: 1e-10, relativeTolerance: 1e-10 },
  },
  { engine: 'MBS Studio generalized-alpha, h = 1e-4', solverType: 'GeneralizedAlpha', steps: 2e7, extra: {} },
]

export const suite: BenchSuite = {
  name: 'IFToMM A01, 2000 s',
  async run() {
    return RUNS.map(({ engine, solverType, steps, extra }): BenchRow => {
      const cpu0 = process.cpuUsage(),
        t0 = performance.now()
      const run = a01MaxError(solverType, END_TIME, steps, extra)
      const cpu = process.cpuUsage(cpu0)
      return {
        model: 'IFToMM A01 pendulum',
        engine,
        steps: run.steps,
        simulatedSeconds: END_TIME,
        wallSeconds: (performance.now() - t0) / 1000,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        accuracy: `max distance of P1 to the exact = ${run.maxError.toExponential(2)} m (limit ${LIMIT} m)`,
      }
    })
  },
}
