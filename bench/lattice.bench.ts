// A 2D lattice of mass points on springs, RK44 (explicit: no Newton, the mass matrix is constant and
// factorized once), ours alternately with Exudyn (run_project.py on the same project file) PAIRS times
// at 100 x 100, once each at 32 x 32 for the exponent of the time per step in the node count.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import '../src/core'
import { engineRow } from './exudyn.bench'
import { exudynPeerDir, runExudynProject, type ExudynProjectRun } from './exudynPeer'
import { runEngine, type EngineResult } from './measure'
import { springLattice } from './models'
import { median, ratioText } from './ratios'
import type { BenchRow, BenchSuite } from './suite'

const STEPS = 20
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
        const m = { model: lattice.model, settings: { ...lattice.settings, linearSolverType: 'EigenSparse' } }
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
        const top = (v: number[]): string => v.map((x) => x.toPrecision(10)).join(', ')
        const name = `spring lattice ${side} x ${side}, RK44`
        rows.push(
          engineRow(name, o, { accuracy: `${STEPS} steps of 1 ms; top node at [${top(o.sensors.top)}]` }),
          {
            model: name,
            engine: 'Exudyn 1.11 (run_project.py)',
            steps: STEPS,
            simulatedSeconds: o.simulatedSeconds,
            wallSeconds: t.wallSeconds,
            cpuSeconds: t.cpuSeconds,
            peakRssMB: t.peakRssMB,
            accuracy: `top node at [${top(t.sensors.top)}]`,
          },
        )
        const mb = (x: number): string => `${x.toFixed(0)} MB`
        const peak = `peak RSS ours ${mb(o.peakRssMB)} (this process so far), Exudyn ${mb(t.peakRssMB)}`
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
