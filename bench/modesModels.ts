// Chain models of the modes benchmark and the modal tests: a hanging chain of point masses on rods
// (constraints only: its stiffness is the rods' tension, the reaction stiffness) and a free-free
// spring chain (one rigid-body mode).
import type { JsonObject } from '../src/core'

type Json = JsonObject

/** N mass points (MassPoint2D, mass m) hanging from the origin on rods of length a, gravity -y. */
export function hangingChain(bodies: number, a = 0.1, m = 0.2, gravity = 9.81): Json {
  const nodes: Json[] = [],
    objects: Json[] = [{ type: 'Ground', name: 'ground' }],
    markers: Json[] = [{ type: 'BodyPosition', name: 'pivot', bodyNumber: 'ground' }],
    loads: Json[] = []
  for (let k = 1; k <= bodies; k++) {
    nodes.push({ type: 'Point2D', name: `n${k}`, referenceCoordinates: [0, -a * k] })
    objects.push({ type: 'MassPoint2D', name: `p${k}`, physicsMass: m, nodeNumber: `n${k}` })
    markers.push({ type: 'BodyPosition', name: `at${k}`, bodyNumber: `p${k}` })
    markers.push({ type: 'BodyMass', name: `mass${k}`, bodyNumber: `p${k}` })
    loads.push({
      type: 'MassProportional',
      name: `g${k}`,
      markerNumber: `mass${k}`,
      loadVector: [0, -gravity, 0],
    })
    objects.push({
      type: 'ConnectorDistance',
      name: `rod${k}`,
      markerNumbers: [k === 1 ? 'pivot' : `at${k - 1}`, `at${k}`],
      distance: a,
    })
  }
  return { nodes, objects, markers, loads, sensors: [] }
}

/** N Mass1D of mass m joined by N - 1 coordinate springs k, no ground: a free-free chain. */
export function freeSpringChain(bodies: number, m = 1, k = 100): Json {
  const nodes: Json[] = [],
    objects: Json[] = [],
    markers: Json[] = []
  for (let i = 0; i < bodies; i++) {
    nodes.push({ type: 'Node1D', name: `n${i}` })
    objects.push({
      type: 'Mass1D',
      name: `mass${i}`,
      nodeNumber: `n${i}`,
      physicsMass: m * (1 + 0.1 * Math.sin(i)),
    })
    markers.push({ type: 'NodeCoordinate', name: `c${i}`, nodeNumber: `n${i}`, coordinate: 0 })
    if (i > 0)
      objects.push({
        type: 'ConnectorCoordinateSpringDamper',
        name: `s${i}`,
        markerNumbers: [`c${i - 1}`, `c${i}`],
        stiffness: k,
      })
  }
  return { nodes, objects, markers, loads: [], sensors: [] }
}

/**
 * A cantilever of ANCFCable2D elements along +x from the origin, clamped at node 0 (x, y and the
 * slope's y component held by ConnectorCoordinate to a ground node, as Exudyn's
 * GenerateStraightLineANCFCable2D with fixedConstraintsNode0 = [1, 1, 0, 1]).
 */
export function ancfCantilever(elements: number, L = 1, rhoA = 0.5, EI = 2, EA = 2e4): Json {
  const nodes: Json[] = [{ type: 'PointGround', name: 'ground' }],
    objects: Json[] = [],
    markers: Json[] = [
      { type: 'NodeCoordinate', name: 'groundCoordinate', nodeNumber: 'ground', coordinate: 0 },
    ]
  for (let i = 0; i <= elements; i++)
    nodes.push({ type: 'Point2DSlope1', name: `n${i}`, referenceCoordinates: [(L * i) / elements, 0, 1, 0] })
  for (let i = 0; i < elements; i++)
    objects.push({
      type: 'ANCFCable2D',
      name: `c${i}`,
      nodeNumbers: [`n${i}`, `n${i + 1}`],
      physicsLength: L / elements,
      physicsMassPerLength: rhoA,
      physicsBendingStiffness: EI,
      physicsAxialStiffness: EA,
    })
  for (const k of [0, 1, 3]) {
    markers.push({ type: 'NodeCoordinate', name: `clamp${k}`, nodeNumber: 'n0', coordinate: k })
    objects.push({
      type: 'ConnectorCoordinate',
      name: `fix${k}`,
      markerNumbers: ['groundCoordinate', `clamp${k}`],
    })
  }
  return { nodes, objects, markers, loads: [], sensors: [] }
}

