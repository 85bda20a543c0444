// Parallelogram linkages with redundant closed loops (redundantLoops.test.ts,
// redundantReactions.test.ts): n_c uniform cranks (mass m, length r, pivot at an end) at ground
// pivots x = i b, released at theta0, and a translating coupler of mass M joining their tips.
import { GRAVITY, type Json } from './helpers'

export const PARALLELOGRAM = { m: 1.5, M: 2, r: 0.5, b: 0.8, Jcoupler: 0.3, theta0: 1.2 }
const { m, M, r, b, Jcoupler } = PARALLELOGRAM

/** Where the linkage starts: the crank angle from the downward vertical, its rate, and gravity or none. */
export interface ParallelogramStart {
  theta0?: number
  omega?: number
  gravity?: boolean
}

/**
 * Cranks at ground pivots x = i b (local x from pivot to tip), a coupler joining their tips, started
 * at theta0 (PARALLELOGRAM's by default) turning at omega (0).
 */
export function parallelogram(cranks: number, kind: '2D' | '3D', start: ParallelogramStart = {}): Json {
  const { theta0 = PARALLELOGRAM.theta0, omega = 0, gravity = true } = start
  const planar = kind === '2D'
  const s = Math.sin(theta0),
    c = Math.cos(theta0)
  // Velocities of a point at distance l along a crank (v = omega l (cos, sin)) and of its angle.
  const node = (name: string, x: number, y: number, phi: number, l: number, w: number): Json => {
    const [vx, vy] = [omega * l * c, omega * l * s]
    return planar
      ? { type: 'RigidBody2D', name, referenceCoordinates: [x, y, phi], initialVelocities: [vx, vy, w] }
      : {
          type: 'RigidBodyRxyz',
          name,
          referenceCoordinates: [x, y, 0, 0, 0, phi],
          initialVelocities: [vx, vy, 0, 0, 0, w],
        }
  }
  const body = (name: string, nodeName: string, mass: number, J: number): Json =>
    planar
      ? { type: 'RigidBody2D', name, nodeNumber: nodeName, physicsMass: mass, physicsInertia: J }
      : {
          type: 'RigidBody',
          name,
          nodeNumber: nodeName,
          physicsMass: mass,
          physicsInertia: [J / 10, J, J, 0, 0, 0],
        }
  const joint = planar ? 'JointRevolute2D' : 'JointRevoluteZ'
  const half = (cranks - 1) / 2
  const nodes: Json[] = [],
    objects: Json[] = [{ type: 'Ground', name: 'ground' }],
    markers: Json[] = [],
    loads: Json[] = [],
    sensors: Json[] = []
  const addBody = (name: string, [x, y, phi]: number[], [l, w]: number[], mass: number, J: number): void => {
    nodes.push(node(`n${name}`, x, y, phi, l, w))
    objects.push(body(name, `n${name}`, mass, J))
    markers.push({ type: 'BodyMass', name: `mass${name}`, bodyNumber: name })
    if (gravity)
      loads.push({
        type: 'MassProportional',
        name: `gravity${name}`,
        markerNumber: `mass${name}`,
        loadVector: [0, -GRAVITY, 0],
      })
    sensors.push(
      { type: 'Object', name: `T${name}`, objectNumber: name, outputVariableType: 'KineticEnergy' },
      { type: 'Node', name: `p${name}`, nodeNumber: `n${name}`, outputVariableType: 'Position' },
    )
  }
  for (let i = 0; i < cranks; i++) {
    const pose = [i * b + (r / 2) * s, -(r / 2) * c, theta0 - Math.PI / 2]
    addBody(`crank${i}`, pose, [r / 2, omega], m, (m * r * r) / 12)
    markers.push(
      { type: 'BodyRigid', name: `g${i}`, bodyNumber: 'ground', localPosition: [i * b, 0, 0] },
      { type: 'BodyRigid', name: `base${i}`, bodyNumber: `crank${i}`, localPosition: [-r / 2, 0, 0] },
      { type: 'BodyRigid', name: `tip${i}`, bodyNumber: `crank${i}`, localPosition: [r / 2, 0, 0] },
      { type: 'BodyRigid', name: `c${i}`, bodyNumber: 'coupler', localPosition: [(i - half) * b, 0, 0] },
    )
    objects.push(
      { type: joint, name: `pivot${i}`, markerNumbers: [`g${i}`, `base${i}`] },
      { type: joint, name: `pin${i}`, markerNumbers: [`tip${i}`, `c${i}`] },
    )
  }
  addBody('coupler', [half * b + r * s, -r * c, 0], [r, 0], M, Jcoupler)
  sensors.push(
    { type: 'Node', name: 'q0', nodeNumber: 'ncrank0', outputVariableType: 'Coordinates' },
    { type: 'Node', name: 'qt0', nodeNumber: 'ncrank0', outputVariableType: 'Coordinates_t' },
    { type: 'Node', name: 'qLast', nodeNumber: `ncrank${cranks - 1}`, outputVariableType: 'Coordinates' },
  )
  return { nodes, objects, markers, loads, sensors }
}
