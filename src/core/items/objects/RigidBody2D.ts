import type { ItemDefinition } from '../../model/definition'
import type { SystemState } from '../../system/state'
import { checkGraphicsData, VGRAPHICS } from '../common/bodyGraphics'
import { V_COLOR, visualizationParams } from '../common/itemFields'
import { drawBody, nodeOf, RigidBodyBase } from '../common/rigidBodyBase'
import type { RigidNode } from '../common/rigidNode'

class RigidBodyPlanar extends RigidBodyBase {
  readonly nAE = 0
  readonly constantMassMatrix = true
  constructor(
    node: RigidNode,
    mass: number,
    readonly inertia: number,
  ) {
    super(node, mass, new Float64Array(3))
  }
  computeMassMatrix(_s: SystemState, out: Float64Array): void {
    out[0] = this.mass
    out[4] = this.mass
    out[8] = this.inertia
  }
}

export const ObjectRigidBody2D: ItemDefinition<'object'> = {
  kind: 'object',
  type: 'RigidBody2D',
  exudynName: 'ObjectRigidBody2D',
  doc: 'A planar rigid body on a RigidBody2D node [x, y, phi]; the node is the centre of mass; mass matrix diag(m, m, J).',
  parameters: {
    physicsMass: { type: 'number', default: 0, min: 0, unit: 'kg', doc: 'mass' },
    physicsInertia: {
      type: 'number',
      default: 0,
      min: 0,
      unit: 'kg m^2',
      doc: 'moment of inertia about the z axis through the node (centre of mass)',
    },
    nodeNumber: { type: 'ref', kind: 'node', types: ['RigidBody2D'], doc: 'the RigidBody2D node' },
    ...visualizationParams(),
    ...V_COLOR,
    ...VGRAPHICS,
  },
  supportsCheckpoint: true,
  traits: { body: true, orientation: true },
  check: checkGraphicsData,
  build: (it, ctx) =>
    new RigidBodyPlanar(nodeOf(it, ctx), it.params.number('physicsMass'), it.params.number('physicsInertia')),
  visualize: (it, c, s, g) => {
    const body = c as RigidBodyPlanar
    // A slender bar with the body's inertia: J = m L^2 / 12.
    const L = body.mass > 0 ? Math.max(Math.sqrt((12 * body.inertia) / body.mass), 0.01) : 0.1
    drawBody(it, body, [L, L / 8, L / 8], s, g)
  },
}
