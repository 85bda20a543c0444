// Loads act on markers: forces on position markers, torques on orientation markers, mass-proportional
// loads (gravity) on BodyMass markers, scalar loads on coordinate markers. Constant values, or a time
// function per component (the safe expression language of core/model/expression.ts).
import { copyInto } from '../../math/smallArrays'
import type { BuildContext, ResolvedItem } from '../../model/definition'
import { compileTimeFunction, type TimeFunction } from '../../model/expression'
import type {
  FrameKinematics,
  LoadComputation,
  MarkerComputation,
  PackedLoadKind,
  PointKinematics,
} from '../../system/computation'
import { TranslationPoint } from './fixedKinematics'
import { PACKED_POINT_FORCES, type TranslationCoordinates } from './packedLoads'
import { RigidFrame } from './rigidNode'
import { PerSystem } from '../../system/perSystem'
import type { SystemState } from '../../system/state'
import { itemFactory, visualizationParams } from './itemFields'

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
  /** The vector when it is constant with three components, else undefined. */
  get constant3(): Float64Array | undefined {
    return this.functions || this.constant.length !== 3 ? undefined : this.constant
  }
}

export const USER_FUNCTION_3 = {
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

/**
 * The load vector, its turned copy, the rotation and the position: scratch within one call, shared by
 * the vector loads of one system (a lattice has a load per node).
 */
interface VectorLoadWork {
  F: Float64Array
  F2: Float64Array
  R: Float64Array
  x: Float64Array
}

const VECTOR_LOAD_WORK = new PerSystem<VectorLoadWork>(() => ({
  F: new Float64Array(3),
  F2: new Float64Array(3),
  R: new Float64Array(9),
  x: new Float64Array(3),
}))

/** The Jacobian before the first addLoad: one empty array for all loads, never written. */
const NO_JACOBIAN = new Float64Array(0)

export class VectorLoad implements LoadComputation {
  /** The marker's 3 x n Jacobian, sized on the first addLoad (packed point loads never make one). */
  private J = NO_JACOBIAN
  private readonly F: Float64Array
  private readonly F2: Float64Array
  private readonly R: Float64Array
  private readonly x: Float64Array
  private vector: LoadVector
  /** A torque or a force turning with its body is not the gradient of a potential. */
  readonly noPotential: string | undefined
  readonly packedLoads: PackedLoadKind | undefined
  /** The point's translation coordinates when its position Jacobian is [I 0] (packedLoads.ts). */
  readonly translation: TranslationCoordinates | undefined
  constructor(
    ctx: BuildContext,
    item: ResolvedItem,
    private readonly kinematics: PointKinematics,
    private readonly torque: boolean,
    private readonly bodyFixed: boolean,
    /** F = scale * loadVector; mass-proportional loads: their BodyMass marker, whose mass is read now. */
    private readonly scaleOf: number | { readonly mass?: number },
  ) {
    ;({ F: this.F, F2: this.F2, R: this.R, x: this.x } = VECTOR_LOAD_WORK.of(ctx))
    this.vector = loadVectorOf(item)
    this.noPotential = torque
      ? 'is a torque, whose work has no potential for rotations in 3D'
      : bodyFixed
        ? 'turns with its body (bodyFixed), so its work has no potential'
        : undefined
    const point =
      kinematics instanceof TranslationPoint
        ? kinematics
        : kinematics instanceof RigidFrame
          ? kinematics.originTranslation()
          : undefined
    this.translation = torque || bodyFixed ? undefined : point
    this.packedLoads = this.translation ? PACKED_POINT_FORCES : undefined
  }
  /** The scale now (a mass taken in place at a run's start, atRunStart, changes it). */
  private get scale(): number {
    return typeof this.scaleOf === 'number' ? this.scaleOf : (this.scaleOf.mass ?? 0)
  }
  /** Packed kernel: the constant force F = scale * loadVector into out; false when F varies in time. */
  constantForce(out: Float64Array): boolean {
    const c = this.vector.constant3
    if (!c) return false
    for (let i = 0; i < 3; i++) out[i] = c[i] * this.scale // loadValue's copy, then *= scale
    return true
  }
  /**
   * V = -F(t) . x(q) for a force fixed in space (gravity: -m g . x_com); a time function gives the
   * potential at t, so T + V then changes by the integral of dV/dt.
   */
  potentialEnergy(s: SystemState): number {
    this.loadValue(s.t, this.F)
    this.kinematics.position(s, this.x)
    return -(this.F[0] * this.x[0] + this.F[1] * this.x[1] + this.F[2] * this.x[2])
  }
  /** The live loadVector (and its time functions, which come with it). */
  setParameters(item: ResolvedItem): void {
    this.vector = loadVectorOf(item)
  }
  setupLTG(): void {
    // J is sized where it is used (addLoad), after every assembly.
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
    if (this.J.length !== 3 * k.ltg.length) this.J = new Float64Array(3 * k.ltg.length)
    if (this.torque) (k as FrameKinematics).rotationJacobian(s, this.J)
    else k.positionJacobian(s, this.J)
    addJT(this.J, k.ltg, F, factor, f)
  }
}

export const markerOf = (
  it: ResolvedItem,
  ctx: { marker(i: number): MarkerComputation },
): MarkerComputation => ctx.marker(it.params.ref('markerNumber'))

const loadVectorOf = (it: ResolvedItem): LoadVector =>
  new LoadVector(it.params.vector('loadVector'), it.params.raw('loadVectorUserFunction') as string[])

export const defineLoad = itemFactory('load', 'Load', visualizationParams())
