// Reaction outputs of every AxisJoint in one convention, Exudyn's: Force and Torque are the load of the
// joint on marker 0 (global), ForceLocal and TorqueLocal the same in joint frame J0. References,
// independent of the engine (Newton-Euler of the body on the other marker): the load on marker 0 is
// F - m a (F the applied force, a the centre's acceleration) and the couple M + r x (F - m a) - dH/dt
// (r from the joint point to the centre; dH/dt = 0 here: the body rests or spins about a principal
// axis at constant rate); marker order swapped, all of it changes sign. Exudyn 1.11's numbers for the
// same models: bench/exudynScripts/jointReactions.py.
import { describe, expect, it } from 'vitest'
import { groundAndRigidBody, run, sensorSeries, type Json } from './helpers'
import { apply, cross, mul, Rx, Ry, Rz, transpose, type M3 } from './matrices3'

const m = 2,
  inertia = [0.5, 0.6, 0.7]
const F = [1, 2, 3],
  M = [0.5, -0.7, 0.9]

const add = (a: number[], b: number[]): number[] => a.map((v, i) => v + b[i])
const scale = (c: number, a: number[]): number[] => a.map((v) => c * v)
const dot = (a: number[], b: number[]): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const IDENTITY: M3 = Rz(0)

// The body's Tait-Bryan angles and rotation, joint frame J0 (global), the body's centre.
const angles = [0.3, -0.2, 0.4]
const A1 = mul(mul(Rx(angles[0]), Ry(angles[1])), Rz(angles[2]))
const J0 = mul(Rz(0.7), Rx(0.5))
const centre = [0.1, 0.2, 0.3]

const objectSensors = (joint: string, outputs: string[]): Json[] =>
  outputs.map((o) => ({ type: 'Object', name: o, objectNumber: joint, outputVariableType: o }))

/** A rigid body and the ground joined by `joint` at the body's local point bodyPoint; F, M on the centre. */
function body3D(joint: Json, node: Json, bodyPoint: number[], groundPoint: number[], swap: boolean): Json {
  return {
    nodes: [{ name: 'node', ...node }],
    objects: [
      ...groundAndRigidBody(m, inertia),
      { name: 'joint', markerNumbers: swap ? ['bm', 'gm'] : ['gm', 'bm'], ...joint },
    ],
    markers: [
      { type: 'BodyRigid', name: 'gm', bodyNumber: 'ground', localPosition: groundPoint },
      { type: 'BodyRigid', name: 'bm', bodyNumber: 'body', localPosition: bodyPoint },
      { type: 'BodyRigid', name: 'bc', bodyNumber: 'body' },
    ],
    loads: [
      { type: 'ForceVector', name: 'f', markerNumber: 'bc', loadVector: F },
      { type: 'TorqueVector', name: 't', markerNumber: 'bc', loadVector: M },
    ],
    sensors: [
      ...objectSensors('joint', ['Force', 'Torque', 'ForceLocal', 'TorqueLocal']),
      { type: 'Node', name: 'c', nodeNumber: 'node', outputVariableType: 'Position' },
      { type: 'Node', name: 'w', nodeNumber: 'node', outputVariableType: 'AngularVelocity' },
      { type: 'Marker', name: 'p', markerNumber: 'bm', outputVariableType: 'Position' },
    ],
  }
}

const settings = (endTime: number, numberOfSteps: number): Json => ({
  solverType: 'GeneralizedAlpha',
  timeIntegration: { endTime, numberOfSteps, newton: { relativeTolerance: 1e-12 } },
  solutionSettings: { sensorsWritePeriod: 0 },
})

type Last = (name: string) => number[]
function lastValues(model: Json, s: Json): Last {
  const { recorder } = run(model, s)
  return (name) => sensorSeries(recorder, name).values.at(-1)!
}

const difference = (a: number[], b: number[]): number => Math.max(...a.map((v, i) => Math.abs(v - b[i])))

