// URDF import in both formulations. References independent of the importer: a double pendulum built
// by hand in each formulation (the import must give the same model, hence the same run bit for bit),
// and a six-axis arm whose two imports (minimal and redundant coordinates) must move alike to 1e-8 m
// over 1 s; a joint sensor's angle against the link's position (Rodrigues). Input errors name the element.
import { describe, expect, it } from 'vitest'
import { collectGraphics, importUrdf, UrdfError } from '../../../../src/core'
import { run, sensorSeries, type Json } from '../../../validation/helpers'
import { ARM6 as ARM, arm6 } from '../../../fixtures/urdfArm6'

const G = [0, 0, -9.81]

const DOUBLE_PENDULUM = `<?xml version="1.0"?>
<robot name="doublePendulum">
  <link name="base"/>
  <link name="upper">
    <inertial><origin xyz="0.25 0 0"/><mass value="2"/>
      <inertia ixx="0.001" ixy="0" ixz="0" iyy="0.0417" iyz="0" izz="0.0417"/></inertial>
  </link>
  <link name="lower">
    <inertial><origin xyz="0.2 0 0"/><mass value="1"/>
      <inertia ixx="0.0005" ixy="0" ixz="0" iyy="0.0134" iyz="0" izz="0.0134"/></inertial>
  </link>
  <joint name="shoulder" type="continuous">
    <parent link="base"/><child link="upper"/><axis xyz="0 1 0"/>
  </joint>
  <joint name="elbow" type="revolute">
    <parent link="upper"/><child link="lower"/><origin xyz="0.5 0 0"/><axis xyz="0 1 0"/>
    <limit lower="-2" upper="2" effort="10" velocity="5"/>
  </joint>
</robot>`

/** The double pendulum as one would write it by hand: a KinematicTree about y. */
const HAND_TREE: Json = {
  nodes: [
    {
      type: 'GenericODE2',
      name: 'jointCoordinates',
      numberOfODE2Coordinates: 2,
      referenceCoordinates: [0, 0],
      initialCoordinates: [0, 0],
    },
  ],
  objects: [
    {
      type: 'KinematicTree',
      name: 'doublePendulum',
      nodeNumber: 'jointCoordinates',
      gravity: G,
      jointTypes: ['RevoluteY', 'RevoluteY'],
      linkParents: [-1, 0],
      jointTransformations: [I3(), I3()],
      jointOffsets: [
        [0, 0, 0],
        [0.5, 0, 0],
      ],
      linkInertiasCOM: [diag(0.001, 0.0417, 0.0417), diag(0.0005, 0.0134, 0.0134)],
      linkCOMs: [
        [0.25, 0, 0],
        [0.2, 0, 0],
      ],
      linkMasses: [2, 1],
    },
  ],
  markers: [],
  loads: [],
  sensors: [],
}

function I3(): number[][] {
  return diag(1, 1, 1)
}
function diag(a: number, b: number, c: number): number[][] {
  return [
    [a, 0, 0],
    [0, b, 0],
    [0, 0, c],
  ]
}

/** The same pendulum as two rigid bodies on revolute joints whose z axis is y (rows of the joint frame). */
function handBodies(): Json {
  const yAxis = [
    [1, 0, 0],
    [0, 0, 1],
    [0, -1, 0],
  ]
  const body = (name: string, x: number, m: number, J: number[], c: number): Json[] => [
    { type: 'RigidBodyEP', name: `${name}Node`, referenceCoordinates: [x, 0, 0, 1, 0, 0, 0] },
    {
      type: 'RigidBody',
      name,
      nodeNumber: `${name}Node`,
      physicsMass: m,
      // About the link origin: J_com + m c^2 across the link.
      physicsInertia: [J[0], J[1] + m * c * c, J[2] + m * c * c, 0, 0, 0],
      physicsCenterOfMass: [c, 0, 0],
    },
  ]
  const [upperNode, upper] = body('upper', 0, 2, [0.001, 0.0417, 0.0417], 0.25)
  const [lowerNode, lower] = body('lower', 0.5, 1, [0.0005, 0.0134, 0.0134], 0.2)
  const joint = (name: string): Json => ({
    type: 'JointRevoluteZ',
    name,
    markerNumbers: [`${name}Parent`, `${name}Child`],
    rotationMarker0: yAxis,
    rotationMarker1: yAxis,
  })
  const frame = (name: string, body: string, p: number[]): Json => ({
    type: 'BodyRigid',
    name,
    bodyNumber: body,
    localPosition: p,
  })
  return {
    nodes: [upperNode, lowerNode],
    objects: [{ type: 'Ground', name: 'ground' }, upper, joint('shoulder'), lower, joint('elbow')],
    markers: [
      frame('shoulderParent', 'ground', [0, 0, 0]),
      frame('shoulderChild', 'upper', [0, 0, 0]),
      { type: 'BodyMass', name: 'upperMass', bodyNumber: 'upper' },
      frame('elbowParent', 'upper', [0.5, 0, 0]),
      frame('elbowChild', 'lower', [0, 0, 0]),
      { type: 'BodyMass', name: 'lowerMass', bodyNumber: 'lower' },
    ],
    loads: ['upper', 'lower'].map((b) => ({
      type: 'MassProportional',
      name: `${b}Gravity`,
      markerNumber: `${b}Mass`,
      loadVector: G,
    })),
    sensors: [],
  }
}

