// axialForceUserFunction and bendingMomentUserFunction on ANCFCable2D (Exudyn 1.11's arguments: t,
// axialPositionNormalized, the point's strain, its rate and reference value, the stiffness and damping,
// and the other strain with its rate and reference). References, independent of the engine:
//  - user functions that are the linear laws give the built-in element's motion (same equations, other
//    evaluation order: round-off only; the Newton matrix takes their derivatives by central differences);
//  - a straight cable pulled at its tip by F with N = EA eps + c eps^3: the axial force is F at every
//    point, so the strain is the root of EA e + c e^3 = F and the tip moves by L e exactly (the cubic
//    interpolation holds the uniform stretch exactly);
//  - a cantilever under gravity with Exudyn's own example laws (bending moment limited by atan, a cubic
//    axial term), solved statically, against Exudyn's static solution of the same model with its Python
//    user functions (the peer build).
import { describe, expect, it } from 'vitest'
import { run, sensorSeries, type Json } from './helpers'
import { straightCable, type StraightCable } from './ancfCableModels'

const LINEAR_AXIAL =
  'physicsAxialStiffness*(axialStrain - axialStrainRef) + physicsAxialDamping*axialStrain_t'
const LINEAR_BENDING =
  'physicsBendingStiffness*(curvature - curvatureRef) + physicsBendingDamping*curvature_t'

/** A straight cable (straightCable) with the user laws on every element and a sensor on the last node. */
function cableModel(spec: StraightCable, laws: Json, extra: Partial<Json> = {}): Json {
  const model = straightCable(spec)
  for (const o of model.objects) if (o.type === 'ANCFCable2D') Object.assign(o, laws)
  const last = `n${spec.elements}`
  return {
    ...model,
    markers: [...model.markers, ...((extra.markers as Json[]) ?? [])],
    loads: [...model.loads, ...((extra.loads as Json[]) ?? [])],
    sensors: [{ type: 'Node', name: 'tip', nodeNumber: last, outputVariableType: 'Coordinates' }],
  }
}

const staticSettings = (loadSteps: number): Json => ({
  solverType: 'Static',
  staticSolver: {
    numberOfLoadSteps: loadSteps,
    newton: { relativeTolerance: 1e-12, absoluteTolerance: 1e-14 },
  },
  solutionSettings: { sensorsWritePeriod: 0 },
})

const tip = (model: Json, settings: Json): number[] =>
  sensorSeries(run(model, settings).recorder, 'tip').values.at(-1)!

describe('ANCFCable2D user functions', () => {
  it('the linear laws as user functions move as the built-in element (generalized-alpha)', () => {
    const spec: StraightCable = {
      p0: [0, 0],
      p1: [2, 0.5],
      elements: 4,
      cable: {
        physicsMassPerLength: 10,
        physicsBendingStiffness: 80,
        physicsAxialStiffness: 2e4,
        physicsBendingDamping: 2,
        physicsAxialDamping: 50,
        physicsReferenceAxialStrain: 0.002,
        physicsReferenceCurvature: 0.1,
      },
      fixedConstraintsNode0: [1, 1, 0, 1],
      massProportionalLoad: [0, -9.81],
    }
    const settings = {
      solverType: 'GeneralizedAlpha',
      timeIntegration: { endTime: 0.2, numberOfSteps: 200, generalizedAlpha: { spectralRadius: 0.8 } },
      solutionSettings: { sensorsWritePeriod: 0 },
    }
    const run2 = (laws: Json): number[][] =>
      sensorSeries(run(cableModel(spec, laws), settings).recorder, 'tip').values
    const builtIn = run2({})
    const user = run2({ axialForceUserFunction: LINEAR_AXIAL, bendingMomentUserFunction: LINEAR_BENDING })
    const scale = Math.max(...builtIn.flat().map(Math.abs))
    expect(user.length).toBe(201)
    for (let i = 0; i < builtIn.length; i++)
      for (let c = 0; c < 4; c++) expect(Math.abs(user[i][c] - builtIn[i][c])).toBeLessThan(1e-12 * scale)
  })

  it('a cubic axial law: the tip of a pulled cable moves by L e, EA e + c e^3 = F', () => {
    const L = 2,
      EA = 1e4,
      c = 2e7,
      F = 300
    const spec: StraightCable = {
      p0: [0, 0],
      p1: [L, 0],
      elements: 3,
      cable: { physicsMassPerLength: 1, physicsBendingStiffness: 10, physicsAxialStiffness: EA },
      fixedConstraintsNode0: [1, 1, 0, 1],
    }
    const model = cableModel(
      spec,
      { axialForceUserFunction: `physicsAxialStiffness*axialStrain + ${c}*axialStrain^3` },
      {
        markers: [{ type: 'NodePosition', name: 'end', nodeNumber: `n${spec.elements}` }],
        loads: [{ type: 'ForceVector', name: 'pull', markerNumber: 'end', loadVector: [F, 0, 0] }],
      },
    )
    // Newton on EA e + c e^3 = F (c e^3 is 0.6 of F here: far from the linear law's F / EA).
    let e = F / EA
    for (let k = 0; k < 50; k++) e -= (EA * e + c * e ** 3 - F) / (EA + 3 * c * e * e)
    expect(Math.abs(c * e ** 3) / F).toBeGreaterThan(0.3)
    const [x, y, slopeX, slopeY] = tip(model, staticSettings(5))
    // Newton to 1e-12 relative; the uniform stretch is exact in the element: round-off of e L ~ 1e-2.
    expect(Math.abs(x - L * e)).toBeLessThan(1e-12)
    expect(Math.abs(y)).toBeLessThan(1e-14)
    expect(Math.abs(slopeX - e)).toBeLessThan(1e-12)
    expect(Math.abs(slopeY)).toBeLessThan(1e-14)
  })

  it("a cantilever with Exudyn's example laws matches Exudyn's static solution", () => {
    const spec: StraightCable = {
      p0: [0, 0],
      p1: [2, 0],
      elements: 8,
      cable: { physicsMassPerLength: 10, physicsBendingStiffness: 50, physicsAxialStiffness: 1e4 },
      fixedConstraintsNode0: [1, 1, 0, 1],
      massProportionalLoad: [0, -9.81],
    }
    const model = cableModel(spec, {
      bendingMomentUserFunction:
        'physicsBendingStiffness*0.1*atan(10*(curvature - curvatureRef)) + physicsBendingDamping*curvature_t',
      axialForceUserFunction:
        'physicsAxialStiffness*(axialStrain - axialStrainRef) + 2e7*(axialStrain - axialStrainRef)^3 + ' +
        'physicsAxialDamping*axialStrain_t',
    })
    // Exudyn 1.11 (SolveStatic, 20 load steps, Newton tolerances 1e-12 / 1e-14): the last node's
    // displacement coordinates with these laws as Python user functions; the tip drops 1.94 m.
    const exudyn = [-1.857565096094459, -1.9383777388926773, -1.000526329418827, -0.9999978009140796]
    const ours = tip(model, staticSettings(20))
    // The same discretization and quadrature; both Newton iterations stop at 1e-12 relative (measured
    // difference 1.1e-15 m).
    for (let c = 0; c < 4; c++) expect(Math.abs(ours[c] - exudyn[c])).toBeLessThan(1e-12)
  })
})
