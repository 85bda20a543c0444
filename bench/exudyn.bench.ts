// Exudyn's performance tests rebuilt item for item (bench/models.ts), each run alternately with
// Exudyn's own script (bench/exudynPeer.ts) PAIRS times in this run; the summary gives ours / Exudyn
// as the median CPU-time ratio of the pairs with its min-max. Every model runs Exudyn's full step count:
// the first steps cost several times the steady state (interpreter, then JIT compilation on background
// threads, which process.cpuUsage counts), so a shortened run would measure warm-up.
//
// The same tolerance number: Exudyn's scripts' Newton relativeTolerance (perfRigidPendulum 1e-6,
// perf3DRigidBodies 1e-8) for both engines, and both distances to ours converged at 1e-12 in the same
// run (docs/engine.md, "Newton": our rule is at least as strict as Exudyn's |r| <= relTol |r_0|).
import '../src/core'
import type { JsonObject as Json } from '../src/core'
import { exudynPeerDir, runExudynScript, runOwnExudynScript, type ExudynRun } from './exudynPeer'
import { runEngine, type EngineResult } from './measure'
import { rigidBodies3D, rigidPendulum, springDamperExplicit, springDamperUserFunction } from './models'
import { median, ratioText } from './ratios'
import type { BenchRow, BenchSuite } from './suite'

const PENDULUM_STEPS = 1_000_000
const SPRING_STEPS = 5_000_000
const BODIES_3D_STEPS = 1000
const PENDULUM_TOLERANCE = 1e-6
const BODIES_3D_TOLERANCE = 1e-8
const CONVERGED_TOLERANCE = 1e-12
/** Ours-then-Exudyn pairs per model: the ratio's median and range need at least three. */
const PAIRS = 3

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
const dist = (a: number, b: number): string => Math.abs(a - b).toExponential(1)

/** The model with its Newton relativeTolerance replaced (see the head of this file for why). */
function withTolerance(
  m: { model: Json; settings: Json },
  relativeTolerance: number,
): { model: Json; settings: Json } {
  const timeIntegration = m.settings.timeIntegration as Json
  const newton = (timeIntegration.newton ?? {}) as Json
  return {
    model: m.model,
    settings: {
      ...m.settings,
      timeIntegration: { ...timeIntegration, newton: { ...newton, relativeTolerance } },
    },
  }
}

interface Pairs {
  ours: EngineResult[]
  theirs: ExudynRun[]
}

/** Runs ours then Exudyn's script, PAIRS times, so a change of the machine's load hits both. */
function alternate(
  m: { model: Json; settings: Json },
  dir: string,
  script: string,
  run: (dir: string, script: string) => ExudynRun = (d, s) => runExudynScript(d, s, 1),
): Pairs {
  const pairs: Pairs = { ours: [], theirs: [] }
  for (let i = 0; i < PAIRS; i++) {
    pairs.ours.push(runEngine(m.model, m.settings))
    pairs.theirs.push(run(dir, script))
  }
  return pairs
}

/** The pair with the median CPU ratio, and the ratio's median and range as text. */
function ratio(model: string, p: Pairs, target: number): { at: number; line: string } {
  const r = p.ours.map((o, i) => o.cpuSeconds / p.theirs[i].cpuSeconds)
  const line = `${model}: ours / Exudyn (1 thread) CPU time ${ratioText(r)}; target <= ${target}`
  return { at: r.indexOf(median(r)), line }
}

function exudynRow(model: string, ours: EngineResult, run: ExudynRun, extra: Partial<BenchRow>): BenchRow {
  return {
    model,
    engine: 'Exudyn 1.11, 1 thread (its perf-models script)',
    steps: ours.steps,
    simulatedSeconds: ours.simulatedSeconds,
    wallSeconds: run.wallSeconds,
    cpuSeconds: run.cpuSeconds,
    ...extra,
  }
}

const summaries: string[] = []

/**
 * The models to run: EXUDYN_MODELS, a comma-separated list of row names (e.g.
 * EXUDYN_MODELS=perfSpringDamperExplicit), else all four.
 */
function wanted(model: string): boolean {
  const list = process.env.EXUDYN_MODELS
  return !list || list.split(',').includes(model)
}

export const suite: BenchSuite = {
  name: 'exudyn',
  async run() {
    const dir = exudynPeerDir()
    if (!dir) throw new Error('Exudyn not found: set EXUDYN_PEER to the peers/exudyn folder (its README)')
    // Run in this order (the JIT sees the models in it), listed as the table lists them.
    const p = wanted('perfRigidPendulum') ? pendulumRows(dir) : []
    const s = wanted('perfSpringDamperExplicit') ? springRows(dir) : []
    const b = wanted('perf3DRigidBodies') ? bodiesRows(dir) : []
    const u = wanted('perfSpringDamperUserFunction') ? userSpringRows(dir) : []
    return [...p, ...s, ...u, ...b]
  },
  summary: () => summaries,
}

