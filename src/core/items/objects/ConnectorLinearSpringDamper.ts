import { matVec3 } from '../../math/vec3'
import { TWO_MARKER_WORK, type TwoMarkerWork } from '../common/twoMarkerConnector'
import { defineItem } from '../../model/definition'
import { compileFunction, type VariableFunction } from '../../model/expression'
import { evaluateLaw } from '../common/userLaw'
import type { FrameKinematics, MarkerComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common/itemFields'
import { markerProvides, requireMarkers, markersOf } from '../common/markerChecks'
import { drawSpring } from '../common/springDrawing'
import { TwoMarkerConnector } from '../common/twoMarkerConnector'

/** Exudyn 1.11's arguments of springForceUserFunction after (mbs, t, itemNumber), with t first. */
const USER_FUNCTION_VARIABLES = ['t', 'displacement', 'velocity', 'stiffness', 'damping', 'offset'] as const

class LinearSpringDamper extends TwoMarkerConnector {
  readonly nAE = 0
  readonly outputVariables = ['DisplacementLocal', 'VelocityLocal', 'ForceLocal']
  private readonly A = new Float64Array(9)
  private readonly axis = new Float64Array(3)
  private readonly force3 = new Float64Array(3)
  private displacement = 0
  private speed = 0
  private readonly userArguments = new Float64Array(USER_FUNCTION_VARIABLES.length)
  readonly noPotential: string | undefined

  constructor(
    markers: MarkerComputation[],
    work: TwoMarkerWork,
    private readonly axisMarker0: Float64Array,
    private readonly k: number,
    private readonly d: number,
    private readonly offset: number,
    private readonly velocityOffset: number,
    private readonly constantForce: number,
    private readonly active: boolean,
    private readonly userFunction: VariableFunction | undefined,
  ) {
    super(markers, work)
    if (userFunction) this.noPotential = 'has a springForceUserFunction, whose potential is not known'
  }

  /** The scalar force f at s (0 when inactive); leaves the global axis in this.axis. */
  private scalarForce(s: SystemState): number {
    this.gather(s)
    ;(this.k0 as FrameKinematics).rotationMatrix(s, this.A)
    matVec3(this.A, this.axisMarker0, this.axis)
    const a = this.axis
    this.displacement =
      a[0] * (this.work.p1[0] - this.work.p0[0]) +
      a[1] * (this.work.p1[1] - this.work.p0[1]) +
      a[2] * (this.work.p1[2] - this.work.p0[2])
    this.speed =
      a[0] * (this.work.v1[0] - this.work.v0[0]) +
      a[1] * (this.work.v1[1] - this.work.v0[1]) +
      a[2] * (this.work.v1[2] - this.work.v0[2])
    if (!this.active) return 0
    if (this.userFunction) {
      const x = this.displacement,
        v = this.speed
      return evaluateLaw(this.userFunction, this.userArguments, s.t, x, v, this.k, this.d, this.offset)
    }
    return (
      this.k * (this.displacement - this.offset) +
      this.d * (this.speed - this.velocityOffset) +
      this.constantForce
    )
  }

  /**
   * V = k/2 (dx - offset)^2 + force (dx - offset): exact while the axis does not turn (inside a
   * prismatic joint, whose reactions take the moment of the force).
   */
  potentialEnergy(s: SystemState): number {
    if (!this.active) return 0
    this.scalarForce(s)
    const e = this.displacement - this.offset
    return e * (0.5 * this.k * e + this.constantForce)
  }

  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (!this.active) return
    const f = this.scalarForce(s)
    this.jacobians(s)
    for (let i = 0; i < 3; i++) this.force3[i] = f * this.axis[i]
    this.addForcePair(this.force3, out)
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    const f = this.scalarForce(s)
    if (variable === 'DisplacementLocal') out[0] = this.displacement
    else if (variable === 'VelocityLocal') out[0] = this.speed
    else if (variable === 'ForceLocal') out[0] = f
    else return 0
    return 1
  }
}

