// Exudyn's performance tests rebuilt item for item (bench/models.ts); the anchors are the issue's
// Exudyn 1.11 numbers measured on this machine class. The two small models run Exudyn's full step
// counts: their first 20,000 steps cost several times the steady state (interpreter, then JIT
// compilation on background threads, which process.cpuUsage counts), so a shortened run measured
// warm-up rather than the solver. perf3DRigidBodies runs Exudyn's 1000 steps too (about 30 s bundled):
// its former 20-step row (85 ms/step on 2026-12-02) measured setup, JIT warm-up and the start from
// rest, against 29 ms/step over the full run.
import '../src/core'
import { runEngine, type EngineResult } from './measure'
import { rigidBodies3D, rigidPendulum, springDamperExplicit } from './models'
import type { BenchRow, BenchSuite } from './suite'

const PENDULUM_STEPS = 1_000_000
const SPRING_STEPS = 5_000_000
const BODIES_3D_STEPS = 1000

export function engineRow(model: string, r: EngineResult, extra: Partial<BenchRow> = {}): BenchRow {
  return {
    model,
    engine: 'MBS Studio',
    steps: r.steps,
    simulatedSeconds: r.simulatedSeconds,
    wallSeconds: r.wallSeconds,
    cpuSeconds: r.cpuSeconds,
    unknowns: r.unknowns,
    linearSolver: r.linearSolver,
    newtonPerStep: r.newtonPerStep,
    jacobiansPerStep: r.jacobiansPerStep,
    setupSeconds: r.setupSeconds,
    maxSliceMs: r.maxSliceMs,
    heapGrowthPerStep: r.heapGrowthPerStep,
    peakRssMB: r.peakRssMB,
    ...extra,
  }
}

const sumAbs = (...v: number[][]): number => v.flat().reduce((s, x) => s + Math.abs(x), 0)

export const suite: BenchSuite = {
  name: 'exudyn',
  async run() {
    const pendulum = rigidPendulum(PENDULUM_STEPS)
    const p = runEngine(pendulum.model, pendulum.settings)
    const spring = springDamperExplicit(SPRING_STEPS)
    const s = runEngine(spring.model, spring.settings)
    const bodies = rigidBodies3D(400, BODIES_3D_STEPS)
    const b = runEngine(bodies.model, bodies.settings)
    return [
      engineRow('perfRigidPendulum', p, {
        anchor: 'Exudyn 10 us/step, 5.7 Newton/step',
        accuracy: `Exudyn's full run (${PENDULUM_STEPS} steps, ${p.simulatedSeconds.toFixed(0)} s)`,
      }),
      engineRow('perfSpringDamperExplicit', s, {
        anchor: 'Exudyn 0.5-0.7 us/step',
        // No '|' in table cells: it splits the Markdown column.
        accuracy: `sum abs(position) = ${sumAbs(s.sensors.position).toFixed(6)} (Exudyn 0.52 at 500 s; ${s.simulatedSeconds.toFixed(0)} s here)`,
      }),
      engineRow('perf3DRigidBodies (400 bodies)', b, {
        anchor: 'Exudyn 20 ms/step (20 s for 1000 steps)',
        accuracy: `Exudyn's full run (${BODIES_3D_STEPS} steps); last body displacement + rotation summed abs ${sumAbs(b.sensors.displacement, b.sensors.rotation).toFixed(6)}`,
      }),
    ]
  },
}
