// The check of a joint frame parameter (rotationMarker0/1), shared by the axis joints and the
// joint-frame connectors: R^T R = I to 1e-6. The reference is R^T R computed by hand: a diagonal
// diag(1, 1, 1.1) deviates by 1.1^2 - 1 = 0.21 in its last entry; Rz(0.3) deviates by round-off only.
import { describe, expect, it } from 'vitest'
import { loadProjectJson, type JsonObject } from '../../../../../src/core'
import { groundAndRigidBody } from '../../../../validation/helpers'

const c = Math.cos(0.3),
  s = Math.sin(0.3)
const RZ = [
  [c, -s, 0],
  [s, c, 0],
  [0, 0, 1],
]
const STRETCHED = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1.1],
]

function project(type: string, rotationMarker1: number[][]): JsonObject {
  return {
    format: 'mbs-studio-project',
    version: 1,
    name: 'joint frames',
    model: {
      nodes: [{ type: 'RigidBodyRxyz', name: 'node' }],
      objects: [
        ...groundAndRigidBody(1, [1, 1, 1]),
        {
          type,
          name: 'joint',
          markerNumbers: ['groundFrame', 'bodyFrame'],
          rotationMarker0: RZ,
          rotationMarker1,
        },
      ],
      markers: [
        { type: 'BodyRigid', name: 'groundFrame', bodyNumber: 'ground' },
        { type: 'NodeRigid', name: 'bodyFrame', nodeNumber: 'node' },
      ],
      loads: [],
      sensors: [],
    },
    simulationSettings: {},
  } as unknown as JsonObject
}

describe('joint frame check', () => {
  for (const type of ['JointRevoluteZ', 'JointGeneric', 'ConnectorRigidBodySpringDamper'])
    it(`${type}: a stretched rotationMarker1 is refused with its deviation, a rotation accepted`, () => {
      expect(loadProjectJson(project(type, RZ)).ok).toBe(true)
      const r = loadProjectJson(project(type, STRETCHED))
      expect(r.ok).toBe(false)
      if (r.ok) return
      expect(r.problems).toHaveLength(1)
      expect(r.problems[0].path).toContain('rotationMarker1')
      expect(r.problems[0].message).toBe(
        `object "joint" (${type}), parameter rotationMarker1: ` +
          'expected an orthonormal rotation matrix (R^T R = I), deviation 2.10e-1',
      )
    })
})
