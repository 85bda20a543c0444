// URDF joint limits kept as limit stops (options.limitStops) in the KinematicTree formulation. The
// reference is the stop's static equilibrium: a pendulum that gravity drives past its upper limit
// comes to rest where the stop's moment K (q - upper) equals gravity's moment m g L cos q.
import { describe, expect, it } from 'vitest'
import { importUrdf } from '../../../../src/core'
import { run, sensorSeries, type Json } from '../../../validation/helpers'

const m = 1,
  L = 0.5,
  g = 9.81,
  K = 100
// Inertia about the hinge J = m L^2 + 0.001; D = 2 sqrt(K J) damps the stop critically, so the
// pendulum stays on it after the first contact.
const J = m * L * L + 0.001
const D = 2 * Math.sqrt(K * J)

// A link along x on a hinge about y: gravity -z turns it towards +q with moment m g L cos q.
const PENDULUM = `<robot name="pendulum"><link name="base"/>
  <link name="arm"><inertial><origin xyz="${L} 0 0"/><mass value="${m}"/>
    <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/></inertial></link>
  <joint name="hinge" type="revolute"><parent link="base"/><child link="arm"/><axis xyz="0 1 0"/>
    <limit lower="-0.5" upper="0.5" effort="3" velocity="2"/></joint>
</robot>`
const settings = {
  solverType: 'RK44',
  timeIntegration: { endTime: 3, numberOfSteps: 3000 },
  solutionSettings: { sensorsWritePeriod: 0.01 },
}

/** The hinge angle over 3 s, released at rest from q = 0. */
function hingeAngle(model: Json): number[] {
  const { recorder } = run(model, settings)
  return sensorSeries(recorder, 'hinge').values.map((v) => v[0])
}

describe('URDF joint limits as limit stops', () => {
  it('a pendulum driven past its upper limit rests on the stop where K (q - upper) = m g L cos q', () => {
    const imported = importUrdf(PENDULUM, {
      formulation: 'tree',
      gravity: [0, 0, -g],
      jointSensors: true,
      limitStops: { stiffness: K, damping: D },
    })
    expect(imported.notes).toEqual(['joint "hinge": limits (effort 3, velocity 2) not enforced'])
    expect((imported.model.objects as Json[]).find((o) => o.name === 'hingeLimits')).toMatchObject({
      type: 'ConnectorCoordinateSpringDamperExt',
      stiffness: 0,
      damping: 0,
      useLimitStops: true,
      limitStopsLower: -0.5,
      limitStopsUpper: 0.5,
      limitStopsStiffness: K,
      limitStopsDamping: D,
    })
    // Static equilibrium of the stop, solved by Newton: f(q) = K (q - 0.5) - m g L cos q = 0.
    let q = 0.5
    for (let k = 0; k < 20; k++)
      q -= (K * (q - 0.5) - m * g * L * Math.cos(q)) / (K + m * g * L * Math.sin(q))
    const angle = hingeAngle(imported.model)
    // The contact transient decays as exp(-sqrt(K/J) t) = exp(-20 t): gone to 1e-12 within 2 s of the
    // contact (the rest state is an exact fixed point of the integrator), so 1e-10 rad is round-off.
    expect(Math.abs(angle[angle.length - 1] - q)).toBeLessThan(1e-10)
    // The overshoot is the moment over the stiffness, here 0.0434 rad (m g L cos q / K).
    expect(q - 0.5).toBeCloseTo((m * g * L * Math.cos(q)) / K, 12)
    // The stop catches the swing (0.592 rad at most, the free swing reaches pi) and holds it.
    expect(Math.max(...angle)).toBeLessThan(0.6)
  })

  it('without the option the limit is only listed and the pendulum swings past it', () => {
    const imported = importUrdf(PENDULUM, { formulation: 'tree', gravity: [0, 0, -g], jointSensors: true })
    expect(imported.notes).toEqual([
      'joint "hinge": limits (lower -0.5, upper 0.5, effort 3, velocity 2) not enforced',
    ])
    expect(imported.model.objects as Json[]).toHaveLength(1)
    // Released horizontally it swings down through pi/2 to pi (energy conservation).
    expect(Math.max(...hingeAngle(imported.model))).toBeGreaterThan(3)
  })

  it('the bodies formulation has no joint coordinate for a stop: the limit is listed, saying why', () => {
    const imported = importUrdf(PENDULUM, {
      formulation: 'bodies',
      gravity: [0, 0, -g],
      limitStops: { stiffness: K, damping: D },
    })
    expect(imported.notes).toEqual([
      'joint "hinge": limits (lower -0.5, upper 0.5, effort 3, velocity 2) not enforced ' +
        '(limit stops need the joint coordinate of the KinematicTree formulation)',
    ])
    expect((imported.model.objects as Json[]).map((o) => o.type)).not.toContain(
      'ConnectorCoordinateSpringDamperExt',
    )
  })

  it('refuses a stiffness that is not positive, naming the option', () => {
    expect(() =>
      importUrdf(PENDULUM, { formulation: 'tree', limitStops: { stiffness: 0, damping: 1 } }),
    ).toThrow('limit stops: expected a stiffness > 0 and a damping >= 0, got 0, 1')
  })
})
