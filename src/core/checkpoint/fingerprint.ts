// The structure of a system, as checkpoints and results files record it: every item's kind, name and
// type and the coordinate layout (global offsets and sizes). Parameter values are not part of it, so a
// checkpoint loads into a "what if" variant of the model (other stiffness, other loads), but only into
// a system built the same way. One line per entry keeps differences easy to name.
import type { CompiledSystem } from '../system/compiledSystem'
import { ITEM_KINDS } from '../model/types'

export type Fingerprint = string[]

const itemKey = (line: string): string => line.slice(0, line.indexOf('"', line.indexOf('"') + 1) + 1)

export function systemFingerprint(system: CompiledSystem): Fingerprint {
  const lines = [`counts ode2=${system.nODE2} ode1=${system.nODE1} ae=${system.nAE} data=${system.nData}`]
  for (const kind of ITEM_KINDS) {
    system.records(kind).forEach((r, i) => {
      let layout = ''
      if (kind === 'node') {
        const n = system.nodes[i].computation
        layout =
          ` ode2=${n.ode2Index}+${n.nODE2} ode1=${n.ode1Index}+${n.nODE1}` + ` data=${n.dataIndex}+${n.nData}`
      } else if (kind === 'object') {
        const o = system.objects[i].computation
        layout = ` ae=${o.aeIndex}+${o.nAE} data=${o.dataIndex}+${o.nData}`
      }
      lines.push(`${kind} "${r.item.name}" ${r.item.type}${layout}`)
    })
  }
  return lines
}

/** FNV-1a (32 bit) of the fingerprint, as 8 hex digits: a short label for `mbs info` and headers. */
export function fingerprintHash(f: Fingerprint): string {
  let h = 0x811c9dc5
  for (const line of f) {
    for (let i = 0; i < line.length; i++) h = Math.imul(h ^ line.charCodeAt(i), 0x01000193)
    h = Math.imul(h ^ 10, 0x01000193)
  }
  return (h >>> 0).toString(16).padStart(8, '0')
}

/**
 * What differs between a saved fingerprint and the current one, in words (empty when equal). Items are
 * matched by kind and name, so one inserted item is reported as such, not as a shift of all others.
 */
export function fingerprintDifferences(saved: Fingerprint, current: Fingerprint, limit = 12): string[] {
  const out: string[] = []
  if (saved[0] !== current[0])
    out.push(`coordinate counts: saved ${saved[0].slice(7)}; this system ${current[0].slice(7)}`)
  const savedItems = new Map(saved.slice(1).map((l) => [itemKey(l), l]))
  const currentItems = new Map(current.slice(1).map((l) => [itemKey(l), l]))
  for (const [k, l] of savedItems) {
    const c = currentItems.get(k)
    if (c === undefined) out.push(`${k} is in the saved model but not in this one (saved: ${l})`)
    else if (c !== l)
      out.push(`${k} differs: saved "${l.slice(k.length + 1)}", this system "${c.slice(k.length + 1)}"`)
  }
  for (const [k, l] of currentItems)
    if (!savedItems.has(k)) out.push(`${k} is in this model but not in the saved one (${l})`)
  if (out.length === 0 && saved.join('\n') !== current.join('\n'))
    out.push('the items are the same but in a different order')
  return out.length > limit ? [...out.slice(0, limit), `... and ${out.length - limit} more differences`] : out
}
