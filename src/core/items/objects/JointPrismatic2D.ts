import { defineItem } from '../../model/definition'
import { AxisJoint, drawAxis, REACTION_DOC } from '../common/axisJoint'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import type { JointEquation } from '../common/jointStructure'
import { requireMarkers, markersOf } from '../common/markerChecks'
import { DEFAULT_DRAW_SIZE, VIS } from '../common/planarJointVisualization'

export const ObjectJointPrismatic2D = defineItem({
  kind: 'object',
  type: 'JointPrismatic2D',
  exudynName: 'ObjectJointPrismatic2D',
  doc:
    'A planar prismatic joint between two rigid markers: (p1 - p0) . (A1 normalMarker1) = 0 (transverse ' +
    'force lambda0) and, if constrainRotation, (A0 axisMarker0) . (A1 normalMarker1) = 0 (torque ' +
    'lambda1).' +
    REACTION_DOC,
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
    for (const name of ['axisMarker0', 'normalMarker1'] as const) {
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
})
