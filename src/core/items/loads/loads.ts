// Loads act on markers: forces on position markers, torques on orientation markers, mass-proportional
// loads (gravity) on BodyMass markers, scalar loads on coordinate markers. Constant values, or a time
// function per component (the safe expression language of core/model/expression.ts).
import type { ResolvedItem } from '../../model/definition'
import { compileTimeFunction, type TimeFunction } from '../../model/expression'
import { copyInto } from '../../math/smallArrays'
import {
  isFrame,
  type FrameKinematics,
  type LoadComputation,
  type MarkerComputation,
  type PointKinematics,
} from '../../system/computation'
import type { SystemState } from '../../system/state'
import { itemFactory, requireMarkers, visualizationParams } from '../common'

/** The load vector at time t: constant, or one time function per component. */
class LoadVector {
  private readonly functions: TimeFunction[] | undefined
  constructor(
    private readonly constant: Float64Array,
    userFunction: (string | number)[] | string,
  ) {
    this.functions = Array.isArray(userFunction) ? userFunction.map((e) => compileTimeFunction(e)) : undefined
  }
  value(t: number, out: Float64Array): void {
    if (this.functions) for (let i = 0; i < this.functions.length; i++) out[i] = this.functions[i](t)
    else copyInto(out, this.constant)
  }
}

const USER_FUNCTION_3 = {
  loadVectorUserFunction: {
    type: 'expression' as const,
    size: 3,
    default: '',
    doc: 'optional time functions [fx(t), fy(t), fz(t)] that replace loadVector; "" for none',
  },
}

/** f += factor * J^T F (J: 3 x n Jacobian of the marker's position or rotation). */
function addJT(J: Float64Array, ltg: Int32Array, F: Float64Array, factor: number, f: Float64Array): void {
  const n = ltg.length
  for (let j = 0; j < n; j++) f[ltg[j]] += factor * (J[j] * F[0] + J[n + j] * F[1] + J[2 * n + j] * F[2])
}

class VectorLoad implements LoadComputation {
  private J = new Float64Array(0)
  private readonly F = new Float64Array(3)
  private readonly F2 = new Float64Array(3)
  private readonly R = new Float64Array(9)
  constructor(
    private readonly kinematics: PointKinematics,
    private readonly vector: LoadVector,
    private readonly torque: boolean,
    private readonly bodyFixed: boolean,
    /** Mass-proportional loads: F = mass * loadVector. */
    private readonly scale: number,
  ) {}
  setupLTG(): void {
    if (this.J.length !== 3 * this.kinematics.ltg.length)
      this.J = new Float64Array(3 * this.kinematics.ltg.length)
  }
  loadValue(t: number, out: Float64Array): number {
    this.vector.value(t, out)
    for (let i = 0; i < 3; i++) out[i] *= this.scale
    return 3
  }
  addLoad(s: SystemState, f: Float64Array, factor: number): void {
    this.loadValue(s.t, this.F)
    let F = this.F
    const k = this.kinematics
    if (this.bodyFixed) {
      // Load given in the marker's (body's) frame: F_global = R F_local.
      ;(k as FrameKinematics).rotationMatrix(s, this.R)
      const R = this.R
      for (let i = 0; i < 3; i++) this.F2[i] = R[3 * i] * F[0] + R[3 * i + 1] * F[1] + R[3 * i + 2] * F[2]
      F = this.F2
    }
    if (this.torque) (k as FrameKinematics).rotationJacobian(s, this.J)
    else k.positionJacobian(s, this.J)
    addJT(this.J, k.ltg, F, factor, f)
  }
}

const markerOf = (it: ResolvedItem, ctx: { marker(i: number): MarkerComputation }): MarkerComputation =>
  ctx.marker(it.params.ref('markerNumber'))
const loadVectorOf = (it: ResolvedItem): LoadVector =>
  new LoadVector(it.params.vector('loadVector'), it.params.raw('loadVectorUserFunction') as string[])

const defineLoad = itemFactory('load', 'Load', visualizationParams())

