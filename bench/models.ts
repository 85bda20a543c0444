// Benchmark models as project JSON (the same dictionaries a user would write): Exudyn's three
// performance tests rebuilt item for item, the spherical-joint chain, and the mass-spring lattice.
// Sensors are written at t = 0 and at the end time only (sensorsWritePeriod = end time).
import type { JsonObject } from '../src/core'

type Json = JsonObject
type Vec3 = [number, number, number]
type Mat3 = [Vec3, Vec3, Vec3]

const matMul = (a: Mat3, b: Mat3): Mat3 =>
  a.map((r) => [0, 1, 2].map((j) => r[0] * b[0][j] + r[1] * b[1][j] + r[2] * b[2][j])) as Mat3
const matVec = (a: Mat3, v: Vec3): Vec3 => a.map((r) => r[0] * v[0] + r[1] * v[1] + r[2] * v[2]) as Vec3
const transpose = (a: Mat3): Mat3 => [0, 1, 2].map((i) => [a[0][i], a[1][i], a[2][i]]) as Mat3
const rotX = (t: number): Mat3 => [
  [1, 0, 0],
  [0, Math.cos(t), -Math.sin(t)],
  [0, Math.sin(t), Math.cos(t)],
]
const rotZ = (t: number): Mat3 => [
  [Math.cos(t), -Math.sin(t), 0],
  [Math.sin(t), Math.cos(t), 0],
  [0, 0, 1],
]
const IDENTITY: Mat3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
]

/** Unit quaternion [ep0, ep1, ep2, ep3] of a rotation matrix (Shepperd's method). */
function eulerParameters(R: Mat3): [number, number, number, number] {
  const tr = R[0][0] + R[1][1] + R[2][2]
  let q: [number, number, number, number]
  if (tr > 0) {
    const s = 2 * Math.sqrt(1 + tr)
    q = [s / 4, (R[2][1] - R[1][2]) / s, (R[0][2] - R[2][0]) / s, (R[1][0] - R[0][1]) / s]
  } else if (R[0][0] > R[1][1] && R[0][0] > R[2][2]) {
    const s = 2 * Math.sqrt(1 + R[0][0] - R[1][1] - R[2][2])
    q = [(R[2][1] - R[1][2]) / s, s / 4, (R[0][1] + R[1][0]) / s, (R[0][2] + R[2][0]) / s]
  } else if (R[1][1] > R[2][2]) {
    const s = 2 * Math.sqrt(1 + R[1][1] - R[0][0] - R[2][2])
    q = [(R[0][2] - R[2][0]) / s, (R[0][1] + R[1][0]) / s, s / 4, (R[1][2] + R[2][1]) / s]
  } else {
    const s = 2 * Math.sqrt(1 + R[2][2] - R[0][0] - R[1][1])
    q = [(R[1][0] - R[0][1]) / s, (R[0][2] + R[2][0]) / s, (R[1][2] + R[2][1]) / s, s / 4]
  }
  const n = Math.hypot(...q)
  return q.map((x) => x / n) as [number, number, number, number]
}

