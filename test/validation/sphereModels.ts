// Models shared by the sphere-contact tests (contact.test.ts, contactImpactModels.test.ts).
import type { Json } from './helpers'

/**
 * Two mass points m on the x axis at -+x approaching at -+v, in contact through ContactSphereSphere
 * (spheres of radius 0.1 m, the given law); sensors v0, v1 (node velocities) and gap (Distance).
 */
export function headOnSpheres(o: { x: number; v: number; m: number; law: Json }): Json {
  return {
    nodes: [
      { type: 'Point', name: 'n0', referenceCoordinates: [-o.x, 0, 0], initialVelocities: [o.v, 0, 0] },
      { type: 'Point', name: 'n1', referenceCoordinates: [o.x, 0, 0], initialVelocities: [-o.v, 0, 0] },
    ],
    objects: [
      { type: 'MassPoint', name: 'b0', physicsMass: o.m, nodeNumber: 'n0' },
      { type: 'MassPoint', name: 'b1', physicsMass: o.m, nodeNumber: 'n1' },
      {
        type: 'ContactSphereSphere',
        name: 'contact',
        markerNumbers: ['c0', 'c1'],
        spheresRadii: [0.1, 0.1],
        ...o.law,
      },
    ],
    markers: [
      { type: 'BodyPosition', name: 'c0', bodyNumber: 'b0' },
      { type: 'BodyPosition', name: 'c1', bodyNumber: 'b1' },
    ],
    sensors: [
      { type: 'Node', name: 'v0', nodeNumber: 'n0', outputVariableType: 'Velocity' },
      { type: 'Node', name: 'v1', nodeNumber: 'n1', outputVariableType: 'Velocity' },
      { type: 'Object', name: 'gap', objectNumber: 'contact', outputVariableType: 'Distance' },
    ],
  }
}