/** Runs a model for 0.5 s with a start angle on the first joint and returns every sensor row. */
function runWith(model: Json, sensors: Json[], settings: Json): number[][] {
  const { recorder } = run({ ...model, sensors }, settings)
  return sensors.flatMap((s) => sensorSeries(recorder, s.name as string).values)
}

describe('URDF double pendulum', () => {
  const settings = {
    solverType: 'RK44',
    timeIntegration: { endTime: 0.5, numberOfSteps: 500 },
    solutionSettings: { sensorsWritePeriod: 0.01 },
  }
  it('imports as the KinematicTree written by hand: the same model, so the same run bit for bit', () => {
    const imported = importUrdf(DOUBLE_PENDULUM, { formulation: 'tree', gravity: G })
    expect(imported.links).toEqual(['upper', 'lower'])
    expect(imported.notes).toEqual([
      'joint "elbow": limits (lower -2, upper 2, effort 10, velocity 5) not enforced',
    ])
    expect(imported.model).toEqual(HAND_TREE)
    const start = (m: Json): Json => {
      const [node] = m.nodes as Json[]
      return { ...m, nodes: [{ ...node, initialCoordinates: [0.7, -0.2] }] }
    }
    const sensors = [
      { type: 'Node', name: 'q', nodeNumber: 'jointCoordinates', outputVariableType: 'Coordinates' },
    ]
    expect(runWith(start(imported.model), sensors, settings)).toEqual(
      runWith(start(HAND_TREE), sensors, settings),
    )
  })

  it('imports as the rigid bodies on revolute joints written by hand, bit for bit', () => {
    const imported = importUrdf(DOUBLE_PENDULUM, { formulation: 'bodies', gravity: G })
    expect(imported.model).toEqual(handBodies())
    const sensors = [{ type: 'Node', name: 'p', nodeNumber: 'lowerNode', outputVariableType: 'Position' }]
    const ga = { ...settings, solverType: 'GeneralizedAlpha' }
    // Both at rest in the horizontal pose: gravity swings them; the whole motion is compared.
    expect(runWith(imported.model, sensors, ga)).toEqual(runWith(handBodies(), sensors, ga))
  })
})

