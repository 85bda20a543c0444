// Exudyn's data nodes (NodeGenericData in nodeNumber): an object's internal state kept in a node's
// data coordinates, in Exudyn's layout, gives the results of the state kept in the object bit for bit;
// the node's initial data are honoured; postNewtonStepUserFunction of ConnectorRigidBodySpringDamper
// (a plastic hinge) against its closed form; wrong nodes are refused with the item, parameter and what
// was expected.
import { describe, expect, it } from 'vitest'
import { loadProjectJson } from '../../src/core'
import { cableOverPulley } from './contactCircleCableModels'
import { fDyn, frictionBlock, kBristle } from './frictionModels'
import { prepare, run, sensorSeries, type Json } from './helpers'
import { expectBitwiseEqual, splitRunMatches } from './restartModels'
import { headOnSpheres } from './sphereModels'

const GA = (endTime: number, numberOfSteps: number, extra: Json = {}): Json => ({
  solverType: 'GeneralizedAlpha',
  timeIntegration: { endTime, numberOfSteps, generalizedAlpha: { spectralRadius: 0.8 }, ...extra },
  solutionSettings: { sensorsWritePeriod: 0 },
})

/** Every recorded row of every sensor. */
function allRows(model: Json, settings: Json): Record<string, number[][]> {
  const { recorder } = run(model, settings)
  return Object.fromEntries(
    recorder.series.map((se) => [se.name, sensorSeries(recorder, se.name).values] as const),
  )
}

/** The rows of the sensors of `expected` are the same bit for bit in `actual`. */
function expectSameRows(actual: Record<string, number[][]>, expected: Record<string, number[][]>): void {
  for (const [name, rows] of Object.entries(expected))
    expectBitwiseEqual(Float64Array.from(actual[name].flat()), Float64Array.from(rows.flat()), name)
}

const dataNode = (name: string, n: number, initialCoordinates: number[] = []): Json => ({
  type: 'GenericData',
  name,
  numberOfDataCoordinates: n,
  initialCoordinates,
})

/**
 * The model with a GenericData node of n(object) coordinates for each object of `type`, initialized
 * with the first of the data the object gives itself at the start of the built-in model (padded with
 * zeros: the start the object would take, so the two runs must be the same).
 */
function withDataNodes(model: Json, settings: Json, type: string, n: (o: Json) => number): Json {
  const { system } = prepare(model, settings)
  const objects = (model.objects as Json[]).map((o) => {
    if (o.type !== type) return o
    const c = system.objects.find((r) => r.item.name === o.name)!.computation
    const own = Array.from(system.state.data.subarray(c.dataIndex, c.dataIndex + c.nData))
    const count = n(o)
    const initial = Array.from({ length: count }, (_, i) => own[i] ?? 0)
    return { ...o, nodeNumber: `${String(o.name)}Data`, initialData: initial }
  })
  const nodes = objects
    .filter((o) => o.initialData)
    .map((o) =>
      dataNode(o.nodeNumber as string, (o.initialData as number[]).length, o.initialData as number[]),
    )
  // A sensor on each node's data: the runs must change them (the objects use the nodes).
  const sensors = nodes.map((d) => ({
    type: 'Node',
    name: `${String(d.name)}Sensor`,
    nodeNumber: d.name,
    outputVariableType: 'Coordinates',
  }))
  return {
    ...model,
    nodes: [...(model.nodes as Json[]), ...nodes],
    objects: objects.map(({ initialData: _, ...o }) => o),
    sensors: [...((model.sensors as Json[] | undefined) ?? []), ...sensors],
  }
}

/** Whether some data node sensor (named ...DataSensor) ended with values other than its first. */
function dataChanged(rows: Record<string, number[][]>): boolean {
  return Object.entries(rows).some(
    ([name, r]) => name.endsWith('DataSensor') && r.at(-1)!.some((x, i) => x !== r[0][i]),
  )
}