/** Expects the four outputs to be the load (force, couple) on marker 0, global, J0 = joint frame 0. */
function expectLoad(last: Last, force: number[], torque: number[], frame: M3, tolerance: number): void {
  expect(difference(last('Force'), force)).toBeLessThan(tolerance)
  expect(difference(last('Torque'), torque)).toBeLessThan(tolerance)
  expect(difference(last('ForceLocal'), apply(transpose(frame), force))).toBeLessThan(tolerance)
  expect(difference(last('TorqueLocal'), apply(transpose(frame), torque))).toBeLessThan(tolerance)
}

// Exudyn 1.11 (bench/exudynScripts/jointReactions.py, the same models): its ForceLocal equals ours;
// its TorqueLocal is the raw multipliers of its rotation equations, whose signs differ per equation
// (all rotations fixed: [+x, -y, -z] of the couple on marker 0 in J0; JointRevoluteZ: [-y, x] in J1).
const EXUDYN = {
  weldForceLocal: [2.0532775610681884, 2.215346739524709, 2.208232346930309],
  weldTorqueLocal: [0.6156194755763611, 0.5961754174450465, -0.8408071797439791],
  revoluteForceLocal: [1.2967264052310787, 2.0195313845901737, 3],
  revoluteTorqueLocal: [1.698947130668819, -0.3188784759058864, 0],
  prismaticForceLocal: [0, 2.215346740380002, 2.2082323418389485],
  prismaticTorqueLocal: [-0.06853128879688572, 0.3210426352527362, -1.2009309256563871],
  sphericalForce: [1, 2, 3],
}
// Both engines' index-3 multipliers carry their Newton error amplified by the iteration matrix (~1/h^2,
// as in drives.test.ts): Exudyn's differ from the exact statics by up to 5e-9 on loads ~3.
const PEER = 1e-8
// After 500 steps of motion the two runs' Newton errors have accumulated: 4e-8 seen on loads ~3.
const MOVING_PEER = 1e-6

describe('JointGeneric welded: the static load on marker 0, global and in J0', () => {
  // The body rests (a = 0, dH/dt = 0): force F, couple M + r x F about the joint point; both at the
  // Newton tolerance (1e-12 relative) of loads ~1.
  const bodyPoint = [0.2, -0.1, 0.15]
  const jointPoint = add(centre, apply(A1, bodyPoint))
  const r = apply(A1, scale(-1, bodyPoint))
  const torque = add(M, cross(r, F))
  for (const swap of [false, true])
    it(swap ? 'markers [body, ground]: the negative' : 'markers [ground, body]', () => {
      const R1 = mul(transpose(A1), J0)
      const weld = {
        type: 'JointGeneric',
        rotationMarker0: swap ? R1 : J0,
        rotationMarker1: swap ? J0 : R1,
      }
      const node = { type: 'RigidBodyRxyz', referenceCoordinates: [...centre, ...angles] }
      const last = lastValues(body3D(weld, node, bodyPoint, jointPoint, swap), settings(0.01, 10))
      const sign = swap ? -1 : 1
      expectLoad(last, scale(sign, F), scale(sign, torque), J0, 1e-10)
      if (swap) return
      expect(difference(last('ForceLocal'), EXUDYN.weldForceLocal)).toBeLessThan(PEER)
      const T = last('TorqueLocal')
      expect(difference([T[0], -T[1], -T[2]], EXUDYN.weldTorqueLocal)).toBeLessThan(PEER)
    })
})

