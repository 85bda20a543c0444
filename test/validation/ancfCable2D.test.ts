// ObjectANCFCable2D against independent references: Exudyn's MiniExample rebuilt item for item
// (published tip displacement), the geometrically nonlinear cantilever (elastica) under a tip load
// with mesh refinement, pre-curvature and pre-stretch, the analytic Jacobian against central
// differences, and the energy balance of a swinging flexible pendulum.
import { describe, expect, it } from 'vitest'
import { makeProject, measuredOrder, rk4, run, sensorSeries, type Json } from './helpers'
import {
  expectJacobianMatchesCentralDifferences,
  straightCable,
  type CableProperties,
} from './ancfCableModels'
import { buildSystem } from '../../src/core/simulation'
import { createSolver } from '../../src/core'
import type { AncfCable2DElement } from '../../src/core/items/objects/ANCFCable2D'

const tipSensor = (node: string, outputVariableType = 'Position'): Json => ({
  type: 'Node',
  name: 'tip',
  nodeNumber: node,
  outputVariableType,
})
const lastRow = (r: Parameters<typeof sensorSeries>[0], name: string): number[] =>
  sensorSeries(r, name).values.at(-1)!

describe('ANCFCable2D statics', () => {
  it("Exudyn's MiniExample: 32 elements under self-weight, tip ux = -0.5013058140308901", () => {
    const model = straightCable({
      p0: [0, 0],
      p1: [2, 0],
      elements: 32,
      cable: {
        physicsMassPerLength: 78,
        physicsBendingStiffness: 833.3333333333333,
        physicsAxialStiffness: 1e6,
      },
      fixedConstraintsNode0: [1, 1, 0, 1],
      massProportionalLoad: [0, -9.81],
    })
    // Newton: EA = 1e6 puts the round-off of the internal forces near 1e-8 N, which the default
    // relative tolerance (1e-10 of the 49 N load per node) cannot reach; 1e-8 still bounds the
    // displacement error by (residual / smallest stiffness) ~ 1e-8 / 100 N/m = 1e-10 m.
    const { recorder } = run(
      { ...model, sensors: [tipSensor('n32', 'Displacement')] },
      { solverType: 'Static', staticSolver: { numberOfLoadSteps: 1, newton: { relativeTolerance: 1e-8 } } },
    )
    // Same element, same integration rules, same mesh as Exudyn: agreement to round-off is expected;
    // 1e-12 m allows for a different summation order over 32 elements.
    expect(Math.abs(lastRow(recorder, 'tip')[0] - -0.5013058140308901)).toBeLessThan(1e-12)
  })

  /**
   * The extensible elastica of a cantilever (clamped at s = 0) under a fixed tip force [0, -P]:
   * with theta the tangent angle over the reference arc length s, eps = N / EA = -P sin(theta) / EA,
   *   x' = (1 + eps) cos theta,  y' = (1 + eps) sin theta,  EI theta'' = P (1 + eps) cos theta,
   * theta(0) = 0, theta'(L) = 0 (no tip moment): the continuum the element discretizes (K = theta').
   * Shooting on theta'(0) with RK4 (4000 steps, error ~1e-13).
   */
  function elastica(P: number, EI: number, EA: number, L: number): { x: number; y: number } {
    const f = (_s: number, y: number[]): number[] => {
      const eps = (-P * Math.sin(y[0])) / EA
      return [
        y[1],
        (P * (1 + eps) * Math.cos(y[0])) / EI,
        (1 + eps) * Math.cos(y[0]),
        (1 + eps) * Math.sin(y[0]),
      ]
    }
    const endMoment = (k0: number): number[] => rk4(f, [0, k0, 0, 0], 0, L, 4000)
    // theta'(L) as a function of theta'(0): bisection between no curvature and the linear estimate x 2.
    let lo = (-2 * P * L) / EI,
      hi = 0
    for (let i = 0; i < 80; i++) {
      const mid = (lo + hi) / 2
      if (endMoment(mid)[1] > 0) hi = mid
      else lo = mid
    }
    const y = endMoment((lo + hi) / 2)
    return { x: y[2], y: y[3] }
  }

  const EI = 1,
    EA = 1e4,
    L = 1,
    P = 3 // P L^2 / EI = 3: tip rotation about 60 degrees
  const cantilever = (elements: number, integration: number): number[] => {
    const model = straightCable({
      p0: [0, 0],
      p1: [L, 0],
      elements,
      cable: {
        physicsMassPerLength: 1,
        physicsBendingStiffness: EI,
        physicsAxialStiffness: EA,
        useReducedOrderIntegration: integration,
      },
      fixedConstraintsNode0: [1, 1, 0, 1],
    })
    model.markers.push({ type: 'NodePosition', name: 'tipMarker', nodeNumber: `n${elements}` })
    model.loads.push({
      type: 'ForceVector',
      name: 'tipForce',
      markerNumber: 'tipMarker',
      loadVector: [0, -P, 0],
    })
    const { recorder } = run(
      { ...model, sensors: [tipSensor(`n${elements}`)] },
      { solverType: 'Static', staticSolver: { numberOfLoadSteps: 5 } },
    )
    return lastRow(recorder, 'tip')
  }

  it('a tip-loaded cantilever converges to the elastica on refinement (full and reduced integration)', () => {
    const ref = elastica(P, EI, EA, L)
    // Published inextensible value (Bisshopp and Drucker 1945, P L^2/EI = 3): vertical tip deflection
    // 0.6033 L; extensibility (eps ~ 3e-4) shifts it by less than 1e-3 L.
    expect(Math.abs(-ref.y - 0.6033)).toBeLessThan(1e-3)
    for (const integration of [0, 1]) {
      const meshes = [2, 4, 8, 16]
      const errors = meshes.map((n) => {
        const tip = cantilever(n, integration)
        return Math.hypot(tip[0] - ref.x, tip[1] - ref.y)
      })
      // Cubic Hermite elements: the tip error falls with h^4 (measured 4.8 full, 4.3 reduced; 3.5 is
      // the bound), and 16 elements are within 1e-5 L of the continuum (measured 1.1e-6 and 3.4e-6).
      expect(
        measuredOrder(
          meshes.map((n) => L / n),
          errors,
        ),
      ).toBeGreaterThan(3.5)
      expect(errors.at(-1)!).toBeLessThan(1e-5 * L)
    }
  })

  it('pre-curvature K0: the unloaded cantilever rolls up into a circular arc', () => {
    const K0 = 1.2
    const errors = [4, 8, 16].map((n) => {
      const model = straightCable({
        p0: [0, 0],
        p1: [L, 0],
        elements: n,
        cable: {
          physicsMassPerLength: 1,
          physicsBendingStiffness: EI,
          physicsAxialStiffness: EA,
          physicsReferenceCurvature: K0,
        },
        fixedConstraintsNode0: [1, 1, 0, 1],
      })
      const { recorder } = run(
        { ...model, sensors: [tipSensor(`n${n}`)] },
        { solverType: 'Static', staticSolver: { numberOfLoadSteps: 2 } },
      )
      const tip = lastRow(recorder, 'tip')
      // Arc of curvature K0 and length L: the tip at (sin(K0 L), 1 - cos(K0 L)) / K0.
      return Math.hypot(tip[0] - Math.sin(K0 * L) / K0, tip[1] - (1 - Math.cos(K0 * L)) / K0)
    })
    // Cubic elements approximate the circle with an error falling with h^4 (measured 4.0); 16
    // elements are within 1e-6 L (measured 9.3e-8).
    expect(measuredOrder([1 / 4, 1 / 8, 1 / 16], errors)).toBeGreaterThan(3.5)
    expect(errors[2]).toBeLessThan(1e-6 * L)
  })

  it('pre-stretch eps0 adds eps0 L to a free cable; strainIsRelativeToReference: stress-free curve', () => {
    const eps0 = 0.01
    const stretched = straightCable({
      p0: [0, 0],
      p1: [L, 0],
      elements: 4,
      cable: {
        physicsMassPerLength: 1,
        physicsBendingStiffness: EI,
        physicsAxialStiffness: EA,
        physicsReferenceAxialStrain: eps0,
      },
      fixedConstraintsNode0: [1, 1, 0, 1],
    })
    const r1 = run({ ...stretched, sensors: [tipSensor('n4')] }, { solverType: 'Static' }).recorder
    // Uniform strain is exactly representable: only the Newton tolerance remains.
    expect(Math.abs(lastRow(r1, 'tip')[0] - (1 + eps0) * L)).toBeLessThan(1e-12)

    // Nodes on a quarter circle of radius R with tangent slopes: with fRef = 1 this is the stress-free state.
    const R = 1,
      n = 6
    const model = straightCable({
      p0: [0, 0],
      p1: [L, 0],
      elements: n,
      cable: {
        physicsMassPerLength: 1,
        physicsBendingStiffness: EI,
        physicsAxialStiffness: EA,
        strainIsRelativeToReference: 1,
      },
      fixedConstraintsNode0: [1, 1, 0, 1],
    })
    model.nodes.forEach((node) => {
      if (node.type !== 'Point2DSlope1') return
      const phi = ((Number(String(node.name).slice(1)) / n) * Math.PI) / 2
      node.referenceCoordinates = [R * Math.sin(phi), R * (1 - Math.cos(phi)), Math.cos(phi), Math.sin(phi)]
    })
    const arc = (R * Math.PI) / 2 / n
    model.objects.forEach((o) => {
      if (o.type === 'ANCFCable2D') o.physicsLength = arc
    })
    const r2 = run(
      { ...model, sensors: [tipSensor(`n${n}`, 'Displacement')] },
      { solverType: 'Static' },
    ).recorder
    expect(Math.hypot(...lastRow(r2, 'tip'))).toBeLessThan(1e-12)
  })

  it('the analytic Jacobian (stiffness and damping) equals central differences of the forces', () => {
    const model = straightCable({
      p0: [0, 0],
      p1: [2, 0],
      elements: 1,
      cable: {
        physicsMassPerLength: 78,
        physicsBendingStiffness: 833,
        physicsAxialStiffness: 1e4,
        physicsAxialDamping: 3,
        physicsBendingDamping: 2,
        strainIsRelativeToReference: 0.5,
        physicsReferenceCurvature: 0.3,
      },
      fixedConstraintsNode0: [],
    })
    const system = buildSystem(makeProject({ ...model, sensors: [] }, {}))
    expectJacobianMatchesCentralDifferences(system, 8)
  })
})