// ---------------------------------------------------------------------------------------------------
// ConnectorTorsionalSpringDamper: one link on a revolute joint spinning several turns (omega0 = 15 rad/s,
// weak spring), its angle continuous beyond +-pi.
function spinningLink(spring: Json, extraNodes: Json[] = []): Json {
  return {
    nodes: [
      {
        type: 'RigidBodyRxyz',
        name: 'n',
        referenceCoordinates: [0, 0, 0, 0, 0, 0],
        initialVelocities: [0, 0, 0, 0, 0, 15],
      },
      ...extraNodes,
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      {
        type: 'RigidBody',
        name: 'link',
        physicsMass: 1,
        physicsCenterOfMass: [0.5, 0, 0],
        physicsInertia: [0.01, 1 / 3, 1 / 3, 0, 0, 0],
        nodeNumber: 'n',
      },
      { type: 'JointRevoluteZ', name: 'joint', markerNumbers: ['base', 'top'] },
      { type: 'ConnectorTorsionalSpringDamper', name: 'spring', markerNumbers: ['base', 'top'], ...spring },
    ],
    markers: [
      { type: 'BodyRigid', name: 'base', bodyNumber: 'ground' },
      { type: 'BodyRigid', name: 'top', bodyNumber: 'link' },
    ],
    sensors: [
      { type: 'Object', name: 'angle', objectNumber: 'spring', outputVariableType: 'Rotation' },
      { type: 'Object', name: 'torque', objectNumber: 'spring', outputVariableType: 'Torque' },
      { type: 'Node', name: 'omega', nodeNumber: 'n', outputVariableType: 'AngularVelocity' },
    ],
  }
}

describe('ConnectorTorsionalSpringDamper with a data node (the continuous angle)', () => {
  const spring = { stiffness: 0.5, damping: 0.02 }
  it('turns as with the counted turns kept in the object, bit for bit', () => {
    const own = allRows(spinningLink(spring), GA(2, 1000))
    const node = allRows(
      spinningLink({ ...spring, nodeNumber: 'angleData' }, [dataNode('angleData', 1)]),
      GA(2, 1000),
    )
    // Several turns: the angle passes +-pi many times.
    expect(Math.max(...own.angle.map((r) => r[0]))).toBeGreaterThan(3 * Math.PI)
    expectSameRows(node, own)
  })

  it('starts on the turn the initial data say (Exudyn: the data are the previous continuous angle)', () => {
    const own = allRows(spinningLink(spring), GA(0.5, 250))
    const shifted = allRows(
      spinningLink({ ...spring, nodeNumber: 'angleData', offset: 2 * Math.PI }, [
        dataNode('angleData', 1, [2 * Math.PI]),
      ]),
      GA(0.5, 250),
    )
    // One turn up and the spring's offset with it: the same motion, the angle 2 pi higher (to the
    // round-off of adding 2 pi, 1 ulp of 2 pi).
    shifted.angle.forEach((r, i) =>
      expect(Math.abs(r[0] - own.angle[i][0] - 2 * Math.PI)).toBeLessThan(1e-14),
    )
    shifted.omega.forEach((r, i) => expect(Math.abs(r[2] - own.omega[i][2])).toBeLessThan(1e-12))
  })

  it('restarts from a checkpoint bit for bit, the data in the checkpoint', () => {
    splitRunMatches(
      spinningLink({ ...spring, nodeNumber: 'angleData' }, [dataNode('angleData', 1)]),
      GA(1, 400),
    )
  })
})

// ---------------------------------------------------------------------------------------------------
// A plastic hinge: a rigid body on a rotational spring-damper to ground about z whose hinge yields,
// data = [plastic rotation theta_p]; torque m = k1 (theta - theta_p) + k2 theta + d omega (the elastic-
// plastic hinge k1 with yield rotation e, in parallel with an elastic spring k2 for hardening); the
// postNewton rule is the return map theta_p := theta - clamp(theta - theta_p, -e, e). Loaded by a torque
// ramping to T and back to 0, overdamped and slow against the body's inertia (quasi-static).
// Closed form: at T the hinge has yielded, k1 e + k2 theta_max = T, theta_p = theta_max - e; unloaded
// elastically (|theta - theta_p| <= e throughout), k1 (theta - theta_p) + k2 theta = 0:
//   theta_res = k1 (theta_max - e) / (k1 + k2).
const K1 = 100,
  K2 = 50,
  YIELD = 0.1,
  DAMPING = 2,
  TORQUE = 20
