// Model builders for ContactFrictionCircleCable2D tests and the cableOverPulley example: a chain of
// ANCFCable2D elements along a path of nodes (position and unit tangent), each element with a
// BodyCable2DShape marker and a contact with one circle.
import type { Json } from './helpers'

export interface CablePathNode {
  position: [number, number]
  tangent: [number, number]
}

export interface CircleCableSpec {
  /** Nodes along the cable; element i runs from node i to node i + 1 with length lengths[i]. */
  path: CablePathNode[]
  lengths: number[]
  cable: Record<string, number>
  contact: Record<string, number>
  segments: number
  /** Marker of the circle centre (defined by the caller's model parts). */
  circleMarker: string
}

/** Nodes "n0".."nN", elements "c0".., shape markers "shape0".., contacts "contact0"... */
export function cableWithCircleContact(spec: CircleCableSpec): {
  nodes: Json[]
  objects: Json[]
  markers: Json[]
} {
  const nodes: Json[] = spec.path.map((p, i) => ({
    type: 'Point2DSlope1',
    name: `n${i}`,
    referenceCoordinates: [...p.position, ...p.tangent],
  }))
  const objects: Json[] = [],
    markers: Json[] = []
  spec.lengths.forEach((length, i) => {
    objects.push({
      type: 'ANCFCable2D',
      name: `c${i}`,
      nodeNumbers: [`n${i}`, `n${i + 1}`],
      physicsLength: length,
      ...spec.cable,
    })
    markers.push({
      type: 'BodyCable2DShape',
      name: `shape${i}`,
      bodyNumber: `c${i}`,
      numberOfSegments: spec.segments,
    })
    objects.push({
      type: 'ContactFrictionCircleCable2D',
      name: `contact${i}`,
      markerNumbers: [spec.circleMarker, `shape${i}`],
      numberOfContactSegments: spec.segments,
      ...spec.contact,
    })
  })
  return { nodes, objects, markers }
}

/**
 * A cable wrapped half around a circle of radius R at the origin, open to the left: the lower straight
 * part from (-straight, -R) to (0, -R) (nStraight elements), the arc over the right side (nArc
 * elements) and the upper straight part from (0, R) back to (-straight, R); all turned by rotation
 * about the centre (pi/2: hanging down on both sides).
 */
export function halfWrapPath(
  R: number,
  straight: number,
  nStraight: number,
  nArc: number,
  rotation = 0,
): { path: CablePathNode[]; lengths: number[] } {
  const path: CablePathNode[] = [],
    lengths: number[] = []
  for (let i = 0; i < nStraight; i++)
    path.push({ position: [-straight + (straight * i) / nStraight, -R], tangent: [1, 0] })
  for (let k = 0; k <= nArc; k++) {
    const theta = -Math.PI / 2 + (Math.PI * k) / nArc
    path.push({
      position: [R * Math.cos(theta), R * Math.sin(theta)],
      tangent: [-Math.sin(theta), Math.cos(theta)],
    })
  }
  for (let i = 1; i <= nStraight; i++)
    path.push({ position: [-(straight * i) / nStraight, R], tangent: [-1, 0] })
  for (let i = 0; i < nStraight; i++) lengths.push(straight / nStraight)
  for (let k = 0; k < nArc; k++) lengths.push((Math.PI * R) / nArc)
  for (let i = 0; i < nStraight; i++) lengths.push(straight / nStraight)
  const c = Math.cos(rotation),
    s = Math.sin(rotation)
  const rotate = ([x, y]: [number, number]): [number, number] => [c * x - s * y, s * x + c * y]
  return { path: path.map((p) => ({ position: rotate(p.position), tangent: rotate(p.tangent) })), lengths }
}

/**
 * A cable hanging over a pulley (RigidBody2D of radius 0.2 m on a revolute joint, rigid marker
 * "pulleyCentre") under gravity, with end forces leftWeight / rightWeight (N, downwards) on its ends:
 * the heavier side goes down, the cable grips the pulley by friction and turns it.
 */
export function cableOverPulley(settings: {
  leftWeight: number
  rightWeight: number
  frictionStiffness: number
}): Json {
  const R = 0.2,
    nArc = 8,
    nStraight = 5,
    G = 9.81
  const { path, lengths } = halfWrapPath(R, 0.4, nStraight, nArc, Math.PI / 2)
  const parts = cableWithCircleContact({
    path,
    lengths,
    segments: 4,
    circleMarker: 'pulleyCentre',
    cable: {
      physicsMassPerLength: 0.5,
      physicsBendingStiffness: 1e-3,
      physicsAxialStiffness: 1e5,
      physicsAxialDamping: 10,
      VdrawHeight: 0.01,
    },
    contact: {
      contactStiffness: 2e4,
      contactDamping: 20,
      frictionVelocityPenalty: 1e3,
      frictionStiffness: settings.frictionStiffness,
      frictionCoefficient: 0.5,
      circleRadius: R,
    },
  })
  const last = path.length - 1
  const markers: Json[] = [
    { type: 'BodyRigid', name: 'groundPin', bodyNumber: 'ground' },
    { type: 'BodyRigid', name: 'pulleyCentre', bodyNumber: 'pulley' },
    ...parts.markers,
    { type: 'NodePosition', name: 'leftEnd', nodeNumber: `n${last}` },
    { type: 'NodePosition', name: 'rightEnd', nodeNumber: 'n0' },
  ]
  const loads: Json[] = [
    {
      type: 'ForceVector',
      name: 'leftWeight',
      markerNumber: 'leftEnd',
      loadVector: [0, -settings.leftWeight, 0],
    },
    {
      type: 'ForceVector',
      name: 'rightWeight',
      markerNumber: 'rightEnd',
      loadVector: [0, -settings.rightWeight, 0],
    },
  ]
  lengths.forEach((_, i) => {
    markers.push({ type: 'BodyMass', name: `mass${i}`, bodyNumber: `c${i}` })
    loads.push({
      type: 'MassProportional',
      name: `gravity${i}`,
      markerNumber: `mass${i}`,
      loadVector: [0, -G, 0],
    })
  })
  return {
    nodes: [{ type: 'RigidBody2D', name: 'pulleyNode', referenceCoordinates: [0, 0, 0] }, ...parts.nodes],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'RigidBody2D', name: 'pulley', nodeNumber: 'pulleyNode', physicsMass: 2, physicsInertia: 0.04 },
      { type: 'JointRevolute2D', name: 'axle', markerNumbers: ['groundPin', 'pulleyCentre'] },
      ...parts.objects,
    ],
    markers,
    loads,
    sensors: [
      { type: 'Node', name: 'pulleyAngle', nodeNumber: 'pulleyNode', outputVariableType: 'Coordinates' },
      { type: 'Node', name: 'leftEndPosition', nodeNumber: `n${last}`, outputVariableType: 'Position' },
      {
        type: 'Object',
        name: 'topContactForce',
        objectNumber: `contact${nStraight + nArc / 2}`,
        outputVariableType: 'ForceLocal',
      },
    ],
  }
}