/**
 * N rigid links (RigidBody2D, mass m, length a, inertia m a^2 / 12 about the centre) hanging from the
 * origin, each pinned to the one above by a JointRevolute2D at its top end, gravity -y.
 */
export function hangingLinkChain(bodies: number, a = 0.1, m = 0.2, gravity = 9.81): Json {
  const nodes: Json[] = [],
    objects: Json[] = [{ type: 'Ground', name: 'ground' }],
    markers: Json[] = [{ type: 'BodyRigid', name: 'pivot', bodyNumber: 'ground' }],
    loads: Json[] = []
  for (let k = 1; k <= bodies; k++) {
    nodes.push({ type: 'RigidBody2D', name: `n${k}`, referenceCoordinates: [0, -a * (k - 0.5), 0] })
    objects.push({
      type: 'RigidBody2D',
      name: `link${k}`,
      nodeNumber: `n${k}`,
      physicsMass: m,
      physicsInertia: (m * a * a) / 12,
    })
    markers.push({ type: 'BodyRigid', name: `top${k}`, bodyNumber: `link${k}`, localPosition: [0, a / 2, 0] })
    markers.push({
      type: 'BodyRigid',
      name: `bottom${k}`,
      bodyNumber: `link${k}`,
      localPosition: [0, -a / 2, 0],
    })
    markers.push({ type: 'BodyMass', name: `mass${k}`, bodyNumber: `link${k}` })
    loads.push({
      type: 'MassProportional',
      name: `g${k}`,
      markerNumber: `mass${k}`,
      loadVector: [0, -gravity, 0],
    })
    objects.push({
      type: 'JointRevolute2D',
      name: `pin${k}`,
      markerNumbers: [k === 1 ? 'pivot' : `bottom${k - 1}`, `top${k}`],
    })
  }
  return { nodes, objects, markers, loads, sensors: [] }
}

/**
 * A rigid body (RigidBodyEP: the Euler-parameter normalization is a constraint) held by six
 * ConnectorSpringDamper springs from ground points to corner points of the body: six elastic modes
 * coupling translation and rotation.
 */
export function springSupportedBody(): Json {
  const corners: [number, number, number][] = [
    [0.3, 0.2, 0.1],
    [-0.3, 0.2, -0.1],
    [0.3, -0.2, -0.1],
    [-0.3, -0.2, 0.1],
    [0.1, 0.3, 0.2],
    [-0.1, -0.3, -0.2],
  ]
  const anchors: [number, number, number][] = [
    [1, 0.2, 0.1],
    [-0.3, 1, -0.1],
    [0.3, -0.2, -1],
    [-1, -0.2, 0.1],
    [0.1, 0.3, 1],
    [-0.1, -1, -0.2],
  ]
  const markers: Json[] = [],
    objects: Json[] = [
      { type: 'Ground', name: 'ground' },
      {
        type: 'RigidBody',
        name: 'body',
        nodeNumber: 'n',
        physicsMass: 3,
        physicsInertia: [0.2, 0.3, 0.4, 0.01, -0.02, 0.03],
      },
    ]
  corners.forEach((c, i) => {
    markers.push({ type: 'BodyPosition', name: `corner${i}`, bodyNumber: 'body', localPosition: c })
    markers.push({
      type: 'BodyPosition',
      name: `anchor${i}`,
      bodyNumber: 'ground',
      localPosition: anchors[i],
    })
    const length = Math.hypot(...c.map((v, k) => anchors[i][k] - v))
    objects.push({
      type: 'ConnectorSpringDamper',
      name: `spring${i}`,
      markerNumbers: [`anchor${i}`, `corner${i}`],
      stiffness: 100 * (i + 1),
      referenceLength: length,
    })
  })
  return {
    nodes: [{ type: 'RigidBodyEP', name: 'n', referenceCoordinates: [0, 0, 0, 1, 0, 0, 0] }],
    objects,
    markers,
    loads: [],
    sensors: [],
  }
}
