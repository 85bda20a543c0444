// What the viewport draws: the engine's neutral graphics (collectGraphics) of the model, at its
// initial state or at the state of a frame (live run and replay), rebuilt from the frame's ODE2
// coordinates: bodies rotate and deform as they did in the solver; with the joints' links to their
// bodies (jointLinks.ts). An edit that modifies items redraws only the items it can change
// (patchedSceneModel), without building the whole system.
import {
  buildSystem,
  getItemType,
  graphicsCollector,
  ITEM_KINDS,
  KIND_OF_LIST,
  ResolvedModel,
  type CompiledSystem,
  type GraphicsItem,
  type ItemKind,
  type JsonValue,
  type ModelPatch,
  type Project,
  type ResolvedItem,
} from '../../core'
import { jointLinks } from './jointLinks'

export interface SceneModel {
  /** Graphics at the initial state. */
  initial(): GraphicsItem[]
  /**
   * Graphics at the state with ODE2 coordinates `q` (velocities stay initial: the graphics need the
   * configuration only). A frame of another model (a different coordinate count) draws the initial state.
   */
  at(q: Float64Array): GraphicsItem[]
  readonly project: Project
  /** Per kind and item index: the items that reference it (built on the first patch, kept by modifies). */
  dependents(): References
}

/** Per kind, per item index: the items on the other end of a reference. */
type References = Record<ItemKind, ItemId[][]>

/**
 * `drawn`: the initial graphics when known already (a patched scene): the system is then built on the first
 * frame.
 */
export function createSceneModel(
  project: Project,
  drawn?: GraphicsItem[],
  references?: References,
): SceneModel {
  let built: ReturnType<typeof drawing> | undefined
  const system = () => (built ??= drawing(buildSystem(project)))
  if (!drawn) system()
  let initial = drawn
  return {
    project,
    initial: () => (initial ??= system().show()),
    at: (q) => system().show(q),
    dependents: () => (references ??= dependentsOf(project.resolved)),
  }
}

function drawing(system: CompiledSystem): { show(q?: Float64Array): GraphicsItem[] } {
  const initialQ = system.state.q.slice()
  // The system is built once per model, so its items' visualize functions are looked up once too.
  const collect = graphicsCollector(system)
  const links = jointLinks(system)
  return {
    show(q = initialQ) {
      system.state.q.set(q.length === initialQ.length ? q : initialQ)
      system.update(system.state)
      return [...collect(), ...links(system.state)]
    },
  }
}

type ItemId = { kind: ItemKind; index: number }

/**
 * The scene of `next`, made from `scene` by `patch`. Items a modify touches, and the items that
 * reference them (transitively), are drawn again from a system of just them and what they reference;
 * the rest of the drawing is kept. `changed` is false when the drawing is the same (a stiffness or a
 * mass edit). A patch that adds, deletes, renames or changes a reference gets a new scene.
 */
export function patchedSceneModel(
  scene: SceneModel,
  next: Project,
  patch: ModelPatch,
): { scene: SceneModel; changed: boolean } {
  const touched: ItemId[] = []
  for (const op of patch) {
    if (op.op === 'setting') continue
    if (op.op !== 'modify') return { scene: createSceneModel(next), changed: true }
    const kind = KIND_OF_LIST[op.kind]
    const index = next.resolved.indexOf(kind, op.name)
    const parameters = getItemType(kind, next.resolved.item(kind, index).type)?.parameters ?? {}
    const keys = [...Object.keys(op.set ?? {}), ...(op.unset ?? [])]
    if (keys.some((key) => parameters[key]?.type === 'ref' || parameters[key]?.type === 'refList'))
      return { scene: createSceneModel(next), changed: true }
    touched.push({ kind, index })
  }
  // Experimental flags change how items are built.
  if (next.settings.experimental.join() !== scene.project.settings.experimental.join())
    return { scene: createSceneModel(next), changed: true }
  const references = scene.dependents()
  const affected = closure(touched, (item) => references[item.kind][item.index])
  const before = scene.initial()
  if (affected.length === 0) return { scene: createSceneModel(next, before, references), changed: false }
  const needed = closure(affected, (item) => referencesFrom(next.resolved.item(item.kind, item.index)))
  const redrawn = subsystemGraphics(next, needed, affected)
  const ids = new Set(affected.flatMap(({ kind, index }) => drawnIds(kind, index)))
  const changed = JSON.stringify(before.filter((item) => ids.has(item.item))) !== JSON.stringify(redrawn)
  const initial = changed ? replaced(before, ids, redrawn) : before
  return { scene: createSceneModel(next, initial, references), changed }
}

/** `start` and everything `next` reaches from it, each once. */
function closure(start: ItemId[], next: (item: ItemId) => ItemId[]): ItemId[] {
  const seen = new Set<string>()
  const out: ItemId[] = []
  const stack = [...start]
  while (stack.length > 0) {
    const item = stack.pop()!
    const id = `${item.kind}:${item.index}`
    if (seen.has(id)) continue
    seen.add(id)
    out.push(item)
    stack.push(...next(item))
  }
  return out
}

