import { cross, identity3, matVec3 } from '../../math/vec3'
import { defineItem } from '../../model/definition'
import type { MarkerComputation } from '../../system/computation'
import { DEFAULT_COLORS } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import { ACTIVE_CONNECTOR, MARKER_PAIR } from '../common/connectorFields'
import { V_COLOR, visualizationParams } from '../common/itemFields'
import { requireMarkers, markersOf } from '../common/markerChecks'
import {
  addForceArrow,
  checkLaw,
  type ContactLaw,
  LAW_PARAMETERS,
  lawOf,
  SphereContact,
  V_FORCE_SCALE,
} from '../common/sphereContact'

class ContactSpherePlaneComputation extends SphereContact {
  /** Orientation of the plane's marker (identity without orientation), set by geometry(). */
  readonly R = new Float64Array(9)

  constructor(
    markers: MarkerComputation[],
    law: ContactLaw,
    private readonly planeNormal: Float64Array,
    readonly radius: number,
    /** Edge lengths of the bounded plane along the marker's x and y axes (0: unbounded). */
    readonly planeSize: Float64Array,
  ) {
    super(markers, law)
  }

  /** Whether the sphere centre lies over the rectangle (always, for an unbounded plane); needs R. */
  private overPlane(): boolean {
    const [sx, sy] = this.planeSize
    if (sx === 0 && sy === 0) return true
    const p0 = this.side0.p,
      p1 = this.side1.p,
      R = this.R
    const dx = p1[0] - p0[0],
      dy = p1[1] - p0[1],
      dz = p1[2] - p0[2]
    // Local coordinates R^T d (R is the identity for markers without orientation).
    const x = R[0] * dx + R[3] * dy + R[6] * dz,
      y = R[1] * dx + R[4] * dy + R[7] * dz
    return (sx === 0 || Math.abs(x) <= sx / 2) && (sy === 0 || Math.abs(y) <= sy / 2)
  }

  protected geometry(s: SystemState): void {
    const p0 = this.side0.p,
      p1 = this.side1.p,
      n = this.normal
    if (this.side0.frame) this.side0.frame.rotationMatrix(s, this.R)
    else identity3(this.R)
    matVec3(this.R, this.planeNormal, n)
    const gap = n[0] * (p1[0] - p0[0]) + n[1] * (p1[1] - p0[1]) + n[2] * (p1[2] - p0[2]) - this.radius
    // Beside a bounded plane there is no contact: the gap counts as |gap|, so leaving the rectangle in
    // contact is a switch whose error is the force lost, k |gap|.
    this.gap = this.overPlane() ? gap : Math.abs(gap)
    // Contact point: on the sphere's axis along -n, in the middle of the overlap.
    const a1 = this.radius + 0.5 * this.gap
    for (let k = 0; k < 3; k++) {
      this.lever1[k] = -a1 * n[k]
      this.lever0[k] = p1[k] + this.lever1[k] - p0[k]
    }
  }
}

