// The item registry, keyed by kind and type string (as Exudyn's mbs.AddObject; docs/engine.md): a type is
// created from its dictionary by looking the string up here, not by a switch, so a plugin adds a type
// with registerItemType() without touching the core.
import type { AnyItemDefinition, ItemDefinition } from './definition'
import { ITEM_KINDS, type ItemKind } from './types'

const registry = new Map<ItemKind, Map<string, AnyItemDefinition>>(ITEM_KINDS.map((k) => [k, new Map()]))

const RESERVED_PARAMETERS = new Set(['type', 'name'])

export function registerItemType<K extends ItemKind>(def: ItemDefinition<K>): void {
  const byType = registry.get(def.kind)!
  if (byType.has(def.type)) throw new Error(`${def.kind} type "${def.type}" is already registered`)
  for (const p of Object.keys(def.parameters)) {
    if (RESERVED_PARAMETERS.has(p))
      throw new Error(`${def.kind} type "${def.type}": parameter name "${p}" is reserved`)
  }
  byType.set(def.type, def as unknown as AnyItemDefinition)
}

/** Removes a type (for plugins that are unloaded and tests). */
export function unregisterItemType(kind: ItemKind, type: string): boolean {
  return registry.get(kind)!.delete(type)
}

export function getItemType(kind: ItemKind, type: string): AnyItemDefinition | undefined {
  return registry.get(kind)!.get(type)
}

export function itemTypes(kind: ItemKind): AnyItemDefinition[] {
  return [...registry.get(kind)!.values()]
}

export function allItemTypes(): AnyItemDefinition[] {
  return ITEM_KINDS.flatMap((k) => itemTypes(k))
}
