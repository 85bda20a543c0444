// Benchmark runner (`npm run bench [NAME...]`): runs every bench/*.bench.ts (or those whose file
// name contains one of the given words) and prints one line per measurement.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

export interface BenchResult {
  name: string
  value: number
  unit: string
  /** A second view of the same measurement (e.g. MB/s next to frames/s). */
  extra?: string
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2)
  const dir = path.dirname(new URL(import.meta.url).pathname)
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (filters.length === 0 || filters.some((w) => f.includes(w)))).sort()
  if (files.length === 0) throw new Error(`no benchmark matches ${filters.join(', ')}`)
  for (const f of files) {
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { default: () => BenchResult[] | Promise<BenchResult[]> }
    console.log(`# ${f}`)
    for (const r of await mod.default()) console.log(`${r.name}: ${r.value.toPrecision(4)} ${r.unit}${r.extra ? ` (${r.extra})` : ''}`)
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
