// The block on a rough floor shared by the bristle-friction tests (restartFriction.test.ts,
// dataNode.test.ts): a 1 kg mass point on x with ConnectorCoordinateSpringDamperExt friction to ground
// and a coordinate load.
import type { Json } from './helpers'

export const fDyn = 2,
  fStatic = 0.5,
  kBristle = 1e4,
  dBristle = 200

/** The block, the friction's parameters extended by `extra`, more nodes (a data node) appended. */
export function frictionBlock(load: Json, extra: Json = {}, nodes: Json[] = []): Json {
  return {
    nodes: [{ type: 'Point', name: 'n' }, { type: 'PointGround', name: 'g' }, ...nodes],
    objects: [
      { type: 'MassPoint', name: 'm', physicsMass: 1, nodeNumber: 'n' },
      {
        type: 'ConnectorCoordinateSpringDamperExt',
        name: 'friction',
        markerNumbers: ['gx', 'x'],
        fDynamicFriction: fDyn,
        fStaticFrictionOffset: fStatic,
        stickingStiffness: kBristle,
        stickingDamping: dBristle,
        ...extra,
      },
    ],
    markers: [
      { type: 'NodeCoordinate', name: 'x', nodeNumber: 'n', coordinate: 0 },
      { type: 'NodeCoordinate', name: 'gx', nodeNumber: 'g', coordinate: 0 },
    ],
    loads: [{ type: 'Coordinate', name: 'pull', markerNumber: 'x', ...load }],
    sensors: [
      { type: 'Node', name: 'pos', nodeNumber: 'n', outputVariableType: 'Position' },
      { type: 'Node', name: 'vel', nodeNumber: 'n', outputVariableType: 'Velocity' },
      { type: 'Object', name: 'force', objectNumber: 'friction', outputVariableType: 'Force' },
    ],
  }
}
