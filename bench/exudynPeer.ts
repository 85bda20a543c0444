// Exudyn itself, run in the same benchmark: its own performance scripts (peers/exudyn/perf-models,
// README there) in a Python child process. The child times each SolveDynamic with process_time (all
// of its threads) and perf_counter, so the Python model building is not counted, as our setup-to-end
// timing counts initializeSolver but not the model load.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** The Exudyn 1.11 build: EXUDYN_PEER, else ../shared/peers/exudyn beside the repository. */
export function exudynPeerDir(): string | undefined {
  const dir = process.env.EXUDYN_PEER ?? resolve('../shared/peers/exudyn')
  return existsSync(join(dir, 'python')) ? dir : undefined
}

export interface ExudynRun {
  /** exudynTestGlobals.testResult of the script; NaN when it sets none (run_project.py). */
  result: number
  /** CPU and wall seconds of the script's first SolveDynamic. */
  cpuSeconds: number
  wallSeconds: number
  /** Peak resident set size of the Python process, MB. */
  peakRssMB: number
}

// Runs SCRIPT ARGS... with graphics off and the performance flag on, its thread count set to THREADS,
// every mbs.SolveDynamic(...) timed; prints one JSON line after the script's output.
const RUNNER = `
import json, re, resource, sys, time
sys.path.insert(0, sys.argv[3])
from modelUnitTests import exudynTestGlobals as G
G.useGraphics = False
G.isPerformanceTest = True
solves = []
def _solve(mbs, *args, **kwargs):
    c0, w0 = time.process_time(), time.perf_counter()
    ok = mbs.SolveDynamic(*args, **kwargs)
    solves.append((time.process_time() - c0, time.perf_counter() - w0))
    return ok
script, threads = sys.argv[1], sys.argv[2]
sys.argv = [script] + sys.argv[4:]
source = open(script).read()
source = re.sub(r'numberOfThreads = \\d+', 'numberOfThreads = ' + threads, source)
source = source.replace('mbs.SolveDynamic(', '_solve(mbs, ')
exec(compile(source, script, 'exec'), {'_solve': _solve, '__name__': '__main__'})
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
cpu, wall = solves[0]
print(json.dumps({'result': getattr(G, 'testResult', None), 'cpu': cpu, 'wall': wall, 'peakRssMB': peak}))
`

/** The JSON lines the child printed last (its own output, then the runner's), parsed. */
function runChild(dir: string, script: string, threads: number, args: string[], cwd: string): unknown[] {
  const out = execFileSync(
    join(dir, 'python'),
    ['-c', RUNNER, script, String(threads), join(dir, 'perf-models'), ...args],
    { cwd, encoding: 'utf-8', maxBuffer: 64 << 20 },
  )
  return out
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as unknown)
}

interface RunnerLine {
  result: number | null
  cpu: number
  wall: number
  peakRssMB: number
}

const toRun = ({ result, cpu, wall, peakRssMB }: RunnerLine): ExudynRun => ({
  result: result ?? NaN,
  cpuSeconds: cpu,
  wallSeconds: wall,
  peakRssMB,
})

/** Runs one of Exudyn's perf-models scripts (e.g. 'perfRigidPendulum.py') with `threads` threads. */
export function runExudynScript(dir: string, script: string, threads = 1): ExudynRun {
  const lines = runChild(dir, script, threads, [], join(dir, 'perf-models'))
  return toRun(lines[lines.length - 1] as RunnerLine)
}

/**
 * Runs a script of our own that builds a model in Exudyn (bench/exudynScripts) with its arguments, as
 * runExudynScript does; printed: the JSON line the script printed before the runner's, if any.
 */
export function runOwnExudynScript(
  dir: string,
  file: string,
  args: string[] = [],
): ExudynRun & { printed?: Record<string, number[]> } {
  const lines = runChild(dir, resolve(file), 1, args, join(dir, 'perf-models'))
  const printed = lines.length > 1 ? (lines[lines.length - 2] as Record<string, number[]>) : undefined
  return { ...toRun(lines[lines.length - 1] as RunnerLine), printed }
}

export type ExudynProjectRun = ExudynRun & { sensors: Record<string, number[]> }

/** Runs one of our project files in Exudyn (run_project.py); sensors: their last values by name. */
export function runExudynProject(dir: string, file: string): ExudynProjectRun {
  const lines = runChild(dir, join(dir, 'run_project.py'), 1, [file], dir)
  const { sensors } = lines[lines.length - 2] as { sensors: Record<string, number[]> }
  return { ...toRun(lines[lines.length - 1] as RunnerLine), sensors }
}
