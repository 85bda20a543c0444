// Nodes with translational coordinates: Point (3D), Point2D (planar) and PointGround (no coordinates).
import { compactFloat64, compactInt32 } from '../../math/packedArrays'
import type { ItemDefinition } from '../../model/definition'
import { DEFAULT_COLORS } from '../../system/graphics'
import { TranslationPoint } from './fixedKinematics'
import { NodeBase } from './nodeBase'

/** Zero initial displacements or velocities, shared (NodeBase only reads them; a lattice has 10^4 nodes). */
const ZERO: Record<2 | 3, Float64Array> = { 2: new Float64Array(2), 3: new Float64Array(3) }
const zeroOr = (v: Float64Array, dim: 2 | 3): Float64Array => (v.every((x) => x === 0) ? ZERO[dim] : v)

export class PointNode extends NodeBase {
  readonly kinematics: TranslationPoint
  constructor(dim: 2 | 3, ref: Float64Array, q0: Float64Array, v0: Float64Array) {
    super(dim, ref, zeroOr(q0, dim), zeroOr(v0, dim))
    const ref3 = compactFloat64(3)
    ref3.set(ref)
    this.kinematics = new TranslationPoint(dim, ref3, compactInt32(dim))
  }
  onOffsetsAssigned(): void {
    for (let i = 0; i < this.nODE2; i++) this.kinematics.ltg[i] = this.ode2Index + i
  }
}

export const pointVisualization =
  <K extends 'node'>(): ItemDefinition<K>['visualize'] =>
  (item, c, s, g) => {
    if (!item.params.bool('Vshow') || !c.kinematics) return
    const p = new Float64Array(3)
    c.kinematics.position(s, p)
    const size = item.params.number('VdrawSize')
    g.add({
      shape: 'sphere',
      center: [...p],
      radius: size > 0 ? size / 2 : 0.02,
      color: item.params.color('Vcolor', DEFAULT_COLORS.node),
    })
  }