const RETURN_MAP = `rotationZ - min(max(rotationZ - dataCoordinates0, -${YIELD}), ${YIELD})`
function plasticHinge(extra: Json = {}): Json {
  return {
    nodes: [
      { type: 'RigidBodyRxyz', name: 'n', referenceCoordinates: [0, 0, 0, 0, 0, 0] },
      dataNode('hinge', 1),
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      {
        type: 'RigidBody',
        name: 'body',
        physicsMass: 1,
        physicsInertia: [1e-3, 1e-3, 1e-3, 0, 0, 0],
        nodeNumber: 'n',
      },
      {
        type: 'ConnectorRigidBodySpringDamper',
        name: 'spring',
        markerNumbers: ['g', 'b'],
        nodeNumber: 'hinge',
        springForceTorqueUserFunction: [
          '1e4*displacementX',
          '1e4*displacementY',
          '1e4*displacementZ',
          '1e3*rotationX',
          '1e3*rotationY',
          `${K1}*(rotationZ - dataCoordinates0) + ${K2}*rotationZ + ${DAMPING}*angularVelocityZ`,
        ],
        postNewtonStepUserFunction: [`${K1}*abs(${RETURN_MAP} - dataCoordinates0)`, '-1', RETURN_MAP],
        ...extra,
      },
    ],
    markers: [
      { type: 'BodyRigid', name: 'g', bodyNumber: 'ground' },
      { type: 'BodyRigid', name: 'b', bodyNumber: 'body' },
    ],
    loads: [
      {
        type: 'TorqueVector',
        name: 'T',
        markerNumber: 'b',
        // Up over 1 s, held 1 s, down over 1 s, zero for 1 s.
        loadVectorUserFunction: ['0', '0', `${TORQUE}*max(0, min(min(t, 1), 3 - t))`],
      },
    ],
    sensors: [
      { type: 'Object', name: 'rotation', objectNumber: 'spring', outputVariableType: 'Rotation' },
      { type: 'Node', name: 'plastic', nodeNumber: 'hinge', outputVariableType: 'Coordinates' },
    ],
  }
}