describe('URDF six-axis arm', () => {
  it('imports both ways; the two formulations move alike to 1e-8 m over 1 s', () => {
    const tree = importUrdf(ARM, { formulation: 'tree', gravity: G, jointSensors: true })
    const bodies = importUrdf(ARM, { formulation: 'bodies', gravity: G, jointSensors: true })
    expect(tree.links).toEqual(['l1', 'l2', 'l3', 'l4', 'l5', 'l6'])
    expect(tree.notes).toContain(
      'link "base": mesh visual package://arm6/base.stl not imported: ' +
        'package:// is not resolved here (map it to a folder)',
    )
    // A point on the tool (merged into l6 by the fixed flange), in l6's frame: the flange origin
    // and 4 cm along its turned z axis.
    const c = Math.cos(0.3),
      s = Math.sin(0.3)
    const tool = [0.05 + 0.04 * s, 0, 0.04 * c]
    const settings = (solverType: string, steps: number): Json => ({
      solverType,
      timeIntegration: { endTime: 1, numberOfSteps: steps },
      solutionSettings: { sensorsWritePeriod: 0.05 },
    })
    const treeModel = {
      ...tree.model,
      markers: [
        {
          type: 'KinematicTreeRigid',
          name: 'tool',
          objectNumber: 'arm6',
          linkNumber: 5,
          localPosition: tool,
        },
      ],
      sensors: [
        ...(tree.model.sensors as Json[]),
        { type: 'Marker', name: 'p', markerNumber: 'tool', outputVariableType: 'Position' },
      ],
    }
    const bodyModel = {
      ...bodies.model,
      markers: [
        ...(bodies.model.markers as Json[]),
        { type: 'BodyPosition', name: 'tool', bodyNumber: 'l6', localPosition: tool },
      ],
      sensors: [
        ...(bodies.model.sensors as Json[]),
        { type: 'Marker', name: 'p', markerNumber: 'tool', outputVariableType: 'Position' },
      ],
    }
    const treeRun = run(treeModel, settings('RK44', 2000)).recorder
    const bodyRun = run(bodyModel, settings('RK44', 2000)).recorder
    const a = sensorSeries(treeRun, 'p').values
    const b = sensorSeries(bodyRun, 'p').values
    // The joint sensors: one value, the joint angle, alike in both (the arm stays within +-pi).
    for (const joint of ['j1', 'j2', 'j3', 'j4', 'j5', 'j6']) {
      const x = sensorSeries(treeRun, joint).values,
        y = sensorSeries(bodyRun, joint).values
      expect(x[0]).toHaveLength(1)
      expect(y[0]).toHaveLength(1)
      for (let k = 0; k < x.length; k++) expect(Math.abs(x[k][0] - y[k][0])).toBeLessThan(1e-8)
    }
    let moved = 0,
      diff = 0
    for (let k = 0; k < a.length; k++) {
      moved = Math.max(moved, Math.hypot(a[k][0] - a[0][0], a[k][1] - a[0][1], a[k][2] - a[0][2]))
      diff = Math.max(diff, Math.hypot(a[k][0] - b[k][0], a[k][1] - b[k][1], a[k][2] - b[k][2]))
    }
    expect(moved).toBeGreaterThan(0.1)
    // Measured 6e-11 m: both RK44 at h = 5e-4 on the same motion, round-off and the explicit
    // solver's constraint drift in the redundant formulation apart.
    expect(diff).toBeLessThan(1e-8)
  })
})

describe('URDF visuals', () => {
  // Boxes turned in their link (visual rpy), a mesh file on the base (the ground) and one on l3:
  // both formulations draw every visual at the same place after the same motion. Reference: the
  // other formulation (the two runs agree to 1e-9 here, as above); the tree's link frames are turned
  // from the URDF's for a skewed axis (j5), which its entries must undo.
  const ARM_VISUALS = arm6((link, xyz) =>
    link === 'base' || link === 'l3'
      ? `<visual><origin xyz="${xyz ?? '0 0 0'}" rpy="0.3 0.2 0.1"/>` +
        `<geometry><mesh filename="meshes/${link}.stl" scale="0.001 0.001 0.002"/></geometry></visual>`
      : `<visual><origin xyz="${xyz}" rpy="0.2 0 0.1"/>` +
        '<geometry><box size="0.05 0.04 0.03"/></geometry></visual>',
  )

  it('both formulations draw each link at the same place after a motion', () => {
    const drawn = (formulation: 'tree' | 'bodies') => {
      const imported = importUrdf(ARM_VISUALS, { formulation, gravity: G })
      expect(imported.notes).toEqual([])
      const settings = { solverType: 'RK44', timeIntegration: { endTime: 0.3, numberOfSteps: 600 } }
      return collectGraphics(run(imported.model, settings).system)
        .flatMap((g) => g.primitives)
        .filter((p) => p.shape === 'mesh' || p.shape === 'meshFile')
    }
    const [tree, bodies] = [drawn('tree'), drawn('bodies')]
    const shapes = tree.map((p) => p.shape)
    expect(shapes).toEqual(['meshFile', 'mesh', 'mesh', 'meshFile', 'mesh', 'mesh', 'mesh', 'mesh'])
    expect(bodies.map((p) => p.shape)).toEqual(shapes)
    let worst = 0
    tree.forEach((p, k) => {
      const q = bodies[k]
      if (p.shape === 'mesh' && q.shape === 'mesh')
        p.points.forEach((x, i) => (worst = Math.max(worst, Math.abs(x - q.points[i]))))
      else if (p.shape === 'meshFile' && q.shape === 'meshFile') {
        expect(p.file).toBe(q.file)
        expect(p.scale).toEqual([0.001, 0.001, 0.002])
        ;[...p.position, ...p.rotation].forEach(
          (x, i) => (worst = Math.max(worst, Math.abs(x - [...q.position, ...q.rotation][i]))),
        )
      }
    })
    expect(worst).toBeLessThan(1e-8)
  })
})

