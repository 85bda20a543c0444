// ConnectorCoordinateSpringDamperExt (Exudyn's ObjectConnectorCoordinateSpringDamperExt): a spring-
// damper on two coordinates with friction and limit stops, q = factor1 q1 - factor0 q0 (v likewise):
//   f = stiffness (q - offset) + damping (v - velocityOffset) + f_friction + f_contact,
// or springForceUserFunction in place of all of it (Exudyn's rule),
// with +f factor1 on q1 and -f factor0 on q0. Friction, as in Exudyn:
//   frictionProportionalZone v_reg > 0: regularized Stribeck, no history;
//   v_reg = 0: the bristle model, whose history lives in two data coordinates of the object, or with
//     nodeNumber in the first two of a GenericData node's three (Exudyn's layout)
//     [friction mode d_mu (0 = stick, +-f_slip = slipping with that force), last sticking position x_lsp]:
//     stick: f_friction = stickingStiffness (q - x_lsp) + stickingDamping v,
//     slip:  f_friction = sign(d_mu) (fDynamicFriction + fViscousFriction |v|).
//   The mode switches and x_lsp moves only at the end of an accepted step (postStep): stick -> slip when
//   the bristle force exceeds fDynamicFriction + fStaticFrictionOffset, slip -> stick when the velocity
//   reverses; the bristle then starts deflected by the slip force, so the force does not jump.
// Limit stops act on the current q (linear contact), so they need no state; a data node's third
// coordinate gets Exudyn's limit-stop state after each step (the penetration q - limit, 0 off the stops).
import { compileFunction, type VariableFunction } from '../../model/expression'
import { defineItem } from '../../model/definition'
import type { MarkerComputation, ObjectComputation } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { visualizationParams } from '../common/itemFields'
import { requireMarkers } from '../common/markerChecks'
import { dataNodeOf, dataNodeParam, dataNodeProblems } from '../common/dataNode'
import type { NodeComputation } from '../../system/computation'

interface ExtParameters {
  stiffness: number
  damping: number
  offset: number
  velocityOffset: number
  factor0: number
  factor1: number
  fDynamicFriction: number
  fStaticFrictionOffset: number
  stickingStiffness: number
  stickingDamping: number
  exponentialDecayStatic: number
  fViscousFriction: number
  frictionProportionalZone: number
  limitStopsUpper: number
  limitStopsLower: number
  limitStopsStiffness: number
  limitStopsDamping: number
  useLimitStops: boolean
  activeConnector: boolean
}

/**
 * Exudyn 1.11's arguments of springForceUserFunction after (mbs, t, itemNumber), with t first; the
 * function replaces the whole force (spring, damper, friction and limit stops).
 */
const USER_FUNCTION_VARIABLES = [
  't',
  'displacement',
  'velocity',
  'stiffness',
  'damping',
  'offset',
  'velocityOffset',
  'fDynamicFriction',
  'fStaticFrictionOffset',
  'exponentialDecayStatic',
  'fViscousFriction',
  'frictionProportionalZone',
] as const

const MODE = 0,
  STICKING_POSITION = 1,
  LIMIT_STOP = 2
const DATA_LAYOUT = '[friction mode: 0 stick, +-slip force; last sticking position; limit-stop state]'

class CoordinateSpringDamperExt implements ObjectComputation {
  ltgODE2 = new Int32Array(0)
  aeIndex = 0
  dataIndex = 0
  readonly nAE = 0
  readonly nData: number
  readonly outputVariables = ['Displacement', 'Velocity', 'Force']
  private readonly index = new Int32Array([-1, -1])
  private readonly slot = new Int32Array([-1, -1])
  private readonly bristle: boolean
  readonly noPotential: string | undefined
  private readonly userArguments = new Float64Array(USER_FUNCTION_VARIABLES.length)

