// Starts the solver process as a Node child process (the web host, the tests). The TypeScript entry
// runs through tsx; the built entry (out/main/solver-process.js) runs as it is.
import { fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { FromSolverMessage } from '../shared/solverProtocol'
import type { SolverChannel, SolverLauncher } from './solverSupervisor'

export interface SolverEntry {
  path: string
  execArgv: string[]
}

// src/host in the source tree, out/main when bundled: the project root is two levels up either way.
const PROJECT_ROOT = resolve(__dirname, '../..')

/** The TypeScript entry, run through tsx. */
export function sourceSolverEntry(): SolverEntry {
  return { path: resolve(PROJECT_ROOT, 'src/solver-process/index.ts'), execArgv: ['--import', 'tsx'] }
}

/** The built entry of `npm run build`. */
export function builtSolverEntry(): SolverEntry {
  return { path: resolve(PROJECT_ROOT, 'out/main/solver-process.js'), execArgv: [] }
}

/** Source code runs with the source entry, built code with the built one (they always match). */
export function defaultSolverEntry(): SolverEntry {
  const built = builtSolverEntry()
  return __filename.endsWith('.ts') || !existsSync(built.path) ? sourceSolverEntry() : built
}

export function nodeSolverLauncher(entry: SolverEntry = defaultSolverEntry()): SolverLauncher {
  return () => {
    // 'advanced' serialization is the structured clone: Float64Arrays arrive as Float64Arrays.
    const child = fork(entry.path, [], {
      serialization: 'advanced',
      execArgv: entry.execArgv,
      stdio: 'inherit',
    })
    const channel: SolverChannel & { pid: number | undefined } = {
      pid: child.pid,
      send: (message) => {
        if (child.connected) child.send(message)
      },
      onMessage: (listener) => child.on('message', (message) => listener(message as FromSolverMessage)),
      onExit: (listener) => {
        child.once('exit', (code, signal) => listener(signal ? `signal ${signal}` : `exit code ${code}`))
      },
      kill: () => void child.kill(),
    }
    return channel
  }
}
