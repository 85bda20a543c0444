// Two-marker connectors share their work arrays (positions, velocities, Jacobians) per system
// (TWO_MARKER_WORK in items/common/twoMarkerConnector.ts). This checks what sharing could break: springs
// whose markers have different coordinate counts in one system (the Jacobian buffers grow after the first
// spring was set up), and evaluations interleaved with another connector's (nothing may be left over from the
// previous call). Reference: the spring law itself, f = k (L - L0) + d (n . (v1 - v0)) along the unit vector
// n, which acts on a point mass's coordinates directly (its position Jacobian is the identity) and on the
// translation coordinates of a rigid body the same way. Tolerance 1e-12 relative to the force: the
// reference and the item compute the same few products in a different order, so they differ only by
// rounding (~1e-16 relative); a stale or wrongly sized work array would be off by O(1).
import { describe, expect, it } from 'vitest'
import { buildSystem, type CompiledSystem } from '../../../../../src/core'
import { TWO_MARKER_WORK } from '../../../../../src/core/items/common/twoMarkerConnector'
import { makeProject, type Json } from '../../../../validation/helpers'

const K = 300,
  D = 7,
  L0 = 0.8
const REL_TOL = 1e-12

const spring = (name: string, markers: [string, string]): Json => ({
  type: 'ConnectorSpringDamper',
  name,
  markerNumbers: markers,
  stiffness: K,
  damping: D,
  referenceLength: L0,
})

/** Point masses a and b, a rigid body r; spring s1 between the points (set up first), s2 from r to b. */
function model(withPointSpring: boolean): Json {
  return {
    nodes: [
      { type: 'Point', name: 'a', referenceCoordinates: [0, 0, 0] },
      { type: 'Point', name: 'b', referenceCoordinates: [1.2, 0.3, -0.4] },
      { type: 'RigidBodyEP', name: 'r', referenceCoordinates: [3, 1, 0.5, 1, 0, 0, 0] },
    ],
    objects: [
      { type: 'MassPoint', name: 'ma', nodeNumber: 'a', physicsMass: 1 },
      { type: 'MassPoint', name: 'mb', nodeNumber: 'b', physicsMass: 2 },
      {
        type: 'RigidBody',
        name: 'rb',
        nodeNumber: 'r',
        physicsMass: 3,
        physicsInertia: [1, 2, 2.5, 0, 0, 0],
      },
      ...(withPointSpring ? [spring('s1', ['pa', 'pb'])] : []),
      spring('s2', ['pr', 'pb']),
    ],
    markers: [
      { type: 'NodePosition', name: 'pa', nodeNumber: 'a' },
      { type: 'NodePosition', name: 'pb', nodeNumber: 'b' },
      { type: 'BodyPosition', name: 'pr', bodyNumber: 'rb', localPosition: [0.2, 0, 0] },
    ],
    loads: [],
    sensors: [],
  }
}

/** The spring force vector on marker 1 for positions p0, p1 and velocities v0, v1. */
function springForce(p0: number[], p1: number[], v0: number[], v1: number[]): number[] {
  const d = p1.map((x, i) => x - p0[i])
  const L = Math.hypot(d[0], d[1], d[2])
  const n = d.map((x) => x / L)
  const f = K * (L - L0) + D * (n[0] * (v1[0] - v0[0]) + n[1] * (v1[1] - v0[1]) + n[2] * (v1[2] - v0[2]))
  return n.map((x) => f * x)
}

/** Displacements and velocities of a, b (points) and r's translation; r does not turn. */
function setState(sys: CompiledSystem): void {
  const s = sys.state
  s.q.set([0.1, -0.2, 0.05, 0.3, 0.1, -0.1, -0.4, 0.2, 0.1, 0, 0, 0, 0])
  s.v.set([0.5, -1, 2, -0.7, 0.3, 1.1, 0.2, -0.6, 0.9, 0, 0, 0, 0])
}

