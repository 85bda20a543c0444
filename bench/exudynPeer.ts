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
  /** exudynTestGlobals.testResult of the script. */
  result: number
  /** CPU and wall seconds of the script's first SolveDynamic. */
  cpuSeconds: number
  wallSeconds: number
}

// Runs SCRIPT with graphics off and the performance flag on, its thread count set to THREADS, every
// mbs.SolveDynamic(...) timed; prints one JSON line.
const RUNNER = `
import json, re, sys, time
from modelUnitTests import exudynTestGlobals as G
G.useGraphics = False
G.isPerformanceTest = True
solves = []
def _solve(mbs, *args, **kwargs):
    c0, w0 = time.process_time(), time.perf_counter()
    ok = mbs.SolveDynamic(*args, **kwargs)
    solves.append((time.process_time() - c0, time.perf_counter() - w0))
    return ok
source = open(sys.argv[1]).read()
source = re.sub(r'numberOfThreads = \\d+', 'numberOfThreads = ' + sys.argv[2], source)
source = source.replace('mbs.SolveDynamic(', '_solve(mbs, ')
exec(compile(source, sys.argv[1], 'exec'), {'_solve': _solve, '__name__': '__main__'})
print(json.dumps({'result': G.testResult, 'cpu': solves[0][0], 'wall': solves[0][1]}))
`

/** Runs one of Exudyn's perf-models scripts (e.g. 'perfRigidPendulum.py') with `threads` threads. */
export function runExudynScript(dir: string, script: string, threads = 1): ExudynRun {
  const out = execFileSync(join(dir, 'python'), ['-c', RUNNER, script, String(threads)], {
    cwd: join(dir, 'perf-models'),
    encoding: 'utf-8',
    maxBuffer: 64 << 20,
  })
  const last = out.trim().split('\n').pop() ?? ''
  const { result, cpu, wall } = JSON.parse(last) as { result: number; cpu: number; wall: number }
  return { result, cpuSeconds: cpu, wallSeconds: wall }
}
