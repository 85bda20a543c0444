// The computation half of items (Exudyn's C<Item>): classes of typed arrays built at assembly from
// validated parameters. They compute mass matrices, forces, constraint equations and Jacobians on
// their local coordinates, read the state through their LTG indices and allocate nothing per call.
//
// Residual convention (all terms on the left, Exudyn's docs):
//   M(q) q'' + f_lhs(q, q', t) - f_loads(t) + C_q^T lambda = 0,   g(q, q', lambda, t) = 0.
// Local dense matrices are row-major.
import type { SystemState } from './state'
import type { LifecycleHooks } from './lifecycle'

/** Kinematics of a point: position, velocity and the position Jacobian w.r.t. the ltg coordinates. */
export interface PointKinematics {
  /** Global ODE2 indices of the coordinates this point depends on (its "local coordinates"). */
  readonly ltg: Int32Array
  position(s: SystemState, out: Float64Array): void
  velocity(s: SystemState, out: Float64Array): void
  /** J (3 x ltg.length, row-major) with velocity = J q'. */
  positionJacobian(s: SystemState, out: Float64Array): void
  /** Acceleration (sensors; uses s.a). */
  acceleration(s: SystemState, out: Float64Array): void
  // Second-order kinematics for the geometric stiffness of joints (absent: J, G and the exact position
  // derivative are constant or equal, as for points moving linearly with their coordinates).
  /**
   * dp/dq exactly (3 x ltg.length); differs from J where the velocity Jacobian is not a derivative of p
   * (Euler parameters off |ep| = 1).
   */
  positionDerivative?(s: SystemState, out: Float64Array): void
  /**
   * Adds factor * d(J^T force + G^T torque)/dq at fixed global force and torque (torque only for
   * frames), the ltg.length^2 block at out[offset + i * stride + j].
   */
  addLoadJacobian?(
    s: SystemState,
    force: Float64Array,
    torque: Float64Array | null,
    factor: number,
    out: Float64Array,
    stride: number,
    offset: number,
  ): void
}

/** A point that also has an orientation (rigid-body node, rigid body at a point). */
export interface FrameKinematics extends PointKinematics {
  /** Rotation matrix from local to global, row-major 3x3. */
  rotationMatrix(s: SystemState, out: Float64Array): void
  /** Angular velocity in global coordinates. */
  angularVelocity(s: SystemState, out: Float64Array): void
  /** G (3 x ltg.length) with global angular velocity = G q'. */
  rotationJacobian(s: SystemState, out: Float64Array): void
  /** Orientation parameters as the user knows them (e.g. Tait-Bryan angles), for sensors. */
  rotationParameters(s: SystemState, out: Float64Array): number
  /** d(A w)/dq exactly (3 x ltg.length) for a fixed local vector w; absent: -(A w)~ G. */
  rotatedVectorDerivative?(s: SystemState, wLocal: Float64Array, out: Float64Array): void
}

export function isFrame(k: PointKinematics): k is FrameKinematics {
  return typeof (k as FrameKinematics).rotationMatrix === 'function'
}

export interface NodeComputation extends LifecycleHooks {
  readonly nODE2: number
  readonly nODE1: number
  readonly nData: number
  /** Global offsets, assigned by setup (assembly). */
  ode2Index: number
  ode1Index: number
  dataIndex: number
  /** Reference coordinates (ODE2 then ODE1). */
  readonly reference: Float64Array
  readonly initialDisplacement: Float64Array
  readonly initialVelocity: Float64Array
  /** Position (and orientation) of the node; undefined for nodes without a position (GenericODE2). */
  readonly kinematics?: PointKinematics
  /** Set once the global offsets are known (lets kinematics precompute its ltg). */
  onOffsetsAssigned?(): void
  /**
   * Nodes whose rotation parameters have a singular angle (Tait-Bryan): |cos| of that angle at s
   * (0 at the singularity); the solvers warn when it gets small.
   */
  rotationSingularity?(s: SystemState): number
}

/**
 * The local blocks whose structural nonzeros an object may declare (ObjectComputation.structuralNonzeros).
 */
export type LocalBlock = 'mass' | 'stiffness' | 'constraint' | 'reaction'

/**
 * The potential of an item's forces, for the energy outputs (SensorSystem): V(q, t) whose gradient
 * dV/dq is the item's conservative generalized force (springs, strain, gravity, constant loads).
 */
export interface PotentialSource {
  /** V at s; absent where the item has no such forces (bodies, constraints, pure dampers). */
  potentialEnergy?(s: SystemState): number
  /** Set where (some of) the item's forces have no potential known here (a force user function): why. */
  readonly noPotential?: string
}