// The contact law of ContactSphereSphere; contact and friction states are data coordinates of the
// discontinuous iteration. The arrow shows k_c |g| only: the viewport has a frame's coordinates,
// not its velocities (the Force output has damping and friction).
export const ObjectContactSpherePlane = defineItem({
  kind: 'object',
  type: 'ContactSpherePlane',
  exudynName: '- (ours; closest in Exudyn: ObjectContactSphereTriangle)',
  doc:
    "Penalty contact between an infinite plane through marker 0 (normal planeNormal in the marker's " +
    'frame, or global for markers without orientation; the sphere stays on the side it points to) and a ' +
    'sphere of radius sphereRadius centred at marker 1 (not in Exudyn). Force on the sphere F = (-k_c g ' +
    "- d_c g') n + regularized Coulomb friction, -F on the plane's marker at the contact point. Outputs: " +
    'Distance (the gap, negative = penetration), Force (on the sphere). Drawn: the plane (VplaneSize for ' +
    'an unbounded one), the sphere and, while it penetrates, the normal penalty force k_c |g| as a ' +
    'magenta arrow (VforceScale m/N).',
  parameters: {
    ...MARKER_PAIR,
    markerNumbers: {
      ...MARKER_PAIR.markerNumbers,
      doc: 'the plane marker m0 and the sphere-centre marker m1',
    },
    planeNormal: {
      type: 'vector',
      size: 3,
      default: [0, 0, 1],
      doc: "normal of the plane in marker 0's frame (normalized); points to the sphere's side",
    },
    sphereRadius: { type: 'number', default: -1, unit: 'm', doc: 'radius of the sphere at marker 1' },
    planeSize: {
      type: 'vector',
      size: 2,
      default: [0, 0],
      unit: 'm',
      doc:
        "edge lengths of a bounded (rectangular) plane centred at marker 0 along the marker's x and y " +
        'axes (planeNormal must then be [0, 0, 1]); 0 = unbounded in that direction. Beside the ' +
        'rectangle there is no contact (e.g. steps of stairs)',
    },
    ...LAW_PARAMETERS,
    ...ACTIVE_CONNECTOR,
    ...visualizationParams({
      VplaneSize: {
        type: 'number',
        default: 1,
        min: 0,
        unit: 'm',
        doc: 'edge length of the square drawn for an unbounded plane (direction)',
        visualization: true,
      },
      ...V_FORCE_SCALE,
    }),
    ...V_COLOR,
  },
  supportsCheckpoint: true,
  check: (it, m) => {
    const out = [...requireMarkers(it, m, 'markerNumbers', 'position'), ...checkLaw(it)]
    if (!(it.params.number('sphereRadius') > 0))
      out.push({
        parameter: 'sphereRadius',
        message: `expected a positive radius, got ${it.params.number('sphereRadius')}`,
      })
    const n = it.params.vector('planeNormal')
    if (!(Math.hypot(n[0], n[1], n[2]) > 0))
      out.push({ parameter: 'planeNormal', message: 'expected a non-zero normal vector' })
    const size = it.params.vector('planeSize')
    if (size[0] < 0 || size[1] < 0)
      out.push({
        parameter: 'planeSize',
        message: `expected edge lengths >= 0 (0 = unbounded), got [${size[0]}, ${size[1]}]`,
      })
    else if ((size[0] > 0 || size[1] > 0) && (n[0] !== 0 || n[1] !== 0 || !(n[2] > 0)))
      out.push({
        parameter: 'planeNormal',
        message: "expected [0, 0, 1] for a bounded plane (planeSize spans the marker's x and y axes)",
      })
    return out
  },
  build: (it, ctx) => {
    const n = it.params.vector('planeNormal')
    const length = Math.hypot(n[0], n[1], n[2])
    return new ContactSpherePlaneComputation(
      markersOf(it, ctx),
      lawOf(it),
      n.map((x) => x / length),
      it.params.number('sphereRadius'),
      it.params.vector('planeSize'),
    )
  },
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const contact = c as ContactSpherePlaneComputation
    const { p0, p1, normal, contact: force } = contact.drawing(s)
    const vSize = it.params.number('VplaneSize')
    const [sx, sy] = contact.planeSize
    const bounded = sx > 0 || sy > 0
    // A thin box in the plane, its local z axis along the normal (a bounded plane: the marker's axes).
    const ez = normal
    const helper = Math.abs(ez[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0]
    const ex = new Float64Array(3),
      ey = new Float64Array(3)
    cross(helper, ez, ex)
    const lx = Math.hypot(ex[0], ex[1], ex[2])
    for (let k = 0; k < 3; k++) ex[k] /= lx
    cross(ez, ex, ey)
    const rotation = bounded
      ? [...contact.R]
      : [ex[0], ey[0], ez[0], ex[1], ey[1], ez[1], ex[2], ey[2], ez[2]]
    const size = [sx > 0 ? sx : vSize, sy > 0 ? sy : vSize]
    const thickness = Math.max(size[0], size[1]) / 100
    const center = p0.map((x, k) => x - 0.5 * thickness * ez[k])
    g.add({
      shape: 'box',
      center,
      rotation,
      size: [size[0], size[1], thickness],
      color: it.params.color('Vcolor', DEFAULT_COLORS.ground),
    })
    g.add({ shape: 'sphere', center: p1, radius: contact.radius, color: DEFAULT_COLORS.connector })
    addForceArrow(g, force, contact.radius, it.params.number('VforceScale'))
  },
})
