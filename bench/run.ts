// `npm run bench [-- NAME...]`: runs every bench/*.bench.ts (or those whose file name contains one of
// the arguments) in this process. Files export either `suite` (engine and peer runs: one table of
// rows, written also to test-output/bench.json) or a default function returning BenchResult lines.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { resolve } from 'node:path'
import type { BenchRow, BenchSuite } from './suite'

/** One measurement line of a simple benchmark (default export of a .bench.ts file). */
export interface BenchResult {
  name: string
  value: number
  unit: string
  /** A second view of the same measurement (e.g. MB/s next to frames/s). */
  extra?: string
}

const fmt = (x: number | undefined, digits = 3): string =>
  x === undefined || !Number.isFinite(x)
    ? ''
    : x >= 1e4 || (x !== 0 && Math.abs(x) < 1e-3)
      ? x.toExponential(2)
      : x.toPrecision(digits)

const COLUMNS: [string, (r: BenchRow) => string][] = [
  ['model', (r) => r.model],
  ['engine', (r) => r.engine],
  [
    'unknowns',
    (r) => (r.unknowns === undefined ? '' : `${r.unknowns}${r.linearSolver ? ` ${r.linearSolver}` : ''}`),
  ],
  ['steps', (r) => String(r.steps)],
  ['wall s', (r) => fmt(r.wallSeconds)],
  ['cpu s', (r) => fmt(r.cpuSeconds)],
  ['cpu s / sim s', (r) => fmt(r.cpuSeconds / r.simulatedSeconds)],
  ['cpu us / step', (r) => fmt((r.cpuSeconds / r.steps) * 1e6)],
  ['Newton / step', (r) => fmt(r.newtonPerStep)],
  ['Jac / step', (r) => fmt(r.jacobiansPerStep)],
  ['setup s', (r) => fmt(r.setupSeconds)],
  ['max slice ms', (r) => fmt(r.maxSliceMs)],
  ['heap B / step', (r) => fmt(r.heapGrowthPerStep, 2)],
  ['peak RSS MB', (r) => fmt(r.peakRssMB)],
  ['accuracy', (r) => r.accuracy ?? ''],
  ['anchor', (r) => r.anchor ?? ''],
]

function table(rows: BenchRow[]): string {
  const cells = [COLUMNS.map(([h]) => h), ...rows.map((r) => COLUMNS.map(([, f]) => f(r)))]
  const lines = cells.map((c) => `| ${c.join(' | ')} |`)
  lines.splice(1, 0, `|${COLUMNS.map(() => '---').join('|')}|`)
  return lines.join('\n')
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2)
  // The bench directory of the repository (npm scripts run at its root; the bundled runner lives elsewhere).
  const files = readdirSync(resolve('bench'))
    .filter((f) => f.endsWith('.bench.ts') && (filters.length === 0 || filters.some((w) => f.includes(w))))
    .sort()
  if (files.length === 0) throw new Error(`no benchmark matches ${filters.join(', ')}`)
  const all: BenchRow[] = []
  const summaries: string[] = []
  for (const file of files) {
    // A template the bundler expands to every bench/*.bench.ts (npm run bench:bundled).
    const mod = (await import(`./${file.slice(0, -'.bench.ts'.length)}.bench.ts`)) as {
      suite?: BenchSuite
      default?: () => BenchResult[] | Promise<BenchResult[]>
    }
    console.error(`running ${file} ...`)
    if (mod.suite) {
      const rows = await mod.suite.run()
      all.push(...rows)
      summaries.push(...(mod.suite.summary?.(rows) ?? []))
    } else if (mod.default) {
      console.log(`# ${file}`)
      for (const r of await mod.default())
        console.log(`${r.name}: ${r.value.toPrecision(4)} ${r.unit}${r.extra ? ` (${r.extra})` : ''}`)
    }
  }
  if (all.length === 0) return
  console.log(table(all))
  console.log('')
  for (const s of summaries) console.log(`- ${s}`)
  console.log(
    `- machine: ${cpus().length} logical CPUs, load average ${loadavg()[0].toFixed(1)} at the end of the ` +
      `run (wall times grow with load; cpu times are this process's own)`,
  )
  mkdirSync('test-output', { recursive: true })
  writeFileSync(
    'test-output/bench.json',
    JSON.stringify({ date: new Date().toISOString(), rows: all, summaries }, null, 2),
  )
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e)
  process.exit(1)
})