/**
 * A kernel for the f_lhs of many objects of one class from packed arrays, one loop instead of a call
 * per object (30,000 springs of a lattice: their scattered objects cost more than the arithmetic).
 * add() must make the same sums into the same entries in the same order as computeODE2LHS object by
 * object through the evaluator, so results stay bitwise.
 */
export interface PackedForces {
  /** out (global ODE2 vector) += f_lhs of every packed object, in their order. */
  add(s: SystemState, out: Float64Array): void
  /** Takes the objects' live parameters again (after setParameters). */
  reload(): void
}

/** A class of objects that can be packed: consecutive force objects with the same kind go together. */
export interface PackedForceKind {
  /** The kernel for these objects (one or more, all of this kind), their ltg set up. */
  pack(objects: readonly ObjectComputation[]): PackedForces
}

export interface ObjectComputation extends LifecycleHooks, PotentialSource {
  /** Global ODE2 indices of the local coordinates; set by setup. */
  ltgODE2: Int32Array
  /** Number of algebraic equations (Lagrange multipliers) and data coordinates. */
  readonly nAE: number
  readonly nData: number
  aeIndex: number
  dataIndex: number
  /** Called by setup once node offsets and marker ltgs are known. */
  setupLTG(): void

  /** Local mass matrix (ltg.length^2); absent for massless objects. */
  computeMassMatrix?(s: SystemState, out: Float64Array): void
  /** True when computeMassMatrix does not depend on the state. */
  readonly constantMassMatrix?: boolean
  /**
   * y += M(q) x on this object's coordinates (global vectors, read and written at ltgODE2) without
   * forming M: the residual's M q'' each Newton iteration. Optional; the evaluator multiplies
   * computeMassMatrix's matrix otherwise.
   */
  addMassTimes?(s: SystemState, x: Float64Array, y: Float64Array): void
  /**
   * Explicit solvers: solves M(q) x = rhs on this object's own coordinates without forming M (the
   * kinematic tree's articulated-body algorithm, O(n)); rhs and x are global ODE2 vectors, read and
   * written at ltgODE2. Used only where no other object adds mass and no constraint acts on these
   * coordinates. Returns -1, or the local index of a coordinate without mass (M singular).
   */
  solveMassMatrix?(s: SystemState, rhs: Float64Array, x: Float64Array): number
  /**
   * Explicit solvers, where solveMassMatrix may be used: x = M^-1 (rhs - f_lhs) on this object's own
   * coordinates in one go (forward dynamics), rhs holding the generalized forces of everything else
   * (loads minus the other objects' f_lhs); the solver then leaves this object's computeODE2LHS out
   * of rhs. Global vectors at ltgODE2; returns as solveMassMatrix.
   */
  computeAccelerations?(s: SystemState, rhs: Float64Array, x: Float64Array): number
  /** f_lhs on local coordinates, ADDED into out (length ltg.length). */
  computeODE2LHS?(s: SystemState, out: Float64Array): void
  /** Set when computeODE2LHS may run packed with its neighbours' (PackedForces), fixed per assembly. */
  readonly packedForces?: PackedForceKind
  /**
   * Analytic Jacobian factorK * d f_lhs/dq + factorD * d f_lhs/dq', ADDED into out (n x n). Objects
   * with computeODE2LHS and without this get a local numerical Jacobian.
   */
  computeODE2LHSJacobian?(s: SystemState, factorK: number, factorD: number, out: Float64Array): void
  /**
   * The entries of a local block that can be nonzero, fixed per assembly (they may depend on
   * parameters such as a centre-of-mass offset, never on the state): a row-major mask, 1 where
   * computeMassMatrix ('mass', n x n), the f_lhs Jacobian, K and D together, analytic or numerical
   * ('stiffness', n x n), computeAEJacobian at either level ('constraint', nAE x n; its transpose
   * too) or addReactionJacobian ('reaction', n x n) may write a nonzero. Absent, or undefined for a
   * block: the whole block. The sparse pattern holds only these entries; the evaluator reports a
   * nonzero elsewhere as an error.
   */
  structuralNonzeros?(block: LocalBlock): Uint8Array | undefined

