import { defineItem, type ItemParams, type ResolvedItem } from '../../model/definition'
import { compileFunction, type VariableFunction } from '../../model/expression'
import { evaluateLaw } from '../common/userLaw'
import type { ParamSchema } from '../../model/parameters'
import type { MarkerComputation, PackedForceKind } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { CoordinatePair } from '../common/coordinatePair'
import { visualizationParams } from '../common/itemFields'
import { PACKED_COORDINATE_SPRINGS, type PackableCoordinateSpring } from '../common/packedCoordinates'
import { requireMarkers, markersOf } from '../common/markerChecks'

/** Exudyn 1.11's arguments of springForceUserFunction after (mbs, t, itemNumber), with t first. */
const USER_FUNCTION_VARIABLES = ['t', 'displacement', 'velocity', 'stiffness', 'damping', 'offset'] as const

const PARAMETERS = {
  ...MARKER_PAIR,
  stiffness: { type: 'number', default: 0, live: true, doc: 'stiffness (N/m or N m/rad)' },
  damping: { type: 'number', default: 0, live: true, doc: 'damping coefficient' },
  offset: {
    type: 'number',
    default: 0,
    live: true,
    doc: 'coordinate difference at which the spring force is zero',
  },
  velocityOffset: {
    type: 'number',
    default: 0,
    live: true,
    doc: 'velocity difference at which the damping force is zero',
  },
  dryFriction: { type: 'number', default: 0, live: true, min: 0, doc: 'dry friction force (or torque)' },
  dryFrictionProportionalZone: {
    type: 'number',
    default: 0,
    live: true,
    min: 0,
    doc: 'velocity below which the friction is linear in the velocity (regularization)',
  },
  springForceUserFunction: {
    type: 'expression',
    default: '',
    variables: USER_FUNCTION_VARIABLES,
    doc:
      'optional force law replacing the linear one, an expression in t, displacement (q1 - q0), velocity ' +
      '(its rate), stiffness, damping and offset, e.g. "0.1*stiffness*displacement + ' +
      'stiffness*displacement^3 + damping*velocity"; "" for none',
  },
  ...ACTIVE_CONNECTOR,
  ...visualizationParams(),
} satisfies ParamSchema

/**
 * f = k (q1 - q0 - offset) + d (q1' - q0' - velocityOffset) + dry friction, or the user function of
 * USER_FUNCTION_VARIABLES instead; +f on q1, -f on q0.
 */
class CoordinateSpringDamper extends CoordinatePair implements PackableCoordinateSpring {
  readonly nAE = 0
  readonly outputVariables = ['Displacement', 'Velocity', 'Force']
  readonly packedForces: PackedForceKind | undefined
  // The live parameters (setParameters).
  private k = 0
  private d = 0
  private offset = 0
  private velocityOffset = 0
  private dryFriction = 0
  private dryFrictionProportionalZone = 0
  readonly noPotential: string | undefined
  constructor(
    markers: MarkerComputation[],
    private readonly active: boolean,
    private readonly userFunction: VariableFunction | undefined,
  ) {
    super(markers)
    if (userFunction) this.noPotential = 'has a springForceUserFunction, whose potential is not known'
    this.packedForces = active && !userFunction ? PACKED_COORDINATE_SPRINGS : undefined
  }
  get coordinateIndices(): Int32Array {
    return this.index
  }
  writeParameters(out: Float64Array, at: number): void {
    out[at] = this.k
    out[at + 1] = this.d
    out[at + 2] = this.offset
    out[at + 3] = this.velocityOffset
    out[at + 4] = this.dryFriction
    out[at + 5] = this.dryFrictionProportionalZone
  }
  setParameters(item: ResolvedItem): void {
    const p = item.params as ItemParams<typeof PARAMETERS>
    this.k = p.number('stiffness')
    this.d = p.number('damping')
    this.offset = p.number('offset')
    this.velocityOffset = p.number('velocityOffset')
    this.dryFriction = p.number('dryFriction')
    this.dryFrictionProportionalZone = p.number('dryFrictionProportionalZone')
  }
  /** V = k/2 (q1 - q0 - offset)^2; damping and dry friction have none. */
  potentialEnergy(s: SystemState): number {
    if (!this.active) return 0
    const e = this.value(s.q, 1) - this.value(s.q, 0) - this.offset
    return 0.5 * this.k * e * e
  }
  private readonly userArguments = new Float64Array(USER_FUNCTION_VARIABLES.length)
  force(s: SystemState): number {
    const dq = this.value(s.q, 1) - this.value(s.q, 0)
    const dv = this.value(s.v, 1) - this.value(s.v, 0)
    if (this.userFunction) {
      return evaluateLaw(this.userFunction, this.userArguments, s.t, dq, dv, this.k, this.d, this.offset)
    }
    let f = this.k * (dq - this.offset) + this.d * (dv - this.velocityOffset)
    if (this.dryFriction !== 0) {
      // Regularized Coulomb friction: linear in the velocity inside the proportional zone.
      const z = this.dryFrictionProportionalZone
      f += this.dryFriction * (z > 0 && Math.abs(dv) < z ? dv / z : Math.sign(dv))
    }
    return f
  }
  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.active) return
    const f = this.force(s)
    if (this.slot[0] >= 0) out[this.slot[0]] -= f
    if (this.slot[1] >= 0) out[this.slot[1]] += f
  }
  output(variable: string, s: SystemState, out: Float64Array): number {
    if (variable === 'Displacement') out[0] = this.value(s.q, 1) - this.value(s.q, 0)
    else if (variable === 'Velocity') out[0] = this.value(s.v, 1) - this.value(s.v, 0)
    else if (variable === 'Force') out[0] = this.active ? this.force(s) : 0
    else return 0
    return 1
  }
}

export const ObjectConnectorCoordinateSpringDamper = defineItem({
  kind: 'object',
  type: 'ConnectorCoordinateSpringDamper',
  exudynName: 'ObjectConnectorCoordinateSpringDamper',
  doc:
    "A spring-damper between two coordinates: f = stiffness (q1 - q0 - offset) + damping (q1' - q0' - " +
    "velocityOffset) + dryFriction * regularized sign(q1' - q0'), or springForceUserFunction.",
  parameters: PARAMETERS,
  supportsCheckpoint: true,
  check: (it, m) => requireMarkers(it, m, 'markerNumbers', 'coordinate'),
  build: (it, ctx) => {
    const userFunction = it.params.string('springForceUserFunction')
    const spring = new CoordinateSpringDamper(
      markersOf(it, ctx),
      it.params.bool('activeConnector'),
      userFunction === '' ? undefined : compileFunction(userFunction, USER_FUNCTION_VARIABLES),
    )
    spring.setParameters(it)
    return spring
  },
})