export const LoadForceVector = defineLoad({
  type: 'ForceVector',
  doc: 'A force on a position marker, in global coordinates (or in the marker frame if bodyFixed).',
  parameters: {
    markerNumber: { type: 'ref', kind: 'marker', doc: 'the marker the force acts on' },
    loadVector: { type: 'vector', size: 3, default: [0, 0, 0], unit: 'N', doc: 'force vector' },
    bodyFixed: {
      type: 'boolean',
      default: false,
      doc: 'the force is given in the marker (body) frame and rotates with it',
    },
    ...USER_FUNCTION_3,
  },
  check: (it, m) => [
    ...requireMarkers(it, m, 'markerNumber', 'position'),
    ...(it.params.bool('bodyFixed') ? requireMarkers(it, m, 'markerNumber', 'orientation') : []),
  ],
  build: (it, ctx) =>
    new VectorLoad(markerOf(it, ctx).kinematics!, loadVectorOf(it), false, it.params.bool('bodyFixed'), 1),
})

export const LoadTorqueVector = defineLoad({
  type: 'TorqueVector',
  doc: 'A torque on an orientation marker (rigid body or rigid node), in global coordinates (or in the marker frame if bodyFixed).',
  parameters: {
    markerNumber: { type: 'ref', kind: 'marker', doc: 'the marker the torque acts on' },
    loadVector: { type: 'vector', size: 3, default: [0, 0, 0], unit: 'N m', doc: 'torque vector' },
    bodyFixed: { type: 'boolean', default: false, doc: 'the torque is given in the marker (body) frame' },
    ...USER_FUNCTION_3,
  },
  check: (it, m) => requireMarkers(it, m, 'markerNumber', 'orientation'),
  build: (it, ctx) => {
    const k = markerOf(it, ctx).kinematics!
    if (!isFrame(k)) throw new Error(`load "${it.name}": marker has no orientation`)
    return new VectorLoad(k, loadVectorOf(it), true, it.params.bool('bodyFixed'), 1)
  },
})

export const LoadMassProportional = defineLoad({
  type: 'MassProportional',
  doc: 'A load proportional to the mass of a body (gravity): force = mass * loadVector at the centre of mass, through a BodyMass marker.',
  parameters: {
    markerNumber: { type: 'ref', kind: 'marker', doc: 'a BodyMass marker' },
    loadVector: {
      type: 'vector',
      size: 3,
      default: [0, 0, 0],
      unit: 'm/s^2',
      doc: 'acceleration, e.g. [0, -9.81, 0]',
    },
    ...USER_FUNCTION_3,
  },
  check: (it, m) => requireMarkers(it, m, 'markerNumber', 'bodyMass'),
  build: (it, ctx) => {
    const mk = markerOf(it, ctx)
    return new VectorLoad(mk.kinematics!, loadVectorOf(it), false, false, mk.mass ?? 0)
  },
})

class CoordinateLoad implements LoadComputation {
  private readonly fn: TimeFunction | undefined
  constructor(
    private readonly marker: MarkerComputation,
    private readonly load: number,
    userFunction: string,
  ) {
    this.fn = userFunction !== '' ? compileTimeFunction(userFunction) : undefined
  }
  setupLTG(): void {}
  loadValue(t: number, out: Float64Array): number {
    out[0] = this.fn ? this.fn(t) : this.load
    return 1
  }
  addLoad(s: SystemState, f: Float64Array, factor: number): void {
    const i = this.marker.coordinateIndex!
    if (i >= 0) f[i] += factor * (this.fn ? this.fn(s.t) : this.load)
  }
}

export const LoadCoordinate = defineLoad({
  type: 'Coordinate',
  doc: 'A scalar load (force or torque) on one coordinate, through a NodeCoordinate marker.',
  parameters: {
    markerNumber: { type: 'ref', kind: 'marker', doc: 'a coordinate marker' },
    load: { type: 'number', default: 0, doc: 'the load value (N or N m)' },
    loadUserFunction: {
      type: 'expression',
      default: '',
      doc: 'optional time function f(t) that replaces load; "" for none',
    },
  },
  check: (it, m) => requireMarkers(it, m, 'markerNumber', 'coordinate'),
  build: (it, ctx) =>
    new CoordinateLoad(markerOf(it, ctx), it.params.number('load'), it.params.string('loadUserFunction')),
})
