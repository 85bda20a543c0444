// JointGeneric's alternativeConstraints (Exudyn 1.11, experimental there): the rotation equations
// det[x0, y1, z0] - 1 ... at position level, the default C_q. References:
//  - a body welded to the ground under gravity and a torque stays at rest and the weld's reaction is
//    the static one: on the body force m g up, torque -(M + r x m g) (r the lever from the weld to the
//    centre); the outputs give the load on the ground, the negative (compared in magnitude here);
//  - two welded free bodies tumbling: the alternative residual is quadratic in the rotation error, so
//    Newton with the default Jacobian leaves an error of about sqrt(tolerance) that the motion then
//    builds up until Newton stalls, while the default equations run; Exudyn 1.11's own run of the
//    model stops the same way (at t = 0.055 s, its default run completes);
//  - at a 180 deg flip about z the default rotation equations vanish, the alternative ones do not.
// Exudyn 1.11's peer build on the welded body: from the joint's configuration both formulations give
// the same reactions; started 0.3 rad or 180 deg off, its alternative run fails (static and dynamic),
// since the residual is quadratic in the error and Newton uses the default Jacobian.
import { describe, expect, it } from 'vitest'
import { prepare, run, sensorSeries, solverErrorOf, type Json } from './helpers'

const g = 9.81,
  m = 2

/** A body (centre at x = 1, EP node turned by `angle` about z) welded at the origin to the ground. */
function welded(alternativeConstraints: boolean, angle = 0): Json {
  return {
    nodes: [
      {
        type: 'RigidBodyEP',
        name: 'node',
        referenceCoordinates: [1, 0, 0, Math.cos(angle / 2), 0, 0, Math.sin(angle / 2)],
      },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      {
        type: 'RigidBody',
        name: 'body',
        physicsMass: m,
        physicsInertia: [0.5, 0.6, 0.7, 0, 0, 0],
        nodeNumber: 'node',
      },
      {
        type: 'JointGeneric',
        name: 'weld',
        markerNumbers: ['groundFrame', 'bodyFrame'],
        constrainedAxes: [1, 1, 1, 1, 1, 1],
        alternativeConstraints,
      },
    ],
    markers: [
      { type: 'BodyRigid', name: 'groundFrame', bodyNumber: 'ground' },
      { type: 'BodyRigid', name: 'bodyFrame', bodyNumber: 'body', localPosition: [-1, 0, 0] },
      { type: 'BodyMass', name: 'mass', bodyNumber: 'body' },
    ],
    loads: [
      { type: 'MassProportional', name: 'gravity', markerNumber: 'mass', loadVector: [0, -g, 0] },
      { type: 'TorqueVector', name: 'torque', markerNumber: 'bodyFrame', loadVector: [1, 2, 3] },
    ],
    sensors: [
      { type: 'Node', name: 'q', nodeNumber: 'node', outputVariableType: 'Coordinates' },
      { type: 'Object', name: 'force', objectNumber: 'weld', outputVariableType: 'Force' },
      { type: 'Object', name: 'torque', objectNumber: 'weld', outputVariableType: 'Torque' },
    ],
  }
}

const settings = (endTime: number, numberOfSteps: number): Json => ({
  solverType: 'GeneralizedAlpha',
  timeIntegration: { endTime, numberOfSteps },
  solutionSettings: { sensorsWritePeriod: 0 },
})

const difference = (x: number[], y: number[]) => Math.max(...x.map((xi, i) => Math.abs(xi - y[i])))

