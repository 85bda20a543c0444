// The energies of the whole system (ours: Exudyn has no such sensor, its users sum object outputs):
//   KineticEnergy   T = sum over objects with mass of 1/2 q_t^T M(q) q_t (exact for every body type:
//                   M is each object's exact mass matrix, Euler-parameter and kinematic-tree ones included),
//   PotentialEnergy V = sum of the objects' and loads' potentials (springs, strain, gravity, constant
//                   forces; PotentialSource in system/computation.ts),
//   TotalEnergy     T + V, constant for a conservative model.
// Items whose forces have no potential known here (user-function force laws, torque loads, contacts)
// are refused with their reason, since a V without them would look conserved or balanced and is not.
import type { BuildContext } from '../../model/definition'
import type { ItemKind } from '../../model/types'
import type { LoadComputation, ObjectComputation, PotentialSource } from '../../system/computation'
import { kineticEnergyOf } from '../../system/kineticEnergy'
import type { SensorComputation } from '../../system/sensorComputation'
import type { SystemState } from '../../system/state'
import { defineSensor } from '../common/sensorBase'

export const ENERGY_OUTPUTS = ['KineticEnergy', 'PotentialEnergy', 'TotalEnergy'] as const

/** An object with mass and its mass-matrix buffer. */
interface MassiveObject {
  object: ObjectComputation
  M: Float64Array
}

class SystemEnergySensor implements SensorComputation {
  readonly size = 1
  private massive: MassiveObject[] = []
  private potentials: PotentialSource[] = []
  constructor(
    private readonly ctx: BuildContext,
    readonly outputVariableType: string,
  ) {}
  /** Collects the items at every setup, so items added later are counted too. */
  setupLTG(): void {
    const objects: ObjectComputation[] = []
    for (let i = 0; i < this.ctx.count('object'); i++) objects.push(this.ctx.object(i))
    const loads: LoadComputation[] = []
    for (let i = 0; i < this.ctx.count('load'); i++) loads.push(this.ctx.load(i))
    this.massive = objects
      .filter((o) => o.computeMassMatrix)
      .map((object) => ({ object, M: new Float64Array(object.ltgODE2.length ** 2) }))
    this.potentials = [...objects, ...loads].filter((p) => p.potentialEnergy)
  }
  private kinetic(s: SystemState): number {
    let e = 0
    for (const { object, M } of this.massive) {
      M.fill(0)
      object.computeMassMatrix!(s, M)
      e += kineticEnergyOf(M, object.ltgODE2, s.v)
    }
    return e
  }
  private potential(s: SystemState): number {
    let e = 0
    for (const p of this.potentials) e += p.potentialEnergy!(s)
    return e
  }
  evaluate(s: SystemState, out: Float64Array): void {
    const v = this.outputVariableType
    out[0] = (v === 'PotentialEnergy' ? 0 : this.kinetic(s)) + (v === 'KineticEnergy' ? 0 : this.potential(s))
  }
}

/** The first object or load whose forces have no potential, as a message; undefined if none. */
function withoutPotential(ctx: BuildContext): string | undefined {
  const kinds: [ItemKind, (i: number) => PotentialSource][] = [
    ['object', (i) => ctx.object(i)],
    ['load', (i) => ctx.load(i)],
  ]
  for (const [kind, computation] of kinds)
    for (let i = 0; i < ctx.count(kind); i++) {
      const reason = computation(i).noPotential
      const it = ctx.item(kind, i)
      if (reason) return `${kind} "${it.name}" (${it.type}) ${reason}`
    }
  return undefined
}

const definition = defineSensor({
  type: 'System',
  doc:
    'Records an energy of the whole system (ours, not in Exudyn): KineticEnergy T = sum of 1/2 ' +
    "q_t^T M q_t over all bodies, PotentialEnergy V of springs (ConnectorSpringDamper, ...: each item's " +
    'own), strain of flexible bodies, gravity (MassProportional loads, a KinematicTree gravity) and ' +
    'constant forces, or TotalEnergy T + V. Dampers and friction dissipate; drives and time-varying ' +
    'loads do work; items whose forces have no potential here (a user-function force law, torque ' +
    'loads, body-fixed forces, contacts) are refused for PotentialEnergy and TotalEnergy, naming the item.',
  parameters: {},
  build: (it, ctx) => {
    const v = it.params.string('outputVariableType')
    const missing = v === 'KineticEnergy' ? undefined : withoutPotential(ctx)
    if (missing)
      throw new Error(`sensor "${it.name}": ${v} needs the potential of every force, but ${missing}`)
    return new SystemEnergySensor(ctx, v)
  },
})

/** The energies are its only outputs, TotalEnergy the default. */
export const SensorSystem = {
  ...definition,
  parameters: {
    ...definition.parameters,
    outputVariableType: {
      ...definition.parameters.outputVariableType,
      values: ENERGY_OUTPUTS,
      default: 'TotalEnergy',
    },
  },
}
