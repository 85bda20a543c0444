// A 2D lattice of mass points on springs, RK44 (explicit: no Newton, the mass matrix is constant and
// diagonal), ours alternately with Exudyn (run_project.py on the same project file, EigenSparse) PAIRS
// times at 100 x 100, once each at 32 x 32 for the exponent of the time per step in the node count.
// Peak memory: each engine as its own whole process on the file (`mbs run`, `run_project.py`), from
// /usr/bin/time, so neither counts the other's or the bench's memory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import '../src/core'
import { timedProcess } from './cliProcess.bench'
import { engineRow } from './exudyn.bench'
import { exudynPeerDir, runExudynProject, type ExudynProjectRun } from './exudynPeer'
import { runEngine, type EngineResult } from './measure'
import { springLattice } from './models'
import { median, ratioText } from './ratios'
import type { BenchRow, BenchSuite } from './suite'
import type { JsonObject as Json } from '../src/core'
import { requireFreshCli } from './freshCli'

/** 0.2 s of motion: the time per step, not the setup, decides (20 steps: see docs/performance.md). */
const STEPS = 200
const PAIRS = 3
const SIDES = [32, 100] as const

/** CPU seconds per step without our initialization (Exudyn's SolveDynamic includes its own, small). */
const oursPerStep = (r: EngineResult): number => (r.cpuSeconds - r.setupSeconds) / r.steps
const exponent = (small: number, large: number): number =>
  Math.log(large / small) / Math.log((SIDES[1] / SIDES[0]) ** 2)

const summaries: string[] = []

export const suite: BenchSuite = {
  name: 'lattice',
  async run() {
    requireFreshCli()
    const dir = exudynPeerDir()
    if (!dir) throw new Error('Exudyn not found: set EXUDYN_PEER to the peers/exudyn folder (its README)')
    const scratch = mkdtempSync(join(tmpdir(), 'mbs-bench-lattice-'))
    const rows: BenchRow[] = []
    try {
      const perStep: { ours: number; theirs: number }[] = []
      for (const side of SIDES) {
        // Sparse named in the file: run_project.py otherwise leaves Exudyn on its dense default, which
        // is O(N^2) in memory; ours picks sparse by itself above 80 unknowns.
        const lattice = springLattice(side, STEPS)
        // The top node falls freely for the whole run (the wave from the anchored row travels ~20 rows in
        // 0.2 s), so accuracy is read at a node the wave has passed: the middle of the third row.
        const probe = {
          type: 'Node',
          name: 'probe',
          nodeNumber: `n${side >> 1}_2`,
          outputVariableType: 'Position',
        }
        const model = { ...lattice.model, sensors: [...(lattice.model.sensors as Json[]), probe] }
        const m = { model, settings: { ...lattice.settings, linearSolverType: 'EigenSparse' } }
        const file = join(scratch, `lattice${side}.mbsproj`)
        const project = { format: 'mbs-studio-project', version: 1, name: `lattice ${side}`, model: m.model }
        writeFileSync(file, JSON.stringify({ ...project, simulationSettings: m.settings }))
        const ours: EngineResult[] = []
        const theirs: ExudynProjectRun[] = []
        for (let i = 0; i < (side === SIDES[1] ? PAIRS : 1); i++) {
          ours.push(runEngine(m.model, m.settings))
          theirs.push(runExudynProject(dir, file))
        }
        const ratios = ours.map((o, i) => o.cpuSeconds / theirs[i].cpuSeconds)
        const at = ratios.indexOf(median(ratios))
        const [o, t] = [ours[at], theirs[at]]
        perStep.push({ ours: oursPerStep(o), theirs: t.cpuSeconds / STEPS })
        // Reference: RK44 at h/2 (fourth order: its own error ~1/16 of the h run's distance to it).
        const fine = { ...m.settings, timeIntegration: { endTime: STEPS * 1e-3, numberOfSteps: 2 * STEPS } }
        const ref = runEngine(m.model, fine).sensors.probe
        const off = (x: number[]): string =>
          `probe node ${Math.hypot(x[0] - ref[0], x[1] - ref[1]).toExponential(2)} m from RK44 at h/2`
        const oursPeak = timedProcess(
          process.execPath,
          [resolve('bin/mbs.cjs'), 'run', file, '--json'],
          scratch,
        )
        const theirPeak = timedProcess(join(dir, 'python'), [join(dir, 'run_project.py'), file], scratch)
        const name = `spring lattice ${side} x ${side}, RK44`
        rows.push(engineRow(name, o, { accuracy: off(o.sensors.probe), peakRssMB: oursPeak.peakRssMB }), {
          model: name,
          engine: 'Exudyn 1.11 (run_project.py, EigenSparse)',
          steps: STEPS,
          simulatedSeconds: o.simulatedSeconds,
          wallSeconds: t.wallSeconds,
          cpuSeconds: t.cpuSeconds,
          peakRssMB: theirPeak.peakRssMB,
          accuracy: off(t.sensors.probe),
        })
        const mb = (x: number): string => `${x.toFixed(0)} MB`
        const peak =
          `peak RSS of the whole process ours ${mb(oursPeak.peakRssMB)} (mbs run), ` +
          `Exudyn ${mb(theirPeak.peakRssMB)} (run_project.py); target ours <= Exudyn's`
        const target = side === SIDES[1] ? '; target <= 0.5' : ''
        summaries.push(`${name}: ours / Exudyn CPU ${ratioText(ratios)}; ${peak}${target}`)
      }
      const [s, l] = perStep
      const p = (small: number, large: number): string => exponent(small, large).toFixed(2)
      summaries.push(
        `lattice time per step ~ N^p from ${SIDES[0] ** 2} to ${SIDES[1] ** 2} nodes: ` +
          `ours p = ${p(s.ours, l.ours)}, Exudyn p = ${p(s.theirs, l.theirs)}; target <= 1.05`,
      )
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
    return rows
  },
  summary: () => summaries,
}
