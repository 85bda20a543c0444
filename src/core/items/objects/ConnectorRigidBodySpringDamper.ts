import { taitBryanFromRotation } from '../../math/rotations'
import { TWO_MARKER_WORK, type TwoMarkerWork } from '../common/twoMarkerConnector'
import { rotationFromRotationVector, rotationVectorFromMatrix, se3LogTranslation } from '../../math/lieGroup'
import { cross, matMul3, matTVec3, matVec3 } from '../../math/vec3'
import { defineItem } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'
import type { MarkerComputation, NodeComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common/itemFields'
import { checkJointFrames, JointFrameConnector, jointFrameParams } from '../common/jointFrames'
import { requireMarkers, markersOf } from '../common/markerChecks'
import { drawSpring } from '../common/springDrawing'
import { compileLaws, componentNames, matrixNames } from '../common/userLaw'
import { ExpressionError, type VariableFunction } from '../../model/expression'
import type { ModelView, ResolvedItem } from '../../model/definition'
import { dataNodeOf, dataNodeParam } from '../common/dataNode'
import { dataCoordinateCount } from '../nodes/GenericData'

const ZERO6 = Array.from({ length: 6 }, () => [0, 0, 0, 0, 0, 0])

// Exudyn 1.11's intrinsicFormulation: with the poses H0 = (A_J0, p0), H1 = (A_J1, p1) the relative
// motion is the SE(3) logarithm [U, Omega] of H0^-1 H1 (lieGroup.ts: Omega = log(A_J0^T A_J1),
// U = T(Omega)^-T A_J0^T (p1 - p0)); the springs act on it, the dampers on the relative velocities, all
// in the mid frame A_M = A_J0 exp(Omega / 2). Swapping the markers negates [U, Omega] and keeps A_M, so
// the forces on the bodies do not depend on the order. The forces act at the markers with the extra
// torque (A_M (-U / 2)) x f on both, for the moment of the force pair about the mid point.

/** Data coordinates of the data node passed to the user functions (dataCoordinates0 ...). */
const MAX_DATA = 16
/**
 * Exudyn 1.11's arguments of springForceTorqueUserFunction after (mbs, t, itemNumber), with t first:
 * the J0 vectors displacement, rotation (Tait-Bryan), velocity, angularVelocity by X, Y, Z; stiffness
 * and damping by entry (row, column 0..5); rotJ0, rotJ1 (rotationMarker0/1) by entry; offset0..5; then
 * the data node's coordinates dataCoordinates0 ... (Exudyn's postNewtonStepUserFunction gets them as
 * its dataCoordinates; its force function reads them from the node through mbs).
 */
const USER_FUNCTION_VARIABLES = [
  't',
  ...['displacement', 'rotation', 'velocity', 'angularVelocity'].flatMap((v) => componentNames(v, 'XYZ')),
  ...matrixNames('stiffness', 6, 6),
  ...matrixNames('damping', 6, 6),
  ...matrixNames('rotJ0_', 3, 3),
  ...matrixNames('rotJ1_', 3, 3),
  ...componentNames('offset', 6),
  ...componentNames('dataCoordinates', MAX_DATA),
]
const DATA_ARGUMENT = USER_FUNCTION_VARIABLES.indexOf('dataCoordinates0')

/** The variables of a data node of n coordinates: those above up to dataCoordinates<n-1>. */
const variablesWithData = (n: number) =>
  USER_FUNCTION_VARIABLES.slice(0, DATA_ARGUMENT + Math.min(n, MAX_DATA))

class RigidBodySpringDamper extends JointFrameConnector {
  readonly nAE = 0
  readonly outputVariables = [
    'DisplacementLocal',
    'VelocityLocal',
    'Rotation',
    'AngularVelocityLocal',
    'ForceLocal',
    'TorqueLocal',
  ]
  private readonly d = new Float64Array(3)
  /** Local displacement/rotation u, velocity v and force/torque f (6 each) of the last evaluation. */
  private readonly u = new Float64Array(6)
  private readonly v = new Float64Array(6)
  private readonly f = new Float64Array(6)
  private readonly fGlobal = new Float64Array(3)
  /** Frame of u, v and f: A_J0, or the mid frame A_M of the intrinsic formulation. */
  private readonly AJ: Float64Array
  private readonly halfRotation = new Float64Array(9)
  private readonly halfVector = new Float64Array(3)
  private readonly torque = new Float64Array(3)
  readonly noPotential: string | undefined
  /** The user functions' arguments: t and the kinematics per call, the parameters filled once. */
  private readonly userArguments = new Float64Array(USER_FUNCTION_VARIABLES.length)

  constructor(
    markers: MarkerComputation[],
    work: TwoMarkerWork,
    private readonly stiffness: Float64Array,
    private readonly damping: Float64Array,
    rotationMarker0: Float64Array,
    rotationMarker1: Float64Array,
    private readonly offset: Float64Array,
    private readonly active: boolean,
    private readonly intrinsic: boolean,
    private readonly userFunctions: VariableFunction[] | undefined,
    private readonly dataNode: NodeComputation | undefined,
    /** [error, recommended step size, new data 0, ...] after each converged Newton (needs dataNode). */
    private readonly postNewtonFunctions: VariableFunction[] | undefined,
  ) {
    super(markers, work, rotationMarker0, rotationMarker1)
    this.postNewtonValues = new Float64Array(postNewtonFunctions?.length ?? 0)
    this.AJ = intrinsic ? new Float64Array(9) : this.AJ0
    for (let r = 0; r < 6; r++)
      for (let c = 0; c < r; c++)
        if (stiffness[6 * r + c] !== stiffness[6 * c + r])
          this.noPotential = `has a stiffness that is not symmetric (entries [${r}][${c}] and [${c}][${r}])`
    if (userFunctions) this.noPotential = 'has a springForceTorqueUserFunction, whose potential is not known'
    const a = this.userArguments
    a.set(stiffness, 13)
    a.set(damping, 49)
    a.set(rotationMarker0, 85)
    a.set(rotationMarker1, 94)
    a.set(offset, 103)
  }

  private dataAt = -1
  private readonly postNewtonValues: Float64Array
  /** The step size the last postNewton recommended (< 0: none). */
  recommendedStepSize = -1

  override setupLTG(): void {
    super.setupLTG()
    this.dataAt = this.dataNode ? this.dataNode.dataIndex : -1
  }

  /** u, v and the local force/torque f at s, in the frame AJ (set here). */
  private evaluate(s: SystemState): void {
    this.gather(s)
    this.updateJointFrames(s)
    const d = this.d,
      u = this.u,
      v = this.v
    for (let i = 0; i < 3; i++) d[i] = this.work.p1[i] - this.work.p0[i]
    matTVec3(this.AJ0, d, u)
    if (this.intrinsic) {
      const w = this.halfVector
      rotationVectorFromMatrix(this.rel, w)
      u.set(w, 3)
      se3LogTranslation(w, u, d)
      u.set(d, 0)
      for (let i = 0; i < 3; i++) w[i] *= 0.5
      rotationFromRotationVector(w, this.halfRotation)
      matMul3(this.AJ0, this.halfRotation, this.AJ)
    } else {
      taitBryanFromRotation(this.rel, d)
      u.set(d, 3)
    }
    for (let i = 0; i < 3; i++) d[i] = this.work.v1[i] - this.work.v0[i]
    matTVec3(this.AJ, d, v)
    this.relativeAngularVelocityLocal(s, d)
    if (this.intrinsic) {
      // In the mid frame: A_M^T w = exp(Omega / 2)^T A_J0^T w.
      matTVec3(this.halfRotation, d, this.halfVector)
      v.set(this.halfVector, 3)
    } else v.set(d, 3)
    const uf = this.userFunctions
    if (uf) {
      this.fillArguments(s)
      const a = this.userArguments
      for (let r = 0; r < 6; r++) this.f[r] = this.active ? uf[r](a) : 0
      return
    }
    const K = this.stiffness,
      D = this.damping
    for (let r = 0; r < 6; r++) {
      let sum = 0
      for (let c = 0; c < 6; c++) sum += K[6 * r + c] * (u[c] - this.offset[c]) + D[6 * r + c] * v[c]
      this.f[r] = this.active ? sum : 0
    }
  }

  /** The user functions' arguments that change: t, u and v (of evaluate) and the data coordinates. */
  private fillArguments(s: SystemState): void {
    const a = this.userArguments,
      u = this.u,
      v = this.v
    a[0] = s.t
    for (let i = 0; i < 3; i++) {
      a[1 + i] = u[i]
      a[4 + i] = u[3 + i]
      a[7 + i] = v[i]
      a[10 + i] = v[3 + i]
    }
    const n = this.dataNode ? Math.min(this.dataNode.nData, MAX_DATA) : 0
    for (let i = 0; i < n; i++) a[DATA_ARGUMENT + i] = s.data[this.dataAt + i]
  }

  /**
   * Exudyn's PostNewtonStep: after each converged Newton, postNewtonStepUserFunction of the current
   * state and data gives [error, recommended step size, new data]; the data are replaced (all values
   * from the old data) and |error| is the discontinuous iteration's error (Exudyn's sign-free sum).
   */
  postNewton(s: SystemState): number {
    const pn = this.postNewtonFunctions
    this.recommendedStepSize = -1
    if (!pn || !this.active) return 0
    this.evaluate(s)
    this.fillArguments(s)
    const r = this.postNewtonValues,
      a = this.userArguments
    for (let k = 0; k < pn.length; k++) r[k] = pn[k](a)
    for (let i = 2; i < pn.length; i++) s.data[this.dataAt + i - 2] = r[i]
    this.recommendedStepSize = r[1]
    return Math.abs(r[0])
  }

  /**
   * V = 1/2 (u - offset)^T K (u - offset). The torques K (angles - offset) are its gradient for small
   * relative rotations only (Exudyn's law acts on Tait-Bryan angles), and only a symmetric K has one.
   */
  potentialEnergy(s: SystemState): number {
    if (!this.active) return 0
    this.evaluate(s)
    const K = this.stiffness,
      u = this.u,
      o = this.offset
    let e = 0
    for (let r = 0; r < 6; r++) for (let c = 0; c < 6; c++) e += (u[r] - o[r]) * K[6 * r + c] * (u[c] - o[c])
    return 0.5 * e
  }

  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.active) return
    this.evaluate(s)
    this.jacobians(s)
    matVec3(this.AJ, this.f.subarray(0, 3), this.fGlobal)
    this.addForcePair(this.fGlobal, out)
    if (this.intrinsic) {
      // (A_M (-U / 2)) x f, the same torque on both markers (before fGlobal becomes the torque).
      for (let i = 0; i < 3; i++) this.halfVector[i] = -0.5 * this.u[i]
      matVec3(this.AJ, this.halfVector, this.d)
      cross(this.d, this.fGlobal, this.torque)
    }
    matVec3(this.AJ, this.f.subarray(3, 6), this.fGlobal)
    this.addTorquePair(s, this.fGlobal, out)
    if (this.intrinsic) this.addEqualTorques(this.torque, out)
  }

  /** out[local] += G0^T T and G1^T T: the same global torque T on both markers (G0, G1 of addTorquePair). */
  private addEqualTorques(T: Float64Array, out: Float64Array): void {
    const n0 = this.n0,
      n1 = this.n1,
      G0 = this.G0,
      G1 = this.G1
    for (let j = 0; j < n0; j++) out[j] += G0[j] * T[0] + G0[n0 + j] * T[1] + G0[2 * n0 + j] * T[2]
    for (let j = 0; j < n1; j++) out[n0 + j] += G1[j] * T[0] + G1[n1 + j] * T[1] + G1[2 * n1 + j] * T[2]
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    this.evaluate(s)
    const part = (x: Float64Array, at: number): number => (out.set(x.subarray(at, at + 3)), 3)
    switch (variable) {
      case 'DisplacementLocal':
        return part(this.u, 0)
      case 'Rotation':
        return part(this.u, 3)
      case 'VelocityLocal':
        return part(this.v, 0)
      case 'AngularVelocityLocal':
        return part(this.v, 3)
      case 'ForceLocal':
        return part(this.f, 0)
      case 'TorqueLocal':
        return part(this.f, 3)
      default:
        return 0
    }
  }
}

