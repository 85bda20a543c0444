// KinematicTreeRigid (Exudyn's MarkerKinematicTreeRigid): a frame on one link of a KinematicTree at a
// local position, for loads, connectors and sensors. Its Jacobians span all the tree's coordinates
// (only the link's ancestors are non-zero); every call runs the tree's O(n) kinematics, which the
// tree caches per configuration.
import { taitBryanFromRotation } from '../../math/rotations'
import type { FrameKinematics } from '../../system/computation'
import type { SystemState } from '../../system/state'
import { visualizationParams } from '../common/itemFields'
import { linkCoordinates } from '../common/kinematicTreeDynamics'
import { defineMarker } from '../common/markerBase'
import { KinematicTreeBody } from '../objects/KinematicTree'

class TreeLinkFrame implements FrameKinematics {
  /** The link and its ancestors (the joints that move it). */
  private readonly path: Int32Array
  private readonly R = new Float64Array(9)
  private readonly x = new Float64Array(3)
  constructor(
    private readonly tree: KinematicTreeBody,
    private readonly link: number,
    private readonly local: Float64Array,
  ) {
    const path: number[] = []
    for (let j = link; j >= 0; j = tree.dynamics.tree.parents[j]) path.push(j)
    this.path = Int32Array.from(path)
  }
  get ltg(): Int32Array {
    return this.tree.ltgODE2
  }
  /** R_i p (world offset of the point from the link origin) into out. */
  private offset(s: SystemState, out: Float64Array): void {
    this.tree.updatePositions(s)
    const R = this.tree.dynamics.R,
      b = 9 * this.link,
      p = this.local
    for (let k = 0; k < 3; k++)
      out[k] = R[b + 3 * k] * p[0] + R[b + 3 * k + 1] * p[1] + R[b + 3 * k + 2] * p[2]
  }
  position(s: SystemState, out: Float64Array): void {
    this.offset(s, out)
    const o = this.tree.dynamics.origin,
      i3 = 3 * this.link
    for (let k = 0; k < 3; k++) out[k] += o[i3 + k]
  }
  /** out = base + w x d at the link, d = R_i p; base and w from the tree's last motion(). */
  private moving(s: SystemState, qdd: Float64Array | null, out: Float64Array): void {
    const d = this.x
    this.offset(s, d)
    const dyn = this.tree.dynamics,
      i3 = 3 * this.link
    dyn.motion(qdd, this.tree.ltgODE2[0], null)
    const w = dyn.omega,
      w0 = w[i3],
      w1 = w[i3 + 1],
      w2 = w[i3 + 2]
    const wd0 = w1 * d[2] - w2 * d[1],
      wd1 = w2 * d[0] - w0 * d[2],
      wd2 = w0 * d[1] - w1 * d[0]
    if (!qdd) {
      const v = dyn.velocity
      out[0] = v[i3] + wd0
      out[1] = v[i3 + 1] + wd1
      out[2] = v[i3 + 2] + wd2
      return
    }
    // a = A + alpha x d + w x (w x d).
    const A = dyn.accel,
      al = dyn.alpha
    out[0] = A[i3] + al[i3 + 1] * d[2] - al[i3 + 2] * d[1] + w1 * wd2 - w2 * wd1
    out[1] = A[i3 + 1] + al[i3 + 2] * d[0] - al[i3] * d[2] + w2 * wd0 - w0 * wd2
    out[2] = A[i3 + 2] + al[i3] * d[1] - al[i3 + 1] * d[0] + w0 * wd1 - w1 * wd0
  }
  velocity(s: SystemState, out: Float64Array): void {
    this.moving(s, null, out)
  }
  acceleration(s: SystemState, out: Float64Array): void {
    this.moving(s, s.a, out)
  }
  positionJacobian(s: SystemState, out: Float64Array): void {
    const x = this.x
    this.position(s, x)
    this.jacobian(out, x)
  }
  rotationJacobian(s: SystemState, out: Float64Array): void {
    this.tree.updatePositions(s)
    this.jacobian(out, null)
  }
  /**
   * Columns of the coordinates of the path's joints (a spherical joint has three, one per axis):
   * a_c x (x - o_j) or a_c (x given: position), a_c or 0 (rotation).
   */
  private jacobian(out: Float64Array, x: Float64Array | null): void {
    const dyn = this.tree.dynamics,
      n = dyn.coordinates,
      a = dyn.axis,
      o = dyn.origin
    out.fill(0, 0, 3 * n)
    for (const j of this.path) {
      const j3 = 3 * j,
        prismatic = dyn.tree.prismatic[j] === 1,
        last = dyn.first[j] + linkCoordinates(dyn.tree.spherical[j] === 1)
      for (let c = dyn.first[j]; c < last; c++) {
        const a0 = a[3 * c],
          a1 = a[3 * c + 1],
          a2 = a[3 * c + 2]
        if (!x) {
          if (prismatic) continue
          out[c] = a0
          out[n + c] = a1
          out[2 * n + c] = a2
        } else if (prismatic) {
          out[c] = a0
          out[n + c] = a1
          out[2 * n + c] = a2
        } else {
          const d0 = x[0] - o[j3],
            d1 = x[1] - o[j3 + 1],
            d2 = x[2] - o[j3 + 2]
          out[c] = a1 * d2 - a2 * d1
          out[n + c] = a2 * d0 - a0 * d2
          out[2 * n + c] = a0 * d1 - a1 * d0
        }
      }
    }
  }
  rotationMatrix(s: SystemState, out: Float64Array): void {
    this.tree.updatePositions(s)
    out.set(this.tree.dynamics.R.subarray(9 * this.link, 9 * this.link + 9))
  }
  angularVelocity(s: SystemState, out: Float64Array): void {
    this.tree.updatePositions(s)
    const dyn = this.tree.dynamics
    dyn.motion(null, 0, null)
    for (let k = 0; k < 3; k++) out[k] = dyn.omega[3 * this.link + k]
  }
  rotationParameters(s: SystemState, out: Float64Array): number {
    this.rotationMatrix(s, this.R)
    taitBryanFromRotation(this.R, out)
    return 3
  }
}

