import { matVec3 } from '../../math/vec3'
import { defineItem } from '../../model/definition'
import type { PointKinematics } from '../../system/computation'
import { DEFAULT_COLORS } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import { VGRAPHICS } from '../common/bodyGraphics'
import { V_COLOR, visualizationParams } from '../common/itemFields'
import { FRAME_PARAMS, frameArgs, OneCoordinateBody } from '../common/oneCoordinateBody'

/** A point of a Mass1D: p = pRef + R ([p0, 0, 0] + local); dp/dq = R e_x. */
class Mass1DPoint implements PointKinematics {
  constructor(
    private readonly body: Mass1DBody,
    private readonly local: Float64Array,
  ) {}
  get ltg(): Int32Array {
    return this.body.ltgODE2
  }
  position(s: SystemState, out: Float64Array): void {
    this.body.positionOf(this.local, s, out)
  }
  velocity(s: SystemState, out: Float64Array): void {
    this.body.alongAxis(s.v[this.ltg[0]], out)
  }
  acceleration(s: SystemState, out: Float64Array): void {
    this.body.alongAxis(s.a[this.ltg[0]], out)
  }
  positionJacobian(_s: SystemState, out: Float64Array): void {
    this.body.alongAxis(1, out)
  }
}

class Mass1DBody extends OneCoordinateBody {
  private readonly work = new Float64Array(3)
  get mass(): number {
    return this.inertia
  }
  positionOf(local: Float64Array, s: SystemState, out: Float64Array): void {
    const w = this.work
    w[0] = this.coordinate(s) + local[0]
    w[1] = local[1]
    w[2] = local[2]
    matVec3(this.referenceRotation, w, out)
    for (let i = 0; i < 3; i++) out[i] += this.referencePosition[i]
  }
  /** out = x R e_x (the global direction of the coordinate, scaled). */
  alongAxis(x: number, out: Float64Array): void {
    const R = this.referenceRotation
    out[0] = R[0] * x
    out[1] = R[3] * x
    out[2] = R[6] * x
  }
  bodyPoint(local: Float64Array): PointKinematics {
    return new Mass1DPoint(this, Float64Array.from(local))
  }
  centerOfMass(): PointKinematics {
    return this.bodyPoint(new Float64Array(3))
  }
}

export const ObjectMass1D = defineItem({
  kind: 'object',
  type: 'Mass1D',
  exudynName: 'ObjectMass1D',
  doc:
    "A mass on one coordinate of a Node1D: m q'' = f. Its position is referencePosition + " +
    'referenceRotation [p0, 0, 0], p0 = node reference + displacement, so forces act through their ' +
    'component along the rotated x-axis.',
  parameters: {
    physicsMass: { type: 'number', default: 0, min: 0, unit: 'kg', massProperty: true, doc: 'mass' },
    ...FRAME_PARAMS,
    ...visualizationParams(),
    ...V_COLOR,
    ...VGRAPHICS,
  },
  supportsCheckpoint: true,
  traits: { body: true },
  build: (it, ctx) =>
    new Mass1DBody(ctx.node(it.params.ref('nodeNumber')), it.params.number('physicsMass'), ...frameArgs(it)),
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const p = new Float64Array(3)
    c.centerOfMass!().position(s, p)
    g.add({
      shape: 'sphere',
      center: [...p],
      radius: 0.05,
      color: it.params.color('Vcolor', DEFAULT_COLORS.body),
    })
  },
})
