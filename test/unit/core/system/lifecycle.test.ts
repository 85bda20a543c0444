// The per-item lifecycle contract (docs/engine.md, "Assembly and lifecycle"), checked with a probe node
// type that records every hook call: phase 1 (setupInitial) runs for all pending items before any
// phase 2 (setupInitialState); phase 1 sees the state unchanged; an item added later is initialized
// alone while the others keep their state and reference (every state vector, moved to the new
// offsets); resetInitialization re-records one item; initialize() does nothing when nothing is pending.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  CompiledSystem,
  registerItemType,
  resolveModel,
  unregisterItemType,
  type BuildContext,
  type ItemDefinition,
  type NodeComputation,
  type ResolvedModel,
  type SystemState,
} from '../../../../src/core'

interface HookCall {
  hook: 'setupInitial' | 'setupInitialState' | 'update'
  node: string
  /** The system's displacement coordinates when the hook ran. */
  q: number[]
}

let calls: HookCall[] = []

/** One coordinate; phase 1 records the reference, phase 2 writes the initial displacement. */
class ProbeNode implements NodeComputation {
  readonly nODE2 = 1
  readonly nODE1 = 0
  readonly nData = 0
  ode2Index = 0
  ode1Index = 0
  dataIndex = 0
  readonly initialVelocity = new Float64Array(1)
  /** Reference configurations recorded by phase 1, in order. */
  readonly recordedReferences: number[] = []
  constructor(
    readonly name: string,
    readonly reference: Float64Array,
    readonly initialDisplacement: Float64Array,
    private readonly system: BuildContext,
  ) {}
  private log(hook: HookCall['hook']): void {
    calls.push({ hook, node: this.name, q: Array.from((this.system as CompiledSystem).state.q) })
  }
  setupInitial(): void {
    this.recordedReferences.push(this.reference[0])
    this.log('setupInitial')
  }
  setupInitialState(s: SystemState): void {
    s.q[this.ode2Index] = this.initialDisplacement[0]
    this.log('setupInitialState')
  }
  update(): void {
    this.log('update')
  }
}

const PROBE: ItemDefinition<'node'> = {
  kind: 'node',
  type: 'LifecycleProbe',
  exudynName: 'NodeLifecycleProbe',
  doc: 'Records its lifecycle hook calls (test).',
  parameters: {
    referenceCoordinates: { type: 'vector', size: 1, default: [0], doc: 'reference' },
    initialCoordinates: { type: 'vector', size: 1, default: [0], doc: 'initial displacement' },
  },
  supportsCheckpoint: true,
  build: (it, ctx) =>
    new ProbeNode(
      it.name,
      it.params.vector('referenceCoordinates'),
      it.params.vector('initialCoordinates'),
      ctx,
    ),
}

function modelWith(initial: number[]): ResolvedModel {
  const nodes = initial.map((q0, i) => ({
    type: 'LifecycleProbe',
    name: `p${i}`,
    referenceCoordinates: [10 * (i + 1)],
    initialCoordinates: [q0],
  }))
  const r = resolveModel({ nodes })
  if (!r.ok) throw new Error(JSON.stringify(r.problems))
  return r.model
}

const phaseCalls = (): HookCall[] => calls.filter((c) => c.hook !== 'update')
const probe = (system: CompiledSystem, i: number): ProbeNode => system.nodes[i].computation as ProbeNode