const FRAME = { position: true, orientation: true, coordinate: false, bodyMass: false }

export const MarkerKinematicTreeRigid = defineMarker(FRAME, {
  type: 'KinematicTreeRigid',
  doc:
    'A frame on link linkNumber of a KinematicTree at localPosition (link coordinates) with the link ' +
    'orientation; provides position and orientation.',
  parameters: {
    objectNumber: { type: 'ref', kind: 'object', types: ['KinematicTree'], doc: 'the KinematicTree' },
    linkNumber: { type: 'integer', min: 0, doc: 'the link (0-based)' },
    localPosition: {
      type: 'vector',
      size: 3,
      default: [0, 0, 0],
      unit: 'm',
      doc: 'position in link coordinates',
    },
    ...visualizationParams(),
  },
  check: (it, model) => {
    const tree = model.item('object', it.params.ref('objectNumber'))
    const links = (tree.params.raw('jointTypes') as string[]).length
    const link = it.params.integer('linkNumber')
    return link < links
      ? []
      : [
          {
            parameter: 'linkNumber',
            message: `KinematicTree "${tree.name}" has ${links} links (0..${links - 1}); got ${link}`,
          },
        ]
  },
  build: (it, ctx) => {
    const tree = ctx.object(it.params.ref('objectNumber'))
    if (!(tree instanceof KinematicTreeBody))
      throw new Error(`marker "${it.name}": objectNumber must be a KinematicTree`)
    const kinematics = new TreeLinkFrame(
      tree,
      it.params.integer('linkNumber'),
      it.params.vector('localPosition'),
    )
    return { provides: FRAME, kinematics, setupLTG: () => {} }
  },
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow') || !c.kinematics) return
    const p = new Float64Array(3),
      R = new Float64Array(9)
    const k = c.kinematics as FrameKinematics
    k.position(s, p)
    k.rotationMatrix(s, R)
    g.add({ shape: 'frame', origin: [...p], rotation: [...R], size: 0.1 })
  },
})