describe('ConnectorRigidBodySpringDamper postNewtonStepUserFunction: a plastic hinge', () => {
  it('the residual rotation after unloading is the closed form', () => {
    const thetaMax = (TORQUE - K1 * YIELD) / K2
    const plastic = thetaMax - YIELD
    const residual = (K1 * plastic) / (K1 + K2)
    // The hinge really yields, and unloads elastically (the closed form's assumption).
    expect(thetaMax).toBeGreaterThan(YIELD)
    expect(Math.abs(residual - plastic)).toBeLessThan(YIELD)
    const { recorder } = run(plasticHinge(), GA(4, 4000))
    const rotation = sensorSeries(recorder, 'rotation').values,
      data = sensorSeries(recorder, 'plastic').values
    const last = rotation.length - 1
    // Quasi-static within the overdamped settling: slowest time constant d / k2 = 0.04 s, held 1 s,
    // so the transient is e^-25 of the load's step; bound 1e-9 rad, far below the size of any
    // unhonoured yield (a missing return map leaves 0, a map applied once per step late h k1/d).
    expect(Math.abs(data[last][0] - plastic)).toBeLessThan(1e-9)
    expect(Math.abs(rotation[last][2] - residual)).toBeLessThan(1e-9)
  })

  for (const [solverType, steps] of [
    ['TrapezoidalIndex2', 4000],
    ['RK44', 40_000],
  ] as const)
    it(`${solverType}: the same closed form`, () => {
      // RK44 needs h below 2.8 / 1000 s (the 1e3 N m/rad tilt springs on 1e-3 kg m^2): 1e-4 s. An
      // explicit solver updates the data before each stage, from the stage's state; the loading is
      // monotonic, so theta_p still ends at theta_max - e (bound as above).
      const { recorder } = run(plasticHinge(), {
        solverType,
        timeIntegration: { endTime: 4, numberOfSteps: steps },
        solutionSettings: { sensorsWritePeriod: 0.5 },
      })
      const thetaMax = (TORQUE - K1 * YIELD) / K2
      expect(Math.abs(sensorSeries(recorder, 'plastic').values.at(-1)![0] - (thetaMax - YIELD))).toBeLessThan(
        1e-9,
      )
      expect(
        Math.abs(
          sensorSeries(recorder, 'rotation').values.at(-1)![2] - (K1 * (thetaMax - YIELD)) / (K1 + K2),
        ),
      ).toBeLessThan(1e-9)
    })

  it('a recommended step size repeats the step with it (adaptiveStep), to the same closed form', () => {
    // The error scaled so that a plastic increment above 1e-4 rad per step exceeds the tolerance (1):
    // while the hinge yields (0.2 rad/s, 2e-4 rad per 1 ms step) the rule asks for 2.5e-4 s steps.
    const error = `1e4*abs(${RETURN_MAP} - dataCoordinates0)`
    const r = run(plasticHinge({ postNewtonStepUserFunction: [error, '2.5e-4', RETURN_MAP] }), GA(4, 4000))
    expect(r.stats.rejectedSteps).toBeGreaterThan(0)
    expect(r.stats.steps).toBeGreaterThan(4000)
    const thetaMax = (TORQUE - K1 * YIELD) / K2
    const rotation = sensorSeries(r.recorder, 'rotation').values
    expect(Math.abs(rotation.at(-1)![2] - (K1 * (thetaMax - YIELD)) / (K1 + K2))).toBeLessThan(1e-9)
  })

  it("the whole history agrees with Exudyn 1.11's run of the same model", () => {
    // exudyn/plasticHinge.py on the peer build (../shared/peers/exudyn, h = 1e-3, GA rho = 0.8), rows every
    // 0.5 s: rotation z and the plastic rotation, through loading, yielding (t = 1), holding and unloading.
    const exudyn = {
      rotationZ: [
        -0, 0.0648888888888889, 0.18323850236913788, 0.19999990067786402, 0.19999999999941154,
        0.13511111111074037, 0.06844444444408111, 0.06666666666627444, 0.06666666666627444,
      ],
      plastic: [
        0, 0, 0.08323850236913788, 0.09999990067786402, 0.09999999999941153, 0.09999999999941153,
        0.09999999999941153, 0.09999999999941153, 0.09999999999941153,
      ],
    }
    const { recorder } = run(plasticHinge(), {
      ...GA(4, 4000),
      solutionSettings: { sensorsWritePeriod: 0.5 },
    })
    const rotation = sensorSeries(recorder, 'rotation').values,
      data = sensorSeries(recorder, 'plastic').values
    expect(rotation.length).toBe(9)
    // Both solve the same discrete equations (generalized-alpha, data updated after each converged
    // Newton step, Exudyn from the step start, ours from the converged iterate); Newton stops at a
    // relative residual of 1e-10 of torques ~20 N m against stiffnesses >= 50 N m: 1e-10 rad bounds
    // the difference (measured 1.1e-14).
    rotation.forEach((r, i) => expect(Math.abs(r[2] - exudyn.rotationZ[i])).toBeLessThan(1e-10))
    data.forEach((r, i) => expect(Math.abs(r[0] - exudyn.plastic[i])).toBeLessThan(1e-10))
  })
})

