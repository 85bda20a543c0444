// Packed force kernels (PackedForces / PackedLoads: ConnectorSpringDamper between points, force loads on
// points, ConnectorCoordinateSpringDamper and LoadCoordinate) against the per-item path they replace in
// SystemEvaluator.ode2Residual: each object's computeODE2LHS into a zeroed local vector added at its
// ltg, each load's addLoad, in model order.
// Reference and kernels must agree bit for bit (Object.is, so even the sign of a zero): the kernels
// promise the same operations in the same order, and restarts and parity tests rely on it. The model
// mixes 3D and planar nodes, mass-point markers with offsets, ground points, and items the kernels do
// not take (a spring with a user function, a spring on a rigid body, an inactive spring, a load with
// time functions, a load on a rigid body off its node's origin) between packed ones, so runs break and
// resume; loads on rigid bodies at the node's origin (3D and planar) are packed.
import { describe, expect, it } from 'vitest'
import { buildSystem, inPlaceChanges, type ModelPatch, type Project } from '../../../../src/core'
import { SystemEvaluator } from '../../../../src/core/system/evaluator'
import { DenseSystemMatrix } from '../../../../src/core/system/matrix'
import { makeProject, type Json } from '../../../validation/helpers'

const spring = (name: string, markers: [string, string], extra: Json = {}): Json => ({
  type: 'ConnectorSpringDamper',
  name,
  markerNumbers: markers,
  stiffness: 300 + name.length * 17,
  damping: 0.7,
  referenceLength: 0.8,
  force: 0.25,
  velocityOffset: 0.01,
  ...extra,
})

function model(stiffness = 300): Json {
  return {
    nodes: [
      { type: 'Point', name: 'a', referenceCoordinates: [0, 0, 0] },
      { type: 'Point', name: 'b', referenceCoordinates: [1.2, 0.3, -0.4] },
      { type: 'Point', name: 'c', referenceCoordinates: [0.4, -1.1, 0.9] },
      { type: 'Point2D', name: 'd', referenceCoordinates: [2, 1] },
      { type: 'Point2D', name: 'e', referenceCoordinates: [2.5, -0.5] },
      { type: 'RigidBodyEP', name: 'r', referenceCoordinates: [3, 1, 0.5, 1, 0, 0, 0] },
      { type: 'RigidBodyEP', name: 'rOff', referenceCoordinates: [-1, 2, 0.5, 0.6, 0.8, 0, 0] },
      { type: 'RigidBody2D', name: 'r2', referenceCoordinates: [0.5, -2, 0.3] },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      ...['a', 'b', 'c'].map((n) => ({ type: 'MassPoint', name: `m${n}`, nodeNumber: n, physicsMass: 2 })),
      ...['d', 'e'].map((n) => ({ type: 'MassPoint2D', name: `m${n}`, nodeNumber: n, physicsMass: 3 })),
      {
        type: 'RigidBody',
        name: 'rb',
        nodeNumber: 'r',
        physicsMass: 3,
        physicsInertia: [1, 2, 2.5, 0, 0, 0],
      },
      {
        type: 'RigidBody',
        name: 'rbOff',
        nodeNumber: 'rOff',
        physicsMass: 2,
        physicsInertia: [1, 2, 2.5, 0, 0, 0],
        physicsCenterOfMass: [0.1, 0, -0.05],
      },
      { type: 'RigidBody2D', name: 'rb2', nodeNumber: 'r2', physicsMass: 1.5, physicsInertia: 0.4 },
      spring('groundA', ['anchor', 'pa'], { stiffness }),
      spring('ab', ['pa', 'pb']),
      spring('bd', ['pb', 'pd']),
      spring('offsets', ['pdOff', 'peOff']),
      spring('user', ['pe', 'pa'], { springForceUserFunction: 'stiffness*deltaL + 5*deltaL^3' }),
      spring('eGround', ['pe', 'anchor']),
      spring('cA', ['pc', 'pa']),
      spring('rigid', ['pr', 'pc']),
      spring('rigid2', ['pr2', 'pb']),
      spring('ce', ['pc', 'pe']),
      spring('off', ['pa', 'pb'], { activeConnector: false }),
      spring('da', ['pd', 'pa']),
    ],
    markers: [
      { type: 'BodyPosition', name: 'anchor', bodyNumber: 'ground', localPosition: [0.3, -1, 0.2] },
      ...['a', 'b', 'c', 'd', 'e'].map((n) => ({ type: 'NodePosition', name: `p${n}`, nodeNumber: n })),
      { type: 'BodyPosition', name: 'pdOff', bodyNumber: 'md', localPosition: [0.1, -0.2, 0.05] },
      { type: 'BodyPosition', name: 'peOff', bodyNumber: 'me', localPosition: [-0.3, 0.1, -0.02] },
      { type: 'BodyPosition', name: 'pr', bodyNumber: 'rb', localPosition: [0.2, 0, 0] },
      { type: 'BodyPosition', name: 'pr2', bodyNumber: 'rb2', localPosition: [0.1, 0.2, 0] },
      ...['a', 'b', 'c', 'd', 'e'].map((n) => ({ type: 'BodyMass', name: `mass${n}`, bodyNumber: `m${n}` })),
      { type: 'BodyMass', name: 'massR', bodyNumber: 'rb' },
      { type: 'BodyMass', name: 'massROff', bodyNumber: 'rbOff' },
      { type: 'BodyMass', name: 'massR2', bodyNumber: 'rb2' },
    ],
    loads: [
      ...['a', 'b'].map((n) => ({
        type: 'MassProportional',
        name: `g${n}`,
        markerNumber: `mass${n}`,
        loadVector: [0, -9.81, 0.5],
      })),
      { type: 'ForceVector', name: 'timed', markerNumber: 'pc', loadVector: [0, 0, 0] },
      { type: 'ForceVector', name: 'push', markerNumber: 'pd', loadVector: [1.5, -2, 0] },
      { type: 'ForceVector', name: 'pushE', markerNumber: 'pe', loadVector: [1, 1, 1] },
      { type: 'MassProportional', name: 'gR', markerNumber: 'massR', loadVector: [0, -9.81, 0] },
      { type: 'MassProportional', name: 'gROff', markerNumber: 'massROff', loadVector: [0.2, -9.81, 0] },
      { type: 'MassProportional', name: 'gR2', markerNumber: 'massR2', loadVector: [0.3, -9.81, 0] },
      ...['c', 'd', 'e'].map((n) => ({
        type: 'MassProportional',
        name: `g${n}`,
        markerNumber: `mass${n}`,
        loadVector: [0.1, -9.81, 0],
      })),
    ].map((l) => (l.name === 'timed' ? { ...l, loadVectorUserFunction: ['sin(3*t)', '2*t', '-1'] } : l)),
    sensors: [],
  }
}

