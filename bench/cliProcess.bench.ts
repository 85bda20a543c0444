// Whole processes, as a user starts them: `node bin/mbs.cjs run FILE --json` against Exudyn's
// `python run_project.py FILE` (peers/exudyn README) on the same project file, alternated PAIRS
// times. Each process's CPU time (user + system, all threads) comes from /usr/bin/time; wall time
// includes the start of the interpreter, loading the model and writing the outputs.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { JsonObject as Json } from '../src/core'
import { exudynPeerDir } from './exudynPeer'
import { rigidBodies3D, rigidPendulum } from './models'
import { median, ratioText } from './ratios'
import type { BenchRow, BenchSuite } from './suite'
import { requireFreshCli } from './freshCli'

const PAIRS = 5

export interface ProcessTime {
  wallSeconds: number
  cpuSeconds: number
  /** The process's peak resident set size, MB. */
  peakRssMB: number
}

/** Runs a command under /usr/bin/time; its CPU seconds and peak RSS are what time writes to its file. */
export function timedProcess(command: string, args: string[], cwd: string): ProcessTime {
  const cpuFile = join(tmpdir(), `mbs-bench-cpu-${process.pid}`)
  const t0 = performance.now()
  execFileSync('/usr/bin/time', ['-o', cpuFile, '-f', '%U %S %M', command, ...args], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const wallSeconds = (performance.now() - t0) / 1000
  const [user, system, kB] = readFileSync(cpuFile, 'utf-8').trim().split(/\s+/).map(Number)
  rmSync(cpuFile, { force: true })
  return { wallSeconds, cpuSeconds: user + system, peakRssMB: kB / 1024 }
}

const summaries: string[] = []

export const suite: BenchSuite = {
  name: 'cliProcess',
  async run() {
    requireFreshCli()
    const dir = exudynPeerDir()
    if (!dir) throw new Error('Exudyn not found: set EXUDYN_PEER to the peers/exudyn folder (its README)')
    const scratch = mkdtempSync(join(tmpdir(), 'mbs-bench-cli-'))
    const cases: [string, { model: Json; settings: Json }, number][] = [
      ['perf3DRigidBodies 200 steps, process', rigidBodies3D(400, 200), 200],
      ['perfRigidPendulum 1e5 steps, process', rigidPendulum(100_000), 100_000],
    ]
    const rows: BenchRow[] = []
    try {
      for (const [name, m, steps] of cases) {
        const file = join(scratch, `${name.split(' ')[0]}.mbsproj`)
        const project = { format: 'mbs-studio-project', version: 1, name, model: m.model }
        writeFileSync(file, JSON.stringify({ ...project, simulationSettings: m.settings }))
        const ours: ProcessTime[] = []
        const theirs: ProcessTime[] = []
        for (let i = 0; i < PAIRS; i++) {
          ours.push(timedProcess(process.execPath, [resolve('bin/mbs.cjs'), 'run', file, '--json'], scratch))
          theirs.push(timedProcess(join(dir, 'python'), [join(dir, 'run_project.py'), file], scratch))
        }
        const wallRatio = ours.map((o, i) => o.wallSeconds / theirs[i].wallSeconds)
        const cpuRatio = ours.map((o, i) => o.cpuSeconds / theirs[i].cpuSeconds)
        summaries.push(
          `${name}: ours / Exudyn wall ${ratioText(wallRatio)}; cpu ${ratioText(cpuRatio)}; target <= 1`,
        )
        const row = (engine: string, t: ProcessTime[]): BenchRow => ({
          model: name,
          engine,
          steps,
          simulatedSeconds: Number((m.settings.timeIntegration as Json).endTime),
          wallSeconds: median(t.map((x) => x.wallSeconds)),
          cpuSeconds: median(t.map((x) => x.cpuSeconds)),
        })
        rows.push(row('mbs run (node bin/mbs.cjs)', ours), row('Exudyn 1.11 run_project.py', theirs))
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
    return rows
  },
  summary: () => summaries,
}
