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
