// One Newton residual of the rigid-body models in isolation (`npm run bench:bundled -- residual`):
// perf3DRigidBodies and the sphere chain N = 1000 after a few steps, evaluated alternately at the
// states of two consecutive steps so that every node and joint cache misses as in Newton. CPU time
// (process.cpuUsage); on a loaded machine a busy round takes several times a quiet one, so the
// median and the lower quartile of many rounds are reported, and the residual's parts (evaluator
// passes) from one further set of calls. Also the reaction stiffness of a Newton refresh on perf3D
// (flag newtonReactionStiffness): the items' addReactionJacobian and the evaluator's assembly of it.
import { rigidBodies3D, sphereChain } from './models'
import { prepareRun } from './measure'
import type { BenchResult } from './run'
import type { SystemMatrix } from '../src/core/system/matrix'

const ROUNDS = 25

/** The solver's residual (private in ImplicitSecondOrderSolver; the benchmark calls it directly). */
interface ResidualProbe {
  computeResidual(h: number): void
}

interface Snapshot {
  q: Float64Array
  v: Float64Array
  a: Float64Array
  lambda: Float64Array
}

const cpuMs = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

function quantile(x: number[], p: number): number {
  const sorted = [...x].sort((a, b) => a - b)
  return sorted[Math.floor(p * (sorted.length - 1))]
}

function residualRuns(
  name: string,
  model: ReturnType<typeof sphereChain>,
  callsPerRound: number,
): BenchResult[] {
  const { solver } = prepareRun(model.model, model.settings)
  const h = model.settings.timeIntegration as { endTime: number; numberOfSteps: number }
  const step = h.endTime / h.numberOfSteps
  solver.initializeSolver()
  for (let i = 0; i < 8; i++) solver.solveStep()
  const s = solver.state
  const snap = (): Snapshot => ({ q: s.q.slice(), v: s.v.slice(), a: s.a.slice(), lambda: s.lambda.slice() })
  const states = [snap()]
  solver.solveStep()
  states.push(snap())
  const load = (x: Snapshot): void => {
    s.q.set(x.q)
    s.v.set(x.v)
    s.a.set(x.a)
    s.lambda.set(x.lambda)
  }
  const probe = solver as unknown as ResidualProbe
  const rounds: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = cpuMs()
    for (let c = 0; c < callsPerRound; c++) {
      load(states[c & 1])
      probe.computeResidual(step)
    }
    rounds.push((cpuMs() - t0) / callsPerRound)
  }
  const ev = solver.evaluator
  const r2 = new Float64Array(s.q.length),
    rAE = new Float64Array(s.lambda.length)
  const parts = { forces: 0, massTimesAcceleration: 0, reactions: 0, constraints: 0 }
  for (let c = 0; c < callsPerRound; c++) {
    load(states[c & 1])
    let t = cpuMs()
    ev.ode2Residual(s, r2)
    parts.forces += cpuMs() - t
    t = cpuMs()
    ev.addMassTimes(s, s.a, r2)
    parts.massTimesAcceleration += cpuMs() - t
    t = cpuMs()
    ev.addReactionForces(s, r2, false)
    parts.reactions += cpuMs() - t
    t = cpuMs()
    ev.constraints(s, rAE, false)
    parts.constraints += cpuMs() - t
  }
  const partText = Object.entries(parts)
    .map(([k, v]) => `${k} ${(v / callsPerRound).toFixed(3)}`)
    .join(', ')
  return [
    {
      name: `${name} residual, median of ${ROUNDS} rounds`,
      value: quantile(rounds, 0.5),
      unit: 'ms CPU',
      extra: `lower quartile ${quantile(rounds, 0.25).toFixed(3)} ms; parts ${partText} ms`,
    },
  ]
}

/** The solver's matrix and the evaluator's constraint objects (private; the benchmark reads them). */
interface RefreshProbe {
  matrix: SystemMatrix
}

function reactionStiffnessRuns(callsPerRound: number): BenchResult[] {
  const { model, settings } = rigidBodies3D(400, 1000)
  const { solver } = prepareRun(model, { ...settings, experimental: ['newtonReactionStiffness'] })
  solver.initializeSolver()
  for (let i = 0; i < 8; i++) solver.solveStep()
  const s = solver.state,
    ev = solver.evaluator,
    m = (solver as unknown as RefreshProbe).matrix
  const objects = solver.system.objects.map((r) => r.computation).filter((o) => o.addReactionJacobian)
  const local = new Float64Array(14 * 14)
  const nd = { relativeEpsilon: 1e-7, minimumCoordinateSize: 1e-2 }
  const items: number[] = [],
    assembled: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    let t0 = cpuMs()
    for (let c = 0; c < callsPerRound; c++) for (const o of objects) o.addReactionJacobian!(s, 1e-6, local)
    items.push((cpuMs() - t0) / callsPerRound)
    t0 = cpuMs()
    for (let c = 0; c < callsPerRound; c++) ev.addReactionStiffness(s, m, 1e-6, nd)
    assembled.push((cpuMs() - t0) / callsPerRound)
  }
  return [
    {
      name: `perf3DRigidBodies reaction stiffness, items' addReactionJacobian, median of ${ROUNDS} rounds`,
      value: quantile(items, 0.5),
      unit: 'ms CPU',
      extra: `lower quartile ${quantile(items, 0.25).toFixed(3)} ms`,
    },
    {
      name:
        `perf3DRigidBodies reaction stiffness assembled (addReactionStiffness), median of ${ROUNDS} ` +
        `rounds`,
      value: quantile(assembled, 0.5),
      unit: 'ms CPU',
      extra: `lower quartile ${quantile(assembled, 0.25).toFixed(3)} ms`,
    },
  ]
}

export default function residualBench(): BenchResult[] {
  return [
    ...residualRuns('perf3DRigidBodies', rigidBodies3D(400, 1000), 40),
    ...residualRuns('sphere chain N=1000', sphereChain(1000, 1e-3, 1), 20),
    ...reactionStiffnessRuns(10),
  ]
}
