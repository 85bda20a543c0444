import { defineItem } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'
import type { MarkerComputation, NodeComputation } from '../../system/computation'
import { dataNodeOf, dataNodeParam, dataNodeProblems } from '../common/dataNode'
import { DEFAULT_COLORS } from '../../system/graphics'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { V_COLOR, visualizationParams } from '../common/itemFields'
import { requireMarkers, markersOf } from '../common/markerChecks'
import {
  addForceArrow,
  checkLaw,
  type ContactLaw,
  LAW_PARAMETERS,
  lawOf,
  SPHERE_DATA_LAYOUT,
  SphereContact,
  V_FORCE_SCALE,
} from '../common/sphereContact'
import { checkImpactLaw, IMPACT_PARAMETERS, impactLawOf } from '../common/impactLaw'

class ContactSphereSphereComputation extends SphereContact {
  constructor(
    markers: MarkerComputation[],
    law: ContactLaw,
    readonly radii: Float64Array,
    /** Sphere 1 is hollow: sphere 0 touches its inner side (Exudyn's isHollowSphere1, h_1 = -1). */
    readonly hollow: boolean,
    dataNode: NodeComputation | undefined,
  ) {
    super(markers, law, dataNode)
  }

  protected geometry(): void {
    const p0 = this.side0.p,
      p1 = this.side1.p,
      n = this.normal
    for (let k = 0; k < 3; k++) n[k] = p1[k] - p0[k]
    const distance = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
    // Coincident centres have no normal (Exudyn takes n = 0 then: no force).
    const scale = distance > 0 ? 1 / distance : 0
    if (this.hollow) {
      // Inside a hollow sphere: g = r_1 - r_0 - |p1 - p0|, n from marker 1 through marker 0 to the wall;
      // the contact point p0 + (r_0 + g/2) n is (r_1 - g/2) n from marker 1.
      for (let k = 0; k < 3; k++) n[k] *= -scale
      this.gap = this.radii[1] - this.radii[0] - distance
      const a0 = this.radii[0] + 0.5 * this.gap,
        a1 = this.radii[1] - 0.5 * this.gap
      for (let k = 0; k < 3; k++) {
        this.lever0[k] = a0 * n[k]
        this.lever1[k] = a1 * n[k]
      }
      return
    }
    for (let k = 0; k < 3; k++) n[k] *= scale
    this.gap = distance - this.radii[0] - this.radii[1]
    // The contact point lies in the middle of the overlap.
    const a0 = this.radii[0] + 0.5 * this.gap,
      a1 = this.radii[1] + 0.5 * this.gap
    for (let k = 0; k < 3; k++) {
      this.lever0[k] = a0 * n[k]
      this.lever1[k] = -a1 * n[k]
    }
  }
}

const CONTACT_VISUALIZATION = { ...visualizationParams(V_FORCE_SCALE), ...V_COLOR } satisfies ParamSchema

// The contact and friction states [gap, |v_t|] (and the impact history, sphereContact.ts) are data
// coordinates updated in the discontinuous iteration (saved in checkpoints). The arrow shows k_c delta^n
// only: the viewport has a frame's coordinates, not its velocities (the Force output has damping and
// friction).
export const ObjectContactSphereSphere = defineItem({
  kind: 'object',
  type: 'ContactSphereSphere',
  exudynName: 'ObjectContactSphereSphere',
  doc:
    'Penalty contact between two spheres centred at two position markers, or of sphere 0 inside the ' +
    'hollow sphere 1 (isHollowSphere1); rigid markers add rotation to the contact-point velocity and ' +
    'receive the friction torque. Force on marker 1 F = f_n n + regularized Coulomb friction mu_d f_n ' +
    'against the tangential slip, -F on marker 0, with the overlap delta = -g and f_n = k_c delta^n - ' +
    "d_c g' (impactModel 0), plus Hunt-Crossley (1) or Gonthier / Carvalho-Martins (2) restitution " +
    'damping, or the adhesive elasto-plastic model (impactModel 0, contactPlasticityRatio > 0), as in ' +
    "Exudyn 1.11's item reference. Outputs: Distance (the gap, negative = penetration), " +
    'Force (on marker 1), Velocity (relative, at the contact point). Drawn: both spheres and, while they ' +
    'overlap, the elastic normal force k_c delta^n as a magenta arrow (VforceScale m/N).',
  parameters: {
    ...MARKER_PAIR,
    ...dataNodeParam(
      `4 coordinates, ${SPHERE_DATA_LAYOUT} of the last discontinuous iteration; its initial data are ` +
        'the initial states (gap > 0: open)',
    ),
    spheresRadii: {
      type: 'vector',
      size: 2,
      default: [-1, -1],
      unit: 'm',
      doc: 'radii [r0, r1] of the spheres of marker 0 and marker 1',
    },
    isHollowSphere1: {
      type: 'boolean',
      default: false,
      doc: 'sphere 1 is hollow: sphere 0 moves inside it and touches its inner side',
    },
    ...LAW_PARAMETERS,
    ...IMPACT_PARAMETERS,
    ...ACTIVE_CONNECTOR,
    ...CONTACT_VISUALIZATION,
  },
  supportsCheckpoint: true,
  check: (it, m) => {
    const out = [
      ...requireMarkers(it, m, 'markerNumbers', 'position'),
      ...checkLaw(it),
      ...checkImpactLaw(it),
      ...dataNodeProblems(it, m, 4, SPHERE_DATA_LAYOUT),
    ]
    const r = it.params.vector('spheresRadii')
    if (!(r[0] > 0 && r[1] > 0))
      out.push({ parameter: 'spheresRadii', message: `expected two positive radii, got [${r[0]}, ${r[1]}]` })
    return out
  },
  build: (it, ctx) =>
    new ContactSphereSphereComputation(
      markersOf(it, ctx),
      { ...lawOf(it), impact: impactLawOf(it) },
      it.params.vector('spheresRadii'),
      it.params.bool('isHollowSphere1'),
      dataNodeOf(it, ctx),
    ),
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const contact = c as ContactSphereSphereComputation
    const { p0, p1, contact: force } = contact.drawing(s)
    const color = it.params.color('Vcolor', DEFAULT_COLORS.connector)
    g.add({ shape: 'sphere', center: p0, radius: contact.radii[0], color })
    // A hollow sphere is drawn see-through, so the sphere inside it stays visible.
    const color1 = contact.hollow ? [color[0], color[1], color[2], 0.25 * (color[3] ?? 1)] : color
    g.add({ shape: 'sphere', center: p1, radius: contact.radii[1], color: color1 })
    addForceArrow(g, force, contact.radii[1], it.params.number('VforceScale'))
  },
})
