// ContactFrictionCircleCable2D against independent references: vertical equilibrium of a cable lying
// on a fixed circle (the contact forces carry the whole weight), the capstan (Euler-Eytelwein) equation
// T_pull / T_hold = exp(mu theta) for a cable sliding around a fixed cylinder, converging under
// refinement, and the bitwise restart from a checkpoint taken while a cable drives a pulley.
import { describe, expect, it } from 'vitest'
import { decodeCheckpoint, loadProjectJson } from '../../src/core'
import { collectGraphics } from '../../src/core/system/visualization'
import { run, sensorSeries, type Json } from './helpers'
import { cableOverPulley, cableWithCircleContact, halfWrapPath } from './contactCircleCableModels'
import { splitRunMatches } from './restartModels'

const G = 9.81

/** A circle at the origin on ground, its centre marker "centre". */
const GROUND_CIRCLE = {
  objects: [{ type: 'Ground', name: 'ground' }],
  markers: [{ type: 'BodyRigid', name: 'centre', bodyNumber: 'ground' }],
}

/** Gravity on elements c0..c(n-1). */
function gravity(n: number): { markers: Json[]; loads: Json[] } {
  const markers: Json[] = [],
    loads: Json[] = []
  for (let i = 0; i < n; i++) {
    markers.push({ type: 'BodyMass', name: `mass${i}`, bodyNumber: `c${i}` })
    loads.push({
      type: 'MassProportional',
      name: `gravity${i}`,
      markerNumber: `mass${i}`,
      loadVector: [0, -G, 0],
    })
  }
  return { markers, loads }
}

/**
 * Capstan: a cable (EA 1e5 N, pre-stretched to the holding tension so that it starts in equilibrium,
 * nearly no bending stiffness) wrapped half around a fixed cylinder of radius 0.2 m; the lower end is
 * held by T2 = 10 N and guided horizontally, the upper end is pulled at V = 0.1 m/s (after a 0.1 s
 * exponential ramp). Elements of equal length everywhere (nArc on the half circle), 4 segments each.
 */
const T2 = 10

function capstanModel(nArc: number, mu: number, frictionStiffness = 0): Json {
  const R = 0.2,
    V = 0.1,
    segments = 4,
    k = 2e5
  const { path, lengths } = halfWrapPath(R, 0.3, nArc / 2, nArc)
  const parts = cableWithCircleContact({
    path,
    lengths,
    segments,
    circleMarker: 'centre',
    cable: {
      physicsMassPerLength: 0.1,
      physicsBendingStiffness: 1e-4,
      physicsAxialStiffness: 1e5,
      physicsAxialDamping: 20,
      physicsReferenceAxialStrain: -T2 / 1e5,
    },
    // The circle radius includes the penetration T2 dtheta / k that carries the initial tension.
    contact: {
      contactStiffness: k,
      contactDamping: 50,
      frictionVelocityPenalty: 1e3,
      frictionStiffness,
      frictionCoefficient: mu,
      circleRadius: R + (T2 * Math.PI) / (nArc * segments * k),
    },
  })
  const last = path.length - 1
  return {
    nodes: [{ type: 'PointGround', name: 'groundNode' }, ...parts.nodes],
    objects: [
      ...GROUND_CIRCLE.objects,
      ...parts.objects,
      {
        type: 'ConnectorCoordinate',
        name: 'pull',
        markerNumbers: ['groundCoordinate', 'pullX'],
        offsetUserFunction: `-${V}*(t - 0.1*(1 - exp(-t/0.1)))`,
        offsetUserFunction_t: `-${V}*(1 - exp(-t/0.1))`,
      },
      { type: 'ConnectorCoordinate', name: 'guidePull', markerNumbers: ['groundCoordinate', 'pullY'] },
      { type: 'ConnectorCoordinate', name: 'guideHold', markerNumbers: ['groundCoordinate', 'holdY'] },
    ],
    markers: [
      ...GROUND_CIRCLE.markers,
      ...parts.markers,
      { type: 'NodeCoordinate', name: 'groundCoordinate', nodeNumber: 'groundNode' },
      { type: 'NodeCoordinate', name: 'pullX', nodeNumber: `n${last}`, coordinate: 0 },
      { type: 'NodeCoordinate', name: 'pullY', nodeNumber: `n${last}`, coordinate: 1 },
      { type: 'NodeCoordinate', name: 'holdY', nodeNumber: 'n0', coordinate: 1 },
      { type: 'NodePosition', name: 'holdEnd', nodeNumber: 'n0' },
    ],
    loads: [{ type: 'ForceVector', name: 'hold', markerNumber: 'holdEnd', loadVector: [-T2, 0, 0] }],
    sensors: [{ type: 'Object', name: 'pullForce', objectNumber: 'pull', outputVariableType: 'Force' }],
  }
}