function pendulumRows(dir: string): BenchRow[] {
  const pendulum = alternate(
    withTolerance(rigidPendulum(PENDULUM_STEPS), PENDULUM_TOLERANCE),
    dir,
    'perfRigidPendulum.py',
  )
  const converged = withTolerance(rigidPendulum(PENDULUM_STEPS), CONVERGED_TOLERANCE)
  const pc = runEngine(converged.model, converged.settings)
  const pendulumResult = (r: EngineResult): number => sumAbs(r.sensors.position)
  const reference = pendulumResult(pc)
  const p = ratio('perfRigidPendulum', pendulum, 0.4)
  summaries.push(p.line)
  const [po, pt] = [pendulum.ours[p.at], pendulum.theirs[p.at]]
  return [
    engineRow('perfRigidPendulum', po, {
      engine: `MBS Studio (relativeTolerance ${PENDULUM_TOLERANCE})`,
      accuracy:
        `sum abs(position) ${pendulumResult(po).toPrecision(13)}, ` +
        `${dist(pendulumResult(po), reference)} from the converged ${reference.toPrecision(13)}`,
    }),
    exudynRow('perfRigidPendulum', po, pt, {
      engine: 'Exudyn 1.11 (its script: relativeTolerance 1e-6)',
      accuracy:
        `sum abs(position) ${pt.result.toPrecision(13)}, ` +
        `${dist(pt.result, reference)} from the converged`,
    }),
    engineRow('perfRigidPendulum', pc, {
      engine: `MBS Studio (relativeTolerance ${CONVERGED_TOLERANCE}, the converged reference)`,
      accuracy: `sum abs(position) ${reference.toPrecision(13)}`,
    }),
  ]
}

function springRows(dir: string): BenchRow[] {
  const spring = alternate(springDamperExplicit(SPRING_STEPS), dir, 'perfSpringDamperExplicit.py')
  const s = ratio('perfSpringDamperExplicit', spring, 0.3)
  summaries.push(s.line)
  const [so, st] = [spring.ours[s.at], spring.theirs[s.at]]
  const springResult = sumAbs(so.sensors.position)
  return [
    engineRow('perfSpringDamperExplicit', so, {
      // No '|' in table cells: it splits the Markdown column.
      accuracy: `sum abs(position) ${springResult.toFixed(6)} at ${so.simulatedSeconds.toFixed(0)} s`,
    }),
    exudynRow('perfSpringDamperExplicit', so, st, {
      accuracy: `sum abs(position) ${st.result.toFixed(6)}, ${dist(st.result, springResult)} from ours`,
    }),
  ]
}

function userSpringRows(dir: string): BenchRow[] {
  const userSpring = alternate(
    springDamperUserFunction(),
    dir,
    'bench/exudynScripts/springDamperUserFunction.py',
    runOwnExudynScript,
  )
  const u = ratio('perfSpringDamperUserFunction', userSpring, 0.2)
  summaries.push(u.line)
  const [uo, ut] = [userSpring.ours[u.at], userSpring.theirs[u.at]]
  const userResult = uo.sensors.position[0]
  return [
    engineRow('perfSpringDamperUserFunction', uo, {
      engine: 'MBS Studio (springForceUserFunction as an expression)',
      accuracy: `final x ${userResult.toPrecision(10)}`,
    }),
    exudynRow('perfSpringDamperUserFunction', uo, ut, {
      engine: 'Exudyn 1.11, 1 thread (Python user functions)',
      accuracy: `final x ${ut.result.toPrecision(10)}, ${dist(ut.result, userResult)} from ours`,
    }),
  ]
}

function bodiesRows(dir: string): BenchRow[] {
  const bodies = alternate(
    withTolerance(rigidBodies3D(400, BODIES_3D_STEPS), BODIES_3D_TOLERANCE),
    dir,
    'perf3DRigidBodies.py',
  )
  const converged = withTolerance(rigidBodies3D(400, BODIES_3D_STEPS), CONVERGED_TOLERANCE)
  const bc = runEngine(converged.model, converged.settings)
  const bodiesResult = (r: EngineResult): number => sumAbs(r.sensors.displacement, r.sensors.rotation)
  const b = ratio('perf3DRigidBodies', bodies, 0.5)
  summaries.push(b.line)
  const [bo, bt] = [bodies.ours[b.at], bodies.theirs[b.at]]
  const converged3D = bodiesResult(bc)
  return [
    engineRow('perf3DRigidBodies (400 bodies)', bo, {
      engine: `MBS Studio (relativeTolerance ${BODIES_3D_TOLERANCE})`,
      accuracy:
        `last body displacement + rotation summed abs ${bodiesResult(bo).toPrecision(16)}, ` +
        `${dist(bodiesResult(bo), converged3D)} from the converged ${converged3D.toPrecision(16)}`,
    }),
    exudynRow('perf3DRigidBodies (400 bodies)', bo, bt, {
      engine: 'Exudyn 1.11, 1 thread (its script: relativeTolerance 1e-8)',
      accuracy: `summed abs ${bt.result.toPrecision(16)}, ${dist(bt.result, converged3D)} from the converged`,
    }),
    engineRow('perf3DRigidBodies (400 bodies)', bc, {
      engine: `MBS Studio (relativeTolerance ${CONVERGED_TOLERANCE}, the converged reference)`,
      accuracy: `summed abs ${converged3D.toPrecision(16)}`,
    }),
  ]
}
