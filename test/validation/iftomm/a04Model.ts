// IFToMM A04, Bricard's mechanism (a04.test.ts says what it is and what it is checked against).
import { GRAVITY, type Json } from '../helpers'

/** Joint frames whose z axis is the global x, y or z axis (rows of the rotation matrix). */
const AXIS: Record<'x' | 'y' | 'z', number[][]> = {
  x: [
    [0, 0, 1],
    [1, 0, 0],
    [0, 1, 0],
  ],
  y: [
    [1, 0, 0],
    [0, 0, 1],
    [0, -1, 0],
  ],
  z: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
}
const CORNERS = [
  [0, 0, 0],
  [1, 0, 0],
  [1, 1, 0],
  [1, 1, 1],
  [0, 1, 1],
  [0, 0, 1],
]
const JOINT_AXES = ['y', 'z', 'x', 'y', 'z', 'x'] as const
export const RODS = 5,
  mass = 1,
  side = 0.1

export function bricard(): Json {
  const nodes: Json[] = [],
    objects: Json[] = [{ type: 'Ground', name: 'ground' }],
    markers: Json[] = [
      { type: 'BodyRigid', name: 'groundStart', bodyNumber: 'ground', localPosition: CORNERS[0] },
      { type: 'BodyRigid', name: 'groundEnd', bodyNumber: 'ground', localPosition: CORNERS[5] },
    ],
    loads: Json[] = [],
    sensors: Json[] = []
  // Uniform square bar: J = m (L^2 + a^2) / 12 across it, m a^2 / 6 about its axis.
  const across = (mass * (1 + side * side)) / 12,
    along = (mass * side * side) / 6
  for (let i = 0; i < RODS; i++) {
    const a = CORNERS[i],
      b = CORNERS[i + 1]
    const d = b.map((v, k) => v - a[k])
    nodes.push({
      type: 'RigidBodyEP',
      name: `n${i}`,
      referenceCoordinates: [...a.map((v, k) => v + d[k] / 2), 1, 0, 0, 0],
    })
    objects.push({
      type: 'RigidBody',
      name: `rod${i}`,
      nodeNumber: `n${i}`,
      physicsMass: mass,
      physicsInertia: [...d.map((c) => (c !== 0 ? along : across)), 0, 0, 0],
    })
    markers.push(
      { type: 'BodyRigid', name: `start${i}`, bodyNumber: `rod${i}`, localPosition: d.map((c) => -c / 2) },
      { type: 'BodyRigid', name: `end${i}`, bodyNumber: `rod${i}`, localPosition: d.map((c) => c / 2) },
      { type: 'BodyMass', name: `mass${i}`, bodyNumber: `rod${i}` },
    )
    loads.push({
      type: 'MassProportional',
      name: `gravity${i}`,
      markerNumber: `mass${i}`,
      loadVector: [0, -GRAVITY, 0],
    })
    sensors.push(
      { type: 'Object', name: `T${i}`, objectNumber: `rod${i}`, outputVariableType: 'KineticEnergy' },
      { type: 'Node', name: `p${i}`, nodeNumber: `n${i}`, outputVariableType: 'Position' },
    )
  }
  const ends = ['groundStart', 'end0', 'end1', 'end2', 'end3', 'end4'],
    starts = ['start0', 'start1', 'start2', 'start3', 'start4', 'groundEnd']
  JOINT_AXES.forEach((axis, j) =>
    objects.push({
      type: 'JointRevoluteZ',
      name: `joint${j}`,
      markerNumbers: [ends[j], starts[j]],
      rotationMarker0: AXIS[axis],
      rotationMarker1: AXIS[axis],
    }),
  )
  sensors.push({ type: 'Marker', name: 'freeEnd', markerNumber: 'end4', outputVariableType: 'Position' })
  return { nodes, objects, markers, loads, sensors }
}
