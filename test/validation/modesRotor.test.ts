// A spinning rotor's gyroscopic splitting of the whirl frequencies against the closed form: a
// symmetric rigid rotor (transverse inertia J_t, polar J_p) on a spherical joint at its centre of
// mass, tilt springs k about x and y, spin Omega about its axis. About steady spin the tilt angles obey
//   J_t rx'' + J_p Omega ry' + k rx = 0,  J_t ry'' - J_p Omega rx' + k ry = 0,
// whose whirl frequencies are omega_b,f = (sqrt(J_p^2 Omega^2 + 4 J_t k) -+ J_p Omega) / (2 J_t)
// (backward and forward whirl: the classic gyroscopic rigid rotor, e.g. Genta, Dynamics of Rotating
// Systems, 2005).
import { describe, expect, it } from 'vitest'
import { modalAnalysis } from '../../src/core'
import { makeProject, type Json } from './helpers'

/**
 * Tait-Bryan angles A = Rx Ry Rz: the spin angle rz is the last rotation, a cyclic coordinate of the
 * symmetric rotor, so the linearization about steady spin is time invariant.
 */
function rotor(Jt: number, Jp: number, k: number, Omega: number): Json {
  const tilt = (name: string, marker: string): Json => ({
    type: 'ConnectorCoordinateSpringDamper',
    name,
    markerNumbers: ['groundCoordinate', marker],
    stiffness: k,
  })
  return {
    nodes: [
      { type: 'PointGround', name: 'groundNode' },
      {
        type: 'RigidBodyRxyz',
        name: 'n',
        referenceCoordinates: [0, 0, 0, 0, 0, 0],
        initialVelocities: [0, 0, 0, 0, 0, Omega],
      },
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      {
        type: 'RigidBody',
        name: 'rotor',
        nodeNumber: 'n',
        physicsMass: 2,
        physicsInertia: [Jt, Jt, Jp, 0, 0, 0],
      },
      { type: 'JointSpherical', name: 'support', markerNumbers: ['mGround', 'mRotor'] },
      tilt('tiltX', 'rx'),
      tilt('tiltY', 'ry'),
    ],
    markers: [
      { type: 'BodyPosition', name: 'mGround', bodyNumber: 'ground' },
      { type: 'BodyPosition', name: 'mRotor', bodyNumber: 'rotor' },
      { type: 'NodeCoordinate', name: 'groundCoordinate', nodeNumber: 'groundNode', coordinate: 0 },
      { type: 'NodeCoordinate', name: 'rx', nodeNumber: 'n', coordinate: 3 },
      { type: 'NodeCoordinate', name: 'ry', nodeNumber: 'n', coordinate: 4 },
    ],
    loads: [],
    sensors: [],
  }
}

/**
 * The gyroscopic terms are quadratic in the velocities, so their Jacobian (analytic, or central
 * differences, exact for quadratics) carries round-off only; the dense nonsymmetric QR of the 6 x 6
 * first-order matrix then gives a few eps times the spread of the spectrum (200 at Omega = 100).
 * 1e-10 leaves a wide margin over that round-off (docs/validation.md).
 */
const TOL = 1e-10

describe('spinning rotor on a spherical support: gyroscopic whirl splitting', () => {
  const Jt = 0.3,
    Jp = 0.5,
    k = 40
  for (const Omega of [0, 10, 100])
    it(`Omega = ${Omega} rad/s: backward and forward whirl, undamped, and the spin's rigid-body mode`, () => {
      const { modes, linearized } = modalAnalysis(
        makeProject(rotor(Jt, Jp, k, Omega), { solverType: 'Static' }),
        'initial',
        {
          damped: true,
        },
      )
      expect(linearized.nAE).toBe(3)
      const root = Math.sqrt(Jp * Jp * Omega * Omega + 4 * Jt * k)
      const whirl = [(root - Jp * Omega) / (2 * Jt), (root + Jp * Omega) / (2 * Jt)].map(
        (w) => w / (2 * Math.PI),
      )
      expect(modes).toHaveLength(3)
      expect(modes[0]).toMatchObject({ rigidBody: true, frequency: 0 })
      whirl.forEach((f, i) => {
        const mode = modes[i + 1]
        expect(Math.abs(mode.frequency / f - 1)).toBeLessThan(TOL)
        expect(Math.abs(mode.dampingRatio!)).toBeLessThan(TOL)
        expect(mode.unstable).toBe(false)
      })
    })
})