// ---------------------------------------------------------------------------------------------------
// ConnectorCoordinateSpringDamperExt, bristle friction: a 1 kg block on a rough floor (restartFriction's).
describe('ConnectorCoordinateSpringDamperExt with a data node [mode, sticking position, limit stop]', () => {
  for (const [solverType, steps] of [
    ['GeneralizedAlpha', 1000],
    ['RK44', 20000],
  ] as const)
    it(`${solverType}: stick-slip cycles as with the state in the object, bit for bit`, () => {
      const settings = {
        solverType,
        timeIntegration: { endTime: 1, numberOfSteps: steps, generalizedAlpha: { spectralRadius: 0.8 } },
        solutionSettings: { sensorsWritePeriod: 0.01 },
      }
      // An oscillating pull of amplitude 4 > breakaway: it sticks and slips every half period.
      const pull = { loadUserFunction: '4*sin(6*t)' }
      const own = allRows(frictionBlock(pull), settings)
      const withNode = frictionBlock(pull, { nodeNumber: 'state' }, [dataNode('state', 3)])
      const rows = allRows({ ...withNode, sensors: [...(withNode.sensors as Json[]), stateSensor] }, settings)
      expectSameRows(rows, own)
      // Exudyn's layout: while sliding the mode is the slip force with its sign (fDynamicFriction
      // here, no viscous part), and the sticking position trails the block by it: x - mode / k.
      const slipping = rows.state.filter((r, i) => r[0] !== 0 && Math.abs(own.vel[i][0]) > 1e-3)
      expect(slipping.length).toBeGreaterThan(5)
      for (const r of slipping) expect(Math.abs(r[0])).toBe(fDyn)
      expect(rows.state.some((r) => r[0] === 0)).toBe(true)
    })

  const stateSensor = { type: 'Node', name: 'state', nodeNumber: 'state', outputVariableType: 'Coordinates' }

  it('restarts from a checkpoint through stick-slip bit for bit, the friction state in the node', () => {
    const model = frictionBlock({ loadUserFunction: '4*sin(6*t)' }, { nodeNumber: 'state' }, [
      dataNode('state', 3),
    ])
    splitRunMatches(model, {
      solverType: 'GeneralizedAlpha',
      timeIntegration: { endTime: 1, numberOfSteps: 1000, generalizedAlpha: { spectralRadius: 0.8 } },
      solutionSettings: { sensorsWritePeriod: 0.01 },
    })
  })

  it('a pre-set sticking position from the node: the block comes to rest where the bristle says', () => {
    // Sticking (mode 0) at x_lsp = -1e-4 from the start, pulled by F below the breakaway force: the
    // bristle holds the block at x_lsp + F / k (its force there 1 + F < 2.5 = breakaway at all times).
    const xLsp = -1e-4,
      F = 0.7
    const { recorder } = run(
      frictionBlock({ load: F }, { nodeNumber: 'state' }, [dataNode('state', 3, [0, xLsp, 0])]),
      {
        solverType: 'GeneralizedAlpha',
        timeIntegration: { endTime: 1, numberOfSteps: 1000, generalizedAlpha: { spectralRadius: 0.8 } },
        solutionSettings: { sensorsWritePeriod: 0.01 },
      },
    )
    // Static equilibrium to the Newton tolerance (relative 1e-10 of the forces, k = 1e4).
    expect(Math.abs(sensorSeries(recorder, 'pos').values.at(-1)![0] - (xLsp + F / kBristle))).toBeLessThan(
      1e-12,
    )
  })

  it("the limit-stop state: Exudyn's penetration beyond the stop", () => {
    // No friction; pushed by F = 3 into the upper stop at 0.01 (k_limit = 1e4, spring-less otherwise):
    // at rest q = 0.01 + F / k_limit, and the data's third coordinate is the penetration F / k_limit.
    const stops = {
      fDynamicFriction: 0,
      fStaticFrictionOffset: 0,
      useLimitStops: true,
      limitStopsUpper: 0.01,
      limitStopsLower: -0.01,
      limitStopsStiffness: 1e4,
      limitStopsDamping: 200,
      nodeNumber: 'state',
    }
    const model = frictionBlock({ load: 3 }, stops, [dataNode('state', 3)])
    const { recorder } = run(
      { ...model, sensors: [...(model.sensors as Json[]), stateSensor] },
      {
        solverType: 'GeneralizedAlpha',
        timeIntegration: { endTime: 2, numberOfSteps: 2000, generalizedAlpha: { spectralRadius: 0.8 } },
        solutionSettings: { sensorsWritePeriod: 0.01 },
      },
    )
    expect(Math.abs(sensorSeries(recorder, 'pos').values.at(-1)![0] - (0.01 + 3e-4))).toBeLessThan(1e-12)
    expect(Math.abs(sensorSeries(recorder, 'state').values.at(-1)![2] - 3e-4)).toBeLessThan(1e-12)
  })
})

