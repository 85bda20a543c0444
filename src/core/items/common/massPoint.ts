// Point-mass bodies and ground: Ground, MassPoint (3D) and MassPoint2D.
import { compactFloat64, compactInt32 } from '../../math/packedArrays'
import { identity3 } from '../../math/vec3'
import { defineItem, type ResolvedItem } from '../../model/definition'
import type { ObjectComputation, PointKinematics } from '../../system/computation'
import { DEFAULT_COLORS } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import { checkGraphicsData, drawGraphicsData, VGRAPHICS } from './bodyGraphics'
import { FixedFrame, NO_OFFSET, TranslationPoint } from './fixedKinematics'
import { V_COLOR, visualizationParams } from './itemFields'

const IDENTITY = new Float64Array(9)
identity3(IDENTITY)

/**
 * A point mass on a Point or Point2D node; mass matrix m I. On a PointGround node (allowed in Exudyn,
 * e.g. its fourBarMechanismTest) it has no coordinates (dim = 0) and is a fixed point.
 */
class MassPointBody implements ObjectComputation {
  ltgODE2: Int32Array
  readonly nAE = 0
  readonly nData = 0
  aeIndex = 0
  dataIndex = 0
  readonly constantMassMatrix = true
  constructor(
    /** physicsMass, taken in place at a run's start (setParameters; BodyMass markers read it). */
    public mass: number,
    private readonly node: { kinematics?: PointKinematics },
    private readonly dim: 0 | 2 | 3,
    private readonly nodeReference: Float64Array,
  ) {
    // The node's own indices where it has them for exactly these coordinates (filled before setupLTG).
    const nodeLtg = node.kinematics?.ltg
    this.ltgODE2 = nodeLtg?.length === dim ? nodeLtg : compactInt32(dim)
  }
  setParameters(item: ResolvedItem): void {
    this.mass = item.params.number('physicsMass')
  }
  setupLTG(): void {
    if (this.ltgODE2 !== this.node.kinematics!.ltg) this.ltgODE2.set(this.node.kinematics!.ltg)
  }
  computeMassMatrix(_s: SystemState, out: Float64Array): void {
    for (let i = 0; i < this.dim; i++) out[i * this.dim + i] = this.mass
  }
  /** y += m x: the residual's M q'' without the evaluator's dense local product (whose zeros it skips). */
  addMassTimes(_s: SystemState, x: Float64Array, y: Float64Array): void {
    const ltg = this.ltgODE2,
      m = this.mass
    for (let i = 0; i < ltg.length; i++) y[ltg[i]] += m * x[ltg[i]]
  }
  bodyPoint(local: Float64Array): PointKinematics {
    if (this.dim === 0) {
      const p = new Float64Array(3)
      for (let i = 0; i < 3; i++) p[i] = this.nodeReference[i] + local[i]
      return new FixedFrame(p, IDENTITY)
    }
    return new TranslationPoint(this.dim, this.nodeReference, this.ltgODE2, local)
  }
  centerOfMass(): PointKinematics {
    const k = this.node.kinematics
    // The node's own point where it is the same one (its reference and indices shared): a lattice's
    // gravity markers then make no point of their own.
    const same = k instanceof TranslationPoint && k.ltg === this.ltgODE2 && k.reference === this.nodeReference
    return same && k.offset === NO_OFFSET ? k : this.bodyPoint(NO_OFFSET)
  }
  output(variable: string, s: SystemState, out: Float64Array): number {
    if (variable === 'KineticEnergy') {
      let e = 0
      for (const g of this.ltgODE2) e += 0.5 * this.mass * s.v[g] * s.v[g]
      out[0] = e
      return 1
    }
    return 0
  }
  readonly outputVariables = ['KineticEnergy']
}

export function massPoint(type: 'MassPoint' | 'MassPoint2D', dim: 2 | 3) {
  return defineItem({
    kind: 'object',
    type,
    exudynName: `Object${type}`,
    doc:
      dim === 3
        ? 'A point mass on a Point node (3 translational coordinates).'
        : 'A planar point mass on a Point2D node.',
    parameters: {
      physicsMass: {
        type: 'number',
        default: 0,
        min: 0,
        unit: 'kg',
        massProperty: true,
        atRunStart: true,
        doc: 'mass',
      },
      nodeNumber: {
        type: 'ref',
        kind: 'node',
        types: dim === 3 ? ['Point', 'PointGround'] : ['Point2D'],
        doc: 'the node that carries the coordinates (PointGround: a fixed point mass)',
      },
      ...visualizationParams(),
      ...V_COLOR,
      ...VGRAPHICS,
    },
    supportsCheckpoint: true,
    traits: { body: true },
    check: checkGraphicsData,
    build: (it, ctx) => {
      const n = ctx.node(it.params.ref('nodeNumber'))
      // A point node's reference position padded to 3D is already its kinematics' (never written).
      let ref = n.kinematics instanceof TranslationPoint ? n.kinematics.reference : undefined
      if (ref?.length !== 3) {
        ref = compactFloat64(3)
        ref.set(n.reference)
      }
      return new MassPointBody(it.params.number('physicsMass'), n, n.nODE2 === 0 ? 0 : dim, ref)
    },
    visualize: (it, c, s, g) => {
      if (!it.params.bool('Vshow')) return
      const p = new Float64Array(3)
      c.centerOfMass!().position(s, p)
      const color = it.params.color('Vcolor', DEFAULT_COLORS.body)
      if (drawGraphicsData(it.params.raw('VgraphicsData'), p, IDENTITY, g, color)) return
      g.add({
        shape: 'sphere',
        center: [...p],
        radius: 0.05,
        color,
      })
    },
  })
}
