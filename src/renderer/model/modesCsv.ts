// The Modes tab's table as CSV: one row per mode, numbers in full precision, dominant nodes as
// "name share" (share of the mode's kinetic energy).
import type { ModesResult } from '../../shared/modes'

export function modesCsv(result: ModesResult): string {
  const header = 'mode,frequency_Hz,damping_ratio,rigid_body,unstable,dominant'
  const rows = result.modes.map((mode, i) =>
    [
      i + 1,
      mode.frequency,
      mode.dampingRatio ?? '',
      mode.rigidBody,
      mode.unstable,
      `"${mode.dominant.map((d) => `${d.item} ${d.share.toFixed(4)}`).join('; ')}"`,
    ].join(','),
  )
  return [header, ...rows].join('\n') + '\n'
}