describe('JointGeneric alternativeConstraints', () => {
  it('a welded body stays at rest with the static reaction, as with the default equations', () => {
    const last = (alternative: boolean) => {
      const r = run(welded(alternative), settings(0.1, 100)).recorder
      return ['q', 'force', 'torque'].map((name) => sensorSeries(r, name).values.at(-1)!)
    }
    const [q, force, torque] = last(true)
    expect(Math.max(...q.map(Math.abs))).toBeLessThan(1e-14)
    // Reaction on the body: m g up and -(M + r x m g down), r = [1, 0, 0]: -([1, 2, 3] + [0, 0, -m g]).
    // Newton's tolerance (1e-10 relative) bounds the difference to the exact statics.
    const reaction = [...force.map(Math.abs), ...torque.map(Math.abs)]
    expect(difference(reaction, [0, m * g, 0, 1, 2, m * g - 3])).toBeLessThan(1e-8)
    const [qDefault, forceDefault, torqueDefault] = last(false)
    expect(difference(q, qDefault)).toBeLessThan(1e-14)
    expect(difference([...force, ...torque], [...forceDefault, ...torqueDefault])).toBeLessThan(1e-9)
  })

  it('two welded free bodies tumbling: the default equations run, the alternative ones stall', () => {
    const tumbling = (alternativeConstraints: boolean) => {
      const w = [1.5, -2, 3]
      const model: Json = {
        nodes: [
          {
            type: 'RigidBodyEP',
            name: 'na',
            referenceCoordinates: [0, 0, 0, 1, 0, 0, 0],
            initialVelocities: [0, 0, 0, 0, w[0] / 2, w[1] / 2, w[2] / 2],
          },
          {
            type: 'RigidBodyEP',
            name: 'nb',
            referenceCoordinates: [0.5, 0, 0, 1, 0, 0, 0],
            // Rigid motion: v_b = w x [0.5, 0, 0].
            initialVelocities: [0, 0.5 * w[2], -0.5 * w[1], 0, w[0] / 2, w[1] / 2, w[2] / 2],
          },
        ],
        objects: ['a', 'b'].map((b, i) => ({
          type: 'RigidBody',
          name: b,
          physicsMass: 1 + i,
          physicsInertia: [0.1, 0.2 + 0.1 * i, 0.3, 0, 0, 0],
          nodeNumber: `n${b}`,
        })),
        markers: [
          { type: 'BodyRigid', name: 'ma', bodyNumber: 'a', localPosition: [0.25, 0, 0] },
          { type: 'BodyRigid', name: 'mb', bodyNumber: 'b', localPosition: [-0.25, 0, 0] },
        ],
        sensors: [
          { type: 'Node', name: 'q', nodeNumber: 'nb', outputVariableType: 'Coordinates' },
          { type: 'Object', name: 'torque', objectNumber: 'weld', outputVariableType: 'Torque' },
        ],
      }
      ;(model.objects as Json[]).push({
        type: 'JointGeneric',
        name: 'weld',
        markerNumbers: ['ma', 'mb'],
        alternativeConstraints,
      })
      return prepare(model, {
        ...settings(1, 1000),
        timeIntegration: { endTime: 1, numberOfSteps: 1000, adaptiveStep: false },
      }).solver
    }
    expect(tumbling(false).solve().steps).toBe(1000)
    const failure = solverErrorOf(() => tumbling(true).solve())
    expect(failure.message).toMatch(/Newton did not converge/)
    expect(failure.time).toBeLessThan(0.5)
  })

  it('started 0.3 rad off the weld without step control, the run fails instead of hanging', () => {
    // Far from the constraint manifold two selections of dropped equations each left the other's
    // matrix singular, and the implicit solver alternated between them forever.
    const { solver } = prepare(welded(false, 0.3), {
      ...settings(0.1, 100),
      timeIntegration: { endTime: 0.1, numberOfSteps: 100, adaptiveStep: false },
    })
    const failure = solverErrorOf(() => solver.solve())
    expect(failure.message).toMatch(/system matrix is singular/)
    expect(failure.time).toBeLessThan(0.1)
  })

  it('a 180 deg flip about z satisfies the default rotation equations, not the alternative ones', () => {
    const residual = (alternative: boolean): number[] => {
      const { system } = prepare(welded(alternative, Math.PI), settings(0.1, 100))
      const weld = system.objects.find((r) => r.item.name === 'weld')!.computation
      const g = new Float64Array(weld.nAE)
      weld.computeAE!(system.state, g, false)
      return [...g.subarray(3)]
    }
    // Default: z0 . y1, z0 . x1, x0 . y1 all vanish at the flip (x1 = -x0, y1 = -y0). Alternative:
    // det[x0, y1, z0] - 1 = y0 . y1 - 1 = -2, det[y0, z1, x0] - 1 = z1 . z0 - 1 = 0,
    // det[z0, x1, y0] - 1 = x1 . x0 - 1 = -2 (round-off of cos(pi / 2) = 6e-17 in the Euler parameters).
    expect(Math.max(...residual(false).map(Math.abs))).toBeLessThan(1e-15)
    expect(difference(residual(true), [-2, 0, -2])).toBeLessThan(1e-15)
  })
})
