import { defineItem } from '../../model/definition'
import type { VariableFunction } from '../../model/expression'
import { TWO_MARKER_WORK, type TwoMarkerWork } from '../common/twoMarkerConnector'
import type { MarkerComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { requireMarkers, markersOf } from '../common/markerChecks'
import { CONNECTOR_VIS, lineVisualization, PairConnector } from '../common/pairConnector'
import { compileLaws, componentNames } from '../common/userLaw'

const CARTESIAN_OUTPUTS: readonly string[] = ['Displacement', 'Velocity', 'Force']

/**
 * Exudyn 1.11's arguments of springForceUserFunction after (mbs, t, itemNumber), with t first; its
 * vectors (displacement p1 - p0, velocity v1 - v0, stiffness, damping, offset) by component x, y, z.
 */
const USER_FUNCTION_VARIABLES = [
  't',
  ...['displacement', 'velocity', 'stiffness', 'damping', 'offset'].flatMap((v) => componentNames(v, 'XYZ')),
]

/**
 * Spring-damper per global axis: f = k .* (p1 - p0 - offset) + d .* (v1 - v0), or the user functions
 * [fx, fy, fz] of USER_FUNCTION_VARIABLES instead.
 */
class CartesianSpringDamper extends PairConnector {
  readonly nAE = 0
  readonly outputVariables = CARTESIAN_OUTPUTS
  readonly noPotential: string | undefined
  private readonly userArguments = new Float64Array(USER_FUNCTION_VARIABLES.length)
  constructor(
    markers: MarkerComputation[],
    work: TwoMarkerWork,
    private readonly k: Float64Array,
    private readonly d: Float64Array,
    private readonly offset: Float64Array,
    private readonly active: boolean,
    private readonly userFunctions: VariableFunction[] | undefined,
  ) {
    super(markers, work)
    if (userFunctions) this.noPotential = 'has a springForceUserFunction, whose potential is not known'
  }
  private computeForce(s: SystemState): void {
    this.gather(s)
    const uf = this.userFunctions
    if (uf) {
      const a = this.userArguments
      a[0] = s.t
      for (let i = 0; i < 3; i++) {
        a[1 + i] = this.work.p1[i] - this.work.p0[i]
        a[4 + i] = this.work.v1[i] - this.work.v0[i]
        a[7 + i] = this.k[i]
        a[10 + i] = this.d[i]
        a[13 + i] = this.offset[i]
      }
      for (let i = 0; i < 3; i++) this.work.force[i] = uf[i](a)
      return
    }
    for (let i = 0; i < 3; i++)
      this.work.force[i] =
        this.k[i] * (this.work.p1[i] - this.work.p0[i] - this.offset[i]) +
        this.d[i] * (this.work.v1[i] - this.work.v0[i])
  }

  /**
   * factorK df/d(p1 - p0) + factorD df/d(v1 - v0) of the user functions into M3 at userArguments (as
   * computeForce left them): central differences, step 1e-6 (1 + |x|), O(step^2).
   */
  private userJacobian(factorK: number, factorD: number): void {
    const a = this.userArguments,
      uf = this.userFunctions!,
      M = this.work.M3
    M.fill(0)
    for (let j = 0; j < 3; j++)
      for (const [column, factor] of [
        [1 + j, factorK],
        [4 + j, factorD],
      ]) {
        const x = a[column],
          h = 1e-6 * (1 + Math.abs(x))
        for (let i = 0; i < 3; i++) {
          a[column] = x + h
          const up = uf[i](a)
          a[column] = x - h
          M[3 * i + j] += (factor * (up - uf[i](a))) / (2 * h)
        }
        a[column] = x
      }
  }
  /** V = sum_i k_i/2 (p1 - p0 - offset)_i^2 (not asked for with user functions: noPotential). */
  potentialEnergy(s: SystemState): number {
    if (!this.active) return 0
    this.gather(s)
    let e = 0
    for (let i = 0; i < 3; i++)
      e += 0.5 * this.k[i] * (this.work.p1[i] - this.work.p0[i] - this.offset[i]) ** 2
    return e
  }
  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.active) return
    this.computeForce(s)
    this.jacobians(s)
    this.addForcePair(this.work.force, out)
  }
  /** df/d(p1 - p0) = diag(k), df/d(v1 - v0) = diag(d); differentiated with user functions. */
  computeODE2LHSJacobian(s: SystemState, factorK: number, factorD: number, out: Float64Array): void {
    if (!this.active) return
    this.jacobians(s)
    if (this.userFunctions) {
      this.computeForce(s)
      this.userJacobian(factorK, factorD)
    } else {
      this.work.M3.fill(0)
      for (let i = 0; i < 3; i++) this.work.M3[4 * i] = factorK * this.k[i] + factorD * this.d[i]
    }
    this.addPairBlock(out)
  }
  output(variable: string, s: SystemState, out: Float64Array): number {
    this.computeForce(s)
    for (let i = 0; i < 3; i++) {
      if (variable === 'Displacement') out[i] = this.work.p1[i] - this.work.p0[i]
      else if (variable === 'Velocity') out[i] = this.work.v1[i] - this.work.v0[i]
      else if (variable === 'Force') out[i] = this.active ? this.work.force[i] : 0
      else return 0
    }
    return 3
  }
}

export const ObjectConnectorCartesianSpringDamper = defineItem({
  kind: 'object',
  type: 'ConnectorCartesianSpringDamper',
  exudynName: 'ObjectConnectorCartesianSpringDamper',
  doc:
    'Independent spring-dampers in global x, y and z between two position markers: f = stiffness .* (p1 ' +
    '- p0 - offset) + damping .* (v1 - v0), or springForceUserFunction.',
  parameters: {
    ...MARKER_PAIR,
    stiffness: { type: 'vector', size: 3, default: [0, 0, 0], unit: 'N/m', doc: 'stiffness per global axis' },
    damping: { type: 'vector', size: 3, default: [0, 0, 0], unit: 'N s/m', doc: 'damping per global axis' },
    offset: {
      type: 'vector',
      size: 3,
      default: [0, 0, 0],
      unit: 'm',
      doc: 'offset of p1 - p0 at which the force is zero',
    },
    springForceUserFunction: {
      type: 'expression',
      size: 3,
      default: '',
      variables: USER_FUNCTION_VARIABLES,
      doc:
        'optional force law replacing the linear one: [fx, fy, fz], expressions in t and the components ' +
        '(X, Y, Z) of displacement (p1 - p0), velocity (v1 - v0), stiffness, damping and offset, e.g. ' +
        '"stiffnessX*displacementX + 1e3*displacementX^3" for fx; "" for none',
    },
    ...ACTIVE_CONNECTOR,
    ...CONNECTOR_VIS,
  },
  supportsCheckpoint: true,
  check: (it, m) => requireMarkers(it, m, 'markerNumbers', 'position'),
  build: (it, ctx) =>
    new CartesianSpringDamper(
      markersOf(it, ctx),
      TWO_MARKER_WORK.of(ctx),
      it.params.vector('stiffness'),
      it.params.vector('damping'),
      it.params.vector('offset'),
      it.params.bool('activeConnector'),
      compileLaws(it.params.raw('springForceUserFunction'), USER_FUNCTION_VARIABLES),
    ),
  visualize: lineVisualization('helix'),
})