export const ObjectConnectorLinearSpringDamper = defineItem({
  kind: 'object',
  type: 'ConnectorLinearSpringDamper',
  exudynName: 'ObjectConnectorLinearSpringDamper',
  doc:
    "A spring-damper along the axis d = A_m0 axisMarker0 of marker 0's frame: dx = d . (p1 - p0), f = " +
    'stiffness (dx - offset) + damping (d . (v1 - v0) - velocityOffset) + force (or ' +
    'springForceUserFunction), acting as f d on marker 1 and -f d on marker 0. Motion across the axis ' +
    'is not resisted (use it inside a prismatic joint). ' +
    'Marker 0 needs an orientation, marker 1 a position.',
  parameters: {
    ...MARKER_PAIR,
    stiffness: { type: 'number', default: 0, unit: 'N/m', doc: 'spring stiffness k' },
    damping: { type: 'number', default: 0, unit: 'N s/m', doc: 'damping coefficient d' },
    axisMarker0: {
      type: 'vector',
      size: 3,
      default: [1, 0, 0],
      doc: 'axis of the spring-damper in the frame of marker 0 (unit vector; it turns with marker 0)',
    },
    offset: {
      type: 'number',
      default: 0,
      unit: 'm',
      doc: 'displacement at which the spring force is zero (usable as a position input)',
    },
    velocityOffset: {
      type: 'number',
      default: 0,
      unit: 'm/s',
      doc: 'relative velocity at which the damping force is zero',
    },
    force: { type: 'number', default: 0, unit: 'N', doc: 'constant force added to the spring-damper force' },
    springForceUserFunction: {
      type: 'expression',
      default: '',
      variables: USER_FUNCTION_VARIABLES,
      doc:
        'optional force law replacing the linear one, an expression in t, displacement (dx), velocity ' +
        '(d . (v1 - v0)), stiffness, damping and offset, e.g. "stiffness*displacement + ' +
        '0.1*stiffness*displacement^3"; "" for none',
    },
    ...ACTIVE_CONNECTOR,
    ...visualizationParams({
      ...V_DRAW_SIZE,
      VdrawAsCylinder: {
        type: 'boolean',
        default: false,
        doc: 'draw a cylinder (an actuator) instead of a helix',
        visualization: true,
      },
    }),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  check: (it, m) => {
    const out = [...requireMarkers(it, m, 'markerNumbers', 'position')]
    const m0 = it.params.refs('markerNumbers')[0]
    if (!markerProvides(m, m0, 'orientation'))
      out.push({
        parameter: 'markerNumbers[0]',
        message:
          `marker "${m.item('marker', m0).name}" provides no orientation; the axis is given in marker ` +
          `0's frame (use a rigid marker, e.g. BodyRigid on ground)`,
      })
    const a = it.params.vector('axisMarker0')
    if (Math.abs(Math.hypot(a[0], a[1], a[2]) - 1) > 1e-10)
      out.push({
        parameter: 'axisMarker0',
        message: `expected a unit vector, got length ${Math.hypot(a[0], a[1], a[2])}`,
      })
    return out
  },
  build: (it, ctx) => {
    const p = it.params
    return new LinearSpringDamper(
      markersOf(it, ctx),
      TWO_MARKER_WORK.of(ctx),
      p.vector('axisMarker0'),
      p.number('stiffness'),
      p.number('damping'),
      p.number('offset'),
      p.number('velocityOffset'),
      p.number('force'),
      p.bool('activeConnector'),
      p.string('springForceUserFunction') === ''
        ? undefined
        : compileFunction(p.string('springForceUserFunction'), USER_FUNCTION_VARIABLES),
    )
  },
  visualize: (it, c, s, g) =>
    drawSpring(it, c as LinearSpringDamper, s, g, it.params.bool('VdrawAsCylinder')),
})