const project = (stiffness?: number): Project => makeProject(model(stiffness), { solverType: 'RK44' })

/** The evaluator's sum item by item, as it was before the kernels. */
function perItem(system: ReturnType<typeof buildSystem>): Float64Array {
  const s = system.state,
    out = new Float64Array(system.nODE2),
    local = new Float64Array(16)
  for (const { computation: o } of system.objects) {
    if (!o.computeODE2LHS) continue
    local.fill(0)
    o.computeODE2LHS(s, local)
    for (let i = 0; i < o.ltgODE2.length; i++) out[o.ltgODE2[i]] += local[i]
  }
  for (const { computation: load } of system.loads) load.addLoad(s, out, -1)
  return out
}

/** A state away from the reference configuration, and nonzero velocities (fixed pseudo-random). */
function perturb(system: ReturnType<typeof buildSystem>, seed: number): void {
  let x = seed
  const next = (): number => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 0.4
  const s = system.state
  for (let i = 0; i < s.q.length; i++) s.q[i] += next()
  for (let i = 0; i < s.v.length; i++) s.v[i] = next() * 5
  s.t = 0.37
}

function bitwiseDifferences(a: Float64Array, b: Float64Array): number[] {
  return Array.from(a.keys()).filter((i) => !Object.is(a[i], b[i]))
}

/** The evaluator's (packed) sum is the per-item one bit for bit at states perturbed by each seed. */
function expectPackedSumsPerItem(system: ReturnType<typeof buildSystem>, seeds: number[]): void {
  const ev = new SystemEvaluator(system)
  for (const seed of seeds) {
    perturb(system, seed)
    const packed = new Float64Array(system.nODE2)
    ev.ode2Residual(system.state, packed)
    const reference = perItem(system)
    expect(bitwiseDifferences(packed, reference)).toEqual([])
    // Not a vacuous comparison: every coordinate gets a force.
    expect(reference.every((f) => f !== 0)).toBe(true)
  }
}

