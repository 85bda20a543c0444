// The assembled system (Exudyn's CSystem after Assemble): computation objects built from the resolved
// model, the LTG maps (global offsets of every node's coordinates, every object's algebraic equations
// and data coordinates) and the state vectors. Items carry an initialization stage (docs/engine.md), so an
// item added to a running system is initialized alone and the others keep their reference
// configuration and state.
//
// Order of one initialization (docs/engine.md explains why setup precedes phase 2 here):
//   phase 1 (setupInitial) for every pending item -> setup (counts, offsets, state vectors resized,
//   existing values kept) -> phase 2 (setupInitialState) for every pending item -> update.
import type { BuildContext, ResolvedItem } from '../model/definition'
import { getItemType } from '../model/registry'
import type { ResolvedModel } from '../model/resolve'
import { ITEM_KINDS, type ItemKind } from '../model/types'
import type { LoadComputation, MarkerComputation, NodeComputation, ObjectComputation } from './computation'
import type { InitStage, LifecycleHooks } from './lifecycle'
import type { SensorComputation } from './sensorComputation'
import { STATE_VECTORS, SystemState, type StateVectors } from './state'

export interface ItemRecord<C> {
  item: ResolvedItem
  computation: C
  stage: InitStage
}

export class AssemblyError extends Error {}

export class CompiledSystem implements BuildContext {
  readonly nodes: ItemRecord<NodeComputation>[] = []
  readonly objects: ItemRecord<ObjectComputation>[] = []
  readonly markers: ItemRecord<MarkerComputation>[] = []
  readonly loads: ItemRecord<LoadComputation>[] = []
  readonly sensors: ItemRecord<SensorComputation>[] = []
  state = new SystemState(0, 0, 0, 0)
  nODE2 = 0
  nODE1 = 0
  nAE = 0
  nData = 0
  /** Incremented by every setup that changed the coordinate layout (solvers re-size on change). */
  layoutVersion = 0
  /** Incremented by every in-place parameter change (updateItems; packed force kernels reload). */
  parametersVersion = 0
  /**
   * The items being built, innermost last (an item builds the items it references first): a stack,
   * a few deep, instead of a set of "kind:index" keys (a string and a hash entry per item).
   */
  private readonly buildingKinds: ItemKind[] = []
  private readonly buildingIndices: number[] = []
  private pending = false

  constructor(
    private model: ResolvedModel,
    readonly experimental: ReadonlySet<string> = new Set(),
  ) {
    for (const kind of ITEM_KINDS) for (let i = 0; i < model.count(kind); i++) this.buildItem(kind, i)
    this.initialize()
  }

  // --- BuildContext: computations of other items, built on demand -------------------------------
  item(kind: ItemKind, index: number): ResolvedItem {
    return this.model.item(kind, index)
  }
  count(kind: ItemKind): number {
    return this.model.count(kind)
  }
  node(i: number): NodeComputation {
    return this.buildItem('node', i) as NodeComputation
  }
  object(i: number): ObjectComputation {
    return this.buildItem('object', i) as ObjectComputation
  }
  marker(i: number): MarkerComputation {
    return this.buildItem('marker', i) as MarkerComputation
  }
  load(i: number): LoadComputation {
    return this.buildItem('load', i) as LoadComputation
  }

  records(kind: ItemKind): ItemRecord<LifecycleHooks>[] {
    switch (kind) {
      case 'node':
        return this.nodes
      case 'object':
        return this.objects
      case 'marker':
        return this.markers
      case 'load':
        return this.loads
      case 'sensor':
        return this.sensors
    }
  }