describe('JointRevoluteZ (and JointGeneric with rz free): a body spinning about the joint axis', () => {
  // J0 = J1 = the global axes at t = 0; the centre is 0.3 from the axis, spinning at w = 2 about z,
  // with Fz e_z and the torque M - Mz e_z (no torque about the free axis, so w stays 2). Load on marker 0:
  // F - m a with a = -w^2 (c - p), couple (M - Mz e_z) + (c - p) x (F - m a) (dH/dt = 0: w along the
  // principal axis z). The reference takes c, p and w from the run's state; GA's index-3 multipliers
  // match the exact accelerations of its positions to O(h^2): h = 1e-3, loads ~3, so 1e-5.
  const w = 2,
    arm = 0.3
  const Mxy = [M[0], M[1], 0],
    Fz = [0, 0, F[2]]
  const spin = (joint: Json): Json => {
    const model = body3D(
      joint,
      {
        type: 'RigidBodyRxyz',
        referenceCoordinates: [centre[0] + arm, centre[1], centre[2], 0, 0, 0],
        initialVelocities: [0, arm * w, 0, 0, 0, w],
      },
      [-arm, 0, 0],
      centre,
      false,
    )
    ;(model.loads as Json[])[0].loadVector = Fz
    ;(model.loads as Json[])[1].loadVector = Mxy
    return model
  }
  const joints: [string, Json][] = [
    ['JointRevoluteZ', { type: 'JointRevoluteZ' }],
    ['JointGeneric [1, 1, 1, 1, 1, 0]', { type: 'JointGeneric', constrainedAxes: [1, 1, 1, 1, 1, 0] }],
  ]
  for (const [label, joint] of joints)
    it(label, () => {
      const last = lastValues(spin(joint), settings(0.5, 500))
      const c = last('c'),
        p = last('p'),
        omega = last('w')
      const r = c.map((v, i) => v - p[i])
      const load = add(Fz, scale(m * omega[2] * omega[2], r))
      expectLoad(last, load, add(Mxy, cross(r, load)), IDENTITY, 1e-5)
      // Exudyn's run of the same model, same step: the same discrete solution up to Newton error.
      expect(difference(last('ForceLocal'), EXUDYN.revoluteForceLocal)).toBeLessThan(MOVING_PEER)
      // The body turned by theta about z: the couple in J1 is Rz(theta)^T T.
      const theta = Math.atan2(c[1] - p[1], c[0] - p[0])
      const inJ1 = apply(transpose(Rz(theta)), last('TorqueLocal'))
      expect(difference([-inJ1[1], inJ1[0], 0], EXUDYN.revoluteTorqueLocal)).toBeLessThan(MOVING_PEER)
    })
})

describe('JointPrismaticX: a body sliding along the turned axis of J0', () => {
  // The body slides along x0 = J0 e_x (a = (F . x0) x0 / m, no rotation): load on marker 0
  // F - (F . x0) x0 and couple M (the joint point is the centre), exact at every step.
  it('the transverse force and the couple, global and in J0', () => {
    const joint = { type: 'JointPrismaticX', rotationMarker0: J0, rotationMarker1: J0 }
    const node = { type: 'RigidBodyRxyz', referenceCoordinates: [...centre, 0, 0, 0] }
    const last = lastValues(body3D(joint, node, [0, 0, 0], centre, false), settings(0.2, 100))
    const x0 = J0.map((row) => row[0])
    const force = add(F, scale(-dot(F, x0), x0))
    expectLoad(last, force, M, J0, 1e-10)
    expect(difference(last('ForceLocal'), EXUDYN.prismaticForceLocal)).toBeLessThan(PEER)
    const T = last('TorqueLocal')
    expect(difference([T[0], -T[1], -T[2]], EXUDYN.prismaticTorqueLocal)).toBeLessThan(PEER)
  })
})

describe('JointSpherical: a body pinned at its centre', () => {
  // The centre stays (a = 0): the force on marker 0 is F; swapped markers give -F.
  for (const swap of [false, true])
    it(swap ? 'markers [body, ground]' : 'markers [ground, body]', () => {
      const model = body3D(
        { type: 'JointSpherical' },
        { type: 'RigidBodyRxyz', referenceCoordinates: [...centre, ...angles] },
        [0, 0, 0],
        centre,
        swap,
      )
      model.sensors = [...objectSensors('joint', ['Force'])]
      const last = lastValues(model, settings(0.1, 100))
      expect(difference(last('Force'), scale(swap ? -1 : 1, F))).toBeLessThan(1e-10)
      if (!swap) expect(difference(last('Force'), EXUDYN.sphericalForce)).toBeLessThan(1e-10)
    })
})

