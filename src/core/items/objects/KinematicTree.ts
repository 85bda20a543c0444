// KinematicTree (Exudyn's ObjectKinematicTree): an open tree of rigid links on revolute and prismatic
// joints in minimal coordinates, one joint coordinate per link on a GenericODE2 node; beyond Exudyn, a
// link may also hang on a spherical joint with three coordinates (Tait-Bryan angles x, y, z). The equations
//   M(q) q'' + f(q, q') = 0,  f = RNEA(q, q', q'' = 0, gravity) - link forces/torques - joint forces,
// the joint forces being jointForceVector + f_PD + f_user, f_PD = P (u_o - theta) + D (v_o - theta')
// per coordinate (Exudyn's joint PD control; theta = the joint values, reference included) and f_user
// = forceUserFunction(t, theta, theta'),
// come from the recursive algorithms in kinematicTreeDynamics.ts: the mass matrix by CRBA (every
// solver), and for explicit solvers the articulated-body algorithm solves M q'' = rhs in O(n) without
// forming M (solveMassMatrix), or computes the accelerations from the other forces directly in three
// sweeps (computeAccelerations: the ABA with bias forces, no separate RNEA). Implicit solvers
// differentiate f numerically (no analytic Jacobian).
import { defineItem, type ModelView, type ResolvedItem } from '../../model/definition'
import type { JsonValue } from '../../model/types'
import type { NodeComputation, ObjectComputation } from '../../system/computation'
import { DEFAULT_COLORS } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import { drawGraphicsData, graphicsDataProblems } from '../common/bodyGraphics'
import { V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common/itemFields'
import { linkCoordinates, TreeDynamics, type TreeStructure } from '../common/kinematicTreeDynamics'
import { compileLaws, componentNames } from '../common/userLaw'
import { expressionProblem, type VariableFunction } from '../../model/expression'

/**
 * Exudyn's joint types, and Spherical (three coordinates: the angles of Rot_x Rot_y Rot_z, not in Exudyn).
 */
export const JOINT_TYPES = [
  'RevoluteX',
  'RevoluteY',
  'RevoluteZ',
  'PrismaticX',
  'PrismaticY',
  'PrismaticZ',
  'Spherical',
] as const

const LIST_OF_3 = { type: 'vector', size: 3 } as const

const LIST_OF_3X3 = { type: 'matrix', rows: 3, cols: 3 } as const

/**
 * The arguments of forceUserFunction for n coordinates: t, q0..q(n-1), q_t0..q_t(n-1). Exudyn 1.11
 * passes q with the node's reference (the joint values theta; checked with the peer build, whose
 * documentation says without) and an empty q_t; here q_t are the joint velocities.
 */
const userForceVariables = (n: number): string[] => [
  't',
  ...componentNames('q', n),
  ...componentNames('q_t', n),
]

/** The names any tree's forceUserFunction may use (the check holds each tree to its own count). */
const MAX_USER_FORCE_COORDINATES = 256
const USER_FORCE_VARIABLES = userForceVariables(MAX_USER_FORCE_COORDINATES)

export class KinematicTreeBody implements ObjectComputation {
  readonly ltgODE2: Int32Array
  readonly nAE = 0
  readonly nData = 0
  aeIndex = 0
  dataIndex = 0
  readonly outputVariables = ['Coordinates', 'Coordinates_t', 'Coordinates_tt', 'Force', 'KineticEnergy']
  /** -gravity: the base acceleration that puts gravity into the inertial forces of the RNEA. */
  private readonly baseAccel: Float64Array
  private readonly tau: Float64Array
  /** jointForceVector + f_PD + f_user at the current joint values (work vector of appliedJointForces). */
  private readonly applied: Float64Array
  /** Arguments of the user forces: t, theta, theta'. */
  private readonly userArguments: Float64Array
  readonly noPotential: string | undefined

  constructor(
    private readonly node: NodeComputation,
    readonly dynamics: TreeDynamics,
    private readonly linkForces: Float64Array | null,
    private readonly linkTorques: Float64Array | null,
    private readonly jointForces: Float64Array | null,
    private readonly control: JointControl | null = null,
    private readonly userForces: VariableFunction[] | null = null,
  ) {
    const n = dynamics.coordinates
    this.ltgODE2 = new Int32Array(n)
    this.tau = new Float64Array(n)
    this.applied = new Float64Array(n)
    this.userArguments = new Float64Array(1 + 2 * n)
    if (linkForces || linkTorques)
      this.noPotential = 'has linkForces or linkTorques, whose work is not in the potential'
    if (userForces) this.noPotential = 'has a forceUserFunction, whose potential is not known'
    const g = dynamics.tree.gravity
    this.baseAccel = Float64Array.of(-g[0], -g[1], -g[2])
  }

  setupLTG(): void {
    for (let i = 0; i < this.ltgODE2.length; i++) this.ltgODE2[i] = this.node.ode2Index + i
  }

  /** Joint values and velocities from the state, and the link positions (cached per configuration). */
  updatePositions(s: SystemState): void {
    this.updateJoints(s)
    this.dynamics.positions()
  }

  private updateJoints(s: SystemState): void {
    const d = this.dynamics,
      ref = this.node.reference,
      first = this.node.ode2Index,
      theta = d.theta,
      thetaDot = d.thetaDot,
      q = s.q,
      v = s.v
    for (let i = 0; i < theta.length; i++) {
      theta[i] = ref[i] + q[first + i]
      thetaDot[i] = v[first + i]
    }
  }

  /**
   * The generalized joint forces on the right-hand side at time t and the joint values of
   * updateJoints: jointForceVector, plus f_PD = P (u_o - theta) + D (v_o - theta') with control, plus
   * forceUserFunction(t, theta, theta'); null for none.
   */
  private appliedJointForces(t: number): Float64Array | null {
    const c = this.control,
      uf = this.userForces,
      jf = this.jointForces
    if (!c && !uf) return jf
    const d = this.dynamics,
      f = this.applied,
      n = f.length
    for (let i = 0; i < n; i++) f[i] = jf ? jf[i] : 0
    if (c)
      for (let i = 0; i < n; i++) f[i] += c.p[i] * (c.u[i] - d.theta[i]) + c.d[i] * (c.v[i] - d.thetaDot[i])
    if (uf) {
      const a = this.userArguments
      a[0] = t
      a.set(d.theta, 1)
      a.set(d.thetaDot, 1 + n)
      for (let i = 0; i < n; i++) f[i] += uf[i](a)
    }
    return f
  }

  computeMassMatrix(s: SystemState, out: Float64Array): void {
    this.updatePositions(s)
    this.dynamics.massMatrix(out)
  }

  /**
   * V = -sum_i m_i g . x_ci (link centres of mass x_ci = origin_i + R_i c_i) - jointForceVector . theta
   * + sum_i (P_i (theta_i - u_o,i)^2 / 2 - D_i v_o,i theta_i) (the PD control's spring and its constant
   * part; -D theta' dissipates); link forces and torques (noPotential) are not in it.
   */
  potentialEnergy(s: SystemState): number {
    this.updatePositions(s)
    const d = this.dynamics,
      g = d.tree.gravity,
      o = d.origin,
      c = d.comWorld,
      jf = this.jointForces
    let e = 0
    for (let i = 0; i < d.tree.masses.length; i++) {
      const i3 = 3 * i
      e -=
        d.tree.masses[i] *
        (g[0] * (o[i3] + c[i3]) + g[1] * (o[i3 + 1] + c[i3 + 1]) + g[2] * (o[i3 + 2] + c[i3 + 2]))
    }
    if (jf) for (let i = 0; i < d.coordinates; i++) e -= jf[i] * d.theta[i]
    const pd = this.control
    if (pd)
      for (let i = 0; i < d.coordinates; i++)
        e += 0.5 * pd.p[i] * (d.theta[i] - pd.u[i]) ** 2 - pd.d[i] * pd.v[i] * d.theta[i]
    return e
  }

  computeODE2LHS(s: SystemState, out: Float64Array): void {
    this.updatePositions(s)
    const d = this.dynamics,
      tau = this.tau,
      jf = this.appliedJointForces(s.t)
    d.motion(null, 0, this.baseAccel)
    d.inverseDynamics(this.linkForces, this.linkTorques, tau, 0)
    for (let i = 0; i < d.coordinates; i++) out[i] += jf ? tau[i] - jf[i] : tau[i]
  }

  solveMassMatrix(s: SystemState, rhs: Float64Array, x: Float64Array): number {
    this.updatePositions(s)
    const first = this.node.ode2Index
    return this.dynamics.solveMass(rhs, first, x, first)
  }

  computeAccelerations(s: SystemState, rhs: Float64Array, x: Float64Array): number {
    const d = this.dynamics,
      tau = this.tau,
      first = this.node.ode2Index
    this.updateJoints(s)
    const jf = this.appliedJointForces(s.t)
    if (!jf) return d.forwardDynamics(rhs, first, this.linkForces, this.linkTorques, this.baseAccel, x, first)
    for (let i = 0; i < tau.length; i++) tau[i] = rhs[first + i] + jf[i]
    return d.forwardDynamics(tau, 0, this.linkForces, this.linkTorques, this.baseAccel, x, first)
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    const n = this.dynamics.coordinates,
      first = this.node.ode2Index,
      ref = this.node.reference
    if (variable === 'KineticEnergy') {
      this.updatePositions(s)
      this.dynamics.motion(null, 0, null)
      out[0] = this.dynamics.kineticEnergy()
      return 1
    }
    if (variable === 'Force') {
      out.fill(0, 0, n)
      this.computeODE2LHS(s, out)
      return n
    }
    // Coordinates include the reference values, as in Exudyn (the minimal coordinates of the tree).
    const x =
      variable === 'Coordinates'
        ? s.q
        : variable === 'Coordinates_t'
          ? s.v
          : variable === 'Coordinates_tt'
            ? s.a
            : null
    if (!x) return 0
    for (let i = 0; i < n; i++) out[i] = x[first + i] + (variable === 'Coordinates' ? ref[i] : 0)
    return n
  }
}

type Problem = { parameter: string; message: string }

/** Exudyn's joint PD control per coordinate: gains P, D and the offsets u_o, v_o (0 where not given). */
export interface JointControl {
  p: Float64Array
  d: Float64Array
  u: Float64Array
  v: Float64Array
}

/** The per-coordinate vectors: [] (none) or one value per coordinate. */
const COORDINATE_VECTORS = [
  'jointForceVector',
  'jointPositionOffsetVector',
  'jointVelocityOffsetVector',
  'jointPControlVector',
  'jointDControlVector',
] as const

/** Coordinates of a joint of this type: three for Spherical, else one. */
export const jointCoordinates = (jointType: string): number => linkCoordinates(jointType === 'Spherical')

/** Coordinates of a tree with these joint types. */
export const treeCoordinates = (jointTypes: readonly string[]): number =>
  jointTypes.reduce((sum, t) => sum + jointCoordinates(t), 0)

/** Lengths, joint types, parents and the node's size; messages name the parameter and link. */
function checkTree(it: ResolvedItem, model: ModelView): Problem[] {
  const p = it.params
  const types = p.raw('jointTypes') as string[]
  const n = types.length
  const nc = treeCoordinates(types)
  const out: Problem[] = []
  types.forEach((t, i) => {
    if (!(JOINT_TYPES as readonly string[]).includes(t))
      out.push({
        parameter: 'jointTypes',
        message: `link ${i}: expected one of ${JOINT_TYPES.join(', ')}, got "${t}"`,
      })
  })
  const sized: [string, boolean][] = [
    ['linkParents', true],
    ['jointTransformations', true],
    ['jointOffsets', true],
    ['linkInertiasCOM', true],
    ['linkCOMs', true],
    ['linkMasses', true],
    ['linkForces', false],
    ['linkTorques', false],
    ['VgraphicsDataList', false],
  ]
  for (const [name, required] of sized) {
    const len = (p.raw(name) as JsonValue[]).length
    if (len !== n && (required || len !== 0))
      out.push({
        parameter: name,
        message:
          `expected ${n} entries (one per link, as jointTypes)${required ? '' : ' or [] for none'}, got ` +
          `${len}`,
      })
  }
  for (const name of COORDINATE_VECTORS) {
    const len = (p.raw(name) as JsonValue[]).length
    if (len !== nc && len !== 0)
      out.push({
        parameter: name,
        message:
          `expected ${nc} entries (one per coordinate: 1 per link, 3 per Spherical link) or [] for none, ` +
          `got ${len}`,
      })
  }
  ;(p.raw('linkParents') as number[]).forEach((parent, i) => {
    if (!Number.isInteger(parent) || parent < -1 || parent >= i)
      out.push({
        parameter: 'linkParents',
        message: `link ${i}: expected -1 (base) or the index of an earlier link (0..${i - 1}), got ${parent}`,
      })
  })
  ;(p.raw('linkMasses') as number[]).forEach((m, i) => {
    if (!(m >= 0))
      out.push({ parameter: 'linkMasses', message: `link ${i}: expected a mass >= 0 kg, got ${m}` })
  })
  ;(p.raw('jointTransformations') as number[][][]).forEach((T, i) => {
    // T^T T = 1 to 1e-10 (rotations typed with ~16 digits pass; a scaled or sheared matrix fails).
    const worst = Math.max(
      ...[0, 1, 2].flatMap((a) =>
        [0, 1, 2].map((b) =>
          Math.abs(T[0][a] * T[0][b] + T[1][a] * T[1][b] + T[2][a] * T[2][b] - (a === b ? 1 : 0)),
        ),
      ),
    )
    if (!(worst <= 1e-10))
      out.push({
        parameter: 'jointTransformations',
        message:
          `link ${i}: expected a rotation matrix (orthonormal), but T^T T differs from the identity by ` +
          `${worst.toExponential(1)}`,
      })
  })
  ;(p.raw('linkInertiasCOM') as number[][][]).forEach((J, i) => {
    const size = Math.max(...J.flat().map(Math.abs))
    const asymmetry = Math.max(
      Math.abs(J[0][1] - J[1][0]),
      Math.abs(J[0][2] - J[2][0]),
      Math.abs(J[1][2] - J[2][1]),
    )
    if (asymmetry > 1e-12 * size)
      out.push({
        parameter: 'linkInertiasCOM',
        message:
          `link ${i}: expected a symmetric inertia tensor, got off-diagonal pairs differing by ` +
          `${asymmetry}`,
      })
  })
  const laws = p.raw('forceUserFunction')
  if (Array.isArray(laws)) {
    if (laws.length !== nc)
      out.push({
        parameter: 'forceUserFunction',
        message: `expected ${nc} expressions (one per coordinate) or "" for none, got ${laws.length}`,
      })
    const names = userForceVariables(nc)
    laws.forEach((e, i) => {
      const problem = expressionProblem(e as string | number, names)
      if (problem) out.push({ parameter: 'forceUserFunction', message: `coordinate ${i}: ${problem}` })
    })
  }
  ;(p.raw('VgraphicsDataList') as JsonValue[]).forEach((list, i) =>
    out.push(...graphicsDataProblems(list, 'VgraphicsDataList', `link ${i}: `)),
  )
  const node = model.item('node', p.ref('nodeNumber'))
  const coordinates = node.params.integer('numberOfODE2Coordinates')
  if (coordinates !== nc)
    out.push({
      parameter: 'nodeNumber',
      message:
        `node "${node.name}" has ${coordinates} coordinates; expected ${nc}, one per link (jointTypes) ` +
        `and three per Spherical link`,
    })
  return out
}

function structure(it: ResolvedItem): TreeStructure {
  const p = it.params
  const types = p.raw('jointTypes') as string[]
  const flat = (name: string): Float64Array =>
    Float64Array.from((p.raw(name) as JsonValue[]).flat(2) as number[])
  return {
    parents: Int32Array.from(p.raw('linkParents') as number[]),
    axes: Uint8Array.from(types, (t) => Math.max(0, 'XYZ'.indexOf(t[t.length - 1]))),
    prismatic: Uint8Array.from(types, (t) => (t.startsWith('Prismatic') ? 1 : 0)),
    spherical: Uint8Array.from(types, (t) => (t === 'Spherical' ? 1 : 0)),
    transformations: flat('jointTransformations'),
    offsets: flat('jointOffsets'),
    masses: p.vector('linkMasses'),
    coms: flat('linkCOMs'),
    inertias: flat('linkInertiasCOM'),
    baseOffset: p.vector('baseOffset'),
    gravity: p.vector('gravity'),
  }
}

// Mass matrix by the composite-rigid-body algorithm, velocity and gravity forces by recursive
// Newton-Euler (Featherstone, Rigid Body Dynamics Algorithms, ch. 5-6); explicit solvers get the
// accelerations in O(n) by the articulated-body algorithm (ch. 7); implicit ones differentiate the
// forces numerically.
export const ObjectKinematicTree = defineItem({
  kind: 'object',
  type: 'KinematicTree',
  exudynName: 'ObjectKinematicTree',
  doc:
    'An open tree of rigid links in minimal coordinates on a GenericODE2 node (one per revolute or ' +
    'prismatic joint, three per spherical joint; node coordinates = joint values minus the node ' +
    'reference). Link i hangs on linkParents[i] (-1: the base at baseOffset) by a joint about the x, y or ' +
    'z axis of its joint frame, which lies at jointOffsets[i] in parent joint coordinates, turned by ' +
    'jointTransformations[i]; the link frame is the joint frame after the joint motion. A Spherical ' +
    'joint (not in Exudyn) has the Tait-Bryan angles x, y, z of the link relative to the joint frame, ' +
    'singular where y is +-90 deg (gimbal lock).',
  parameters: {
    nodeNumber: {
      type: 'ref',
      kind: 'node',
      types: ['GenericODE2'],
      doc: 'the GenericODE2 node with one coordinate per link, three per Spherical link, in link order',
    },
    gravity: {
      type: 'vector',
      size: 3,
      default: [0, 0, 0],
      unit: 'm/s^2',
      doc: 'gravity in global coordinates (LoadMassProportional does not act on the tree)',
    },
    baseOffset: {
      type: 'vector',
      size: 3,
      default: [0, 0, 0],
      unit: 'm',
      doc: 'position of the base in global coordinates',
    },
    jointTypes: {
      type: 'stringList',
      doc:
        `joint type per link: ${JOINT_TYPES.join(', ')} (about/along an axis of the joint frame; ` +
        `Spherical: any rotation about the joint origin)`,
    },
    linkParents: {
      type: 'vector',
      doc: "parent link per link: -1 for the base, else an index smaller than the link's own",
    },
    jointTransformations: {
      type: 'list',
      entry: LIST_OF_3X3,
      doc: 'rotation from joint coordinates to parent joint (base) coordinates, per link',
    },
    jointOffsets: {
      type: 'list',
      entry: LIST_OF_3,
      unit: 'm',
      doc: 'joint position relative to the parent joint (base), in parent joint coordinates, per link',
    },
    linkInertiasCOM: {
      type: 'list',
      massProperty: true,
      entry: LIST_OF_3X3,
      unit: 'kg m^2',
      doc: 'inertia tensor about the COM in link coordinates, per link',
    },
    linkCOMs: {
      type: 'list',
      massProperty: true,
      entry: LIST_OF_3,
      unit: 'm',
      doc: 'centre of mass in link coordinates, per link',
    },
    linkMasses: {
      type: 'vector',
      unit: 'kg',
      massProperty: true,
      doc: 'mass per link (0 for massless intermediate links)',
    },
    linkForces: {
      type: 'list',
      entry: LIST_OF_3,
      default: [],
      unit: 'N',
      doc: 'force per link in global coordinates at the link origin (joint frame); [] for none',
    },
    linkTorques: {
      type: 'list',
      entry: LIST_OF_3,
      default: [],
      unit: 'N m',
      doc: 'torque per link in global coordinates; [] for none',
    },
    jointForceVector: {
      type: 'vector',
      default: [],
      doc:
        'generalized force per coordinate (torque about a revolute axis, force along a prismatic one; ' +
        'for a Spherical joint the three torques conjugate to its angles, about the axes x, turned y and ' +
        'turned z) on the link, reacting on its parent; [] for none',
    },
    jointPositionOffsetVector: {
      type: 'vector',
      default: [],
      doc: "joint values u_o the PD control drives to (f_PD = P (u_o - theta) + D (v_o - theta')); [] for 0",
    },
    jointVelocityOffsetVector: {
      type: 'vector',
      default: [],
      doc: "joint velocities v_o of the PD control's D term; [] for 0",
    },
    jointPControlVector: {
      type: 'vector',
      default: [],
      doc:
        'proportional gain P per coordinate (N m/rad or N/m): f_PD = P (u_o - theta) acts like the joint ' +
        "force, theta the joint value with the node's reference; [] for none",
    },
    jointDControlVector: {
      type: 'vector',
      default: [],
      doc: "derivative gain D per coordinate (N m s/rad or N s/m) on v_o - theta'; [] for none",
    },
    forceUserFunction: {
      type: 'expression',
      size: 'list',
      default: '',
      variables: USER_FORCE_VARIABLES,
      doc:
        'optional generalized forces added to jointForceVector: one expression per coordinate in t, the ' +
        "joint values q0, q1, ... (with the node's reference, as Exudyn 1.11 passes them) and velocities " +
        'q_t0, q_t1, ..., e.g. ["-50*q0 - 2*q_t0", "0"]; "" for none',
    },
    ...visualizationParams(V_DRAW_SIZE),
    ...V_COLOR,
    VgraphicsDataList: {
      type: 'graphicsList',
      perLink: true,
      default: [],
      visualization: true,
      doc:
        "Exudyn's graphicsDataList: per link a list of graphics entries (as a body's VgraphicsData, " +
        'Mesh files included) in link coordinates, drawn instead of the rods and spheres; [] for none',
    },
  },
  supportsCheckpoint: true,
  check: checkTree,
  build: (it, ctx) => {
    type Optional = 'linkForces' | 'linkTorques' | (typeof COORDINATE_VECTORS)[number]
    const optional = (name: Optional): Float64Array | null =>
      (it.params.raw(name) as JsonValue[]).length > 0
        ? Float64Array.from((it.params.raw(name) as JsonValue[]).flat() as number[])
        : null
    const dynamics = new TreeDynamics(structure(it))
    const [p, d] = [optional('jointPControlVector'), optional('jointDControlVector')]
    const zeros = (): Float64Array => new Float64Array(dynamics.coordinates)
    const control =
      p || d
        ? {
            p: p ?? zeros(),
            d: d ?? zeros(),
            u: optional('jointPositionOffsetVector') ?? zeros(),
            v: optional('jointVelocityOffsetVector') ?? zeros(),
          }
        : null
    return new KinematicTreeBody(
      ctx.node(it.params.ref('nodeNumber')),
      dynamics,
      optional('linkForces'),
      optional('linkTorques'),
      optional('jointForceVector'),
      control,
      compileLaws(it.params.raw('forceUserFunction'), userForceVariables(dynamics.coordinates)) ?? null,
    )
  },
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow') || !(c instanceof KinematicTreeBody)) return
    const d = c.dynamics
    c.updatePositions(s)
    const size = it.params.number('VdrawSize') > 0 ? it.params.number('VdrawSize') : 0.1
    const color = it.params.color('Vcolor', DEFAULT_COLORS.body)
    const o = d.origin,
      base = d.tree.baseOffset
    // Per-link graphics at the link frame (origin o_i, rotation R_i), as Exudyn draws graphicsDataList.
    const lists = it.params.raw('VgraphicsDataList') as JsonValue[]
    if (lists.length > 0) {
      for (let i = 0; i < d.n; i++)
        drawGraphicsData(lists[i], o.subarray(3 * i, 3 * i + 3), d.R.subarray(9 * i, 9 * i + 9), g, color)
      return
    }
    // A link is drawn from its parent's joint to its own; a link without children also gets a rod from
    // its joint to its centre of mass (otherwise the last link of an arm is a sphere detached from it).
    const hasChild = new Uint8Array(d.n)
    for (let i = 0; i < d.n; i++) if (d.tree.parents[i] >= 0) hasChild[d.tree.parents[i]] = 1
    for (let i = 0; i < d.n; i++) {
      const p = d.tree.parents[i],
        to = [o[3 * i], o[3 * i + 1], o[3 * i + 2]]
      const from = p < 0 ? [...base] : [o[3 * p], o[3 * p + 1], o[3 * p + 2]]
      if (Math.hypot(to[0] - from[0], to[1] - from[1], to[2] - from[2]) > 0)
        g.add({ shape: 'cylinder', from, to, radius: size / 8, color })
      if (d.tree.masses[i] === 0) continue
      const com = [0, 1, 2].map((k) => to[k] + d.comWorld[3 * i + k])
      if (!hasChild[i] && Math.hypot(com[0] - to[0], com[1] - to[1], com[2] - to[2]) > 0)
        g.add({ shape: 'cylinder', from: to, to: com, radius: size / 8, color })
      g.add({ shape: 'sphere', center: com, radius: size / 2, color })
    }
  },
})
