// Collects the neutral graphics of every item at the current state (the "visualization" part of
// each definition). Not on the solver's hot path: called for frames the screen shows.
import type { ResolvedItem } from '../model/definition'
import { getItemType } from '../model/registry'
import { ITEM_KINDS, type ItemKind } from '../model/types'
import type { CompiledSystem } from './compiledSystem'
import { Graphics, type GraphicsItem } from './graphics'
import type { SystemState } from './state'

/**
 * A definition's visualize with its computation parameter widened (each item is drawn by its own definition).
 */
type Visualize = (item: ResolvedItem, computation: unknown, s: SystemState, out: Graphics) => void

/** The graphics of `system` at state `s` (default: the system's state). */
export type GraphicsCollector = (s?: SystemState) => GraphicsItem[]

/**
 * A collector for the items `system` has now: the definitions' visualize functions and the item ids
 * ("object:3") are looked up once, not per frame (a viewport showing a run calls it for every frame).
 * Items added to the system later need a new collector.
 */
export function graphicsCollector(system: CompiledSystem): GraphicsCollector {
  const drawn: { id: string; visualize: Visualize; kind: ItemKind; index: number }[] = []
  for (const kind of ITEM_KINDS)
    system.records(kind).forEach((r, index) => {
      const visualize = getItemType(kind, r.item.type)?.visualize as Visualize | undefined
      if (visualize) drawn.push({ id: `${kind}:${index}`, visualize, kind, index })
    })
  return (s = system.state) => {
    const g = new Graphics()
    for (const d of drawn) {
      const r = system.records(d.kind)[d.index]
      g.begin(d.id)
      d.visualize(r.item, r.computation, s, g)
    }
    return g.items.filter((i) => i.primitives.length > 0)
  }
}

export function collectGraphics(system: CompiledSystem, s: SystemState = system.state): GraphicsItem[] {
  return graphicsCollector(system)(s)
}