  private buildItem(kind: ItemKind, index: number): LifecycleHooks {
    const list = this.records(kind)
    const existing = list[index]
    if (existing) return existing.computation
    const item = this.model.item(kind, index)
    for (let d = 0; d < this.buildingKinds.length; d++)
      if (this.buildingKinds[d] === kind && this.buildingIndices[d] === index)
        throw new AssemblyError(`${kind} "${item.name}" (${item.type}) references itself through other items`)
    this.buildingKinds.push(kind)
    this.buildingIndices.push(index)
    try {
      const def = getItemType(kind, item.type)
      if (!def) throw new AssemblyError(`${kind} "${item.name}": unknown type ${item.type}`)
      const computation = (def.build as (i: ResolvedItem, c: BuildContext) => LifecycleHooks)(item, this)
      list[index] = { item, computation, stage: 'NONE' }
      this.pending = true
      return computation
    } finally {
      this.buildingKinds.pop()
      this.buildingIndices.pop()
    }
  }

  /**
   * Adds an item of a model that extends the current one by that item (the model is re-resolved by
   * the caller). The new item is initialized alone at the next initialize().
   */
  addItem(model: ResolvedModel, kind: ItemKind): void {
    this.model = model
    this.buildItem(kind, model.count(kind) - 1)
  }

  /**
   * Takes the items of `model` (the current model with only live or visualization parameters of
   * the listed items changed) in place: their records get the new resolved items and their
   * computations the live parameters. Nothing is rebuilt or initialized again.
   */
  updateItems(model: ResolvedModel, changed: readonly { kind: ItemKind; index: number }[]): void {
    this.model = model
    this.parametersVersion++
    for (const { kind, index } of changed) {
      const record = this.records(kind)[index]
      record.item = model.item(kind, index)
      record.computation.setParameters?.(record.item)
    }
  }

  /** Sets an item back to NONE: the next initialize() records its reference configuration again. */
  resetInitialization(kind: ItemKind, index: number): void {
    this.records(kind)[index].stage = 'NONE'
    this.pending = true
  }

  /**
   * Back to the state a new build of the same items starts from: zeros at t = 0, then every item
   * initialized again (a study worker runs its next case on the system it keeps).
   */
  resetToInitialState(): void {
    const s = this.state
    s.t = 0
    // Indexed loops: run once per case, this code is compiled only after hundreds of cases, and until
    // then for-of allocates per item.
    for (let k = 0; k < STATE_VECTORS.length; k++) s[STATE_VECTORS[k]].fill(0)
    for (let k = 0; k < ITEM_KINDS.length; k++)
      for (let i = 0; i < this.records(ITEM_KINDS[k]).length; i++) this.resetInitialization(ITEM_KINDS[k], i)
    this.initialize()
  }

  /**
   * Runs phase 1, setup, phase 2 for pending items, then update. Cheap (a flag check) when nothing is
   * pending.
   */
  initialize(): void {
    if (!this.pending) return
    this.pending = false
    const pending: ItemRecord<LifecycleHooks>[] = []
    for (let k = 0; k < ITEM_KINDS.length; k++) {
      const list = this.records(ITEM_KINDS[k])
      for (let i = 0; i < list.length; i++) if (list[i].stage !== 'STATE') pending.push(list[i])
    }
    for (let i = 0; i < pending.length; i++) {
      const r = pending[i]
      if (r.stage === 'NONE') {
        r.computation.setupInitial?.()
        r.stage = 'STRUCTURE'
      }
    }
    this.setup()
    for (let i = 0; i < pending.length; i++) {
      pending[i].computation.setupInitialState?.(this.state)
      pending[i].stage = 'STATE'
    }
    this.update(this.state)
  }