/**
 * postNewtonStepUserFunction needs the data node and 2 + its data count of expressions; the user
 * functions may read dataCoordinates0 ... of the node's coordinates only.
 */
function userFunctionProblems(it: ResolvedItem, m: ModelView): { parameter: string; message: string }[] {
  const nodeIndex = it.params.values.nodeNumber as number
  const n = nodeIndex === -1 ? 0 : (dataCoordinateCount(m.item('node', nodeIndex)) ?? 0)
  const out: { parameter: string; message: string }[] = []
  const postNewton = it.params.values.postNewtonStepUserFunction
  if (Array.isArray(postNewton)) {
    if (nodeIndex === -1)
      out.push({
        parameter: 'postNewtonStepUserFunction',
        message: 'needs a GenericData node in nodeNumber, whose data coordinates it updates',
      })
    else if (postNewton.length !== 2 + n)
      out.push({
        parameter: 'postNewtonStepUserFunction',
        message:
          `expected ${2 + n} expressions [error, recommended step size, then one per data coordinate ` +
          `of node "${m.item('node', nodeIndex).name}"], got ${postNewton.length}`,
      })
  }
  for (const key of ['springForceTorqueUserFunction', 'postNewtonStepUserFunction'] as const) {
    const raw = it.params.values[key]
    if (!Array.isArray(raw)) continue
    if (n > MAX_DATA) {
      out.push({
        parameter: key,
        message: `reads at most ${MAX_DATA} data coordinates; node has ${n}`,
      })
      continue
    }
    try {
      compileLaws(raw, variablesWithData(n))
    } catch (e) {
      if (!(e instanceof ExpressionError)) throw e
      out.push({
        parameter: key,
        message: `${e.message} (dataCoordinates0 ... ${n === 0 ? 'need a data node' : `up to ${n - 1}`})`,
      })
    }
  }
  return out
}

