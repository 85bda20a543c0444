import { defineItem } from '../../model/definition'
import { DEFAULT_COLORS } from '../../system/graphics'
import { AxisJoint, checkAxisFlags, REACTION_DOC, UNIT_AXES } from '../common/axisJoint'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { V_COLOR, visualizationParams } from '../common/itemFields'
import type { JointEquation } from '../common/jointStructure'
import { requireMarkers, markersOf } from '../common/markerChecks'

export const ObjectJointSpherical = defineItem({
  kind: 'object',
  type: 'JointSpherical',
  exudynName: 'ObjectJointSpherical',
  doc:
    'A spherical joint: p1 - p0 = 0 for the constrained global axes (constrainedAxes [x, y, z]); the ' +
    'Force output is the multiplier vector in global coordinates.' +
    REACTION_DOC,
  parameters: {
    ...MARKER_PAIR,
    constrainedAxes: {
      type: 'vector',
      size: 3,
      default: [1, 1, 1],
      doc: 'per global axis [x, y, z]: 1 = constrained, 0 = free',
    },
    ...ACTIVE_CONNECTOR,
    ...visualizationParams(),
    VjointRadius: {
      type: 'number',
      default: 0.1,
      min: 0,
      unit: 'm',
      doc: 'radius of the sphere drawn',
      visualization: true,
    },
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  check: (it, m) => [
    ...requireMarkers(it, m, 'markerNumbers', 'position'),
    ...checkAxisFlags(it, 'constrainedAxes'),
  ],
  build: (it, ctx) => {
    const eqs: JointEquation[] = []
    it.params
      .vector('constrainedAxes')
      .forEach((a, k) => a === 1 && eqs.push({ kind: 'translation', axis: UNIT_AXES[k], frame: -1 }))
    return new AxisJoint(markersOf(it, ctx), eqs, it.params.bool('activeConnector'), undefined)
  },
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const { position } = (c as AxisJoint).drawFrame(s, UNIT_AXES[2])
    g.add({
      shape: 'sphere',
      center: position,
      radius: it.params.number('VjointRadius'),
      color: it.params.color('Vcolor', DEFAULT_COLORS.joint),
    })
  },
})
