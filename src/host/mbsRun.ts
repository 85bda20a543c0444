// `mbs run` in a child process of the host (a study case run again, a what-if branch): the solver
// process and the run in it are not touched, and the command line's own checks and messages apply.
import { fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { ApiError } from '../shared/protocol'

// src/host in the source tree, out/main when bundled: the project root is two levels up either way.
export const MBS_SCRIPT = resolve(__dirname, '../..', 'bin/mbs.cjs')

/** The command line's exit codes as API errors: bad arguments, a refused project, anything else. */
const ERROR_CODES: Record<number, 'invalid-params' | 'invalid-model'> = {
  64: 'invalid-params',
  2: 'invalid-model',
}

/**
 * Runs `mbs run ARGS`, which writes `resultsPath`; answers that path. `what` names the run in
 * messages ("Case 3", "The branch"); a failure carries the command line's message.
 */
export function runMbs(mbs: string, args: string[], resultsPath: string, what: string): Promise<string> {
  return new Promise((resolvePath, reject) => {
    const child = fork(mbs, ['run', ...args, '--results', resultsPath], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', (error) => reject(new ApiError('internal', `mbs run: ${error.message}`)))
    child.on('exit', (code) => {
      if (code === 0 && existsSync(resultsPath)) resolvePath(resultsPath)
      else if (code === 0)
        reject(
          new ApiError(
            'invalid-state',
            `${what} wrote no results file: the project sets solutionSettings.writeSolutionToFile to false`,
          ),
        )
      else
        reject(
          new ApiError(
            ERROR_CODES[code ?? 1] ?? 'solver-error',
            `${what}: ${stderr.trim() || `mbs run exited with ${code}`}`,
          ),
        )
    })
  })
}
