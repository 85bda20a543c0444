// The sphere chain (bench/models.ts sphereChain) for N = 10, 100, 1000 with generalized-alpha at
// h = 1 ms, the scaling exponent of the time per step, the accuracy of the last body against a
// step-refined reference, and Havok and Rapier on the same chain in the same process. The same
// chain as one KinematicTree (minimal coordinates, one Spherical joint per sphere, RK33, O(n)
// articulated-body accelerations) runs the full second for every N, RK44 beside it for N = 1000.
import '../src/core'
import { engineRow } from './exudyn.bench'
import { runEngine } from './measure'
import { sphereChain, sphereChainTree } from './models'
import { havokChain, rapierChain } from './peers'
import type { BenchRow, BenchSuite } from './suite'

const H = 1e-3
/**
 * Steps per N for the timing runs: the 1 s run (1000 steps) only where it fits the bench budget.
 * N = 100 and 1000 run the same first 20 steps (same phase of the motion, same Newton effort), so
 * their time per step gives the scaling exponent.
 */
const TIMING_STEPS: Record<number, number> = { 10: 1000, 100: 20, 1000: 20 }
const ACCURACY_N = 10

type Vec = [number, number, number]
const dist = (a: number[], b: number[]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])

/** Last body's position after 1 s with step h. */
function lastPosition(n: number, h: number): Vec {
  const m = sphereChain(n, h, 1)
  return runEngine(m.model, m.settings).sensors.last as Vec
}

/**
 * Reference by step refinement: x(h/4), x(h/8) and Richardson extrapolation for a second-order
 * method, x_ref = x(h/8) + (x(h/8) - x(h/4)) / 3; its own error is estimated by |x_ref - x(h/8)|.
 */
function reference(n: number): { x: Vec; error: number } {
  const x4 = lastPosition(n, H / 4),
    x8 = lastPosition(n, H / 8)
  const x = x8.map((v, i) => v + (v - x4[i]) / 3) as Vec
  return { x, error: dist(x, x8) }
}

/**
 * The tree's solver for the target: the cheapest explicit method that keeps the last body within
 * 1e-6 m at h = 1 ms (RK33: 3 evaluations per step, ~5e-7 m at N = 1000; RK44 9e-9 m for 4/3 of the
 * time; ExplicitMidpoint 5e-5 m misses; docs/performance.md).
 */
const TREE_SOLVER = 'RK33'
const TREE_ENGINE = `MBS Studio KinematicTree ${TREE_SOLVER}`
const TREE_RECORD_ENGINE = 'MBS Studio KinematicTree RK44'

function treeLast(
  n: number,
  h: number,
  solverType: string,
): { r: ReturnType<typeof runEngine>; x: number[] } {
  const m = sphereChainTree(n, h, 1, solverType)
  const r = runEngine(m.model, m.settings)
  return { r, x: r.sensors.last }
}

/**
 * The chain as a KinematicTree of Spherical joints, 1 s at h = 1 ms. Accuracy of the last sphere: at
 * N = 10 against the redundant chain's reference (same physics, independent formulation); otherwise
 * against RK44 at h/2 (fourth order: its own error is about |x_RK44(h) - x_RK44(h/2)| / 15, printed
 * in the RK44 record row for N = 1000).
 */
function treeRows(n: number, ref: { x: Vec; error: number }): BenchRow[] {
  const rowOf = (r: ReturnType<typeof runEngine>, engine: string, accuracy: string): BenchRow =>
    engineRow(`sphere chain N=${n}`, r, { engine, linearSolver: 'ABA, no matrix', accuracy })
  const ours = treeLast(n, H, TREE_SOLVER)
  if (n === ACCURACY_N)
    return [
      rowOf(
        ours.r,
        TREE_ENGINE,
        `|x - x_ref| = ${dist(ours.x, ref.x).toExponential(2)} m (redundant chain's reference, error ` +
          `~${ref.error.toExponential(1)} m)`,
      ),
    ]
  const fine = treeLast(n, H / 2, 'RK44').x
  const rows = [
    rowOf(
      ours.r,
      TREE_ENGINE,
      `|x - x_RK44(h/2)| = ${dist(ours.x, fine).toExponential(2)} m; last body at ` +
        `[${ours.x.map((v) => v.toFixed(3)).join(', ')}]`,
    ),
  ]
  if (n === 1000) {
    const rk44 = treeLast(n, H, 'RK44')
    const error = (dist(rk44.x, fine) * 16) / 15
    rows.push(
      rowOf(
        rk44.r,
        TREE_RECORD_ENGINE,
        `|x - x(h/2)| 16/15 = ${error.toExponential(2)} m (so the RK44 h/2 reference is ` +
          `~${(error / 16).toExponential(1)} m off)`,
      ),
    )
  }
  return rows
}

/**
 * Issue 17's target for the redundant chain: N = 1000, the whole second at h = 1 ms with
 * generalized-alpha in under 60 s, the last body within 1e-5 m of the tree (RK44 at h = 1 ms, ~1e-8 m
 * from its own limit).
 */
