// What the contact items draw: the penalty normal force as an arrow from the contact point, checked
// against the force computed here from the geometry (k_c times the penetration) and, for a sphere at
// rest on an incline, against the weight's normal component m g cos(alpha); nothing while out of contact.
import { describe, expect, it } from 'vitest'
import type { GraphicsPrimitive } from '../../../../src/core'
import { buildSystem } from '../../../../src/core/simulation'
import { collectGraphics } from '../../../../src/core/system/visualization'
import { makeProject, run, type Json } from '../../../validation/helpers'

type Arrow = Extract<GraphicsPrimitive, { shape: 'arrow' }>

const k = 1e5,
  m = 1,
  g = 9.81,
  r = 0.1

function arrowsOf(system: Parameters<typeof collectGraphics>[0], item: string): Arrow[] {
  return collectGraphics(system)
    .filter((i) => i.item === item)
    .flatMap((i) => i.primitives.filter((p): p is Arrow => p.shape === 'arrow'))
}

const sub = (a: number[], b: number[]) => a.map((x, i) => x - b[i])
const norm = (a: number[]) => Math.hypot(a[0], a[1], a[2])
const unit = (a: number[]) => a.map((x) => x / norm(a))

/** A mass point of radius r on the plane z = 0 turned by alpha about x (normal [0, -sin, cos]). */
function sphereOnIncline(alpha: number, height: number, visual: Json = {}): Json {
  const n = [0, -Math.sin(alpha), Math.cos(alpha)]
  return {
    nodes: [{ type: 'Point', name: 'n', referenceCoordinates: n.map((x) => (r + height) * x) }],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'MassPoint', name: 'ball', physicsMass: m, nodeNumber: 'n' },
      // Near-critical normal damping: the sphere settles onto the plane within a few hundredths of a second.
      {
        type: 'ContactSpherePlane',
        name: 'contact',
        markerNumbers: ['plane', 'centre'],
        planeNormal: n,
        sphereRadius: r,
        contactStiffness: k,
        contactDamping: 600,
        ...visual,
      },
    ],
    markers: [
      { type: 'BodyRigid', name: 'plane', bodyNumber: 'ground' },
      { type: 'BodyPosition', name: 'centre', bodyNumber: 'ball' },
      { type: 'BodyMass', name: 'mass', bodyNumber: 'ball' },
    ],
    loads: [{ type: 'MassProportional', name: 'gravity', markerNumber: 'mass', loadVector: [0, 0, -g] }],
  }
}

describe('ContactSpherePlane draws its normal force as an arrow', () => {
  const alpha = 0.3,
    normal = [0, -Math.sin(alpha), Math.cos(alpha)]
  const scale = 1e-3

  it('on a frictionless incline: from the contact point along the normal, scale m g cos(alpha) long', () => {
    // Without friction the ball slides along the plane, but its normal motion is a damped oscillator
    // (zeta 0.95, omega 316 1/s) that has settled to 1e-12 of its start after 0.1 s.
    const { system } = run(sphereOnIncline(alpha, 0, { VforceScale: scale }), {
      solverType: 'GeneralizedAlpha',
      timeIntegration: { endTime: 0.1, numberOfSteps: 200 },
      solutionSettings: { sensorsWritePeriod: 0 },
    })
    const [arrow] = arrowsOf(system, 'object:2')
    expect(arrowsOf(system, 'object:2')).toHaveLength(1)
    // The direction is the plane normal (rounding of a few operations on unit vectors: 1e-12).
    const direction = unit(sub(arrow.to, arrow.from))
    direction.forEach((x, i) => expect(x).toBeCloseTo(normal[i], 12))
    // Length: scale times the weight's normal component. Newton stops at a relative residual of 1e-8,
    // which bounds the force error (measured 1.3e-11); a wrong factor would be off by far more.
    const length = norm(sub(arrow.to, arrow.from))
    expect(
      Math.abs(length - scale * m * g * Math.cos(alpha)) / (scale * m * g * Math.cos(alpha)),
    ).toBeLessThan(1e-8)
    // The contact point lies on the sphere's axis along -n, in the middle of the overlap: r - p/2 below
    // the centre, with the penetration p = m g cos(alpha) / k (1e-9 m; Newton's 1e-8 of the force is 1e-12 m
    // of overlap). The centre: reference position r n plus the node's displacement q.
    const centre = normal.map((x, i) => r * x + system.state.q[i])
    const penetration = (m * g * Math.cos(alpha)) / k
    const expected = centre.map((x, i) => x - (r - penetration / 2) * normal[i])
    expected.forEach((x, i) => expect(Math.abs(arrow.from[i] - x)).toBeLessThan(1e-9))
  })

  it('draws nothing while the sphere is above the plane', () => {
    const system = buildSystem(makeProject(sphereOnIncline(alpha, 0.01), {}))
    expect(arrowsOf(system, 'object:2')).toEqual([])
    // The plane and the sphere are still drawn.
    expect(
      collectGraphics(system)
        .find((i) => i.item === 'object:2')
        ?.primitives.map((p) => p.shape),
    ).toEqual(['box', 'sphere'])
  })

  it('without VforceScale every force is 4 radii long (its head outside the opaque sphere)', () => {
    const system = buildSystem(makeProject(sphereOnIncline(alpha, -1e-4), {}))
    const [arrow] = arrowsOf(system, 'object:2')
    expect(norm(sub(arrow.to, arrow.from))).toBeCloseTo(4 * r, 12)
    unit(sub(arrow.to, arrow.from)).forEach((x, i) => expect(x).toBeCloseTo(normal[i], 12))
  })
})