  constructor(
    private readonly markers: MarkerComputation[],
    private readonly p: ExtParameters,
    private readonly userFunction: VariableFunction | undefined,
    private readonly dataNode: NodeComputation | undefined,
  ) {
    const anyFriction = p.fDynamicFriction > 0 || p.fStaticFrictionOffset > 0 || p.fViscousFriction !== 0
    // A user function replaces the friction too: no bristle history then.
    this.bristle = anyFriction && p.frictionProportionalZone === 0 && !userFunction
    if (userFunction) this.noPotential = 'has a springForceUserFunction, whose potential is not known'
    this.nData = this.bristle && !dataNode ? 2 : 0
  }

  /** Where the friction mode, sticking position (and limit-stop state) are: the node or the object. */
  private at = 0

  setupLTG(): void {
    const ltg: number[] = []
    for (let k = 0; k < 2; k++) {
      const g = this.markers[k].coordinateIndex!
      this.index[k] = g
      this.slot[k] = g >= 0 ? ltg.push(g) - 1 : -1
    }
    this.ltgODE2 = Int32Array.from(ltg)
    this.at = this.dataNode ? this.dataNode.dataIndex : this.dataIndex
  }

  /**
   * Starts sticking at the initial position (Exudyn: initialize the data so the start is consistent);
   * a data node's initial data are the start instead.
   */
  setupInitialState(s: SystemState): void {
    if (!this.bristle || this.dataNode) return
    s.data[this.at + MODE] = 0
    s.data[this.at + STICKING_POSITION] = this.relative(s.q)
  }

  private relative(x: Float64Array): number {
    const x0 = this.index[0] >= 0 ? x[this.index[0]] : 0
    const x1 = this.index[1] >= 0 ? x[this.index[1]] : 0
    return this.p.factor1 * x1 - this.p.factor0 * x0
  }

  private friction(s: SystemState, q: number, v: number): number {
    const p = this.p
    if (this.bristle) {
      const mode = s.data[this.at + MODE]
      if (mode === 0)
        return p.stickingStiffness * (q - s.data[this.at + STICKING_POSITION]) + p.stickingDamping * v
      return Math.sign(mode) * (p.fDynamicFriction + p.fViscousFriction * Math.abs(v))
    }
    const vreg = p.frictionProportionalZone
    if (vreg === 0) return 0
    const a = Math.abs(v)
    if (a <= vreg) return (p.fDynamicFriction + p.fStaticFrictionOffset) * (v / vreg)
    return (
      Math.sign(v) *
      (p.fDynamicFriction +
        p.fStaticFrictionOffset * Math.exp(-(a - vreg) / p.exponentialDecayStatic) +
        p.fViscousFriction * (a - vreg))
    )
  }

  private contact(q: number, v: number): number {
    const p = this.p
    if (!p.useLimitStops) return 0
    if (q > p.limitStopsUpper)
      return p.limitStopsStiffness * (q - p.limitStopsUpper) + p.limitStopsDamping * v
    if (q < p.limitStopsLower)
      return p.limitStopsStiffness * (q - p.limitStopsLower) + p.limitStopsDamping * v
    return 0
  }

  force(s: SystemState): number {
    if (!this.p.activeConnector) return 0
    const q = this.relative(s.q),
      v = this.relative(s.v)
    const p = this.p
    if (this.userFunction) {
      const a = this.userArguments
      a[0] = s.t
      a[1] = q
      a[2] = v
      a[3] = p.stiffness
      a[4] = p.damping
      a[5] = p.offset
      a[6] = p.velocityOffset
      a[7] = p.fDynamicFriction
      a[8] = p.fStaticFrictionOffset
      a[9] = p.exponentialDecayStatic
      a[10] = p.fViscousFriction
      a[11] = p.frictionProportionalZone
      return this.userFunction(a)
    }
    return (
      p.stiffness * (q - p.offset) +
      p.damping * (v - p.velocityOffset) +
      this.friction(s, q, v) +
      this.contact(q, v)
    )
  }

