// JointSliding2D: a position marker (m0, e.g. a mass point) slides without friction along a chain of
// ANCFCable2D elements. Exudyn's item, with our own formulation of the sliding coordinate:
//   - the global sliding coordinate s (0 at the start of slidingMarkerNumbers[0], offsets
//     slidingMarkerOffsets) is the single ODE2 coordinate of a GenericODE2 node (nodeNumber), without
//     mass (Exudyn: an algebraic variable with start-of-step data in a GenericData node);
//   - the element is the one whose range [offset_i, offset_i + L_i) holds s (the first / last one
//     beyond the ends: the cubic is extrapolated), at local x = s - offset_i. Hermite elements share
//     position and slope at the nodes, so r(s) and r'(s) are continuous: no switching state is needed;
//   - equations (index 3): g = r(s) - p0 = 0 (2 equations; m1 only names the starting element).
//     dg/ds = r', dg/dq_cable = S(x) (x) I2, dg/dq_0 = -J0. The massless s row of the equations of
//     motion reads r'^T lambda + f_s = 0: the multipliers (the force on m0) have no component along
//     the cable except the prescribed axialForce (f_s = -|r'| axialForce), which is Exudyn's
//     classicalFormulation equation. Index 2: g' = S q_cable' + r' s' - v0.
import { defineItem, type ResolvedItem } from '../../model/definition'
import type { NodeComputation, ObjectComputation, PointKinematics } from '../../system/computation'
import { DEFAULT_COLORS } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import { hermiteShape } from '../common/ancfCable'
import { ACTIVE_CONNECTOR } from '../common/connectorFields'
import { V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common/itemFields'
import { markerProvides } from '../common/markerChecks'
import { CableCoordinatesMarker } from '../markers/BodyCable2DCoordinates'
import type { AncfCable2DElement } from './ANCFCable2D'

class SlidingJoint2D implements ObjectComputation {
  ltgODE2 = new Int32Array(0)
  aeIndex = 0
  dataIndex = 0
  readonly nAE = 2
  readonly nData = 0
  readonly inactiveConstraint: boolean
  readonly noPotential: string | undefined
  readonly outputVariables = ['Position', 'Velocity', 'SlidingCoordinate', 'Force']
  private n0 = 0
  /** Per element: local positions (in ltgODE2) of its 8 coordinates. */
  private elementColumns: Int32Array[] = []
  private J0 = new Float64Array(0)
  private rows = new Float64Array(0)
  private readonly S = new Float64Array(4)
  private readonly d1 = new Float64Array(4)
  private readonly d2 = new Float64Array(4)
  private readonly p0 = new Float64Array(3)
  /** Current element, r(s) and r'(s) from locate(). */
  private element = 0
  private readonly r = new Float64Array(2)
  private readonly slope = new Float64Array(2)

  constructor(
    private readonly body: PointKinematics,
    private readonly cables: AncfCable2DElement[],
    private readonly offsets: Float64Array,
    private readonly slidingNode: NodeComputation,
    private readonly axialForce: number,
    active: boolean,
  ) {
    this.inactiveConstraint = !active
    if (axialForce !== 0 && active) this.noPotential = 'has an axialForce, whose work is not in the potential'
  }

  /** ltg = [m0 | s | the cables' coordinates, each global index once]. */
  setupLTG(): void {
    const columns = new Map<number, number>()
    const list: number[] = [...this.body.ltg, this.slidingNode.ode2Index]
    this.n0 = this.body.ltg.length
    this.elementColumns = this.cables.map((cable) => {
      cable.setupLTG()
      return Int32Array.from(cable.ltgODE2, (g) => {
        if (!columns.has(g)) {
          columns.set(g, list.length)
          list.push(g)
        }
        return columns.get(g)!
      })
    })
    this.ltgODE2 = Int32Array.from(list)
    this.J0 = new Float64Array(3 * this.n0)
    this.rows = new Float64Array(2 * list.length)
  }

  slidingCoordinate(s: SystemState): number {
    return this.slidingNode.reference[0] + s.q[this.slidingNode.ode2Index]
  }

  /** Element holding the sliding coordinate, shape functions at its local x, r and r'. */
  private locate(s: SystemState): void {
    const sg = this.slidingCoordinate(s)
    let e = 0
    while (e < this.cables.length - 1 && sg >= this.offsets[e + 1]) e++
    this.element = e
    const cable = this.cables[e],
      L = cable.p.L
    hermiteShape((sg - this.offsets[e]) / L, L, this.S, this.d1, this.d2)
    const ltg = cable.ltgODE2,
      ref = cable.qRef
    this.r.fill(0)
    this.slope.fill(0)
    for (let k = 0; k < 4; k++)
      for (let c = 0; c < 2; c++) {
        const x = ref[2 * k + c] + s.q[ltg[2 * k + c]]
        this.r[c] += this.S[k] * x
        this.slope[c] += this.d1[k] * x
      }
  }

  computeAE(s: SystemState, out: Float64Array, velocityLevel: boolean): void {
    if (velocityLevel) {
      this.computeAEJacobian(s, this.rows)
      const n = this.ltgODE2.length
      for (let k = 0; k < 2; k++) {
        let sum = 0
        for (let j = 0; j < n; j++) sum += this.rows[k * n + j] * s.v[this.ltgODE2[j]]
        out[k] = sum
      }
      return
    }
    this.locate(s)
    this.body.position(s, this.p0)
    out[0] = this.r[0] - this.p0[0]
    out[1] = this.r[1] - this.p0[1]
  }

  computeAEJacobian(s: SystemState, out: Float64Array): void {
    this.locate(s)
    const n = this.ltgODE2.length,
      n0 = this.n0
    out.fill(0, 0, 2 * n)
    this.body.positionJacobian(s, this.J0)
    for (let j = 0; j < n0; j++) {
      out[j] = -this.J0[j]
      out[n + j] = -this.J0[n0 + j]
    }
    out[n0] = this.slope[0]
    out[n + n0] = this.slope[1]
    const cols = this.elementColumns[this.element]
    for (let k = 0; k < 4; k++) {
      out[cols[2 * k]] = this.S[k]
      out[n + cols[2 * k + 1]] = this.S[k]
    }
  }

  /** The prescribed axial force on the massless sliding coordinate: f_s = -|r'| axialForce. */
  computeODE2LHS(s: SystemState, out: Float64Array): void {
    if (this.axialForce === 0 || this.inactiveConstraint) return
    this.locate(s)
    out[this.n0] -= Math.hypot(this.slope[0], this.slope[1]) * this.axialForce
  }

  output(variable: string, s: SystemState, out: Float64Array): number {
    switch (variable) {
      case 'Position':
        this.body.position(s, out)
        return 3
      case 'Velocity':
        this.body.velocity(s, out)
        return 3
      case 'SlidingCoordinate':
        out[0] = this.slidingCoordinate(s)
        return 1
      case 'Force': {
        // g = r - p0: the force on m0 is +lambda.
        const active = !this.inactiveConstraint
        out[0] = active ? s.lambda[this.aeIndex] : 0
        out[1] = active ? s.lambda[this.aeIndex + 1] : 0
        out[2] = 0
        return 3
      }
    }
    return 0
  }
}

function cablesOf(it: ResolvedItem, ctx: { marker(i: number): unknown }): AncfCable2DElement[] {
  return it.params.refs('slidingMarkerNumbers').map((m, k) => {
    const marker = ctx.marker(m)
    if (!(marker instanceof CableCoordinatesMarker))
      throw new Error(
        `object "${it.name}": slidingMarkerNumbers[${k}] must be a BodyCable2DCoordinates marker`,
      )
    return marker.cable
  })
}

// Exudyn keeps the sliding coordinate as an algebraic variable with a GenericData node; here it is
// a massless ODE2 coordinate and the element is chosen from s at each evaluation (Hermite elements
// are C1 at the nodes, so no switching state is needed).
export const ObjectJointSliding2D = defineItem({
  kind: 'object',
  type: 'JointSliding2D',
  exudynName: 'ObjectJointSliding2D',
  doc:
    'A frictionless sliding joint in 2D: the position marker m0 stays on the axis of a chain of ' +
    'ANCFCable2D elements (BodyCable2DCoordinates markers in slidingMarkerNumbers, consecutive and ' +
    'sorted along the chain). The sliding coordinate s (from 0 at the start of the first element) is the ' +
    'single coordinate of a massless GenericODE2 node (nodeNumber). 2 equations r(s) - p0 = 0; the force ' +
    'on m0 has no component along the cable except axialForce. Outputs: SlidingCoordinate, Force (on ' +
    'm0), Position, Velocity of m0. Implicit solvers only (the sliding coordinate has no mass).',
  parameters: {
    markerNumbers: {
      type: 'refList',
      kind: 'marker',
      size: 2,
      doc:
        'the sliding position marker m0 and the BodyCable2DCoordinates marker m1 of the starting element ' +
        '(one of slidingMarkerNumbers)',
    },
    slidingMarkerNumbers: {
      type: 'refList',
      kind: 'marker',
      types: ['BodyCable2DCoordinates'],
      doc: 'BodyCable2DCoordinates markers of the cable elements along which m0 slides, in order',
    },
    slidingMarkerOffsets: {
      type: 'vector',
      doc: 'sliding coordinate at the start of each element: [0, L0, L0 + L1, ...]',
    },
    nodeNumber: {
      type: 'ref',
      kind: 'node',
      types: ['GenericODE2'],
      doc:
        'GenericODE2 node with 1 coordinate: the global sliding coordinate s (reference + initial ' +
        'coordinate = the start position along the chain)',
    },
    classicalFormulation: {
      type: 'boolean',
      default: true,
      unsupported: true,
      doc: 'only the classical formulation (zero force along the cable apart from axialForce)',
    },
    constrainRotation: {
      type: 'boolean',
      default: false,
      unsupported: true,
      doc: 'constraining the rotation of m0 to the cable slope is not offered',
    },
    axialForce: {
      type: 'number',
      default: 0,
      unit: 'N',
      doc: 'force on m0 along the cable tangent (towards increasing s)',
    },
    ...ACTIVE_CONNECTOR,
    ...visualizationParams(V_DRAW_SIZE),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  check: (it, model) => {
    const out: { parameter: string; message: string }[] = []
    const m0 = it.params.refs('markerNumbers')[0]
    if (!markerProvides(model, m0, 'position'))
      out.push({
        parameter: 'markerNumbers[0]',
        message:
          `marker "${model.item('marker', m0).name}" provides no position; expected the sliding body's ` +
          `position marker`,
      })
    const sliding = it.params.refs('slidingMarkerNumbers'),
      offsets = it.params.vector('slidingMarkerOffsets')
    if (sliding.length === 0)
      out.push({
        parameter: 'slidingMarkerNumbers',
        message: 'expected at least one BodyCable2DCoordinates marker',
      })
    if (offsets.length !== sliding.length)
      out.push({
        parameter: 'slidingMarkerOffsets',
        message: `expected one offset per sliding marker (${sliding.length}), got ${offsets.length}`,
      })
    else if (offsets.some((o, k) => k > 0 && !(o > offsets[k - 1])))
      out.push({
        parameter: 'slidingMarkerOffsets',
        message: `expected increasing offsets, got [${[...offsets].join(', ')}]`,
      })
    if (!sliding.includes(it.params.refs('markerNumbers')[1]))
      out.push({
        parameter: 'markerNumbers[1]',
        message: 'expected one of slidingMarkerNumbers (the starting element)',
      })
    const node = model.item('node', it.params.ref('nodeNumber'))
    if (node.params.integer('numberOfODE2Coordinates') !== 1)
      out.push({
        parameter: 'nodeNumber',
        message: `node "${node.name}" must have exactly 1 ODE2 coordinate (the sliding coordinate)`,
      })
    return out
  },
  build: (it, ctx) => {
    const p = it.params
    const body = ctx.marker(p.refs('markerNumbers')[0]).kinematics!
    return new SlidingJoint2D(
      body,
      cablesOf(it, ctx),
      p.vector('slidingMarkerOffsets'),
      ctx.node(p.ref('nodeNumber')),
      p.number('axialForce'),
      p.bool('activeConnector'),
    )
  },
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const p = new Float64Array(3)
    c.output!('Position', s, p)
    const size = it.params.number('VdrawSize')
    g.add({
      shape: 'sphere',
      center: [...p],
      radius: size > 0 ? size / 2 : 0.02,
      color: it.params.color('Vcolor', DEFAULT_COLORS.joint),
    })
  },
})
