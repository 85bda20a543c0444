// Planar joints in the x-y plane: JointRevolute2D (two position markers coincide in x and y) and
// JointPrismatic2D (Exudyn: (p1 - p0) . A1 n1 = 0 and (A0 t0) . (A1 n1) = 0). Both are AxisJoints
// (joints.ts), so the Jacobians and the index-2 form come from the same code as the 3D joints.
import type { ItemDefinition } from '../../model/definition'
import { DEFAULT_COLORS, colorOr } from '../../system/graphics'
import { requireMarkers, V_COLOR, V_DRAW_SIZE, visualizationParams } from '../common'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from './springsAndDistance'
import { AxisJoint, drawAxis, markersOf, UNIT_AXES, type JointEquation } from './joints'

const VIS = { ...visualizationParams(V_DRAW_SIZE), ...V_COLOR }
const DEFAULT_DRAW_SIZE = 0.05

export const ObjectJointRevolute2D: ItemDefinition<'object'> = {
  kind: 'object',
  type: 'JointRevolute2D',
  exudynName: 'ObjectJointRevolute2D',
  doc: 'A planar revolute joint: the two position markers coincide in x and y (2 equations); Force is the multiplier vector [fx, fy, 0].',
  parameters: { ...MARKER_PAIR, ...ACTIVE_CONNECTOR, ...VIS },
  supportsCheckpoint: true,
  check: (it, m) => requireMarkers(it, m, 'markerNumbers', 'position'),
  build: (it, ctx) => {
    const eqs: JointEquation[] = [0, 1].map((k) => ({ kind: 'translation', axis: UNIT_AXES[k], frame: -1 }))
    return new AxisJoint(markersOf(it, ctx), eqs, it.params.bool('activeConnector'), undefined)
  },
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const r = it.params.number('VdrawSize') > 0 ? it.params.number('VdrawSize') : DEFAULT_DRAW_SIZE
    const { position: p } = (c as AxisJoint).drawFrame(s, UNIT_AXES[2])
    g.add({
      shape: 'cylinder',
      from: [p[0], p[1], p[2] - r],
      to: [p[0], p[1], p[2] + r],
      radius: r,
      color: colorOr(it.params.vector('Vcolor') as unknown as number[], DEFAULT_COLORS.joint),
    })
  },
}

export const ObjectJointPrismatic2D: ItemDefinition<'object'> = {
  kind: 'object',
  type: 'JointPrismatic2D',
  exudynName: 'ObjectJointPrismatic2D',
  doc: 'A planar prismatic joint between two rigid markers: (p1 - p0) . (A1 normalMarker1) = 0 (transverse force lambda0) and, if constrainRotation, (A0 axisMarker0) . (A1 normalMarker1) = 0 (torque lambda1).',
  parameters: {
    ...MARKER_PAIR,
    axisMarker0: {
      type: 'vector',
      size: 3,
      default: [1, 0, 0],
      doc: 'direction of the prismatic axis in the frame of marker 0',
    },
    normalMarker1: {
      type: 'vector',
      size: 3,
      default: [0, 1, 0],
      doc: 'normal to the prismatic axis in the frame of marker 1',
    },
    constrainRotation: {
      type: 'boolean',
      default: true,
      doc: 'also fix the relative rotation (second equation)',
    },
    ...ACTIVE_CONNECTOR,
    ...VIS,
  },
  supportsCheckpoint: true,
  check: (it, m) => {
    const problems = requireMarkers(it, m, 'markerNumbers', 'orientation')
    for (const name of ['axisMarker0', 'normalMarker1']) {
      const v = it.params.vector(name)
      if (Math.hypot(v[0], v[1], v[2]) === 0)
        problems.push({ parameter: name, message: 'expected a non-zero direction vector' })
    }
    return problems
  },
  build: (it, ctx) => {
    const t0 = it.params.vector('axisMarker0'),
      n1 = it.params.vector('normalMarker1')
    const eqs: JointEquation[] = [{ kind: 'translation', axis: n1, frame: 1 }]
    if (it.params.bool('constrainRotation')) eqs.push({ kind: 'rotation', a: t0, b: n1 })
    return new AxisJoint(markersOf(it, ctx), eqs, it.params.bool('activeConnector'), undefined)
  },
  visualize: (it, c, s, g) => {
    const r = it.params.number('VdrawSize') > 0 ? it.params.number('VdrawSize') : DEFAULT_DRAW_SIZE
    drawAxis(it, c as AxisJoint, s, g, it.params.vector('axisMarker0'), r / 2, 8 * r)
  },
}
