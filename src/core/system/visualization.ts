// Collects the neutral graphics of every item at the current state (the "visualization" part of
// each definition). Not on the solver's hot path: called for frames the screen shows.
import { getItemType } from '../model/registry'
import { ITEM_KINDS } from '../model/types'
import type { CompiledSystem } from './compiledSystem'
import { Graphics, type GraphicsItem } from './graphics'
import type { SystemState } from './state'

export function collectGraphics(system: CompiledSystem, s: SystemState = system.state): GraphicsItem[] {
  const g = new Graphics()
  for (const kind of ITEM_KINDS) {
    system.records(kind).forEach((r, index) => {
      const def = getItemType(kind, r.item.type)
      if (!def?.visualize) return
      g.begin(`${kind}:${index}`)
      ;(def.visualize as (i: typeof r.item, c: unknown, st: SystemState, out: Graphics) => void)(r.item, r.computation, s, g)
    })
  }
  return g.items.filter((i) => i.primitives.length > 0)
}