function redundantSecondRow(): BenchRow {
  const m = sphereChain(1000, H, 1)
  const r = runEngine(m.model, m.settings)
  const tree = treeLast(1000, H, 'RK44').x
  return engineRow('sphere chain N=1000', r, {
    engine: 'MBS Studio (the whole second)',
    accuracy: `|x - x_tree| = ${dist(r.sensors.last, tree).toExponential(2)} m (target 1e-5 m)`,
    anchor: 'issue 17: 1 s in under 60 s, within 1e-5 m of the tree',
  })
}

const perStep = (r: BenchRow): number => (r.cpuSeconds - (r.setupSeconds ?? 0)) / r.steps

export const suite: BenchSuite = {
  name: 'chain',
  async run() {
    const rows: BenchRow[] = []
    const ref = reference(ACCURACY_N)
    for (const n of [10, 100, 1000]) {
      const steps = TIMING_STEPS[n]
      const m = sphereChain(n, H, steps * H)
      const r = runEngine(m.model, m.settings)
      const accuracy =
        n === ACCURACY_N
          ? `|x - x_ref| = ${dist(r.sensors.last, ref.x).toExponential(2)} m (ref. error ` +
            `~${ref.error.toExponential(1)} m)`
          : steps < 1000
            ? `shortened (${steps} of 1000 steps)`
            : ''
      rows.push(engineRow(`sphere chain N=${n}`, r, { accuracy }))
    }
    rows.push(redundantSecondRow())
    for (const n of [10, 100, 1000]) rows.push(...treeRows(n, ref))
    const peerN = [ACCURACY_N, 1000]
    for (const n of peerN) {
      const peers = [await havokChain(n, H, 1000), await rapierChain(n, H, 1000)]
      if (n === ACCURACY_N) peers.push(await havokChain(n, H, 1000, 10), await rapierChain(n, H, 1000, 50))
      for (const p of peers)
        rows.push({
          model: `sphere chain N=${n}`,
          engine: `${p.engine} ${p.setting}`,
          steps: p.steps,
          simulatedSeconds: p.steps * H,
          wallSeconds: p.wallSeconds,
          cpuSeconds: p.cpuSeconds,
          accuracy:
            n === ACCURACY_N
              ? `|x - x_ref| = ${dist(p.last, ref.x).toExponential(2)} m`
              : `last body at [${p.last.map((v) => v.toFixed(3)).join(', ')}]`,
          anchor:
            n === 1000
              ? p.engine.startsWith('Havok')
                ? 'issue: 1.4 s, 0.08-0.55 m off'
                : 'issue: 4.7 s'
              : undefined,
        })
    }
    return rows
  },
  summary(rows) {
    const ours = (n: number): BenchRow | undefined =>
      rows.find((r) => r.model === `sphere chain N=${n}` && r.engine === 'MBS Studio')
    const r100 = ours(100),
      r1000 = ours(1000)
    const lines: string[] = []
    if (r100 && r1000) {
      const exponent = Math.log(perStep(r1000) / perStep(r100)) / Math.log(10)
      lines.push(
        `chain scaling: cpu time per step (setup excluded) ~ N^${exponent.toFixed(2)} between N = 100 ` +
          `and N = 1000 (target <= 1.1)`,
      )
      const havok = rows.find(
        (r) =>
          r.model === 'sphere chain N=1000' && r.engine.startsWith('Havok') && r.engine.endsWith('default'),
      )
      if (havok) {
        const ourSecond = perStep(r1000) * 1000 + (r1000.setupSeconds ?? 0)
        lines.push(
          `chain N = 1000, 1 s at h = 1 ms: MBS Studio ~${ourSecond.toFixed(1)} cpu s (extrapolated from ` +
            `${r1000.steps} steps + setup) vs Havok default ${havok.cpuSeconds.toFixed(2)} cpu s: ratio ` +
            `${(ourSecond / havok.cpuSeconds).toFixed(1)} (target <= 1)`,
        )
      }
    }
    const tree = rows.find((r) => r.model === 'sphere chain N=1000' && r.engine === TREE_ENGINE)
    const havokDefault = rows.find(
      (r) =>
        r.model === 'sphere chain N=1000' && r.engine.startsWith('Havok') && r.engine.endsWith('default'),
    )
    if (tree && havokDefault)
      lines.push(
        `chain N = 1000 as KinematicTree (${TREE_SOLVER}, h = 1 ms, 1000 steps): ` +
          `${tree.cpuSeconds.toFixed(2)} cpu s vs Havok default ${havokDefault.cpuSeconds.toFixed(2)} cpu ` +
          `s: ratio ${(tree.cpuSeconds / havokDefault.cpuSeconds).toFixed(2)} (target <= 1)`,
      )
    const slices = rows.filter((r) => r.maxSliceMs !== undefined)
    if (slices.length > 0) {
      const worst = slices.reduce((a, b) => ((a.maxSliceMs ?? 0) > (b.maxSliceMs ?? 0) ? a : b))
      lines.push(
        `longest ${20}-ms solver slice ${worst.maxSliceMs!.toFixed(0)} ms wall (${worst.model}; a slice ` +
          `runs whole steps when nothing asks to interrupt: pause/stop cut the step and the setup in ` +
          `flight, see pauseLatency)`,
      )
    }
    return lines
  },
}