/** A robot of one link of 2 kg on one joint from the base, 1 m up and turned by rpy. */
function oneJointRobot(
  r: Record<'link' | 'com' | 'joint' | 'type' | 'rpy' | 'axis', string> & { limit?: string },
) {
  return `<robot name="${r.link}"><link name="base"/>
      <link name="${r.link}"><inertial><origin xyz="${r.com}"/><mass value="2"/>
        <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.02" iyz="0" izz="0.02"/></inertial></link>
      <joint name="${r.joint}" type="${r.type}"><parent link="base"/><child link="${r.link}"/>
        <origin xyz="0 0 1" rpy="${r.rpy}"/><axis xyz="${r.axis}"/>${r.limit ?? ''}</joint></robot>`
}

describe('URDF revolute joint sensor', () => {
  // The joint sensor is the angle about the URDF axis from the URDF zero pose, sign included: with the
  // redundant formulation's link at p(t), p = o + Rx(0.2) Rot(a, theta) c (Rodrigues, written here)
  // for the sensor's theta; the tree's sensor equals it to 1e-8 rad (the two formulations' RK44 runs,
  // as for the arm above). The axis is skewed and negative in y, so a flipped sign or an offset fails.
  it('reads the angle about the URDF axis in both formulations', () => {
    const urdf = oneJointRobot({
      link: 'arm',
      com: '0.3 0 0.1',
      joint: 'hinge',
      type: 'revolute',
      rpy: '0.2 0 0',
      axis: '0 -0.6 0.8',
      limit: '<limit lower="-3" upper="3" effort="1" velocity="9"/>',
    })
    const settings = {
      solverType: 'RK44',
      timeIntegration: { endTime: 0.5, numberOfSteps: 1000 },
      solutionSettings: { sensorsWritePeriod: 0.05 },
    }
    const c = [0.3, 0, 0.1]
    const bodies = importUrdf(urdf, { formulation: 'bodies', gravity: G, jointSensors: true }).model
    const recorded = run(
      {
        ...bodies,
        markers: [
          ...(bodies.markers as Json[]),
          { type: 'BodyPosition', name: 'com', bodyNumber: 'arm', localPosition: c },
        ],
        sensors: [
          ...(bodies.sensors as Json[]),
          { type: 'Marker', name: 'p', markerNumber: 'com', outputVariableType: 'Position' },
        ],
      },
      settings,
    ).recorder
    const angle = sensorSeries(recorded, 'hinge').values.map((v) => v[0])
    const p = sensorSeries(recorded, 'p').values
    const tree = importUrdf(urdf, { formulation: 'tree', gravity: G, jointSensors: true }).model
    const treeAngle = sensorSeries(run(tree, settings).recorder, 'hinge').values.map((v) => v[0])

    const a = [0, -0.6, 0.8]
    const [cx, sx] = [Math.cos(0.2), Math.sin(0.2)]
    const expected = (theta: number): number[] => {
      // Rot(a, theta) c = c cos + (a x c) sin + a (a . c)(1 - cos), then Rx(0.2) and the origin.
      const [ct, st] = [Math.cos(theta), Math.sin(theta)]
      const axc = [a[1] * c[2] - a[2] * c[1], a[2] * c[0] - a[0] * c[2], a[0] * c[1] - a[1] * c[0]]
      const ac = a[0] * c[0] + a[1] * c[1] + a[2] * c[2]
      const r = c.map((x, i) => x * ct + axc[i] * st + a[i] * ac * (1 - ct))
      return [r[0], cx * r[1] - sx * r[2], 1 + sx * r[1] + cx * r[2]]
    }
    expect(Math.abs(angle[angle.length - 1])).toBeGreaterThan(0.3)
    angle.forEach((theta, k) => {
      expected(theta).forEach((x, i) => expect(Math.abs(p[k][i] - x)).toBeLessThan(1e-10))
      expect(Math.abs(treeAngle[k] - theta)).toBeLessThan(1e-8)
    })
  })
})