  /**
   * Counts coordinates and equations, assigns global offsets (the LTG maps) and keeps every vector's
   * values (q, v, a, y, y', lambda, data) of the items initialized before.
   */
  setup(): void {
    const old = this.state
    // Offsets of the items initialized before (stage STATE): their values move to the new layout.
    // None after a reset (resetToInitialState): then there are no old offsets to record.
    const kept = (r: ItemRecord<LifecycleHooks>) => r.stage === 'STATE'
    const moves = this.nodes.some(kept) || this.objects.some(kept)
    const oldNodes = moves
      ? this.nodes.map(({ computation: n }) => [n.ode2Index, n.ode1Index, n.dataIndex])
      : []
    const oldObjects = moves ? this.objects.map(({ computation: o }) => [o.aeIndex, o.dataIndex]) : []
    let n2 = 0,
      n1 = 0,
      nd = 0,
      nae = 0
    for (let k = 0; k < this.nodes.length; k++) {
      const n = this.nodes[k].computation
      n.ode2Index = n2
      n.ode1Index = n1
      n.dataIndex = nd
      n2 += n.nODE2
      n1 += n.nODE1
      nd += n.nData
      n.onOffsetsAssigned?.()
    }
    for (let k = 0; k < this.objects.length; k++) {
      const o = this.objects[k].computation
      o.aeIndex = nae
      o.dataIndex = nd
      nae += o.nAE
      nd += o.nData
    }
    const changed = n2 !== this.nODE2 || n1 !== this.nODE1 || nae !== this.nAE || nd !== this.nData
    this.nODE2 = n2
    this.nODE1 = n1
    this.nAE = nae
    this.nData = nd
    for (let k = 0; k < this.markers.length; k++) this.markers[k].computation.setupLTG()
    for (let k = 0; k < this.objects.length; k++) this.objects[k].computation.setupLTG()
    for (let k = 0; k < this.loads.length; k++) this.loads[k].computation.setupLTG()
    for (let k = 0; k < this.sensors.length; k++) this.sensors[k].computation.setupLTG()
    if (changed) {
      const s = new SystemState(n2, n1, nae, nd)
      s.t = old.t
      const move = (vectors: readonly (keyof StateVectors)[], from: number, to: number, n: number) => {
        for (const v of vectors) s[v].set(old[v].subarray(from, from + n), to)
      }
      this.nodes.forEach((r, i) => {
        if (!kept(r)) return
        const n = r.computation
        move(['q', 'v', 'a'], oldNodes[i][0], n.ode2Index, n.nODE2)
        move(['y', 'yDot'], oldNodes[i][1], n.ode1Index, n.nODE1)
        move(['data'], oldNodes[i][2], n.dataIndex, n.nData)
      })
      this.objects.forEach((r, i) => {
        if (!kept(r)) return
        const o = r.computation
        move(['lambda'], oldObjects[i][0], o.aeIndex, o.nAE)
        move(['data'], oldObjects[i][1], o.dataIndex, o.nData)
      })
      this.state = s
      this.layoutVersion++
    }
  }

  /** Auxiliary data of every item from the state. */
  update(s: SystemState): void {
    for (let k = 0; k < ITEM_KINDS.length; k++) {
      const list = this.records(ITEM_KINDS[k])
      for (let i = 0; i < list.length; i++) list[i].computation.update?.(s)
    }
  }

  /** "object \"name\" (Type)" for messages. */
  label(kind: ItemKind, index: number): string {
    const it = this.model.item(kind, index)
    return `${kind} "${it.name}" (${it.type})`
  }

  /** The item whose coordinates include global ODE2 index i (for error messages). */
  ode2Owner(i: number): string {
    for (let k = 0; k < this.nodes.length; k++) {
      const n = this.nodes[k].computation
      if (i >= n.ode2Index && i < n.ode2Index + n.nODE2)
        return `${this.label('node', k)} coordinate ${i - n.ode2Index}`
    }
    return `ODE2 coordinate ${i}`
  }

  /** The object whose algebraic equations include global AE index i. */
  aeOwner(i: number): string {
    for (let k = 0; k < this.objects.length; k++) {
      const o = this.objects[k].computation
      if (i >= o.aeIndex && i < o.aeIndex + o.nAE)
        return `${this.label('object', k)} equation ${i - o.aeIndex}`
    }
    return `algebraic equation ${i}`
  }
}
