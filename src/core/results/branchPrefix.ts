// The start of a what-if branch's results file: the records the original run wrote up to the
// checkpoint the branch continues from. The checkpoint's output schedules count them (frames and
// sensor rows written so far), so the branch's file holds the original's records up to there and
// then its own, and a branch without a change is the original file record for record.
import type { Checkpoint } from '../checkpoint/checkpoint'
import type { ResultsReader } from './reader'

export interface BranchPrefix {
  /** The records as the original file holds them. */
  bytes: Uint8Array
  frames: number
  rows: number
  /** The original file's start time (the branch's header takes it). */
  startTime: number
}

/**
 * The original run's records before the checkpoint, or why they cannot start the branch (a file of
 * another model layout, a checkpoint saved without a results file, a file shorter than the run was).
 */
export function branchPrefix(original: ResultsReader, checkpoint: Checkpoint): BranchPrefix | string {
  const h = original.header
  if (h.fingerprint.join('\n') !== checkpoint.fingerprint.join('\n'))
    return "its model's structure is not the checkpoint's"
  const frames = checkpoint.outputs.frames?.count
  const rows = checkpoint.outputs.sensors?.count ?? 0
  if (frames === undefined)
    return (
      'the checkpoint was saved from a run without a results file, so it does not say how many ' +
      'frames came before it'
    )
  const bytes = original.recordsBefore(frames, h.sensors.items.length > 0 ? rows : 0)
  if (!bytes)
    return (
      `it does not hold the ${frames} frames and ${rows} sensor rows written before the checkpoint ` +
      '(another run overwrote it?)'
    )
  return { bytes, frames, rows: h.sensors.items.length > 0 ? rows : 0, startTime: h.startTime }
}
