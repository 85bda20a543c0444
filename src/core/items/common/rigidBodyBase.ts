// Rigid bodies: RigidBody (3D, on RigidBodyEP or RigidBodyRxyz nodes) and RigidBody2D (planar).
//
// Equations of motion (3D) about the node (reference point) r with centre of mass chi (body frame),
// inertia J about the reference point, omega_l = Gbar theta', alpha_l = Gbar theta'' + Gbar' theta':
//   translation: m r'' + m A (alpha_l x chi + omega_l x (omega_l x chi))                  = F
//   rotation:    Gbar^T (J alpha_l + omega_l x J omega_l + m chi x (A^T r''))            = Gbar^T M_l
// i.e. the Lagrange equations projected with the virtual rotation delta pi_l = Gbar delta theta:
//   M = [[m I, -m A chi~ Gbar], [m Gbar^T chi~ A^T, Gbar^T J Gbar]]  (exact, symmetric)
//   f = [m A (c x chi + omega x (omega x chi)); Gbar^T (J c + omega x J omega)],  c = Gbar' theta'.
// For Euler parameters c = 0 and the 4x4 rotational block is singular along ep (Gbar ep = 0); the
// object adds the constraint ep . ep - 1 = 0 (index 2: 2 ep . ep' = 0), as Exudyn does, and the
// multiplier only takes the component of the forces along ep (zero for these equations).
import { packedCopy } from '../../math/packedArrays'
import type { BuildContext, ResolvedItem } from '../../model/definition'
import type { FrameKinematics, ObjectComputation } from '../../system/computation'
import { DEFAULT_COLORS, type Graphics } from '../../system/graphics'
import { kineticEnergyOf } from '../../system/kineticEnergy'
import type { SystemState } from '../../system/state'
import { drawGraphicsData } from './bodyGraphics'
import { RigidFrame, RigidNode } from './rigidNode'

/** Shared parts of 3D and planar rigid bodies: coordinates, body points and kinetic energy. */
export abstract class RigidBodyBase implements ObjectComputation {
  readonly ltgODE2: Int32Array
  abstract readonly nAE: number
  readonly nData = 0
  aeIndex = 0
  dataIndex = 0
  readonly outputVariables = ['KineticEnergy']
  protected readonly Mbuf: Float64Array

  constructor(
    readonly node: RigidNode,
    readonly mass: number,
    protected readonly centerOfMassLocal: Float64Array,
  ) {
    this.ltgODE2 = node.ltg
    this.Mbuf = new Float64Array(node.nODE2 * node.nODE2)
  }
  setupLTG(): void {}
  abstract computeMassMatrix(s: SystemState, out: Float64Array): void

  bodyPoint(localPosition: Float64Array): FrameKinematics {
    return new RigidFrame(this.node, packedCopy(localPosition))
  }
  centerOfMass(): FrameKinematics {
    return this.bodyPoint(this.centerOfMassLocal)
  }

  /** T = 1/2 q'^T M q' (exact: M is the exact mass matrix). */
  kineticEnergy(s: SystemState): number {
    this.Mbuf.fill(0)
    this.computeMassMatrix(s, this.Mbuf)
    return kineticEnergyOf(this.Mbuf, this.ltgODE2, s.v)
  }
  output(variable: string, s: SystemState, out: Float64Array): number {
    if (variable !== 'KineticEnergy') return 0
    out[0] = this.kineticEnergy(s)
    return 1
  }
}

export function nodeOf(it: ResolvedItem, ctx: BuildContext): RigidNode {
  const n = ctx.node(it.params.ref('nodeNumber'))
  if (!(n instanceof RigidNode)) throw new Error(`object "${it.name}": nodeNumber must be a rigid-body node`)
  return n
}

/** The node's origin in body coordinates (read only). */
const NODE_ORIGIN = new Float64Array(3)

/**
 * The body's VgraphicsData at the node frame (Exudyn's body coordinates), else a box of `size` at the centre
 * of mass.
 */
export function drawBody(
  it: ResolvedItem,
  body: RigidBodyBase,
  size: number[],
  s: SystemState,
  g: Graphics,
): void {
  if (!it.params.bool('Vshow')) return
  const p = g.position,
    R = g.rotation
  const data = it.params.raw('VgraphicsData')
  if (Array.isArray(data) && data.length > 0) {
    const node = body.bodyPoint(NODE_ORIGIN)
    node.position(s, p)
    node.rotationMatrix(s, R)
    if (drawGraphicsData(data, p, R, g, it.params.color('Vcolor', DEFAULT_COLORS.body))) return
  }
  const k = body.centerOfMass()
  k.position(s, p)
  k.rotationMatrix(s, R)
  g.add({
    shape: 'box',
    center: [p[0], p[1], p[2]],
    rotation: [R[0], R[1], R[2], R[3], R[4], R[5], R[6], R[7], R[8]],
    size,
    color: it.params.color('Vcolor', DEFAULT_COLORS.body),
  })
}
