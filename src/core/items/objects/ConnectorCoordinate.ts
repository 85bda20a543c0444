import { zeroRange } from '../../math/smallArrays'
import { defineItem } from '../../model/definition'
import { compileTimeFunction, type TimeFunction } from '../../model/expression'
import type { MarkerComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { CoordinatePair } from '../common/coordinatePair'
import { visualizationParams } from '../common/itemFields'
import { requireMarkers, markersOf } from '../common/markerChecks'
import { timeDerivative } from '../common/timeDerivative'

/**
 * g = factorValue1 q1 - q0 - offset(t) (position level) or factorValue1 q1' - q0' - offset_t(t)
 * (velocity level, and the index-2 form of the position level). offset(t) is the constant offset or
 * offsetUserFunction; offset_t(t) is offsetUserFunction_t, else the offset for velocityLevel, else 0.
 */
class CoordinateConstraint extends CoordinatePair {
  readonly nAE = 1
  readonly inactiveConstraint: boolean
  readonly outputVariables = ['Displacement', 'Velocity', 'Force']
  constructor(
    markers: MarkerComputation[],
    private readonly offset: TimeFunction,
    private readonly offset_t: TimeFunction,
    private readonly factorValue1: number,
    private readonly velocityLevel: boolean,
    active: boolean,
  ) {
    super(markers)
    this.inactiveConstraint = !active
    this.velocityLevelConstraint = velocityLevel
  }
  readonly velocityLevelConstraint: boolean
  computeAE(s: SystemState, out: Float64Array, velocityLevel: boolean): void {
    if (this.velocityLevel || velocityLevel)
      out[0] = this.factorValue1 * this.value(s.v, 1) - this.value(s.v, 0) - this.offset_t(s.t)
    else out[0] = this.factorValue1 * this.value(s.q, 1) - this.value(s.q, 0) - this.offset(s.t)
  }
  computeAEJacobian(_s: SystemState, out: Float64Array): void {
    zeroRange(out, 0, this.ltgODE2.length)
    if (this.slot[0] >= 0) out[this.slot[0]] -= 1
    if (this.slot[1] >= 0) out[this.slot[1]] += this.factorValue1
  }
  /**
   * Drives: velocity level -offset_t(t); acceleration level -d/dt offset_t(t) (= -u'' for a position
   * constraint, -w' for a velocity constraint): the same expressions serve both kinds.
   */
  computeAETimeTerm(s: SystemState, out: Float64Array, level: 'velocity' | 'acceleration'): void {
    out[0] = level === 'velocity' ? -this.offset_t(s.t) : -timeDerivative(this.offset_t, s.t)
  }
  output(variable: string, s: SystemState, out: Float64Array): number {
    if (variable === 'Displacement') out[0] = this.factorValue1 * this.value(s.q, 1) - this.value(s.q, 0)
    else if (variable === 'Velocity') out[0] = this.factorValue1 * this.value(s.v, 1) - this.value(s.v, 0)
    else if (variable === 'Force') out[0] = s.lambda[this.aeIndex]
    else return 0
    return 1
  }
}

export const ObjectConnectorCoordinate = defineItem({
  kind: 'object',
  type: 'ConnectorCoordinate',
  exudynName: 'ObjectConnectorCoordinate',
  doc:
    'Constrains two coordinates: factorValue1 * q1 - q0 = offset (or the same on velocities if ' +
    'velocityLevel); the Lagrange multiplier is the constraint force.',
  parameters: {
    ...MARKER_PAIR,
    offset: { type: 'number', default: 0, doc: 'prescribed value of factorValue1 * q1 - q0' },
    factorValue1: { type: 'number', default: 1, doc: 'factor on the coordinate of marker 1' },
    velocityLevel: { type: 'boolean', default: false, doc: 'constrain velocities instead of coordinates' },
    offsetUserFunction: {
      type: 'expression',
      default: '',
      doc: 'optional time function that replaces offset in the position-level equation; "" for none',
    },
    offsetUserFunction_t: {
      type: 'expression',
      default: '',
      doc:
        'time derivative of offsetUserFunction, used by velocity-level equations (velocityLevel, index-2 ' +
        'solvers); "" = offsetUserFunction differentiated numerically (relative error ~1e-11)',
    },
    ...ACTIVE_CONNECTOR,
    ...visualizationParams(),
  },
  supportsCheckpoint: true,
  check: (it, m) => [
    ...requireMarkers(it, m, 'markerNumbers', 'coordinate'),
    // Exudyn silently ignores offsetUserFunction on velocity level; here that is an error.
    ...(it.params.bool('velocityLevel') && it.params.string('offsetUserFunction') !== ''
      ? [
          {
            parameter: 'offsetUserFunction',
            message:
              'a velocityLevel constraint prescribes a velocity: give its time function as ' +
              'offsetUserFunction_t (offsetUserFunction would be ignored)',
          },
        ]
      : []),
  ],
  build: (it, ctx) => {
    const p = it.params
    const offset = p.number('offset')
    const velocityLevel = p.bool('velocityLevel')
    const uf = p.string('offsetUserFunction'),
      uf_t = p.string('offsetUserFunction_t')
    const offsetOf: TimeFunction = uf !== '' ? compileTimeFunction(uf) : () => offset
    // As in Exudyn: the velocity-level offset is offset only for velocityLevel constraints, else 0.
    // A drive without its derivative expression is differentiated numerically (index 2 needs u').
    const offsetOf_t: TimeFunction =
      uf_t !== ''
        ? compileTimeFunction(uf_t)
        : velocityLevel
          ? () => offset
          : uf !== ''
            ? (t) => timeDerivative(offsetOf, t)
            : () => 0
    return new CoordinateConstraint(
      markersOf(it, ctx),
      offsetOf,
      offsetOf_t,
      p.number('factorValue1'),
      velocityLevel,
      p.bool('activeConnector'),
    )
  },
})
