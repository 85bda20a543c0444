// MBS_PROFILE=1: the CPU and wall time of a process's phases, one line each on standard error at exit
// (docs/performance.md, "Short runs"). Off, phase() is one comparison and records nothing.
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'

/** Whether MBS_PROFILE is set (callers add per-step hooks only then). */
export const profiling = process.env.MBS_PROFILE !== undefined && process.env.MBS_PROFILE !== ''
const lines: string[] = []
let lastCpu = 0
let lastMain = 0
let lastWall = 0

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/**
 * The main thread's CPU ms (Linux's /proc schedstat, in ns); the rest of cpuMs is V8's background
 * threads (the optimizing compiler, parallel scavenges). NaN where there is no /proc.
 */
const mainThreadMs = (): number => {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'latin1').split(' ')[0]) / 1e6
  } catch {
    return NaN
  }
}

/** Ends the phase running since the previous call (the first: since the process started) as name. */
export function phase(name: string): void {
  if (!profiling) return
  const cpu = cpuMs()
  const main = mainThreadMs()
  const wall = performance.now()
  if (lines.length === 0) process.once('exit', () => process.stderr.write(lines.join('\n') + '\n'))
  const ms = (x: number): string => x.toFixed(1).padStart(7)
  lines.push(
    `${name.padEnd(24)} cpu ${ms(cpu - lastCpu)} ms  wall ${ms(wall - lastWall)} ms  ` +
      `main thread ${ms(main - lastMain)} ms`,
  )
  lastCpu = cpu
  lastMain = main
  lastWall = wall
}