describe('Planar joints (Exudyn 1.11 has no reaction outputs for them)', () => {
  const phi = 0.4
  const F2 = [1, 2, 0],
    M2 = 0.9
  const body2D = (joint: Json, marker: string, swap: boolean): Json => ({
    nodes: [{ type: 'RigidBody2D', name: 'node', referenceCoordinates: [centre[0], centre[1], phi] }],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'RigidBody2D', name: 'body', physicsMass: m, physicsInertia: 0.5, nodeNumber: 'node' },
      { name: 'joint', markerNumbers: swap ? ['bm', 'gm'] : ['gm', 'bm'], ...joint },
    ],
    markers: [
      { type: marker, name: 'gm', bodyNumber: 'ground', localPosition: [centre[0], centre[1], 0] },
      { type: marker, name: 'bm', bodyNumber: 'body' },
      { type: 'BodyRigid', name: 'bc', bodyNumber: 'body' },
    ],
    loads: [
      { type: 'ForceVector', name: 'f', markerNumber: 'bc', loadVector: F2 },
      { type: 'TorqueVector', name: 't', markerNumber: 'bc', loadVector: [0, 0, M2] },
    ],
    sensors: [
      ...objectSensors('joint', joint.type === 'JointRevolute2D' ? ['Force'] : ['Force', 'Torque']),
      { type: 'Node', name: 'c', nodeNumber: 'node', outputVariableType: 'Position' },
    ],
  })
  for (const swap of [false, true]) {
    const sign = swap ? -1 : 1
    it(`JointRevolute2D pinned at the centre, markers ${swap ? '[body, ground]' : '[ground, body]'}`, () => {
      // The centre stays: force F on marker 0.
      const last = lastValues(body2D({ type: 'JointRevolute2D' }, 'BodyPosition', swap), settings(0.1, 100))
      expect(difference(last('Force'), scale(sign, F2))).toBeLessThan(1e-10)
    })
    const markers = swap ? '[body, ground]' : '[ground, body]'
    it(`JointPrismatic2D on an axis at ${phi} rad, markers ${markers}`, () => {
      // The body slides along t = [cos phi, sin phi] without turning: load on marker 0 f = F - (F . t) t
      // and the couple about the sliding point, M e_z + (c - p) x f. The axis lies in marker 0's frame,
      // the normal in marker 1's: the normal force acts at p0 (the ground's point p, as
      // g = n1 . (p1 - p0) puts it on the body), swapped at the body's centre (p = c).
      const t = [Math.cos(phi), Math.sin(phi), 0],
        n = [-Math.sin(phi), Math.cos(phi), 0]
      const joint = swap
        ? { type: 'JointPrismatic2D', axisMarker0: [1, 0, 0], normalMarker1: n }
        : { type: 'JointPrismatic2D', axisMarker0: t, normalMarker1: [0, 1, 0] }
      const last = lastValues(body2D(joint, 'BodyRigid', swap), settings(0.1, 100))
      // Sliding, the multipliers carry the Newton error amplified by ~1/h^2 (h = 1e-3): 2e-8 seen.
      const f = add(F2, scale(-dot(F2, t), t)),
        c = last('c')
      const r = swap ? [0, 0, 0] : [c[0] - centre[0], c[1] - centre[1], 0]
      expect(difference(last('Force'), scale(sign, f))).toBeLessThan(1e-7)
      expect(difference(last('Torque'), scale(sign, add([0, 0, M2], cross(r, f))))).toBeLessThan(1e-7)
    })
  }
})