function capstan(nArc: number, mu: number, endTime: number): { ratio: number } {
  const r = run(capstanModel(nArc, mu), {
    solverType: 'GeneralizedAlpha',
    timeIntegration: { endTime, numberOfSteps: endTime * 1000, generalizedAlpha: { spectralRadius: 0.6 } },
    solutionSettings: { sensorsWritePeriod: 0.005 },
  })
  const f = sensorSeries(r.recorder, 'pullForce')
  // Steady sliding: the second half of the run, after the ramp (the ends' axial waves average out).
  const tail = f.values.filter((_, i) => f.t[i] >= endTime / 2).map((x) => x[0] / T2)
  return { ratio: tail.reduce((a, b) => a + b) / tail.length }
}

describe('ContactFrictionCircleCable2D', () => {
  it('a cable lying on a fixed circle: the contact forces carry its whole weight', () => {
    const R = 0.5,
      L = 1.2,
      n = 6,
      rhoA = 0.5
    const path = Array.from({ length: n + 1 }, (_, i) => ({
      position: [-L / 2 + (L * i) / n, R + 1e-3] as [number, number],
      tangent: [1, 0] as [number, number],
    }))
    const parts = cableWithCircleContact({
      path,
      lengths: new Array<number>(n).fill(L / n),
      segments: 6,
      circleMarker: 'centre',
      cable: {
        physicsMassPerLength: rhoA,
        physicsBendingStiffness: 0.5,
        physicsAxialStiffness: 1e4,
        physicsAxialDamping: 1,
        physicsBendingDamping: 0.05,
      },
      contact: {
        contactStiffness: 1e4,
        contactDamping: 20,
        frictionVelocityPenalty: 100,
        frictionCoefficient: 0.5,
        circleRadius: R,
      },
    })
    const g = gravity(n)
    const sensors = Array.from({ length: n }, (_, i) => ({
      type: 'Object',
      name: `force${i}`,
      objectNumber: `contact${i}`,
      outputVariableType: 'Force',
    }))
    const model = {
      nodes: parts.nodes,
      objects: [...GROUND_CIRCLE.objects, ...parts.objects],
      markers: [...GROUND_CIRCLE.markers, ...parts.markers, ...g.markers],
      loads: g.loads,
      sensors,
    }
    const r = run(model, {
      solverType: 'GeneralizedAlpha',
      timeIntegration: { endTime: 3, numberOfSteps: 1500, generalizedAlpha: { spectralRadius: 0.6 } },
      solutionSettings: { sensorsWritePeriod: 0.01 },
    })
    let fx = 0,
      fy = 0
    for (let i = 0; i < n; i++) {
      const [x, y] = sensorSeries(r.recorder, `force${i}`).values.at(-1)!
      fx += x
      fy += y
    }
    // At rest the circle carries the weight rhoA L g = 5.886 N (the cable bends over it and its ends
    // hang free, so no other support exists); the remaining dynamics after 3 s of damped settling
    // leave 3e-7 relative (measured), so 1e-5 leaves room without hiding a missing segment (1/36 of it).
    expect(Math.abs(-fy - rhoA * L * G) / (rhoA * L * G)).toBeLessThan(1e-5)
    // Symmetric: no horizontal force.
    expect(Math.abs(fx)).toBeLessThan(1e-9)
  })

  it('capstan: a cable sliding half around a cylinder pulls T2 exp(mu pi), converging with elements', () => {
    const mu = 0.3,
      exact = Math.exp(mu * Math.PI)
    // Measured relative errors: 3.5e-2 (4 elements on the half circle), 3.9e-3 (8), 1.1e-3 (16). The
    // limit carries a small dynamic drag (axial damping of material passing the discrete contact
    // points): without friction the pull exceeds the hold by 0.66 % (measured), about 0.26 % of the
    // frictional pull. So the finest mesh must be within 0.5 % and the error must fall with refinement.
    const errors = [4, 8, 16].map((nArc) => Math.abs(capstan(nArc, mu, 0.5).ratio / exact - 1))
    expect(errors[1]).toBeLessThan(errors[0] / 4)
    expect(errors[2]).toBeLessThan(errors[1])
    expect(errors[2]).toBeLessThan(5e-3)
    // Without friction both ends carry the same tension (up to the drag above).
    expect(Math.abs(capstan(8, 0, 0.5).ratio - 1)).toBeLessThan(1e-2)
  })

  // RK44/DOPRI5 are left out: the penalty stiffness on 2 g segments needs explicit steps below 1e-4 s.
  for (const solverType of ['GeneralizedAlpha', 'TrapezoidalIndex2'])
    it(`${solverType}: bitwise restart while the cable slides on the cylinder (sticking springs on)`, () => {
      const settings = {
        solverType,
        timeIntegration: { endTime: 0.2, numberOfSteps: 200, generalizedAlpha: { spectralRadius: 0.6 } },
        solutionSettings: { sensorsWritePeriod: 0.005 },
      }
      const { checkpoint } = splitRunMatches(capstanModel(4, 0.3, 1e4), settings)
      // 8 elements x 4 segments x 5 switching states.
      expect(decodeCheckpoint(checkpoint).data.length).toBe(8 * 4 * 5)
    })

  // GeneralizedAlpha is left out here: its restart of this model differs in the last bits even with the
  // contacts switched off (cable + RigidBody2D + JointRevolute2D), outside this item; reported.
  it('TrapezoidalIndex2: bitwise restart while a cable turns a pulley through friction', () => {
    const model = cableOverPulley({ leftWeight: 12, rightWeight: 4, frictionStiffness: 1e4 })
    const settings = {
      solverType: 'TrapezoidalIndex2',
      timeIntegration: { endTime: 0.1, numberOfSteps: 100 },
      solutionSettings: { sensorsWritePeriod: 0.005 },
    }
    const { continuous, checkpointTime } = splitRunMatches(model, settings)
    // The pulley turns (counter-clockwise: the left side goes down) before and after the checkpoint.
    const angle = sensorSeries(continuous.recorder, 'pulleyAngle')
    const at = angle.t.findIndex((t) => t >= checkpointTime)
    expect(angle.values[at][2]).toBeGreaterThan(0)
    expect(angle.values.at(-1)![2]).toBeGreaterThan(angle.values[at][2])
    // The cable grips (the capstan limit exp(0.5 pi) = 4.8 exceeds 12 N / 4 N): the left end goes down
    // by the pulley's arc R phi up to the creep of the velocity penalty (mu f_n / mu_v per segment,
    // below 1 mm/s here, i.e. below 1e-4 m over 0.1 s) and the cable's stretch (T / EA ~ 1e-4):
    // together up to 2e-4 m of 2.3e-2 m. Measured 3.3e-3 relative; 1e-2 allows both bounds.
    const end = sensorSeries(continuous.recorder, 'leftEndPosition')
    const travel = end.values[0][1] - end.values.at(-1)![1]
    expect(Math.abs(travel - 0.2 * angle.values.at(-1)![2]) / travel).toBeLessThan(1e-2)
  })

  it('draws the circle and, per segment in contact, its force as an arrow', () => {
    const { system } = run(cableOverPulley({ leftWeight: 8, rightWeight: 4, frictionStiffness: 0 }), {
      timeIntegration: { endTime: 0.01, numberOfSteps: 10 },
    })
    const contacts = system.objects.flatMap((o, i) =>
      o.item.type === 'ContactFrictionCircleCable2D' ? [`object:${i}`] : [],
    )
    const drawn = collectGraphics(system).filter((g) => contacts.includes(g.item))
    expect(drawn).toHaveLength(contacts.length)
    for (const g of drawn)
      expect(g.primitives.every((p) => p.shape === 'line' || p.shape === 'arrow')).toBe(true)
    // The circle and its radius line, plus one force arrow per segment in contact (the top contacts).
    expect(drawn.some((g) => g.primitives.length > 2)).toBe(true)
  })

  it('refuses a contact whose segment count differs from its marker', () => {
    const model = cableOverPulley({ leftWeight: 8, rightWeight: 4, frictionStiffness: 0 }) as {
      objects: Json[]
    }
    const contact = model.objects.find((o) => o.type === 'ContactFrictionCircleCable2D')!
    contact.numberOfContactSegments = 3
    const r = loadProjectJson({
      format: 'mbs-studio-project',
      version: 1,
      name: 'bad',
      model,
      simulationSettings: {},
    })
    expect(r.ok).toBe(false)
    if (!r.ok)
      expect(r.problems.map((p) => p.message).join('\n')).toMatch(
        new RegExp(
          /numberOfContactSegments.*expected 4, the numberOfSegments of marker "shape0"; got 3/.source +
            /|expected 4, the numberOfSegments of marker "shape0"; got 3/.source,
        ),
      )
  })
})
