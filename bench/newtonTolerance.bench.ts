// Newton's default relativeTolerance (docs/engine.md, "Newton"): the default runs of Exudyn's two implicit
// performance models (bench/models.ts; perfRigidPendulum without its file's 1e-6) against the same model
// converged (relativeTolerance 1e-12) in the same run. The accuracy column gives the largest difference of
// the end coordinates and of the sensors' summed abs values; Newton iterations and Jacobians per step set
// the cost, which the tolerance changes and the machine's load does not.
import '../src/core'
import type { JsonObject as Json } from '../src/core'
import { engineRow } from './exudyn.bench'
import { runEngine, type EngineResult } from './measure'
import { rigidBodies3D, rigidPendulum } from './models'
import type { BenchRow, BenchSuite } from './suite'

const CONVERGED_TOLERANCE = 1e-12

/** The model with its Newton relativeTolerance set, or removed (the default) for undefined. */
function withTolerance(m: { model: Json; settings: Json }, relativeTolerance?: number): Json[] {
  const timeIntegration = m.settings.timeIntegration as Json
  const newton = { ...((timeIntegration.newton ?? {}) as Json) }
  if (relativeTolerance === undefined) delete newton.relativeTolerance
  else newton.relativeTolerance = relativeTolerance
  return [m.model, { ...m.settings, timeIntegration: { ...timeIntegration, newton } }]
}

const sumAbs = (v: number[][]): number => v.flat().reduce((s, x) => s + Math.abs(x), 0)

function maxDifference(a: Float64Array, b: Float64Array): number {
  let d = 0
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i] - b[i]))
  return d
}

/** The default run and the converged one of a model, as two rows. */
function pair(name: string, m: { model: Json; settings: Json }): BenchRow[] {
  const [model, settings] = withTolerance(m)
  const ours = runEngine(model, settings)
  const [cModel, cSettings] = withTolerance(m, CONVERGED_TOLERANCE)
  const converged = runEngine(cModel, cSettings)
  const sensors = (r: EngineResult): number => sumAbs(Object.values(r.sensors))
  const dq = maxDifference(ours.finalCoordinates, converged.finalCoordinates)
  const ds = Math.abs(sensors(ours) - sensors(converged))
  return [
    engineRow(name, ours, {
      engine: 'MBS Studio (default relativeTolerance)',
      accuracy: `end coordinates ${dq.toExponential(2)}, sensors ${ds.toExponential(2)} from the converged`,
    }),
    engineRow(name, converged, {
      engine: `MBS Studio (relativeTolerance ${CONVERGED_TOLERANCE}, the converged reference)`,
      accuracy: `sensors summed abs ${sensors(converged).toPrecision(16)}`,
    }),
  ]
}

export const suite: BenchSuite = {
  name: 'newtonTolerance',
  async run() {
    return [
      ...pair('perfRigidPendulum', rigidPendulum(1_000_000)),
      ...pair('perf3DRigidBodies (400 bodies)', rigidBodies3D(400, 1000)),
    ]
  },
}
