import { defineItem } from '../../model/definition'
import type { SystemState } from '../../system/state'
import { checkGraphicsData, VGRAPHICS } from '../common/bodyGraphics'
import { V_COLOR, visualizationParams } from '../common/itemFields'
import { drawBody, nodeOf, RigidBodyBase } from '../common/rigidBodyBase'
import type { RigidNode } from '../common/rigidNode'

/**
 * Planar rigid body, node at its reference point, centre of mass at the local offset c (Exudyn's
 * physicsCenterOfMass), J about the reference point. With d = A(phi) c and d' = (-d_y, d_x):
 * T = m |p'|^2 / 2 + m phi' p'.d' + J phi'^2 / 2, so M = [[m I, m d'], [m d'^T, J]] and Lagrange's
 * equations add the centrifugal term f_lhs = (-m phi'^2 d, 0). With c = 0 (the default) M is
 * diag(m, m, J) and there is no velocity term.
 */
class RigidBodyPlanar extends RigidBodyBase {
  readonly nAE = 0
  readonly constantMassMatrix: boolean
  readonly computeODE2LHS?: (s: SystemState, out: Float64Array) => void
  private readonly offset = new Float64Array(2)
  constructor(
    node: RigidNode,
    mass: number,
    readonly inertia: number,
    centerOfMass: Float64Array,
  ) {
    super(node, mass, centerOfMass)
    this.constantMassMatrix = centerOfMass[0] === 0 && centerOfMass[1] === 0
    if (!this.constantMassMatrix)
      this.computeODE2LHS = (s, out) => {
        const d = this.globalOffset(s)
        const w = s.v[this.node.ode2Index + 2]
        out[0] += -this.mass * w * w * d[0]
        out[1] += -this.mass * w * w * d[1]
      }
  }
  /** d = A(phi) c in this.offset. */
  private globalOffset(s: SystemState): Float64Array {
    const c = this.centerOfMassLocal
    const phi = this.node.reference[2] + s.q[this.node.ode2Index + 2]
    const cos = Math.cos(phi),
      sin = Math.sin(phi)
    this.offset[0] = cos * c[0] - sin * c[1]
    this.offset[1] = sin * c[0] + cos * c[1]
    return this.offset
  }
  computeMassMatrix(s: SystemState, out: Float64Array): void {
    out[0] = this.mass
    out[4] = this.mass
    out[8] = this.inertia
    if (this.constantMassMatrix) return
    const d = this.globalOffset(s)
    out[2] = out[6] = -this.mass * d[1]
    out[5] = out[7] = this.mass * d[0]
  }
}

export const ObjectRigidBody2D = defineItem({
  kind: 'object',
  type: 'RigidBody2D',
  exudynName: 'ObjectRigidBody2D',
  doc:
    'A planar rigid body on a RigidBody2D node [x, y, phi] at its reference point; the centre of mass is ' +
    'at physicsCenterOfMass (default: the node), mass matrix diag(m, m, J) when it is the node.',
  parameters: {
    physicsMass: { type: 'number', default: 0, min: 0, unit: 'kg', massProperty: true, doc: 'mass' },
    physicsInertia: {
      type: 'number',
      massProperty: true,
      default: 0,
      min: 0,
      unit: 'kg m^2',
      doc:
        'moment of inertia about the z axis through the node (the reference point; the centre of mass ' +
        'when physicsCenterOfMass is [0, 0])',
    },
    physicsCenterOfMass: {
      type: 'vector',
      massProperty: true,
      size: 2,
      default: [0, 0],
      unit: 'm',
      doc:
        'local position of the centre of mass relative to the node (Exudyn 1.11); [0, 0] adds no ' +
        'coupling terms',
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
    new RigidBodyPlanar(
      nodeOf(it, ctx),
      it.params.number('physicsMass'),
      it.params.number('physicsInertia'),
      Float64Array.of(...it.params.vector('physicsCenterOfMass'), 0),
    ),
  visualize: (it, c, s, g) => {
    const body = c as RigidBodyPlanar
    // A slender bar with the body's inertia: J = m L^2 / 12.
    const L = body.mass > 0 ? Math.max(Math.sqrt((12 * body.inertia) / body.mass), 0.01) : 0.1
    drawBody(it, body, [L, L / 8, L / 8], s, g)
  },
})
