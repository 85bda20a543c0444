// Structural nonzeros of an AxisJoint's blocks (ObjectComputation.structuralNonzeros): which local
// entries of its constraint Jacobian C_q (nAE x n) and of its reaction stiffness d(C_q^T lambda)/dq
// (n x n) can be nonzero, from the kinds of its equations and the coordinate layout of its markers.
// Fixed per assembly. A rigid frame's rows are [f; G^T (r x f + t)] for a force f and torque t
// (RigidFrame.generalizedForce): translation rows see only forces, and a rotated vector depends only
// on the rotation parameters. Other kinematics are taken as dense.

/**
 * j0Axis (JointGeneric): the axis c of joint frame J0 the equation is built on, the translation along
 * (or the offset component of) c, or the rotation whose vector of marker 0 is J0's axis c.
 */
export type JointEquation =
  | { kind: 'translation'; axis: Float64Array; frame: -1 | 0 | 1; j0Axis?: number }
  | { kind: 'rotation'; a: Float64Array; b: Float64Array; j0Axis?: number }

/** Where one marker's coordinates sit among the joint's and what its kinematics can depend on. */
export interface MarkerLayout {
  /** First local column and number of coordinates. */
  readonly col: number
  readonly size: number
  /**
   * Rigid frames: translation coordinates in front of the rotation parameters; -1: any kinematics (dense).
   */
  readonly translations: number
  /** Some equation turns with this marker's frame (it receives torques). */
  readonly turns: boolean
  /** The marker's kinematics adds a load Jacobian (addLoadJacobian). */
  readonly loadJacobian: boolean
}

/**
 * Local columns [from, to) on which a rotated vector of marker m depends (all of them for dense kinematics).
 */
function rotationColumns(m: MarkerLayout): [number, number] {
  return [m.translations < 0 ? m.col : m.col + m.translations, m.col + m.size]
}

const allColumns = (m: MarkerLayout): [number, number] => [m.col, m.col + m.size]

function fill(mask: Uint8Array, row: number, n: number, [from, to]: [number, number]): void {
  for (let j = from; j < to; j++) mask[row * n + j] = 1
}

/**
 * C_q, nAE x n: a translation's row is J_m^T u plus a torque on the marker the axis turns with: all
 * rotation columns, and of the translation columns those where u can be nonzero (a fixed axis's
 * nonzero components). A rotation equation's row, G_m^T c, has only rotation columns (the sparse
 * ordering takes multipliers after a neighbour, so the sparser rows do not mislead it).
 */
export function constraintNonzeros(
  equations: readonly JointEquation[],
  markers: readonly MarkerLayout[],
  n: number,
): Uint8Array {
  const mask = new Uint8Array(equations.length * n)
  equations.forEach((e, k) => {
    for (const m of markers) {
      fill(mask, k, n, rotationColumns(m))
      if (e.kind === 'rotation' || m.translations < 0) continue
      for (let j = 0; j < m.translations; j++)
        if (e.frame !== -1 || e.axis[j] !== 0) mask[k * n + m.col + j] = 1
    }
  })
  return mask
}

/**
 * Columns on which the total torque dT_m/dq of marker m depends, and with the arm r x dF/dq its
 * rotation rows (AxisJoint.addReactionJacobian): a rotation equation's c = a x b on both markers'
 * rotations; a translation whose axis u turns with marker f through du/dq on f's rotation and, in
 * T_f = u x dp, on every coordinate.
 */
function torqueColumns(
  equations: readonly JointEquation[],
  markers: readonly MarkerLayout[],
  m: number,
): [number, number][] {
  return equations.flatMap((e): [number, number][] => {
    if (e.kind === 'rotation') return markers.map(rotationColumns)
    if (e.frame === -1) return []
    return e.frame === m ? markers.map(allColumns) : [rotationColumns(markers[e.frame])]
  })
}

function flags(n: number, ranges: [number, number][]): Uint8Array {
  const used = new Uint8Array(n)
  for (const [from, to] of ranges) used.fill(1, from, to)
  return used
}

/** The columns in which some marker's rows of the reaction stiffness's derivative part can be nonzero. */
export function reactionDerivativeColumns(
  equations: readonly JointEquation[],
  markers: readonly MarkerLayout[],
  n: number,
): Int32Array {
  const used = flags(
    n,
    [0, 1].flatMap((m) => torqueColumns(equations, markers, m)),
  )
  return Int32Array.from(used.keys()).filter((j) => used[j] === 1)
}

/**
 * The reaction stiffness, n x n: each marker's load Jacobian (a rigid frame's on its rotation
 * parameters only), and the markers' rows of J^T dF/dq + G^T dT/dq: rotation rows (all rows of dense
 * kinematics) in torqueColumns, a rigid frame's translation rows in the columns of dF/dq = du/dq,
 * the rotations of the markers the translation axes turn with.
 */
export function reactionNonzeros(
  equations: readonly JointEquation[],
  markers: readonly MarkerLayout[],
  n: number,
): Uint8Array {
  const mask = new Uint8Array(n * n)
  const forceColumns = flags(
    n,
    equations.flatMap((e) =>
      e.kind === 'translation' && e.frame !== -1 ? [rotationColumns(markers[e.frame])] : [],
    ),
  )
  markers.forEach((m, k) => {
    const [rotFrom, rotTo] = rotationColumns(m)
    const torque = flags(n, torqueColumns(equations, markers, k))
    for (let j = 0; j < n; j++) torque[j] |= forceColumns[j]
    for (let i = m.col; i < m.col + m.size; i++) {
      const columns = i < rotFrom ? forceColumns : torque
      for (let j = 0; j < n; j++) mask[i * n + j] = columns[j]
      if (m.loadJacobian && i >= rotFrom) for (let j = rotFrom; j < rotTo; j++) mask[i * n + j] = 1
    }
  })
  return mask
}