  /**
   * V = k/2 (q - offset)^2 plus the limit stops' limitStopsStiffness/2 (q - limit)^2 beyond a limit;
   * damping and friction have none (nor the bristle, whose force is friction).
   */
  potentialEnergy(s: SystemState): number {
    const p = this.p
    if (!p.activeConnector) return 0
    const q = this.relative(s.q)
    const stop = !p.useLimitStops
      ? 0
      : q > p.limitStopsUpper
        ? q - p.limitStopsUpper
        : q < p.limitStopsLower
          ? q - p.limitStopsLower
          : 0
    return 0.5 * (p.stiffness * (q - p.offset) ** 2 + p.limitStopsStiffness * stop * stop)
  }

  computeODE2LHS(s: SystemState, out: Float64Array): void {
    const f = this.force(s)
    if (this.slot[0] >= 0) out[this.slot[0]] -= this.p.factor0 * f
    if (this.slot[1] >= 0) out[this.slot[1]] += this.p.factor1 * f
  }

  /**
   * Commits the bristle history at the end of an accepted step: the mode as Exudyn's d_mu, 0 or the
   * slip force with its sign (never 0 while slipping: at least the smallest double), and with a data
   * node the limit-stop state.
   */
  postStep(s: SystemState): void {
    const p = this.p,
      d = s.data,
      i = this.at
    const q = this.relative(s.q),
      v = this.relative(s.v)
    if (this.dataNode && p.useLimitStops)
      d[i + LIMIT_STOP] =
        q > p.limitStopsUpper ? q - p.limitStopsUpper : q < p.limitStopsLower ? q - p.limitStopsLower : 0
    if (!this.bristle) return
    const mode = Math.sign(d[i + MODE])
    let next = mode
    if (mode === 0) {
      const f = p.stickingStiffness * (q - d[i + STICKING_POSITION]) + p.stickingDamping * v
      if (Math.abs(f) <= p.fDynamicFriction + p.fStaticFrictionOffset) return
      next = Math.sign(f)
    } else if (v * mode <= 0) next = 0
    const slipForce = p.fDynamicFriction + p.fViscousFriction * Math.abs(v)
    d[i + MODE] = next === 0 ? 0 : next * Math.max(slipForce, Number.MIN_VALUE)
    // The bristle carries the slip force, so the next sticking phase starts without a jump.
    d[i + STICKING_POSITION] = q - ((next !== 0 ? next : mode) * p.fDynamicFriction) / p.stickingStiffness
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    if (variable === 'Displacement') out[0] = this.relative(s.q)
    else if (variable === 'Velocity') out[0] = this.relative(s.v)
    else if (variable === 'Force') out[0] = this.force(s)
    else return 0
    return 1
  }
}

const num = (doc: string, unit: string, dflt = 0, min?: number) => ({
  type: 'number' as const,
  default: dflt,
  unit,
  doc,
  ...(min !== undefined ? { min } : {}),
})

