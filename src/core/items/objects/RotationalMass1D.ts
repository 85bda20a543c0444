import { matMul3, matVec3 } from '../../math/vec3'
import { defineItem } from '../../model/definition'
import type { FrameKinematics, NodeComputation } from '../../system/computation'
import { DEFAULT_COLORS } from '../../system/graphics'
import type { SystemState } from '../../system/state'
import { VGRAPHICS } from '../common/bodyGraphics'
import { V_COLOR, visualizationParams } from '../common/itemFields'
import { FRAME_PARAMS, frameArgs, OneCoordinateBody } from '../common/oneCoordinateBody'

/**
 * A frame on the rotor axis (local x = y = 0): fixed position, rotation R0 RotZ(phi), angular
 * velocity R0 e_z phi'. Points off the axis would move with phi; Exudyn rejects them as well.
 */
class RotorFrame implements FrameKinematics {
  private readonly Rz = new Float64Array(9)
  constructor(
    private readonly body: RotationalMass1DBody,
    private readonly point: Float64Array,
  ) {}
  get ltg(): Int32Array {
    return this.body.ltgODE2
  }
  position(_s: SystemState, out: Float64Array): void {
    out.set(this.point.subarray(0, 3))
  }
  velocity(_s: SystemState, out: Float64Array): void {
    out.fill(0, 0, 3)
  }
  acceleration(_s: SystemState, out: Float64Array): void {
    out.fill(0, 0, 3)
  }
  positionJacobian(_s: SystemState, out: Float64Array): void {
    out.fill(0, 0, 3)
  }
  rotationMatrix(s: SystemState, out: Float64Array): void {
    const phi = this.body.angle(s)
    const c = Math.cos(phi),
      sn = Math.sin(phi),
      Rz = this.Rz
    Rz[0] = c
    Rz[1] = -sn
    Rz[2] = 0
    Rz[3] = sn
    Rz[4] = c
    Rz[5] = 0
    Rz[6] = 0
    Rz[7] = 0
    Rz[8] = 1
    matMul3(this.body.rotation, Rz, out)
  }
  angularVelocity(s: SystemState, out: Float64Array): void {
    this.body.axis(s.v[this.ltg[0]], out)
  }
  rotationJacobian(_s: SystemState, out: Float64Array): void {
    this.body.axis(1, out)
  }
  /** [0, 0, phi]: the (unwrapped) angle about the local z-axis, as Exudyn's scalar Rotation output. */
  rotationParameters(s: SystemState, out: Float64Array): number {
    out[0] = 0
    out[1] = 0
    out[2] = this.body.angle(s)
    return 3
  }
}

class RotationalMass1DBody extends OneCoordinateBody {
  /** No translational mass: gravity through a BodyMass marker has no effect, as in Exudyn. */
  readonly mass = 0
  constructor(
    private readonly name: string,
    node: NodeComputation,
    inertia: number,
    pRef: Float64Array,
    R: Float64Array,
  ) {
    super(node, inertia, pRef, R)
  }
  get rotation(): Float64Array {
    return this.referenceRotation
  }
  angle(s: SystemState): number {
    return this.coordinate(s)
  }
  /** out = x R0 e_z (the global rotation axis, scaled). */
  axis(x: number, out: Float64Array): void {
    const R = this.referenceRotation
    out[0] = R[2] * x
    out[1] = R[5] * x
    out[2] = R[8] * x
  }
  bodyPoint(local: Float64Array): FrameKinematics {
    if (local[0] !== 0 || local[1] !== 0)
      throw new Error(
        `object "${this.name}" (RotationalMass1D): markers and sensors must lie on the rotation axis ` +
          `(localPosition x = y = 0), got [${Array.from(local).join(', ')}]`,
      )
    const p = new Float64Array(3)
    matVec3(this.referenceRotation, local, p)
    for (let i = 0; i < 3; i++) p[i] += this.referencePosition[i]
    return new RotorFrame(this, p)
  }
  centerOfMass(): FrameKinematics {
    return this.bodyPoint(new Float64Array(3))
  }
}

export const ObjectRotationalMass1D = defineItem({
  kind: 'object',
  type: 'RotationalMass1D',
  exudynName: 'ObjectRotationalMass1D',
  doc:
    "A rotor on one coordinate (the angle phi) of a Node1D: J phi'' = tau. It turns about the local " +
    'z-axis of referenceRotation; torques act through their component along that axis, forces have no ' +
    'effect. Markers must lie on the axis.',
  parameters: {
    physicsInertia: {
      type: 'number',
      massProperty: true,
      default: 0,
      min: 0,
      unit: 'kg m^2',
      doc: 'moment of inertia about the rotation axis',
    },
    ...FRAME_PARAMS,
    ...visualizationParams(),
    ...V_COLOR,
    ...VGRAPHICS,
  },
  supportsCheckpoint: true,
  traits: { body: true, orientation: true },
  build: (it, ctx) =>
    new RotationalMass1DBody(
      it.name,
      ctx.node(it.params.ref('nodeNumber')),
      it.params.number('physicsInertia'),
      ...frameArgs(it),
    ),
  visualize: (it, c, s, g) => {
    if (!it.params.bool('Vshow')) return
    const k = c.centerOfMass!() as FrameKinematics
    const p = new Float64Array(3),
      R = new Float64Array(9)
    k.position(s, p)
    k.rotationMatrix(s, R)
    // A disc about the local z-axis with a frame that shows the angle.
    const axis = [R[2] * 0.02, R[5] * 0.02, R[8] * 0.02]
    g.add({
      shape: 'cylinder',
      from: [p[0] - axis[0], p[1] - axis[1], p[2] - axis[2]],
      to: [p[0] + axis[0], p[1] + axis[1], p[2] + axis[2]],
      radius: 0.1,
      color: it.params.color('Vcolor', DEFAULT_COLORS.body),
    })
    g.add({ shape: 'frame', origin: [...p], rotation: [...R], size: 0.15 })
  },
})