const SPRING_VISUALIZATION = { ...visualizationParams(V_DRAW_SIZE), ...V_COLOR } satisfies ParamSchema

export const ObjectConnectorRigidBodySpringDamper = defineItem({
  kind: 'object',
  type: 'ConnectorRigidBodySpringDamper',
  exudynName: 'ObjectConnectorRigidBodySpringDamper',
  doc:
    'A 6-DOF spring-damper between two rigid markers, measured in the joint frame J0 = A_m0 ' +
    'rotationMarker0: relative displacement A_J0^T (p1 - p0) and rotation (Tait-Bryan xyz angles of ' +
    'A_J0^T A_J1) against the 6x6 stiffness (minus offset), relative velocity and angular velocity in J0 ' +
    'against the 6x6 damping; the resulting force and torque act along J0 on marker 1 and reversed on ' +
    'marker 0 (with intrinsicFormulation: on the SE(3) logarithm of the relative pose, in the mid ' +
    'frame). A penalty rigid joint or bushing; or springForceTorqueUserFunction. With a GenericData ' +
    'node (nodeNumber), postNewtonStepUserFunction updates its data after each converged Newton step ' +
    '(plasticity, friction, contact), and both user functions read them.',
  parameters: {
    ...MARKER_PAIR,
    ...dataNodeParam(
      'any number of coordinates, read by the user functions as dataCoordinates0 ... and written by ' +
        'postNewtonStepUserFunction',
    ),
    stiffness: {
      type: 'matrix',
      rows: 6,
      cols: 6,
      default: ZERO6,
      unit: 'N/m, N m/rad',
      doc:
        'stiffness of the translational (rows/columns 0..2, local x, y, z) and rotational (3..5, about ' +
        'x, y, z) springs, coupled terms off the diagonal',
    },
    damping: {
      type: 'matrix',
      rows: 6,
      cols: 6,
      default: ZERO6,
      unit: 'N s/m, N m s/rad',
      doc: 'damping against the local relative velocity (0..2) and angular velocity (3..5)',
    },
    ...jointFrameParams('springs act along its axes'),
    offset: {
      type: 'vector',
      size: 6,
      default: [0, 0, 0, 0, 0, 0],
      unit: 'm, rad',
      doc: 'relative displacement and rotation at which the springs are unloaded',
    },
    intrinsicFormulation: {
      type: 'boolean',
      default: false,
      doc:
        "Exudyn's intrinsic formulation: springs on the SE(3) logarithm [U, Omega] of the relative pose " +
        '(rotation vector Omega instead of Tait-Bryan angles), all in the mid frame A_J0 exp(Omega/2); ' +
        'independent of the order of the markers',
    },
    springForceTorqueUserFunction: {
      type: 'expression',
      size: 6,
      default: '',
      variables: USER_FUNCTION_VARIABLES,
      doc:
        'optional law replacing the linear one: [fx, fy, fz, mx, my, mz] in J0, expressions in t, the ' +
        'J0 components (X, Y, Z) of displacement, rotation (Tait-Bryan angles), velocity and ' +
        'angularVelocity, the entries stiffness00..stiffness55 and damping00..damping55 (row, column), ' +
        'rotJ0_00..rotJ0_22 and rotJ1_00..rotJ1_22 (rotationMarker0/1) and offset0..offset5, e.g. ' +
        '"stiffness00*displacementX + 1e6*displacementX^3" for fx (with intrinsicFormulation, as in ' +
        'Exudyn: displacement and rotation are U and Omega, all in the mid frame), and the data ' +
        'node\'s dataCoordinates0 ... (nodeNumber); "" for none',
    },
    postNewtonStepUserFunction: {
      type: 'expression',
      size: 'list',
      default: '',
      variables: USER_FUNCTION_VARIABLES,
      doc:
        'optional, with nodeNumber: after each converged Newton step (implicit solvers; the explicit ' +
        'ones before each stage), [error, recommended step size, new dataCoordinates0, ...], 2 + ' +
        'numberOfDataCoordinates expressions in the variables of springForceTorqueUserFunction; error ' +
        '> discontinuous.iterationTolerance repeats Newton with the new data, a recommended step size ' +
        '>= 0 below the current one (adaptiveStep) repeats the step with it, < 0 recommends none; e.g. ' +
        'a plastic hinge yielding at 0.1 rad, data [plastic rotation]: ["0", "-1", "rotationZ - ' +
        'min(max(rotationZ - dataCoordinates0, -0.1), 0.1)"]; "" for none',
    },
    ...ACTIVE_CONNECTOR,
    ...SPRING_VISUALIZATION,
  },
  supportsCheckpoint: true,
  check: (it, m) => [
    ...requireMarkers(it, m, 'markerNumbers', 'orientation'),
    ...checkJointFrames(it),
    ...userFunctionProblems(it, m),
  ],
  build: (it, ctx) => {
    const p = it.params
    return new RigidBodySpringDamper(
      markersOf(it, ctx),
      TWO_MARKER_WORK.of(ctx),
      p.matrix('stiffness'),
      p.matrix('damping'),
      p.matrix('rotationMarker0'),
      p.matrix('rotationMarker1'),
      p.vector('offset'),
      p.bool('activeConnector'),
      p.bool('intrinsicFormulation'),
      compileLaws(p.raw('springForceTorqueUserFunction'), USER_FUNCTION_VARIABLES),
      dataNodeOf(it, ctx),
      compileLaws(p.raw('postNewtonStepUserFunction'), USER_FUNCTION_VARIABLES),
    )
  },
  visualize: (it, c, s, g) => drawSpring(it, c as RigidBodySpringDamper, s, g, false),
})
