// Runs the real `mbs` bin (node bin/mbs.cjs) in a child process, as a user or a script would.
import { execFile } from 'node:child_process'
import path from 'node:path'

export const REPO_ROOT = path.resolve(__dirname, '../../..')
const BIN = path.join(REPO_ROOT, 'bin', 'mbs.cjs')

export interface CliOutcome {
  code: number | null
  stdout: string
  stderr: string
}

/** `env` is added to this process's environment. */
export function spawnCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliOutcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: REPO_ROOT, maxBuffer: 64 << 20, env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}

/** Maps with at most `limit` promises in flight (child processes on a 2-core machine). */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  f: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++
      results[i] = await f(items[i])
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