describe('ContactSphereSphere draws the force on sphere 1 as an arrow', () => {
  // Two spheres of radii 0.1 and 0.2 overlapping by 1 cm along [1, 2, 2] / 3 (no run: the initial state).
  const axis = [1 / 3, 2 / 3, 2 / 3],
    radii = [0.1, 0.2],
    overlap = 0.01,
    scale = 1e-4
  const model = (distance: number): Json => ({
    nodes: [
      { type: 'Point', name: 'n0', referenceCoordinates: [0, 0, 0] },
      { type: 'Point', name: 'n1', referenceCoordinates: axis.map((x) => distance * x) },
    ],
    objects: [
      { type: 'MassPoint', name: 'b0', physicsMass: 1, nodeNumber: 'n0' },
      { type: 'MassPoint', name: 'b1', physicsMass: 1, nodeNumber: 'n1' },
      {
        type: 'ContactSphereSphere',
        name: 'contact',
        markerNumbers: ['c0', 'c1'],
        spheresRadii: radii,
        contactStiffness: k,
        VforceScale: scale,
      },
    ],
    markers: [
      { type: 'BodyPosition', name: 'c0', bodyNumber: 'b0' },
      { type: 'BodyPosition', name: 'c1', bodyNumber: 'b1' },
    ],
  })

  it('from the middle of the overlap along the centre line, scale * k * overlap long', () => {
    const distance = radii[0] + radii[1] - overlap
    const arrows = arrowsOf(buildSystem(makeProject(model(distance), {})), 'object:2')
    expect(arrows).toHaveLength(1)
    const [arrow] = arrows
    // Exact geometry up to rounding of O(0.1) numbers: 1e-12.
    const contactPoint = axis.map((x) => (radii[0] - overlap / 2) * x)
    arrow.from.forEach((x, i) => expect(x).toBeCloseTo(contactPoint[i], 12))
    unit(sub(arrow.to, arrow.from)).forEach((x, i) => expect(x).toBeCloseTo(axis[i], 12))
    expect(norm(sub(arrow.to, arrow.from))).toBeCloseTo(scale * k * overlap, 12)
  })

  it('draws nothing when the spheres are apart', () => {
    expect(arrowsOf(buildSystem(makeProject(model(radii[0] + radii[1] + 1e-3), {})), 'object:2')).toEqual([])
  })
})

describe('ContactFrictionCircleCable2D draws its segment forces as arrows', () => {
  // A straight cable element from (0, 0) to (1, 0) in 3 contact segments; a circle of radius R above
  // it at x = 0.5 (inside the middle segment) pressing into it by `depth`.
  const R = 0.1,
    kc = 2e4
  const model = (depth: number, visual: Json = {}): Json => ({
    nodes: [
      { type: 'Point2DSlope1', name: 'n0', referenceCoordinates: [0, 0, 1, 0] },
      { type: 'Point2DSlope1', name: 'n1', referenceCoordinates: [1, 0, 1, 0] },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      {
        type: 'ANCFCable2D',
        name: 'cable',
        nodeNumbers: ['n0', 'n1'],
        physicsLength: 1,
        physicsMassPerLength: 1,
        physicsBendingStiffness: 1,
        physicsAxialStiffness: 1e4,
      },
      {
        type: 'ContactFrictionCircleCable2D',
        name: 'contact',
        markerNumbers: ['centre', 'shape'],
        numberOfContactSegments: 3,
        contactStiffness: kc,
        circleRadius: R,
        ...visual,
      },
    ],
    markers: [
      { type: 'BodyRigid', name: 'centre', bodyNumber: 'ground', localPosition: [0.5, R - depth, 0] },
      { type: 'BodyCable2DShape', name: 'shape', bodyNumber: 'cable', numberOfSegments: 3 },
    ],
  })

  it('from the closest cable point away from the circle, VforceScale * k_c * depth long', () => {
    const depth = 2e-3,
      scale = 1e-3
    const arrows = arrowsOf(buildSystem(makeProject(model(depth, { VforceScale: scale }), {})), 'object:2')
    // The end segments' closest points (x = 1/3, 2/3) are sqrt(1/6^2 + R^2) > R from the centre: no contact.
    expect(arrows).toHaveLength(1)
    const [arrow] = arrows
    // Rounding of O(1) numbers: 1e-12.
    arrow.from.forEach((x, i) => expect(x).toBeCloseTo([0.5, 0, 0][i], 12))
    unit(sub(arrow.to, arrow.from)).forEach((x, i) => expect(x).toBeCloseTo([0, -1, 0][i], 12))
    expect(norm(sub(arrow.to, arrow.from))).toBeCloseTo(scale * kc * depth, 12)
  })

  it('without VforceScale the largest force is one circle radius long; nothing out of contact', () => {
    const [arrow] = arrowsOf(buildSystem(makeProject(model(1e-3), {})), 'object:2')
    expect(norm(sub(arrow.to, arrow.from))).toBeCloseTo(R, 12)
    expect(arrowsOf(buildSystem(makeProject(model(-1e-3), {})), 'object:2')).toEqual([])
  })
})