describe('URDF prismatic joint', () => {
  it('a slider on a tilted axis falls (g . a) t^2 / 2 in both formulations, read by its joint sensor', () => {
    const urdf = oneJointRobot({
      link: 'carriage',
      com: '0.1 0 0',
      joint: 'rail',
      type: 'prismatic',
      rpy: '0.3 0 0',
      axis: '0 0.6 -0.8',
    })
    // The axis in the world: Rx(0.3) (0, 0.6, -0.8); gravity's component along it drives the slider.
    const [c, s] = [Math.cos(0.3), Math.sin(0.3)]
    const axisZ = 0.6 * s - 0.8 * c
    const settings = {
      solverType: 'RK44',
      timeIntegration: { endTime: 0.5, numberOfSteps: 100 },
      solutionSettings: { sensorsWritePeriod: 0.5 },
    }
    for (const formulation of ['tree', 'bodies'] as const) {
      const { model } = importUrdf(urdf, { formulation, gravity: G, jointSensors: true })
      const rail = sensorSeries(run(model, settings).recorder, 'rail').values
      // RK44 integrates a constant acceleration exactly: round-off only.
      expect(Math.abs(rail[rail.length - 1][0] - 0.5 * (G[2] * axisZ) * 0.25)).toBeLessThan(1e-12)
    }
  })
})

describe('URDF floating joint', () => {
  // Rigid bodies: the child is a free body, listed, with no joint and no joint sensor; it falls from the
  // joint origin as z = 1 - g t^2 / 2 without turning (uniform gravity, no spin: RK44 integrates the
  // constant acceleration exactly, round-off only). A KinematicTree has no free link: refused.
  const urdf = oneJointRobot({
    link: 'box',
    com: '0.1 0 0',
    joint: 'free',
    type: 'floating',
    rpy: '0.3 0 0',
    axis: '1 0 0',
  })
  it('is a free body with rigid bodies, listed, and refused by the tree', () => {
    const imported = importUrdf(urdf, { formulation: 'bodies', gravity: G, jointSensors: true })
    expect(imported.notes).toEqual([
      'joint "free": floating: link "box" is a free rigid body (no joint, no joint sensor)',
    ])
    expect((imported.model.objects as Json[]).map((o) => o.type)).toEqual(['Ground', 'RigidBody'])
    expect(imported.model.sensors).toEqual([])
    const sensors = [
      { type: 'Node', name: 'p', nodeNumber: 'boxNode', outputVariableType: 'Position' },
      { type: 'Node', name: 'R', nodeNumber: 'boxNode', outputVariableType: 'RotationMatrix' },
    ]
    const settings = {
      solverType: 'RK44',
      timeIntegration: { endTime: 0.5, numberOfSteps: 100 },
      solutionSettings: { sensorsWritePeriod: 0.5 },
    }
    const { recorder } = run({ ...imported.model, sensors }, settings)
    const p = sensorSeries(recorder, 'p').values.at(-1)!
    ;[0, 0, 1 + 0.5 * G[2] * 0.25].forEach((x, i) => expect(Math.abs(p[i] - x)).toBeLessThan(1e-12))
    const [c, s] = [Math.cos(0.3), Math.sin(0.3)]
    const R = sensorSeries(recorder, 'R').values.at(-1)!
    ;[1, 0, 0, 0, c, -s, 0, s, c].forEach((x, i) => expect(Math.abs(R[i] - x)).toBeLessThan(1e-12))
    expect(() => importUrdf(urdf, { formulation: 'tree' })).toThrow(
      'joint "free": floating joints cannot be imported into a KinematicTree',
    )
  })
})

describe('URDF input errors', () => {
  const robot = (body: string): string => `<robot name="r"><link name="a"/><link name="b"/>${body}</robot>`
  it.each([
    ['<robot', /not readable as XML|no <robot> element/],
    ['<nothing/>', /no <robot> element/],
    [
      robot('<joint name="j" type="floating"><parent link="a"/><child link="b"/></joint>'),
      /joint "j": floating joints cannot be imported/,
    ],
    [
      robot('<joint name="j" type="revolute"><parent link="a"/><child link="c"/></joint>'),
      /joint "j": child link "c" is not defined/,
    ],
    [robot(''), /one tree: several roots \(a, b\)/],
    [
      robot('<joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 0"/></joint>'),
      /joint "j" axis: expected 3 numbers, got "0 0"/,
    ],
    [
      robot('<joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 0 0"/></joint>'),
      /joint "j": the axis is zero/,
    ],
  ])('%s is refused', (text, message) => {
    expect(() => importUrdf(text, { formulation: 'tree' })).toThrow(UrdfError)
    expect(() => importUrdf(text, { formulation: 'tree' })).toThrow(message)
  })
})
