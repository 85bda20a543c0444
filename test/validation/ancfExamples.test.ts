// The example projects with ANCF cables and drives (resources/examples) against physics they must
// obey: the hanging cable's supports carry its weight symmetrically, the flexible pendulum stays on its
// pin, the driven crank turns at exactly the prescribed speed.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseProject, runProject, type Project } from '../../src/core'
import { sensorSeries } from './helpers'

function example(
  file: string,
  edit: (doc: { simulationSettings: Record<string, unknown> }) => void = () => {},
): Project {
  const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../resources/examples', file), 'utf8'))
  edit(doc)
  const r = parseProject(JSON.stringify(doc))
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('\n'))
  return r.project
}

describe('example projects with cables and drives', () => {
  it('hangingCable: in static equilibrium both supports carry half the weight, the sag is symmetric', () => {
    const project = example('hangingCable.mbsproj', (d) => {
      d.simulationSettings.solverType = 'Static'
      d.simulationSettings.staticSolver = { numberOfLoadSteps: 10 }
    })
    const { recorder, system } = runProject(project)
    const weight = 1 * 2 * 9.81 // rhoA * length * g
    // The vertical constraint forces (Lagrange multipliers act on the node with -lambda) balance the weight.
    const left = sensorSeries(recorder, 'supportForceY').values.at(-1)![0]
    const objects = system.objects.map((r) => r.item.name)
    const right = system.state.lambda[system.objects[objects.indexOf('fixEnd1')].computation.aeIndex]
    // Global equilibrium holds to the Newton tolerance (1e-10 relative); symmetry to round-off.
    expect(Math.abs(left + right + weight)).toBeLessThan(1e-8 * weight)
    expect(Math.abs(left - right)).toBeLessThan(1e-8 * weight)
    const mid = sensorSeries(recorder, 'midpoint').values.at(-1)!
    expect(Math.abs(mid[0] - 1)).toBeLessThan(1e-9)
    expect(mid[1]).toBeLessThan(-0.05)
  })

  it('flexiblePendulum: the pinned end stays at the origin while the cable swings', () => {
    const { recorder, system } = runProject(example('flexiblePendulum.mbsproj'), { endTime: 0.5 })
    const n0 = system.nodes.find((r) => r.item.name === 'n0')!.computation
    // Index-3 constraints hold to the Newton tolerance at every step.
    expect(Math.hypot(system.state.q[n0.ode2Index], system.state.q[n0.ode2Index + 1])).toBeLessThan(1e-10)
    expect(sensorSeries(recorder, 'tipPosition').values.at(-1)![1]).toBeLessThan(-0.3)
  })

  it('crankDriven: the crank turns at exactly -10 rad/s, the motor torque varies with the mechanism', () => {
    const { recorder } = runProject(example('crankDriven.mbsproj'), { endTime: 0.5 })
    const w = sensorSeries(recorder, 'crankAngularVelocity')
    // The drive prescribes the angle -10 t exactly (index 3); velocities follow to O(h^2) of
    // generalized-alpha: h = 1e-3, |omega| = 10 -> (omega h)^2 = 1e-4 relative; bound 1e-3 relative = 1e-2
    // rad/s.
    for (const row of w.values.slice(1)) expect(Math.abs(row[2] + 10)).toBeLessThan(1e-2)
    const torque = sensorSeries(recorder, 'motorTorque').values.map((r) => r[0])
    expect(Math.max(...torque) - Math.min(...torque)).toBeGreaterThan(0.1)
  })
})
