// State-space form of the reduced linear system for control design: with q = q0 + N z, x = [z; z'],
//   x' = A x + B u,  y = y0 + C x + D u,
//   A = [0 I; -M_r^-1 K_r  -M_r^-1 D_r],  B = [0; M_r^-1 N^T b],
// where input u_j is load j's magnitude along its value at the linearization point (b_j: its
// generalized force per unit magnitude) and y stacks the sensors' outputs h(q, q', q''). Their
// Jacobians H_q, H_v, H_a come from central differences; an output that reads accelerations gets
// q'' = N z'' = N (A_21 z + A_22 z' + B_2 u): C = [H_q N + H_a N A_21, H_v N + H_a N A_22], D = H_a N B_2.
import { Matrix } from 'ml-matrix'
import type { Project } from '../model/project'
import { suggest } from '../model/suggest'
import type { CompiledSystem } from '../system/compiledSystem'
import { SystemState } from '../system/state'
import { linearize } from './linearize'
import { systemAt, type LinearizationPoint } from './modalAnalysis'
import { reduceSystem, type ReducedSystem } from './reducedSystem'

/**
 * Relative step of the output Jacobians' central differences, about the cube root of eps: truncation
 * h^2 |h'''| / 6 and round-off eps |h| / h both near 1e-10 relative.
 */
const OUTPUT_STEP = 1e-5

export class StateSpaceError extends Error {}

export interface StateSpace {
  A: Matrix
  B: Matrix
  C: Matrix
  D: Matrix
  /** n x f: q - q0 = N z, q' = N z' (the identity when nothing is constrained). */
  basis: Matrix
  /** The loads, one input each, in the order given. */
  inputs: string[]
  /** One per output value: SENSOR, or SENSOR[i] for a sensor of several values. */
  outputs: string[]
  /** The sensors' values y0 at the linearization point, one per output. */
  outputValues: number[]
}

/** The state-space form of the project linearized at the chosen point, for the named loads and sensors. */
export function stateSpaceAt(
  project: Pick<Project, 'resolved' | 'settings'>,
  at: LinearizationPoint,
  inputs: readonly string[],
  outputs: readonly string[],
): StateSpace {
  const system = systemAt(project, at)
  const lin = linearize(system, project.settings.staticSolver.newton.numericalDifferentiation)
  return stateSpace(system, reduceSystem(lin), inputs, outputs)
}

export function stateSpace(
  system: CompiledSystem,
  reduced: ReducedSystem,
  inputs: readonly string[],
  outputs: readonly string[],
): StateSpace {
  const { N, cholesky } = reduced
  const f = N.columns
  const loads = inputs.map((name) => findRecord(system.loads, 'load', name))
  const sensors = outputs.map((name) => findRecord(system.sensors, 'sensor', name))
  for (const r of sensors)
    if (r.item.type === 'Load')
      throw new StateSpaceError(
        `sensor "${r.item.name}" reads a load's value, not the state: outputs are sensors of the state`,
      )

  const A = new Matrix(2 * f, 2 * f)
  A.setSubMatrix(Matrix.eye(f, f), 0, f)
  const A21 = f > 0 ? cholesky.solve(reduced.K).neg() : new Matrix(0, 0)
  const A22 = f > 0 ? cholesky.solve(reduced.D).neg() : new Matrix(0, 0)
  A.setSubMatrix(A21, f, 0)
  A.setSubMatrix(A22, f, f)

  const b = new Matrix(system.nODE2, loads.length)
  loads.forEach((r, j) => b.setColumn(j, loadDirection(system, r.item.name, r.computation)))
  const B2 = f > 0 ? cholesky.solve(N.transpose().mmul(b)) : new Matrix(0, loads.length)
  const B = new Matrix(2 * f, loads.length)
  B.setSubMatrix(B2, f, 0)

  const H = outputJacobians(system, sensors)
  const HaN = H.a.mmul(N)
  const C = new Matrix(H.y0.length, 2 * f)
  C.setSubMatrix(H.q.mmul(N).add(HaN.mmul(A21)), 0, 0)
  C.setSubMatrix(H.v.mmul(N).add(HaN.mmul(A22)), 0, f)
  const D = HaN.mmul(B2)
  const outputNames = sensors.flatMap(({ item, computation }) =>
    computation.size === 1
      ? [item.name]
      : Array.from({ length: computation.size }, (_, i) => `${item.name}[${i}]`),
  )
  return { A, B, C, D, basis: N, inputs: [...inputs], outputs: outputNames, outputValues: H.y0 }
}

interface NamedRecord<C> {
  item: { name: string; type: string }
  computation: C
}

function findRecord<C>(records: readonly NamedRecord<C>[], kind: string, name: string): NamedRecord<C> {
  const found = records.find((r) => r.item.name === name)
  if (found) return found
  const names = records.map((r) => r.item.name)
  throw new StateSpaceError(
    `no ${kind} "${name}"${suggest(name, names)}; the project's ${kind}s: ${names.join(', ') || 'none'}`,
  )
}

/** Generalized force of a load per unit of its magnitude |value| at the state's time. */
function loadDirection(
  system: CompiledSystem,
  name: string,
  load: CompiledSystem['loads'][number]['computation'],
): number[] {
  const s = system.state
  const value = new Float64Array(3)
  const size = load.loadValue(s.t, value)
  const magnitude = Math.hypot(...value.subarray(0, size))
  if (magnitude === 0)
    throw new StateSpaceError(
      `load "${name}" is zero at the linearization point, so it has no direction: give its value the ` +
        'direction of the input (the magnitude does not matter; it is part of the linearization point)',
    )
  const force = new Float64Array(system.nODE2)
  load.addLoad(s, force, 1 / magnitude)
  return Array.from(force)
}

/** Central-difference Jacobians of the stacked sensor outputs w.r.t. q, q' and q'', and their values. */
function outputJacobians(
  system: CompiledSystem,
  sensors: readonly NamedRecord<CompiledSystem['sensors'][number]['computation']>[],
): { q: Matrix; v: Matrix; a: Matrix; y0: number[] } {
  const n = system.nODE2
  const rows = sensors.reduce((sum, r) => sum + r.computation.size, 0)
  const s = new SystemState(n, system.nODE1, system.nAE, system.nData)
  s.copyFrom(system.state)
  const buffer = new Float64Array(Math.max(1, ...sensors.map((r) => r.computation.size)))
  const evaluate = (): number[] =>
    sensors.flatMap(({ computation }) => {
      computation.evaluate(s, buffer)
      return Array.from(buffer.subarray(0, computation.size))
    })
  const y0 = evaluate()
  const jacobian = (x: Float64Array): Matrix => {
    const J = new Matrix(rows, n)
    for (let j = 0; j < n; j++) {
      const x0 = x[j]
      const h = OUTPUT_STEP * Math.max(1, Math.abs(x0))
      x[j] = x0 + h
      const plus = evaluate()
      const step = x[j]
      x[j] = x0 - h
      const minus = evaluate()
      // The represented step (x0 + h) - (x0 - h): exact for outputs linear in x, up to eps |y| / h.
      const width = step - x[j]
      x[j] = x0
      for (let i = 0; i < rows; i++) J.set(i, j, (plus[i] - minus[i]) / width)
    }
    return J
  }
  return { q: jacobian(s.q), v: jacobian(s.v), a: jacobian(s.a), y0 }
}