/** The items `item` references (its ref and refList parameters, resolved to indices). */
function referencesFrom(item: ResolvedItem): ItemId[] {
  const out: ItemId[] = []
  for (const [key, param] of Object.entries(getItemType(item.kind, item.type)?.parameters ?? {})) {
    if (param.type !== 'ref' && param.type !== 'refList') continue
    const value = item.params.values[key]
    for (const index of Array.isArray(value) ? value : [value])
      if (typeof index === 'number' && index >= 0) out.push({ kind: param.kind, index })
  }
  return out
}

/** Per item, the items that reference it. */
function dependentsOf(model: ResolvedModel): References {
  const out = Object.fromEntries(
    ITEM_KINDS.map((kind) => [kind, Array.from({ length: model.count(kind) }, (): ItemId[] => [])]),
  ) as References
  for (const kind of ITEM_KINDS)
    model.items[kind].forEach((item, index) => {
      for (const target of referencesFrom(item)) out[target.kind][target.index]?.push({ kind, index })
    })
  return out
}

/**
 * The initial graphics of the `drawn` items, from a system of the `needed` items alone (which hold
 * everything the drawn ones reference), with references renumbered into it and ids mapped back.
 */
function subsystemGraphics(project: Project, needed: ItemId[], drawn: ItemId[]): GraphicsItem[] {
  const order = (a: ItemId, b: ItemId) => KIND_RANK[a.kind] - KIND_RANK[b.kind] || a.index - b.index
  const sorted = [...needed].sort(order)
  const local = Object.fromEntries(ITEM_KINDS.map((kind) => [kind, new Map<number, number>()])) as Record<
    ItemKind,
    Map<number, number>
  >
  const full = Object.fromEntries(ITEM_KINDS.map((kind) => [kind, [] as number[]])) as Record<
    ItemKind,
    number[]
  >
  for (const { kind, index } of sorted) {
    local[kind].set(index, full[kind].length)
    full[kind].push(index)
  }
  const items = Object.fromEntries(
    ITEM_KINDS.map((kind) => [
      kind,
      full[kind].map((index) => renumbered(project.resolved.item(kind, index), local)),
    ]),
  ) as Record<ItemKind, ResolvedItem[]>
  const system = buildSystem({ resolved: new ResolvedModel(items), settings: project.settings })
  const wanted = new Set(drawn.flatMap(({ kind, index }) => drawnIds(kind, local[kind].get(index)!)))
  return drawing(system)
    .show()
    .filter((item) => wanted.has(item.item))
    .map((item) => {
      const [kind, index] = item.item.split(':')
      const owner = kind === 'link' ? 'object' : (kind as ItemKind)
      return { ...item, item: `${kind}:${full[owner][Number(index)]}` }
    })
}

/** The ids an item's graphics can have: its own, and for an object its joint link's ("link:J"). */
const drawnIds = (kind: ItemKind, index: number): string[] =>
  kind === 'object' ? [`object:${index}`, `link:${index}`] : [`${kind}:${index}`]

/** `item` at its place in the subsystem, its references renumbered by `local`. */
function renumbered(item: ResolvedItem, local: Record<ItemKind, Map<number, number>>): ResolvedItem {
  const index = local[item.kind].get(item.index)!
  const values: Record<string, JsonValue> = {}
  for (const [key, param] of Object.entries(getItemType(item.kind, item.type)?.parameters ?? {})) {
    if (param.type !== 'ref' && param.type !== 'refList') continue
    const targets = local[param.kind]
    const map = (ref: JsonValue) => (typeof ref === 'number' && ref >= 0 ? targets.get(ref)! : ref)
    const value = item.params.values[key]
    values[key] = Array.isArray(value) ? value.map(map) : map(value)
  }
  return { ...item, index, params: item.params.withValues(values) }
}

const KIND_RANK = Object.fromEntries(ITEM_KINDS.map((kind, rank) => [kind, rank])) as Record<ItemKind, number>
/** Where a kind of drawn id comes in a drawing: the items by kind, then the joint links. */
const drawnRank = (kind: string): number =>
  kind === 'link' ? ITEM_KINDS.length : KIND_RANK[kind as ItemKind]

/** `before` with the items of `ids` replaced by those of `redrawn` (dropped when not redrawn), in place. */
function replaced(before: GraphicsItem[], ids: ReadonlySet<string>, redrawn: GraphicsItem[]): GraphicsItem[] {
  const fresh = new Map(redrawn.map((item) => [item.item, item]))
  const out: GraphicsItem[] = []
  for (const item of before) {
    if (!ids.has(item.item)) out.push(item)
    else if (fresh.has(item.item)) {
      out.push(fresh.get(item.item)!)
      fresh.delete(item.item)
    }
  }
  // Items drawn now that drew nothing before go to their place in the drawing order.
  return fresh.size === 0 ? out : merged(out, [...fresh.values()])
}

/** Two drawings in drawing order (items by kind and index, then links) as one, in that order. */
function merged(a: GraphicsItem[], b: GraphicsItem[]): GraphicsItem[] {
  const key = (item: GraphicsItem) => {
    const [kind, index] = item.item.split(':')
    return drawnRank(kind) * 2 ** 32 + Number(index)
  }
  const sortedB = [...b].sort((x, y) => key(x) - key(y))
  const out: GraphicsItem[] = []
  let j = 0
  for (const item of a) {
    while (j < sortedB.length && key(sortedB[j]) < key(item)) out.push(sortedB[j++])
    out.push(item)
  }
  while (j < sortedB.length) out.push(sortedB[j++])
  return out
}