describe('ANCFCable2D dynamics', () => {
  it('swinging flexible pendulum: kinetic + gravity + strain energy stays constant', () => {
    const n = 6,
      g = 9.81,
      L = 1
    const cable: CableProperties = {
      physicsMassPerLength: 2,
      physicsBendingStiffness: 5,
      physicsAxialStiffness: 2e3,
    }
    // Pinned at node 0 (positions fixed, slope free), released horizontally.
    const model = straightCable({
      p0: [0, 0],
      p1: [L, 0],
      elements: n,
      cable,
      fixedConstraintsNode0: [1, 1, 0, 0],
      massProportionalLoad: [0, -g],
    })
    const project = makeProject(
      { ...model, sensors: [] },
      { solverType: 'TrapezoidalIndex2', timeIntegration: { endTime: 0.6, numberOfSteps: 1200 } },
    )
    const system = buildSystem(project)
    const solver = createSolver(system, project.settings)
    const elements = system.objects
      .map((r) => r.computation)
      .filter((c): c is AncfCable2DElement => 'strainEnergy' in c)
    const centre = new Float64Array(3),
      ke = new Float64Array(1)
    const energy = (): number => {
      let e = 0
      for (const c of elements) {
        c.output('KineticEnergy', system.state, ke)
        c.centerOfMass().position(system.state, centre)
        e += ke[0] + c.strainEnergy(system.state) + c.mass * g * centre[1]
      }
      return e
    }
    solver.initializeSolver()
    const e0 = energy()
    let maxDrift = 0,
      minHeight = 0
    while (!solver.finished) {
      solver.solveStep()
      maxDrift = Math.max(maxDrift, Math.abs(energy() - e0))
      minHeight = Math.min(minHeight, system.state.q[system.nodes[n].computation.ode2Index + 1])
    }
    // The pendulum really swings (the tip falls by more than half the length) ...
    expect(minHeight).toBeLessThan(-0.5 * L)
    // ... and the trapezoidal rule (no numerical damping) keeps the energy up to its O(h^2) error of
    // the nonlinear terms: measured drift 3.2e-5 J against the work scale m g L = 19.6 J, bound 1e-5 of it.
    expect(maxDrift).toBeLessThan(1e-5 * cable.physicsMassPerLength * L * g)
  })
})
