import { defineItem } from '../../model/definition'
import { DEFAULT_COLORS } from '../../system/graphics'
import { AxisJoint, REACTION_DOC, UNIT_AXES } from '../common/axisJoint'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import type { JointEquation } from '../common/jointStructure'
import { requireMarkers, markersOf } from '../common/markerChecks'
import { DEFAULT_DRAW_SIZE, VIS } from '../common/planarJointVisualization'

export const ObjectJointRevolute2D = defineItem({
  kind: 'object',
  type: 'JointRevolute2D',
  exudynName: 'ObjectJointRevolute2D',
  doc:
    'A planar revolute joint: the two position markers coincide in x and y (2 equations); Force is the ' +
    'multiplier vector [fx, fy, 0].' +
    REACTION_DOC,
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
      color: it.params.color('Vcolor', DEFAULT_COLORS.joint),
    })
  },
})