/** A rotation matrix whose third column is the unit axis a (the joint frame of a revolute-z joint). */
function frameWithZ(a: Vec3): Mat3 {
  const n = Math.hypot(...a)
  const z: Vec3 = [a[0] / n, a[1] / n, a[2] / n]
  const helper: Vec3 = Math.abs(z[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0]
  const d = helper[0] * z[0] + helper[1] * z[1] + helper[2] * z[2]
  const xr: Vec3 = [helper[0] - d * z[0], helper[1] - d * z[1], helper[2] - d * z[2]]
  const xn = Math.hypot(...xr)
  const x: Vec3 = [xr[0] / xn, xr[1] / xn, xr[2] / xn]
  const y: Vec3 = [z[1] * x[2] - z[2] * x[1], z[2] * x[0] - z[0] * x[2], z[0] * x[1] - z[1] * x[0]]
  return [
    [x[0], y[0], z[0]],
    [x[1], y[1], z[1]],
    [x[2], y[2], z[2]],
  ]
}

/**
 * Exudyn perfRigidPendulum: a 2D rigid body (m = 12 kg, J = m/12 (2a)^2, a = 0.5) on a RevoluteJoint2D
 * at its end, node reference [-0.5, 1, 0], initial angular velocity 2 rad/s, weight at the centre,
 * rho_inf 0.7, h = 2e-3. Exudyn runs 1e6 steps (2000 s); `steps` shortens it for a quick run.
 */
export function rigidPendulum(steps: number): { model: Json; settings: Json } {
  const m = 12,
    a = 0.5
  return {
    model: {
      nodes: [
        { type: 'RigidBody2D', name: 'n', referenceCoordinates: [-0.5, 1, 0], initialVelocities: [0, 0, 2] },
      ],
      objects: [
        { type: 'Ground', name: 'ground' },
        {
          type: 'RigidBody2D',
          name: 'body',
          physicsMass: m,
          physicsInertia: (m / 12) * (2 * a) ** 2,
          nodeNumber: 'n',
        },
        { type: 'JointRevolute2D', name: 'joint', markerNumbers: ['mG', 'mSupport'] },
      ],
      markers: [
        { type: 'BodyPosition', name: 'mSupport', bodyNumber: 'body', localPosition: [-0.5, 0, 0] },
        { type: 'BodyPosition', name: 'mCenter', bodyNumber: 'body', localPosition: [0, 0, 0] },
        { type: 'BodyPosition', name: 'mG', bodyNumber: 'ground', localPosition: [-1, 1, 0] },
      ],
      loads: [
        { type: 'ForceVector', name: 'weight', markerNumber: 'mCenter', loadVector: [0, -m * 9.81, 0] },
      ],
      sensors: [{ type: 'Node', name: 'position', nodeNumber: 'n', outputVariableType: 'Position' }],
    },
    settings: {
      solverType: 'GeneralizedAlpha',
      timeIntegration: {
        endTime: steps * 2e-3,
        numberOfSteps: steps,
        newton: {
          relativeTolerance: 1e-6,
          absoluteTolerance: 1e-10,
          useModifiedNewton: true,
          numericalDifferentiation: { minimumCoordinateSize: 1 },
        },
        generalizedAlpha: { spectralRadius: 0.7 },
      },
      solutionSettings: { sensorsWritePeriod: steps * 2e-3 },
    },
  }
}

/**
 * The model of Exudyn's spring-damper performance tests: a 1.6 kg MassPoint on node n1 (reference
 * x = 0.5) tied to ground by a CoordinateSpringDamper (k = 4000) on its x coordinate, with one
 * coordinate load; `node`, `spring` and `load` add to or override the parts that differ.
 */
function massOnCoordinateSpring(node: Json, spring: Json, load: Json): Json {
  return {
    nodes: [
      { type: 'Point', name: 'n1', referenceCoordinates: [0.5, 0, 0], ...node },
      { type: 'PointGround', name: 'nGround' },
    ],
    objects: [
      { type: 'MassPoint', name: 'mass', physicsMass: 1.6, nodeNumber: 'n1' },
      {
        type: 'ConnectorCoordinateSpringDamper',
        name: 'spring',
        markerNumbers: ['mGround', 'mNode'],
        stiffness: 4000,
        ...spring,
      },
    ],
    markers: [
      { type: 'NodeCoordinate', name: 'mGround', nodeNumber: 'nGround', coordinate: 0 },
      { type: 'NodeCoordinate', name: 'mNode', nodeNumber: 'n1', coordinate: 0 },
    ],
    loads: [{ type: 'Coordinate', markerNumber: 'mNode', load: 80, ...load }],
    sensors: [{ type: 'Node', name: 'position', nodeNumber: 'n1', outputVariableType: 'Position' }],
  }
}

/**
 * Exudyn perfSpringDamperExplicit: the mass at x = 0.5 - 0.08 moving at 1 m/s, damping 8, constant
 * coordinate load 80 N; ExplicitEuler, h = 1e-4, 5e6 steps (500 s). Result: |position| summed,
 * Exudyn's reference 0.52 (= 0.5 + f/k).
 */
export function springDamperExplicit(steps: number): { model: Json; settings: Json } {
  return {
    model: massOnCoordinateSpring(
      { initialCoordinates: [-0.08, 0, 0], initialVelocities: [1, 0, 0] },
      { damping: 8 },
      { name: 'force' },
    ),
    settings: {
      solverType: 'ExplicitEuler',
      timeIntegration: { endTime: steps * 1e-4, numberOfSteps: steps },
      solutionSettings: { sensorsWritePeriod: steps * 1e-4 },
    },
  }
}

/**
 * Exudyn perfSpringDamperUserFunction (rebuilt for Exudyn in bench/exudynScripts): the mass at rest
 * on a spring whose springForceUserFunction is the Duffing law 0.1 k u + k u^3 + d v (d = 4), a
 * coordinate load 80 sin(2 pi (f1 t / (2 T)) t) sweeping to the linear eigenfrequency f1 over
 * T = 50 s; generalized-alpha, spectral radius 1, h = 1e-4. Result: final x.
 */
export function springDamperUserFunction(endTime = 50): { model: Json; settings: Json } {
  const f1 = Math.sqrt(4000 / 1.6) / (2 * Math.PI)
  const steps = Math.round(endTime / 1e-4)
  return {
    model: massOnCoordinateSpring(
      {},
      {
        damping: 4,
        springForceUserFunction: '0.1*stiffness*displacement + stiffness*displacement^3 + velocity*damping',
      },
      { name: 'sweep', loadUserFunction: `80*sin(2*pi*(${f1 / endTime}*0.5*t)*t)` },
    ),
    settings: {
      solverType: 'GeneralizedAlpha',
      timeIntegration: { endTime, numberOfSteps: steps, generalizedAlpha: { spectralRadius: 1 } },
      solutionSettings: { sensorsWritePeriod: endTime },
    },
  }
}

/**
 * Exudyn perf3DRigidBodies: 400 bricks (0.4 x 0.1 x 0.1 m, density 1000) with Euler parameters, each
 * rotated by A_{i+1} = A_i Rx(0.01 pi) Rz(0.02 pi), joined end to end by revolute joints whose axis
 * is the body's local z axis (given in the previous body's frame), gravity +9.81 in z,
 * rho_inf 0.8, h = 1e-3, 1000 steps. Result: |displacement| + |rotation| of the last body summed.
 */
export function rigidBodies3D(nBodies: number, steps: number): { model: Json; settings: Json } {
  const L = 0.4,
    d = 0.1,
    rho = 1000
  const m = rho * L * d * d
  const inertia = [
    (m / 12) * (d * d + d * d),
    (m / 12) * (L * L + d * d),
    (m / 12) * (L * L + d * d),
    0,
    0,
    0,
  ]
  const delta = 0.01 * Math.PI
  const rotations: Mat3[] = []
  const axes: Vec3[] = []
  let A = rotX(0)
  for (let i = 0; i < nBodies; i++) {
    rotations.push(A)
    axes.push(matVec(A, [0, 0, 1]))
    A = matMul(matMul(A, rotX(delta)), rotZ(2 * delta))
  }
  const nodes: Json[] = [],
    objects: Json[] = [{ type: 'Ground', name: 'ground', referencePosition: [-0.5 * L, 0, 0] }],
    markers: Json[] = [],
    loads: Json[] = []
  let p: Vec3 = [0, 0, 0]
  let lastBody = 'ground'
  let lastRotation = IDENTITY
  for (let i = 0; i < nBodies; i++) {
    const Ai = rotations[i]
    const half = matVec(Ai, [0.5 * L, 0, 0])
    p = [p[0] + half[0], p[1] + half[1], p[2] + half[2]]
    nodes.push({ type: 'RigidBodyEP', name: `n${i}`, referenceCoordinates: [...p, ...eulerParameters(Ai)] })
    objects.push({
      type: 'RigidBody',
      name: `b${i}`,
      physicsMass: m,
      physicsInertia: inertia,
      nodeNumber: `n${i}`,
    })
    markers.push({ type: 'BodyMass', name: `mass${i}`, bodyNumber: `b${i}` })
    loads.push({
      type: 'MassProportional',
      name: `g${i}`,
      markerNumber: `mass${i}`,
      loadVector: [0, 0, 9.81],
    })
    // Joint at the previous body's local [L/2, 0, 0], axis = this body's z axis, in the previous body's
    // frame.
    const axisLocal0 = matVec(transpose(lastRotation), axes[i])
    const R0 = frameWithZ(axisLocal0)
    const R1 = matMul(transpose(Ai), matMul(lastRotation, R0))
    markers.push({ type: 'BodyRigid', name: `j${i}a`, bodyNumber: lastBody, localPosition: [0.5 * L, 0, 0] })
    markers.push({ type: 'BodyRigid', name: `j${i}b`, bodyNumber: `b${i}`, localPosition: [-0.5 * L, 0, 0] })
    objects.push({
      type: 'JointRevoluteZ',
      name: `joint${i}`,
      markerNumbers: [`j${i}a`, `j${i}b`],
      rotationMarker0: R0,
      rotationMarker1: R1,
    })
    p = [p[0] + half[0], p[1] + half[1], p[2] + half[2]]
    lastBody = `b${i}`
    lastRotation = Ai
  }
  const last = `n${nBodies - 1}`
  return {
    model: {
      nodes,
      objects,
      markers,
      loads,
      sensors: [
        { type: 'Node', name: 'displacement', nodeNumber: last, outputVariableType: 'Displacement' },
        { type: 'Node', name: 'rotation', nodeNumber: last, outputVariableType: 'Rotation' },
      ],
    },
    settings: {
      solverType: 'GeneralizedAlpha',
      timeIntegration: {
        endTime: steps * 1e-3,
        numberOfSteps: steps,
        newton: { useModifiedNewton: true },
        generalizedAlpha: { spectralRadius: 0.8, computeInitialAccelerations: true },
      },
      linearSolverType: 'EigenSparse',
      solutionSettings: { sensorsWritePeriod: steps * 1e-3 },
    },
  }
}

/** Geometry of the sphere chain shared with the game-engine runs (bench/peers.ts). */
export const CHAIN = { mass: 1, radius: 0.1, link: 0.5, gravity: 9.81 }

/**
 * A chain of N spheres (1 kg, radius 0.1 m, Euler parameters) starting horizontal along +x: body k
 * (1-based) has its centre at x = 0.5 k - 0.25; spherical joint k joins body k-1 at local
 * [+0.25, 0, 0] (the ground at the origin for k = 1) and body k at local [-0.25, 0, 0]; gravity -y.
 */
export function sphereChain(
  n: number,
  h: number,
  endTime: number,
  solverType = 'GeneralizedAlpha',
  spectralRadius = 0.8,
): { model: Json; settings: Json } {
  const { mass, radius, link } = CHAIN
  const J = 0.4 * mass * radius * radius
  const nodes: Json[] = [],
    objects: Json[] = [{ type: 'Ground', name: 'ground' }],
    markers: Json[] = [
      { type: 'BodyPosition', name: 'pivot', bodyNumber: 'ground', localPosition: [0, 0, 0] },
    ],
    loads: Json[] = []
  for (let k = 1; k <= n; k++) {
    nodes.push({
      type: 'RigidBodyEP',
      name: `n${k}`,
      referenceCoordinates: [link * k - link / 2, 0, 0, 1, 0, 0, 0],
    })
    objects.push({
      type: 'RigidBody',
      name: `b${k}`,
      physicsMass: mass,
      physicsInertia: [J, J, J, 0, 0, 0],
      nodeNumber: `n${k}`,
    })
    markers.push({ type: 'BodyMass', name: `mass${k}`, bodyNumber: `b${k}` })
    markers.push({
      type: 'BodyPosition',
      name: `left${k}`,
      bodyNumber: `b${k}`,
      localPosition: [-link / 2, 0, 0],
    })
    markers.push({
      type: 'BodyPosition',
      name: `right${k}`,
      bodyNumber: `b${k}`,
      localPosition: [link / 2, 0, 0],
    })
    loads.push({
      type: 'MassProportional',
      name: `g${k}`,
      markerNumber: `mass${k}`,
      loadVector: [0, -CHAIN.gravity, 0],
    })
    objects.push({
      type: 'JointSpherical',
      name: `joint${k}`,
      markerNumbers: [k === 1 ? 'pivot' : `right${k - 1}`, `left${k}`],
    })
  }
  return {
    model: {
      nodes,
      objects,
      markers,
      loads,
      sensors: [{ type: 'Node', name: 'last', nodeNumber: `n${n}`, outputVariableType: 'Position' }],
    },
    settings: {
      solverType,
      timeIntegration: {
        endTime,
        numberOfSteps: Math.round(endTime / h),
        generalizedAlpha: { spectralRadius },
      },
      solutionSettings: { sensorsWritePeriod: endTime },
    },
  }
}

/**
 * The sphere chain of sphereChain in minimal coordinates: one KinematicTree with a Spherical joint per
 * sphere (three coordinates, the x, y, z Tait-Bryan angles; Exudyn would model each as three revolute
 * joints with two massless links). Link k carries sphere k + 1 (COM 0.25 m along its x axis); the next
 * ball joint sits 0.5 m further (jointOffsets). Same masses, inertias, joint positions and gravity, so
 * the same physics. The y angle stays 0 in this planar motion, far from the gimbal singularity at
 * +-90 deg.
 */
export function sphereChainTree(
  n: number,
  h: number,
  endTime: number,
  solverType = 'RK44',
): { model: Json; settings: Json } {
  const { mass, radius, link } = CHAIN
  const J = 0.4 * mass * radius * radius
  const jointTypes: string[] = [],
    linkParents: number[] = [],
    jointOffsets: Vec3[] = [],
    linkCOMs: Vec3[] = []
  const linkInertiasCOM: Mat3[] = [],
    linkMasses: number[] = [],
    jointTransformations: Mat3[] = []
  for (let k = 0; k < n; k++) {
    jointTypes.push('Spherical')
    linkParents.push(k - 1)
    jointTransformations.push(IDENTITY)
    jointOffsets.push(k > 0 ? [link, 0, 0] : [0, 0, 0])
    linkCOMs.push([link / 2, 0, 0])
    linkInertiasCOM.push([
      [J, 0, 0],
      [0, J, 0],
      [0, 0, J],
    ])
    linkMasses.push(mass)
  }
  return {
    model: {
      nodes: [{ type: 'GenericODE2', name: 'joints', numberOfODE2Coordinates: 3 * n }],
      objects: [
        {
          type: 'KinematicTree',
          name: 'chain',
          nodeNumber: 'joints',
          gravity: [0, -CHAIN.gravity, 0],
          jointTypes,
          linkParents,
          jointTransformations,
          jointOffsets,
          linkInertiasCOM,
          linkCOMs,
          linkMasses,
        },
      ],
      markers: [
        {
          type: 'KinematicTreeRigid',
          name: 'lastSphere',
          objectNumber: 'chain',
          linkNumber: n - 1,
          localPosition: [link / 2, 0, 0],
        },
      ],
      sensors: [{ type: 'Marker', name: 'last', markerNumber: 'lastSphere', outputVariableType: 'Position' }],
    },
    settings: {
      solverType,
      timeIntegration: { endTime, numberOfSteps: Math.round(endTime / h) },
      solutionSettings: { sensorsWritePeriod: endTime },
    },
  }
}

/**
 * A square 2D lattice of side x side MassPoint2D nodes (1 kg each, spacing 1 m) joined by
 * ConnectorSpringDamper to their right and upper neighbours (k = 1e4 N/m, d = 1 N s/m), the bottom
 * row held by springs to ground, gravity -y; RK44 with h = 1e-3 (stable: h omega_max ~ 0.4 < 2.8).
 */
export function springLattice(side: number, steps: number): { model: Json; settings: Json } {
  const k = 1e4,
    d = 1
  const nodes: Json[] = [],
    objects: Json[] = [{ type: 'Ground', name: 'ground' }],
    markers: Json[] = [],
    loads: Json[] = []
  const id = (i: number, j: number): string => `${i}_${j}`
  for (let j = 0; j < side; j++)
    for (let i = 0; i < side; i++) {
      nodes.push({ type: 'Point2D', name: `n${id(i, j)}`, referenceCoordinates: [i, j] })
      objects.push({ type: 'MassPoint2D', name: `m${id(i, j)}`, physicsMass: 1, nodeNumber: `n${id(i, j)}` })
      markers.push({ type: 'NodePosition', name: `p${id(i, j)}`, nodeNumber: `n${id(i, j)}` })
      markers.push({ type: 'BodyMass', name: `mass${id(i, j)}`, bodyNumber: `m${id(i, j)}` })
      loads.push({
        type: 'MassProportional',
        name: `g${id(i, j)}`,
        markerNumber: `mass${id(i, j)}`,
        loadVector: [0, -9.81, 0],
      })
      const spring = (name: string, other: string): Json => ({
        type: 'ConnectorSpringDamper',
        name,
        markerNumbers: [other, `p${id(i, j)}`],
        stiffness: k,
        damping: d,
        referenceLength: 1,
      })
      if (i > 0) objects.push(spring(`sx${id(i, j)}`, `p${id(i - 1, j)}`))
      if (j > 0) objects.push(spring(`sy${id(i, j)}`, `p${id(i, j - 1)}`))
      else {
        markers.push({
          type: 'BodyPosition',
          name: `anchor${i}`,
          bodyNumber: 'ground',
          localPosition: [i, -1, 0],
        })
        objects.push(spring(`sa${i}`, `anchor${i}`))
      }
    }
  return {
    model: {
      nodes,
      objects,
      markers,
      loads,
      sensors: [
        {
          type: 'Node',
          name: 'top',
          nodeNumber: `n${id(side - 1, side - 1)}`,
          outputVariableType: 'Position',
        },
      ],
    },
    settings: {
      solverType: 'RK44',
      timeIntegration: { endTime: steps * 1e-3, numberOfSteps: steps },
      solutionSettings: { sensorsWritePeriod: steps * 1e-3 },
    },
  }
}
