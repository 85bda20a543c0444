// A Tait-Bryan node nearing gimbal lock gets a warning naming it. A free rigid body with a spherical
// inertia spinning at 1 rad/s about the global y axis (rx = rz = 0): torque-free, so ry = t exactly,
// and |cos ry| < 0.05 (SINGULAR_ANGLE_WARNING) from ry = acos(0.05) = 1.5208 rad on.
import { describe, expect, it } from 'vitest'
import { SINGULAR_ANGLE_WARNING } from '../../src/core/solvers/solverBase'
import { prepare } from './helpers'

const spinner = {
  nodes: [{ type: 'RigidBodyRxyz', name: 'spinnerNode', initialVelocities: [0, 0, 0, 0, 1, 0] }],
  objects: [
    {
      type: 'RigidBody',
      name: 'spinner',
      nodeNumber: 'spinnerNode',
      physicsMass: 1,
      physicsInertia: [1, 1, 1, 0, 0, 0],
    },
  ],
  markers: [],
  loads: [],
  sensors: [],
}

describe('Tait-Bryan singularity warning', () => {
  for (const solverType of ['RK44', 'GeneralizedAlpha'])
    it(`${solverType}: one warning naming the node as ry passes acos(0.05)`, () => {
      const { solver, system } = prepare(spinner, {
        solverType,
        timeIntegration: { endTime: 1.53, numberOfSteps: 1530 },
      })
      solver.solve()
      expect(solver.warnings).toHaveLength(1)
      const w = solver.warnings[0]
      expect(w.items).toEqual(['node "spinnerNode" (RigidBodyRxyz)'])
      expect(w.message).toMatch(
        /^node "spinnerNode" \(RigidBodyRxyz\) is 2\.\d\d deg from the singular angle/,
      )
      // The first step that ends past ry = acos(0.05).
      const crossing = Math.acos(SINGULAR_ANGLE_WARNING)
      expect(w.time).toBeGreaterThanOrEqual(crossing)
      expect(w.time).toBeLessThan(crossing + 1e-3 + 1e-12)
      expect(Math.abs(system.state.q[4] - 1.53)).toBeLessThan(1e-6)
    })
})
