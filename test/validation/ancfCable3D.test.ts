// ObjectANCFCable (3D) against independent references: Exudyn's published MiniExample value, the 2D
// cable (ANCFCable2D, validated against the elastica) under a large tip load rotated into a general
// 3D direction, out-of-plane = in-plane bending for the round section, the linear cantilever
// P L^3 / (3 EI), and the analytic Jacobian against central differences.
import { describe, expect, it } from 'vitest'
import { makeProject, run, sensorSeries, type Json } from './helpers'
import { expectJacobianMatchesCentralDifferences, straightCable } from './ancfCableModels'
import { buildSystem } from '../../src/core/simulation'

interface Cable3D {
  p1: number[]
  elements: number
  cable: Record<string, number>
  /** Coordinates [x, y, z, r'x, r'y, r'z] of node 0 fixed to ground (1 = fixed). */
  fixed: number[]
  gravity?: number[]
  tipForce?: number[]
}

/** A straight line of ANCFCable elements from the origin to p1; nodes "n0".."nN". */
function cable3D(spec: Cable3D): Json {
  const n = spec.elements
  const length = Math.hypot(...spec.p1)
  const t = spec.p1.map((x) => x / length)
  const nodes: Json[] = [{ type: 'PointGround', name: 'ground' }]
  const objects: Json[] = []
  const markers: Json[] = [{ type: 'NodeCoordinate', name: 'groundCoordinate', nodeNumber: 'ground' }]
  const loads: Json[] = []
  for (let i = 0; i <= n; i++)
    nodes.push({
      type: 'PointSlope1',
      name: `n${i}`,
      referenceCoordinates: [...spec.p1.map((x) => (x * i) / n), ...t],
    })
  for (let i = 0; i < n; i++) {
    objects.push({
      type: 'ANCFCable',
      name: `c${i}`,
      nodeNumbers: [`n${i}`, `n${i + 1}`],
      physicsLength: length / n,
      ...spec.cable,
    })
    if (spec.gravity) {
      markers.push({ type: 'BodyMass', name: `mass${i}`, bodyNumber: `c${i}` })
      loads.push({
        type: 'MassProportional',
        name: `gravity${i}`,
        markerNumber: `mass${i}`,
        loadVector: spec.gravity,
      })
    }
  }
  spec.fixed.forEach((f, k) => {
    if (!f) return
    markers.push({ type: 'NodeCoordinate', name: `n0c${k}`, nodeNumber: 'n0', coordinate: k })
    objects.push({
      type: 'ConnectorCoordinate',
      name: `fix${k}`,
      markerNumbers: ['groundCoordinate', `n0c${k}`],
    })
  })
  if (spec.tipForce) {
    markers.push({ type: 'NodePosition', name: 'tipMarker', nodeNumber: `n${n}` })
    loads.push({
      type: 'ForceVector',
      name: 'tipForce',
      markerNumber: 'tipMarker',
      loadVector: spec.tipForce,
    })
  }
  return {
    nodes,
    objects,
    markers,
    loads,
    sensors: [{ type: 'Node', name: 'tip', nodeNumber: `n${n}`, outputVariableType: 'Displacement' }],
  }
}

const STATIC = (loadSteps: number): Json => ({
  solverType: 'Static',
  staticSolver: { numberOfLoadSteps: loadSteps },
})
const tip = (model: Json, settings: Json): number[] =>
  sensorSeries(run(model, settings).recorder, 'tip').values.at(-1)!

/** Rotation by angle about a unit axis (Rodrigues), row-major 3x3 as rows. */
function rotation(axis: number[], angle: number): number[][] {
  const [x, y, z] = axis,
    c = Math.cos(angle),
    s = Math.sin(angle),
    C = 1 - c
  return [
    [c + x * x * C, x * y * C - z * s, x * z * C + y * s],
    [y * x * C + z * s, c + y * y * C, y * z * C - x * s],
    [z * x * C - y * s, z * y * C + x * s, c + z * z * C],
  ]
}
const apply = (R: number[][], v: number[]): number[] =>
  R.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2])