/**
 * After the live change `patch` (after: the project with it applied) the packed sum is the per-item
 * one, bit for bit, and not the sum before the change.
 */
function expectLiveChangeTaken(before: Project, patch: ModelPatch, after: Project, seed: number): void {
  const system = buildSystem(before)
  const ev = new SystemEvaluator(system)
  perturb(system, seed)
  const old = new Float64Array(system.nODE2)
  ev.ode2Residual(system.state, old)
  const changed = inPlaceChanges(patch, before.resolved)
  expect(changed).not.toBeNull()
  system.updateItems(after.resolved, changed!)
  const packed = new Float64Array(system.nODE2)
  ev.ode2Residual(system.state, packed)
  expect(bitwiseDifferences(packed, perItem(system))).toEqual([])
  expect(bitwiseDifferences(packed, old).length).toBeGreaterThan(0)
}

describe('packed springs and point loads', () => {
  it('take the springs between points and the constant-able point loads, not the others', () => {
    const system = buildSystem(project())
    const packed = system.objects
      .filter((r) => r.computation.packedForces)
      .map((r) => r.item.name)
      .sort()
    expect(packed).toEqual(['ab', 'bd', 'cA', 'ce', 'da', 'eGround', 'groundA', 'offsets'].sort())
    const loads = system.loads.filter((r) => r.computation.packedLoads).map((r) => r.item.name)
    expect(loads).toEqual(['ga', 'gb', 'timed', 'push', 'pushE', 'gR', 'gR2', 'gc', 'gd', 'ge'])
  })

  it('add bitwise what the items add one by one', () => {
    expectPackedSumsPerItem(buildSystem(project()), [1, 2, 3])
  })

  it('take live parameter changes (updateItems) as the items do', () => {
    const loads = (model().loads as Json[]).map((l) =>
      l.name === 'push' ? { ...l, loadVector: [-4, 0.5, 0] } : l,
    )
    expectLiveChangeTaken(
      project(),
      [
        { op: 'modify', kind: 'objects', name: 'groundA', set: { stiffness: 1234.5 } },
        { op: 'modify', kind: 'loads', name: 'push', set: { loadVector: [-4, 0.5, 0] } },
      ],
      makeProject({ ...model(1234.5), loads }, { solverType: 'RK44' }),
      4,
    )
  })
})

/**
 * Coordinate springs (ground on either side, both markers on one coordinate, dry friction with and
 * without its proportional zone, offsets) and coordinate loads (constant, on ground, timed) with items
 * the kernels do not take between them (a user-function spring, an inactive spring, a point spring).
 */
function coordinateModel(): Json {
  const coordinate = (name: string, nodeNumber: string, k: number): Json => ({
    type: 'NodeCoordinate',
    name,
    nodeNumber,
    coordinate: k,
  })
  const cs = (name: string, markers: [string, string], extra: Json = {}): Json => ({
    type: 'ConnectorCoordinateSpringDamper',
    name,
    markerNumbers: markers,
    stiffness: 40 + name.length * 13,
    damping: 0.3,
    offset: 0.02,
    velocityOffset: 0.004,
    ...extra,
  })
  return {
    nodes: [
      { type: 'Point', name: 'a', referenceCoordinates: [0, 0, 0] },
      { type: 'Point2D', name: 'b', referenceCoordinates: [1, 0.5] },
      { type: 'PointGround', name: 'g' },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'MassPoint', name: 'ma', nodeNumber: 'a', physicsMass: 2 },
      { type: 'MassPoint2D', name: 'mb', nodeNumber: 'b', physicsMass: 3 },
      cs('groundAx', ['gx', 'ax']),
      cs('axGround', ['ay', 'gx'], { dryFriction: 0.4 }),
      cs('ab', ['az', 'bx'], { dryFriction: 0.3, dryFrictionProportionalZone: 0.05 }),
      cs('user', ['ax', 'by'], { springForceUserFunction: 'stiffness*displacement + displacement^3' }),
      cs('same', ['by', 'by']),
      cs('off', ['ax', 'bx'], { activeConnector: false }),
      cs('ba', ['bx', 'ay'], { dryFriction: 0.2, dryFrictionProportionalZone: 1e3 }),
      spring('points', ['pa', 'anchor']),
      cs('last', ['gx', 'by']),
    ],
    markers: [
      coordinate('gx', 'g', 0),
      ...['x', 'y', 'z'].map((c, k) => coordinate(`a${c}`, 'a', k)),
      ...['x', 'y'].map((c, k) => coordinate(`b${c}`, 'b', k)),
      { type: 'NodePosition', name: 'pa', nodeNumber: 'a' },
      { type: 'BodyPosition', name: 'anchor', bodyNumber: 'ground', localPosition: [0.3, -1, 0.2] },
    ],
    loads: [
      { type: 'Coordinate', name: 'lax', markerNumber: 'ax', load: 1.5 },
      { type: 'Coordinate', name: 'lg', markerNumber: 'gx', load: 3 },
      { type: 'Coordinate', name: 'timed', markerNumber: 'by', load: 0, loadUserFunction: 'sin(3*t)' },
      { type: 'ForceVector', name: 'push', markerNumber: 'pa', loadVector: [1.5, -2, 0.5] },
      { type: 'Coordinate', name: 'lbx', markerNumber: 'bx', load: -0.7 },
      { type: 'Coordinate', name: 'laz', markerNumber: 'az', load: 0.25 },
    ],
    sensors: [],
  }
}

