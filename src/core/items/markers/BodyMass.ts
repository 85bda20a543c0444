import type { MarkerComputation, PointKinematics } from '../../system/computation'
import { visualizationParams } from '../common/itemFields'
import { defineMarker, provides, requireTrait } from '../common/markerBase'

const BODY_MASS = provides({ position: true, bodyMass: true })

class BodyMassMarker implements MarkerComputation {
  readonly provides = BODY_MASS
  constructor(
    readonly kinematics: PointKinematics,
    private readonly body: { readonly mass?: number },
  ) {}
  /** The body's mass now: a mass taken in place at a run's start (atRunStart) reaches its loads. */
  get mass(): number {
    return this.body.mass ?? 0
  }
  setupLTG(): void {}
}

export const MarkerBodyMass = defineMarker(BODY_MASS, {
  type: 'BodyMass',
  doc: "A body's mass at its centre of mass, for mass-proportional loads such as gravity.",
  parameters: {
    bodyNumber: { type: 'ref', kind: 'object', doc: 'the body' },
    ...visualizationParams(),
  },
  check: requireTrait('bodyNumber', 'object', 'body', 'a body'),
  build: (it, ctx) => {
    const b = ctx.object(it.params.ref('bodyNumber'))
    return new BodyMassMarker(b.centerOfMass!(), b)
  },
})