export const ObjectConnectorCoordinateSpringDamperExt = defineItem({
  kind: 'object',
  type: 'ConnectorCoordinateSpringDamperExt',
  exudynName: 'ObjectConnectorCoordinateSpringDamperExt',
  doc:
    'Spring-damper on two coordinates with Stribeck or bristle friction and limit stops: f = stiffness ' +
    '(q - offset) + damping (v - velocityOffset) + friction + contact, q = factor1 q1 - factor0 q0. With ' +
    'frictionProportionalZone = 0 the bristle model keeps its stick/slip history in two data coordinates ' +
    "of the object, or of a GenericData node (nodeNumber, Exudyn's layout), committed at the end of " +
    'each step (saved in checkpoints with the state).',
  parameters: {
    ...MARKER_PAIR,
    ...dataNodeParam(`3 coordinates, ${DATA_LAYOUT}; its initial data are the initial friction state`),
    stiffness: num('spring stiffness', 'N/m'),
    damping: num('damping coefficient', 'N s/m'),
    offset: num('relative coordinate at which the spring force is zero', 'm'),
    velocityOffset: num('relative velocity at which the damping force is zero', 'm/s'),
    factor0: num('factor on the coordinate of marker 0', '', 1),
    factor1: num('factor on the coordinate of marker 1', '', 1),
    fDynamicFriction: num('dynamic (sliding) friction force', 'N', 0, 0),
    fStaticFrictionOffset: num('static friction force in addition to the dynamic one', 'N', 0, 0),
    stickingStiffness: num('bristle stiffness while sticking (bristle model)', 'N/m', 0, 0),
    stickingDamping: num('bristle damping while sticking (bristle model)', 'N s/m', 0, 0),
    exponentialDecayStatic: {
      type: 'number',
      default: 1e-3,
      min: 0,
      exclusiveMin: true,
      unit: 'm/s',
      doc: 'velocity over which the static friction offset decays by 1/e (Stribeck model)',
    },
    fViscousFriction: num('viscous friction coefficient while sliding', 'N s/m'),
    frictionProportionalZone: num(
      '> 0: regularized Stribeck friction, linear below this velocity; 0: bristle model with stick/slip ' +
        'history',
      'm/s',
      0,
      0,
    ),
    limitStopsUpper: num('upper limit of q', 'm'),
    limitStopsLower: num('lower limit of q', 'm'),
    limitStopsStiffness: num('contact stiffness of the limit stops', 'N/m', 0, 0),
    limitStopsDamping: num('contact damping of the limit stops', 'N s/m', 0, 0),
    useLimitStops: { type: 'boolean', default: false, doc: 'apply the limit stops' },
    springForceUserFunction: {
      type: 'expression',
      default: '',
      variables: USER_FUNCTION_VARIABLES,
      doc:
        'optional force law replacing the whole force (spring, damper, friction, limit stops), an ' +
        `expression in ${USER_FUNCTION_VARIABLES.join(', ')} (displacement q and velocity v as in the ` +
        'built-in law), e.g. "stiffness*(displacement - offset) + damping*velocity"; "" for none',
    },
    ...ACTIVE_CONNECTOR,
    ...visualizationParams(),
  },
  supportsCheckpoint: true,
  check: (it, m) => {
    const out = [
      ...requireMarkers(it, m, 'markerNumbers', 'coordinate'),
      ...dataNodeProblems(it, m, 3, DATA_LAYOUT),
    ]
    const p = it.params
    const friction =
      p.number('fDynamicFriction') > 0 ||
      p.number('fStaticFrictionOffset') > 0 ||
      p.number('fViscousFriction') !== 0
    const bristle = friction && p.number('frictionProportionalZone') === 0
    if (bristle && p.string('springForceUserFunction') === '' && !(p.number('stickingStiffness') > 0))
      out.push({
        parameter: 'stickingStiffness',
        message:
          'expected a positive bristle stiffness: friction with frictionProportionalZone = 0 uses the ' +
          'bristle model',
      })
    return out
  },
  build: (it, ctx) => {
    const p = it.params
    return new CoordinateSpringDamperExt(
      p.refs('markerNumbers').map((m) => ctx.marker(m)),
      {
        stiffness: p.number('stiffness'),
        damping: p.number('damping'),
        offset: p.number('offset'),
        velocityOffset: p.number('velocityOffset'),
        factor0: p.number('factor0'),
        factor1: p.number('factor1'),
        fDynamicFriction: p.number('fDynamicFriction'),
        fStaticFrictionOffset: p.number('fStaticFrictionOffset'),
        stickingStiffness: p.number('stickingStiffness'),
        stickingDamping: p.number('stickingDamping'),
        exponentialDecayStatic: p.number('exponentialDecayStatic'),
        fViscousFriction: p.number('fViscousFriction'),
        frictionProportionalZone: p.number('frictionProportionalZone'),
        limitStopsUpper: p.number('limitStopsUpper'),
        limitStopsLower: p.number('limitStopsLower'),
        limitStopsStiffness: p.number('limitStopsStiffness'),
        limitStopsDamping: p.number('limitStopsDamping'),
        useLimitStops: p.bool('useLimitStops'),
        activeConnector: p.bool('activeConnector'),
      },
      p.string('springForceUserFunction') === ''
        ? undefined
        : compileFunction(p.string('springForceUserFunction'), USER_FUNCTION_VARIABLES),
      dataNodeOf(it, ctx),
    )
  },
})