  /** Algebraic equations g, written into out (length nAE). velocityLevel: index-2 form. */
  computeAE?(s: SystemState, out: Float64Array, velocityLevel: boolean): void
  /**
   * Constraint Jacobian with respect to the ODE2 coordinates (position level: dg/dq; velocity level:
   * dg/dq'), nAE x ltg.length, written (not added) into out.
   */
  computeAEJacobian?(s: SystemState, out: Float64Array, velocityLevel: boolean): void
  /**
   * Adds factor * d(C_q^T lambda)/dq at fixed lambda (s.lambda at aeIndex), n x n: the geometric
   * stiffness of the constraint reactions, for the Newton matrix.
   */
  addReactionJacobian?(s: SystemState, factor: number, out: Float64Array): void
  /**
   * Adds C_q^T lambda into the global vector out (at ltgODE2), the same sums in the same order as the
   * evaluator's from computeAEJacobian (for constraints whose C_q is the same at both levels): objects
   * that hold C_q anyway (joints) save copying it out once per residual.
   */
  addReactionForces?(s: SystemState, out: Float64Array): void
  /**
   * Rheonomic constraints (drives): the explicit time term of the constraint at velocity level
   * (C_q q' + term = 0, i.e. dg/dt at fixed q) or at acceleration level
   * (C_q q'' + (d/dt C_q) q' + term = 0), written into out (length nAE). Without it the term is 0.
   * Solvers need it for velocity projection and consistent initial accelerations.
   */
  computeAETimeTerm?(s: SystemState, out: Float64Array, level: 'velocity' | 'acceleration'): void
  /** Constraints formulated on velocities by the item itself (for every solver). */
  readonly velocityLevelConstraint?: boolean
  /** True for constraints whose equations are inactive (g = lambda): activeConnector = false. */
  readonly inactiveConstraint?: boolean

  /**
   * Discontinuous iteration (contact, friction): called after Newton converged; updates switching
   * states in the data coordinates and returns the size of the change (0 = consistent).
   */
  postNewton?(s: SystemState): number
  /**
   * The step size the last postNewton recommended (Exudyn's recommendedStepSize): >= 0 a step size
   * (0: the minimum), < 0 or absent none. An implicit step whose discontinuous iteration has not
   * converged is repeated with it when it is below the current step (adaptiveStep).
   */
  readonly recommendedStepSize?: number
  /** Called after each accepted step: commit switching or history data (data coordinates). */
  postStep?(s: SystemState): void
  /** Kinematics of a body at a local position; bodies only. */
  bodyPoint?(localPosition: Float64Array): PointKinematics
  /** Total mass and the kinematics of the centre of mass (for BodyMass markers); bodies only. */
  readonly mass?: number
  centerOfMass?(): PointKinematics

  /** Values for object sensors (Force, Distance, ...); returns the number of components written. */
  output?(variable: string, s: SystemState, out: Float64Array): number
  /** Output variables this object can report. */
  readonly outputVariables?: readonly string[]
  // Internal state for checkpoints: saveInternalState/loadInternalState in LifecycleHooks (every kind).
}

export interface MarkerComputation extends LifecycleHooks {
  /** What the marker provides: a position, an orientation, a coordinate or a body's mass. */
  readonly provides: { position: boolean; orientation: boolean; coordinate: boolean; bodyMass: boolean }
  /** Kinematics (position markers: PointKinematics; rigid markers: FrameKinematics). */
  readonly kinematics?: PointKinematics
  /** NodeCoordinate markers: the global ODE2 index of the coordinate, set by setupLTG. */
  coordinateIndex?: number
  /** Reference value of that coordinate (for coordinate connectors with displacement + reference). */
  coordinateReference?: number
  /** BodyMass markers: mass and centre-of-mass kinematics. */
  mass?: number
  setupLTG(): void
}

/** Loads packed as objects' forces are (PackedForces): the same sums as addLoad load by load. */
export interface PackedLoads {
  /** f += factor * the generalized loads of every packed load, in their order. */
  add(s: SystemState, f: Float64Array, factor: number): void
  /** Takes the loads' live parameters again (after setParameters). */
  reload(): void
}

export interface PackedLoadKind {
  /** The kernel for these loads (one or more, all of this kind), their ltg set up. */
  pack(loads: readonly LoadComputation[]): PackedLoads
}

export interface LoadComputation extends LifecycleHooks, PotentialSource {
  /** Adds factor * the generalized load (right-hand side) into the global vector f, at time s.t. */
  addLoad(s: SystemState, f: Float64Array, factor: number): void
  /** Set when addLoad may run packed with its neighbours' (PackedLoads), fixed per assembly. */
  readonly packedLoads?: PackedLoadKind
  /** The load vector (force/torque/coordinate load) at time t, for sensors. */
  loadValue(t: number, out: Float64Array): number
  setupLTG(): void
}