// ---------------------------------------------------------------------------------------------------
describe('ContactSphereSphere with a data node [gap, |v_t|, impact velocity, plastic overlap]', () => {
  const settings = {
    solverType: 'GeneralizedAlpha',
    timeIntegration: { endTime: 0.01, numberOfSteps: 1000, generalizedAlpha: { spectralRadius: 1 } },
    solutionSettings: { sensorsWritePeriod: 0 },
  }
  for (const [what, law] of [
    ['linear contact', { contactStiffness: 1e6, contactDamping: 100 }],
    ['elasto-plastic impact (history)', { contactStiffness: 1e6, contactPlasticityRatio: 0.36 }],
  ] as const)
    it(`${what}: the collision as with the states in the object, bit for bit`, () => {
      const model = headOnSpheres({ x: 0.10005, v: 1, m: 1, law })
      const own = allRows(model, settings)
      const rows = allRows(
        withDataNodes(model, settings, 'ContactSphereSphere', () => 4),
        settings,
      )
      // They collide and part again.
      expect(Math.min(...own.gap.map((r) => r[0]))).toBeLessThan(0)
      expect(own.gap.at(-1)![0]).toBeGreaterThan(0)
      expect(dataChanged(rows)).toBe(true)
      expectSameRows(rows, own)
    })
})

// ---------------------------------------------------------------------------------------------------
describe('ContactFrictionCircleCable2D with a data node [gaps, slip states, sticking positions]', () => {
  it('a cable turning a pulley through friction as with the states in the objects, bit for bit', () => {
    const model = cableOverPulley({ leftWeight: 12, rightWeight: 4, frictionStiffness: 1e4 })
    const settings = {
      solverType: 'TrapezoidalIndex2',
      timeIntegration: { endTime: 0.05, numberOfSteps: 50 },
      solutionSettings: { sensorsWritePeriod: 0.005 },
    }
    const own = allRows(model, settings)
    const withNodes = withDataNodes(
      model,
      settings,
      'ContactFrictionCircleCable2D',
      (o) => 3 * (o.numberOfContactSegments as number),
    )
    const rows = allRows(withNodes, settings)
    expect(Math.abs(own.pulleyAngle.at(-1)![2])).toBeGreaterThan(0)
    expect(dataChanged(rows)).toBe(true)
    expectSameRows(rows, own)
  })
})

// ---------------------------------------------------------------------------------------------------
describe('wrong data nodes are refused, naming the item, the parameter and what was expected', () => {
  const problems = (model: Json): string => {
    const r = loadProjectJson({
      format: 'mbs-studio-project',
      version: 1,
      name: 'wrong',
      model,
      simulationSettings: {},
    })
    expect(r.ok).toBe(false)
    return r.ok ? '' : r.problems.map((p) => p.message).join('\n')
  }
  it('a node of another type', () => {
    const m = spinningLink({ stiffness: 1, nodeNumber: 'n' })
    expect(problems(m)).toMatch(
      /object "spring".*nodeNumber: node "n" is a RigidBodyRxyz; expected one of: GenericData/,
    )
  })
  it('the wrong number of data coordinates', () => {
    expect(problems(spinningLink({ stiffness: 1, nodeNumber: 'd' }, [dataNode('d', 2)]))).toMatch(
      /object "spring".*nodeNumber: node "d" has 2 data coordinates \(numberOfDataCoordinates\); expected 1/,
    )
    expect(problems(frictionBlock({ load: 1 }, { nodeNumber: 'd' }, [dataNode('d', 2)]))).toMatch(
      /object "friction".*nodeNumber: node "d" has 2 data coordinates.*expected 3 \(\[friction mode/,
    )
  })
  it('initial data of the wrong length', () => {
    expect(problems(spinningLink({ stiffness: 1 }, [dataNode('d', 2, [1, 2, 3])]))).toMatch(
      /node "d".*initialCoordinates: expected 2 values \(numberOfDataCoordinates\) or \[\] for zeros, got 3/,
    )
  })
  it('postNewtonStepUserFunction without a data node, or with the wrong count', () => {
    const hinge = plasticHinge()
    const spring = (hinge.objects as Json[])[2]
    const without = {
      ...hinge,
      objects: [...(hinge.objects as Json[]).slice(0, 2), { ...spring, nodeNumber: -1 }],
    }
    expect(problems(without)).toMatch(/postNewtonStepUserFunction: needs a GenericData node in nodeNumber/)
    const short = plasticHinge({ postNewtonStepUserFunction: ['0', '-1'] })
    expect(problems(short)).toMatch(/postNewtonStepUserFunction: expected 3 expressions .*got 2/)
    const beyond = plasticHinge({ postNewtonStepUserFunction: ['0', '-1', 'dataCoordinates1'] })
    expect(problems(beyond)).toMatch(/postNewtonStepUserFunction: .*dataCoordinates1.*up to 0/)
  })
})