const lhs = (sys: CompiledSystem, name: string): Float64Array => {
  const o = sys.objects.find((x) => x.item.name === name)!.computation
  const out = new Float64Array(o.ltgODE2.length)
  o.computeODE2LHS!(sys.state, out)
  return out
}

/** The spring's n x n LHS Jacobian (M3, T = M3 Jr and P dv are work arrays of the system). */
const jacobian = (sys: CompiledSystem, name: string): number[] => {
  const o = sys.objects.find((x) => x.item.name === name)!.computation
  const out = new Float64Array(o.ltgODE2.length ** 2)
  o.computeODE2LHSJacobian!(sys.state, 1, 0.01, out)
  return Array.from(out)
}

const expectClose = (actual: ArrayLike<number>, expected: number[], scale: number): void => {
  expected.forEach((x, i) => expect(Math.abs(actual[i] - x)).toBeLessThan(REL_TOL * scale))
}

describe('two-marker connectors with shared work arrays', () => {
  it('springs on markers of 3 and 7 coordinates in one system, interleaved, give the spring law', () => {
    const sys = buildSystem(makeProject(model(true), { solverType: 'GeneralizedAlpha' }))
    setState(sys)
    const a = [0.1, -0.2, 0.05],
      b = [1.2 + 0.3, 0.3 + 0.1, -0.4 - 0.1],
      r = [3 - 0.4 + 0.2, 1 + 0.2, 0.5 + 0.1]
    const va = [0.5, -1, 2],
      vb = [-0.7, 0.3, 1.1],
      vr = [0.2, -0.6, 0.9]
    const f1 = springForce(a, b, va, vb),
      f2 = springForce(r, b, vr, vb)
    const scale = Math.max(...f1.map(Math.abs), ...f2.map(Math.abs))
    for (const order of [
      ['s1', 's2', 's1'],
      ['s2', 's1', 's2'],
    ]) {
      for (const name of order) {
        const out = lhs(sys, name)
        if (name === 's1') expectClose(out, [...f1.map((x) => -x), ...f1], scale)
        else {
          expect(out.length).toBe(10) // [r: 3 translations, 4 Euler parameters | b: 3]
          expectClose(
            out.subarray(0, 3),
            f2.map((x) => -x),
            scale,
          )
          expectClose(out.subarray(7), f2, scale)
        }
      }
    }
  })

  it('a spring evaluates bit for bit the same with or without another connector evaluated in between', () => {
    const both = buildSystem(makeProject(model(true), { solverType: 'GeneralizedAlpha' }))
    const alone = buildSystem(makeProject(model(false), { solverType: 'GeneralizedAlpha' }))
    setState(both)
    setState(alone)
    lhs(both, 's1')
    expect(Array.from(lhs(both, 's2'))).toEqual(Array.from(lhs(alone, 's2')))
  })

  it('two systems own their work arrays; evaluated interleaved, each gives what it gives alone', () => {
    const project = makeProject(model(true), { solverType: 'GeneralizedAlpha' })
    const first = buildSystem(project),
      second = buildSystem(makeProject(model(false), { solverType: 'GeneralizedAlpha' })),
      reference = buildSystem(project)
    expect(TWO_MARKER_WORK.of(first)).not.toBe(TWO_MARKER_WORK.of(second))
    setState(first)
    setState(reference)
    setState(second)
    second.state.q.fill(0.25) // a different state: any array left shared would carry its values over
    const expected = Array.from(lhs(reference, 's1'))
    lhs(first, 's2')
    lhs(second, 's2')
    expect(Array.from(lhs(first, 's1'))).toEqual(expected)
    lhs(second, 's2')
    expect(Array.from(lhs(first, 's1'))).toEqual(expected)
    const expectedJacobian = jacobian(reference, 's1')
    jacobian(first, 's2')
    jacobian(second, 's2')
    expect(jacobian(first, 's1')).toEqual(expectedJacobian)
  })
})