describe('ANCFCable (3D) statics', () => {
  it("Exudyn's MiniExample: 32 elements under self-weight, tip ux = -0.5013058140308901", () => {
    const model = cable3D({
      p1: [2, 0, 0],
      elements: 32,
      cable: {
        physicsMassPerLength: 78,
        physicsBendingStiffness: 833.3333333333333,
        physicsAxialStiffness: 1e6,
      },
      fixed: [1, 1, 1, 0, 1, 1],
      gravity: [0, -9.81, 0],
    })
    // Newton tolerance as in the 2D test (EA = 1e6 puts the force round-off near 1e-8 N).
    const u = tip(model, {
      solverType: 'Static',
      staticSolver: { numberOfLoadSteps: 1, newton: { relativeTolerance: 1e-8 } },
    })
    // Exudyn's published value for the same mesh and rules; agreement to round-off.
    expect(Math.abs(u[0] - -0.5013058140308901)).toBeLessThan(1e-12)
    expect(Math.abs(u[2])).toBeLessThan(1e-14)
  })

  const EI = 1,
    EA = 1e4,
    L = 1,
    P = 3 // P L^2 / EI = 3: tip rotation about 60 degrees (elastica)
  const cable = { physicsMassPerLength: 1, physicsBendingStiffness: EI, physicsAxialStiffness: EA }

  it('the large-deflection 2D cantilever rotated into 3D gives the 2D tip displacement', () => {
    const model2D = straightCable({
      p0: [0, 0],
      p1: [L, 0],
      elements: 8,
      cable,
      fixedConstraintsNode0: [1, 1, 1, 1],
    })
    model2D.markers.push({ type: 'NodePosition', name: 'tipMarker', nodeNumber: 'n8' })
    model2D.loads.push({
      type: 'ForceVector',
      name: 'tipForce',
      markerNumber: 'tipMarker',
      loadVector: [0, -P, 0],
    })
    const u2D = tip(
      {
        ...model2D,
        sensors: [{ type: 'Node', name: 'tip', nodeNumber: 'n8', outputVariableType: 'Displacement' }],
      },
      STATIC(5),
    )
    const axis = [1, 2, 3].map((x) => x / Math.sqrt(14))
    const R = rotation(axis, 0.7)
    const u3D = tip(
      cable3D({
        p1: apply(R, [L, 0, 0]),
        elements: 8,
        cable,
        fixed: [1, 1, 1, 1, 1, 1],
        tipForce: apply(R, [0, -P, 0]),
      }),
      STATIC(5),
    )
    // Back in the 2D frame: R^T u. The discretized equations are the same up to the rotation, so the
    // difference is Newton's tolerance and round-off on a 0.6 m displacement.
    const back = [0, 1, 2].map((i) => R[0][i] * u3D[0] + R[1][i] * u3D[1] + R[2][i] * u3D[2])
    expect(Math.abs(u2D[1])).toBeGreaterThan(0.5)
    for (let i = 0; i < 3; i++) expect(Math.abs(back[i] - (u2D[i] ?? 0))).toBeLessThan(1e-10)
  })

  it('out-of-plane bending equals in-plane bending (round section)', () => {
    const along = (force: number[]): number[] =>
      tip(
        cable3D({ p1: [L, 0, 0], elements: 8, cable, fixed: [1, 1, 1, 0, 1, 1], tipForce: force }),
        STATIC(5),
      )
    const inPlane = along([0, -P, 0]),
      outOfPlane = along([0, 0, -P])
    expect(Math.abs(outOfPlane[2] - inPlane[1])).toBeLessThan(1e-10)
    expect(Math.abs(outOfPlane[0] - inPlane[0])).toBeLessThan(1e-10)
  })

  it('small deflection: tip deflection P L^3 / (3 EI)', () => {
    // Cubic Hermite elements contain the linear cantilever's cubic deflection exactly, so the element
    // count does not matter; what remains is the geometric nonlinearity, of relative order
    // (delta/L)^2 = 1e-8 here (no axial force for a transverse load); measured -1.4e-8.
    const Psmall = 3e-4
    const u = tip(
      cable3D({ p1: [L, 0, 0], elements: 2, cable, fixed: [1, 1, 1, 0, 1, 1], tipForce: [0, 0, -Psmall] }),
      STATIC(1),
    )
    const exact = (Psmall * L ** 3) / (3 * EI)
    expect(Math.abs(-u[2] / exact - 1)).toBeLessThan(1e-7)
  })

  it('the analytic Jacobian (stiffness and damping) equals central differences of the forces', () => {
    const model = cable3D({
      p1: [2, 0.5, -0.3],
      elements: 1,
      cable: {
        physicsMassPerLength: 78,
        physicsBendingStiffness: 833,
        physicsAxialStiffness: 1e4,
        physicsAxialDamping: 3,
        physicsBendingDamping: 2,
        strainIsRelativeToReference: 0.5,
        physicsReferenceAxialStrain: 0.01,
      },
      fixed: [],
    })
    const system = buildSystem(makeProject(model, {}))
    expectJacobianMatchesCentralDifferences(system, 12)
  })
})