describe('item lifecycle', () => {
  beforeAll(() => registerItemType(PROBE))
  afterAll(() => unregisterItemType('node', 'LifecycleProbe'))
  beforeEach(() => {
    calls = []
  })

  it('runs phase 1 of all pending items, then phase 2, then update; phase 1 leaves the state as is', () => {
    const system = new CompiledSystem(modelWith([1, 2]))
    expect(calls.map((c) => `${c.hook} ${c.node}`)).toEqual([
      'setupInitial p0',
      'setupInitial p1',
      'setupInitialState p0',
      'setupInitialState p1',
      'update p0',
      'update p1',
    ])
    // Phase 1 ran before any coordinates existed and saw the empty initial state.
    expect(calls.filter((c) => c.hook === 'setupInitial').map((c) => c.q)).toEqual([[], []])
    expect(Array.from(system.state.q)).toEqual([1, 2])
  })

  it('initializes an item added later alone; the others keep their state and reference', () => {
    const system = new CompiledSystem(modelWith([1, 2]))
    system.state.q.set([5, 7]) // the run has moved on
    calls = []
    system.addItem(modelWith([1, 2, 3]), 'node')
    system.initialize()
    expect(phaseCalls().map((c) => `${c.hook} ${c.node}`)).toEqual([
      'setupInitial p2',
      'setupInitialState p2',
    ])
    // Phase 1 of the new item saw the running state, unchanged.
    expect(phaseCalls()[0].q).toEqual([5, 7])
    expect(Array.from(system.state.q)).toEqual([5, 7, 3])
    expect([0, 1, 2].map((i) => probe(system, i).recordedReferences)).toEqual([[10], [20], [30]])
  })

  it('keeps v, a, lambda and data of the items there before when an added node shifts offsets', () => {
    // A point mass held in y by a constraint (lambda) on a bristle-friction floor (2 data coordinates);
    // an added GenericData node comes first in the data vector, so the friction's data move back by 3.
    const nodes: Record<string, unknown>[] = [
      { type: 'Point', name: 'n' },
      { type: 'PointGround', name: 'g' },
    ]
    const model = {
      nodes,
      objects: [
        { type: 'MassPoint', name: 'm', physicsMass: 1, nodeNumber: 'n' },
        {
          type: 'ConnectorCoordinateSpringDamperExt',
          name: 'f',
          markerNumbers: ['gx', 'x'],
          fDynamicFriction: 1,
          stickingStiffness: 1e4,
        },
        { type: 'ConnectorCoordinate', name: 'c', markerNumbers: ['gy', 'y'] },
      ],
      markers: [
        { type: 'NodeCoordinate', name: 'x', nodeNumber: 'n', coordinate: 0 },
        { type: 'NodeCoordinate', name: 'y', nodeNumber: 'n', coordinate: 1 },
        { type: 'NodeCoordinate', name: 'gx', nodeNumber: 'g', coordinate: 0 },
        { type: 'NodeCoordinate', name: 'gy', nodeNumber: 'g', coordinate: 1 },
      ],
    }
    const resolve = () => {
      const r = resolveModel(model)
      if (!r.ok) throw new Error(JSON.stringify(r.problems))
      return r.model
    }
    const system = new CompiledSystem(resolve())
    const s = system.state
    expect([s.q.length, s.lambda.length, s.data.length]).toEqual([3, 1, 2])
    s.q.set([1, 2, 3])
    s.v.set([4, 5, 6])
    s.a.set([7, 8, 9])
    s.lambda.set([-11])
    s.data.set([1, 0.25])
    nodes.push({ type: 'GenericData', name: 'd', numberOfDataCoordinates: 3, initialCoordinates: [7, 8, 9] })
    system.addItem(resolve(), 'node')
    system.initialize()
    const after = system.state
    expect(after).not.toBe(s)
    expect([after.q, after.v, after.a, after.lambda].map((v) => Array.from(v))).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
      [-11],
    ])
    expect(Array.from(after.data)).toEqual([7, 8, 9, 1, 0.25])
  })

  it('resetInitialization re-records the reference and initial conditions of that item only', () => {
    const system = new CompiledSystem(modelWith([1, 2]))
    system.state.q.set([5, 7])
    calls = []
    system.resetInitialization('node', 0)
    system.initialize()
    expect(phaseCalls().map((c) => `${c.hook} ${c.node}`)).toEqual([
      'setupInitial p0',
      'setupInitialState p0',
    ])
    expect(phaseCalls()[0].q).toEqual([5, 7])
    expect(Array.from(system.state.q)).toEqual([1, 7])
    expect(probe(system, 0).recordedReferences).toEqual([10, 10])
    expect(probe(system, 1).recordedReferences).toEqual([20])
  })

  it('initialize() is a no-op when nothing is pending', () => {
    const system = new CompiledSystem(modelWith([1, 2]))
    const state = system.state
    const layout = system.layoutVersion
    calls = []
    system.initialize()
    system.initialize()
    expect(calls).toEqual([])
    expect(system.state).toBe(state)
    expect(system.layoutVersion).toBe(layout)
  })
})
