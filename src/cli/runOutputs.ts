// Hook for the run's checkpoint and results files (--results, --save-checkpoint, --checkpoint-at,
// --from-checkpoint) and for describing those files in `mbs info`. The checkpoint/results issue
// (src/core/checkpoint, src/core/results) replaces the internals of these two functions; the command
// line has already parsed and checked the arguments (numbers, readable inputs, writable directories).
import { runProject, type Project, type RunOptions, type RunResult } from '../core'
import { CliError, EXIT } from './errors'

export interface RunOutputRequest {
  /** --results FILE */
  results?: string
  /** --save-checkpoint FILE */
  saveCheckpoint?: string
  /** --checkpoint-at T (only with saveCheckpoint) */
  checkpointAt?: number
  /** --from-checkpoint FILE */
  fromCheckpoint?: string
}

const OPTION_NAMES: Record<keyof RunOutputRequest, string> = {
  results: '--results',
  saveCheckpoint: '--save-checkpoint',
  checkpointAt: '--checkpoint-at',
  fromCheckpoint: '--from-checkpoint',
}

/** Runs the project, reading and writing the requested checkpoint and results files. */
export function runWithOutputs(project: Project, request: RunOutputRequest, options: RunOptions): RunResult {
  const used = (Object.keys(OPTION_NAMES) as (keyof RunOutputRequest)[]).filter((k) => request[k] !== undefined)
  if (used.length > 0)
    throw new CliError(EXIT.usage, `${used.map((k) => OPTION_NAMES[k]).join(', ')}: not available yet (results and checkpoint files are not implemented in this version)`)
  return runProject(project, options)
}

/** Lines describing a results or checkpoint file for `mbs info`, or undefined when the file is neither. */
export function describeRunOutputFile(_bytes: Uint8Array): string[] | undefined {
  return undefined
}