describe('packed coordinate springs and coordinate loads', () => {
  const system = (): ReturnType<typeof buildSystem> =>
    buildSystem(makeProject(coordinateModel(), { solverType: 'ExplicitEuler' }))

  it('take the active coordinate springs without a user function, and every coordinate load', () => {
    const s = system()
    const packed = s.objects.filter((r) => r.computation.packedForces).map((r) => r.item.name)
    expect(packed).toEqual(['groundAx', 'axGround', 'ab', 'same', 'ba', 'points', 'last'])
    expect(s.loads.every((r) => r.computation.packedLoads)).toBe(true)
  })

  it('add bitwise what the items add one by one, single items and runs alike', () => {
    expectPackedSumsPerItem(system(), [5, 6, 7])
  })

  it('take live parameter changes (updateItems) as the items do', () => {
    const m = coordinateModel()
    const objects = (m.objects as Json[]).map((o) =>
      o.name === 'ab' ? { ...o, dryFriction: 0.9, damping: 2 } : o,
    )
    const loads = (m.loads as Json[]).map((l) => (l.name === 'lax' ? { ...l, load: -4 } : l))
    expectLiveChangeTaken(
      makeProject(coordinateModel(), { solverType: 'ExplicitEuler' }),
      [
        { op: 'modify', kind: 'objects', name: 'ab', set: { dryFriction: 0.9, damping: 2 } },
        { op: 'modify', kind: 'loads', name: 'lax', set: { load: -4 } },
      ],
      makeProject({ ...m, objects, loads }, { solverType: 'ExplicitEuler' }),
      8,
    )
  })
})

describe('constantDiagonalMass (lumped masses for explicit solvers, no matrix)', () => {
  it("is the assembled mass matrix's diagonal, bit for bit, when the masses are lumped", () => {
    const full = model()
    const lumped = {
      nodes: (full.nodes as Json[]).slice(0, 5),
      objects: (full.objects as Json[]).slice(0, 6),
      markers: [],
      loads: [],
      sensors: [],
    }
    const system = buildSystem(makeProject(lumped, {}))
    const ev = new SystemEvaluator(system)
    const diagonal = new Float64Array(system.nODE2)
    expect(ev.constantDiagonalMass(system.state, diagonal)).toBe(true)
    const m = new DenseSystemMatrix(system.nODE2)
    ev.addMassMatrix(system.state, m, 1)
    const n = system.nODE2
    const assembled = Float64Array.from({ length: n }, (_, i) => m.data[i * n + i])
    expect(bitwiseDifferences(diagonal, assembled)).toEqual([])
    expect(Array.from(diagonal)).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3])
  })

  it('refuses a mass matrix that depends on the state (a rigid body on Euler parameters)', () => {
    const system = buildSystem(project())
    expect(
      new SystemEvaluator(system).constantDiagonalMass(system.state, new Float64Array(system.nODE2)),
    ).toBe(false)
  })
})
