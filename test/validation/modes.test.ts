// Eigenmodes against closed forms: spring chains, a damped oscillator's damping ratio, a pendulum in
// redundant coordinates (mass point on a distance constraint, also with the constraint duplicated),
// and a free rigid body's six zero modes.
import { describe, expect, it } from 'vitest'
import { modalAnalysis } from '../../src/core'
import { GRAVITY, makeProject, pendulumModel, type Json } from './helpers'

const STATIC: Json = { solverType: 'Static' }
const hz = (omega: number): number => omega / (2 * Math.PI)

/** n unit masses (m) on Node1D coordinates, springs k between neighbours and to ground at each end given. */
function chain(n: number, m: number, k: number, fixedRight: boolean): Json {
  const nodes: Json[] = [{ type: 'PointGround', name: 'g' }],
    objects: Json[] = [{ type: 'Ground', name: 'ground' }],
    markers: Json[] = [{ type: 'NodeCoordinate', name: 'mg', nodeNumber: 'g', coordinate: 0 }]
  for (let i = 0; i < n; i++) {
    nodes.push({ type: 'Node1D', name: `n${i}` })
    objects.push({ type: 'Mass1D', name: `mass${i}`, nodeNumber: `n${i}`, physicsMass: m })
    markers.push({ type: 'NodeCoordinate', name: `m${i}`, nodeNumber: `n${i}`, coordinate: 0 })
  }
  const spring = (name: string, a: string, b: string): Json => ({
    type: 'ConnectorCoordinateSpringDamper',
    name,
    markerNumbers: [a, b],
    stiffness: k,
  })
  objects.push(spring('s0', 'mg', 'm0'))
  for (let i = 1; i < n; i++) objects.push(spring(`s${i}`, `m${i - 1}`, `m${i}`))
  if (fixedRight) objects.push(spring(`s${n}`, `m${n - 1}`, 'mg'))
  return { nodes, objects, markers, loads: [], sensors: [] }
}

/**
 * Dense symmetric eigenvalues are backward stable: relative errors of a few eps times the condition
 * of the spectrum (below 10 here); 1e-12 leaves a margin of 100.
 */
const DENSE_TOL = 1e-12

describe('undamped modes vs closed forms', () => {
  it('two masses, fixed-free chain: omega^2 = (k/m)(3 -+ sqrt 5)/2', () => {
    const m = 2,
      k = 50
    const { modes } = modalAnalysis(makeProject(chain(2, m, k, false), STATIC), 'initial')
    const exact = [(3 - Math.sqrt(5)) / 2, (3 + Math.sqrt(5)) / 2].map((r) => hz(Math.sqrt((r * k) / m)))
    expect(modes.map((mode) => mode.frequency)).toHaveLength(2)
    modes.forEach((mode, i) => {
      expect(Math.abs(mode.frequency / exact[i] - 1)).toBeLessThan(DENSE_TOL)
      expect(mode.rigidBody).toBe(false)
    })
    // Lowest mode in phase, ratio of amplitudes (1 + sqrt 5)/2 (golden ratio) from the closed form.
    expect(modes[0].shape[1] / modes[0].shape[0]).toBeCloseTo((1 + Math.sqrt(5)) / 2, 12)
  })

  it('three masses between two walls: omega^2 = (k/m)(2 - 2 cos(j pi/4))', () => {
    const m = 1.5,
      k = 30
    const { modes } = modalAnalysis(makeProject(chain(3, m, k, true), STATIC), 'initial', { count: 3 })
    modes.forEach((mode, i) => {
      const exact = hz(Math.sqrt(((2 - 2 * Math.cos(((i + 1) * Math.PI) / 4)) * k) / m))
      expect(Math.abs(mode.frequency / exact - 1)).toBeLessThan(DENSE_TOL)
    })
    // Middle mode: the centre mass at rest (sin(2 pi j / 4) pattern: 1, 0, -1).
    expect(Math.abs(modes[1].shape[1])).toBeLessThan(1e-12)
  })

  it('at the static equilibrium under a load: the same closed form (the chain is linear)', () => {
    const m = 2,
      k = 50
    const model = chain(2, m, k, false)
    ;(model.loads as Json[]).push({ type: 'Coordinate', name: 'push', markerNumber: 'm1', load: 7 })
    const { modes, system } = modalAnalysis(makeProject(model, STATIC), 'static')
    // Static displacement of the tip: 2 load / k (both springs carry the load).
    expect(system.state.q[1]).toBeCloseTo((2 * 7) / k, 12)
    const exact = hz(Math.sqrt((((3 - Math.sqrt(5)) / 2) * k) / m))
    // The coordinate spring's stiffness is a central difference (step h = 1e-5): exact for a linear
    // spring but for round-off eps |f| / h = 2.2e-16 * 7 / 1e-5 = 1.5e-10 of k = 50, i.e. 3e-12.
    expect(Math.abs(modes[0].frequency / exact - 1)).toBeLessThan(1e-10)
  })

  it('count keeps the lowest modes', () => {
    const { modes } = modalAnalysis(makeProject(chain(3, 1, 1, true), STATIC), 'initial', { count: 2 })
    expect(modes).toHaveLength(2)
    expect(modes[0].frequency).toBeLessThan(modes[1].frequency)
  })
})

describe('damped oscillator', () => {
  it('damping ratio d / (2 sqrt(k m)) and damped frequency omega_n sqrt(1 - zeta^2)', () => {
    const m = 2,
      k = 50,
      d = 3
    const model = chain(1, m, k, false)
    ;(model.objects as Json[])[2].damping = d
    const { modes } = modalAnalysis(makeProject(model, STATIC), 'initial', { damped: true })
    const omega = Math.sqrt(k / m),
      zeta = d / (2 * Math.sqrt(k * m))
    expect(modes).toHaveLength(1)
    // Nonsymmetric Hessenberg QR on a 2x2 companion matrix: a few eps.
    expect(Math.abs(modes[0].dampingRatio! / zeta - 1)).toBeLessThan(DENSE_TOL)
    expect(Math.abs(modes[0].frequency / hz(omega * Math.sqrt(1 - zeta * zeta)) - 1)).toBeLessThan(DENSE_TOL)
    expect(modes[0].shapeImaginary).toBeDefined()
  })
})

/** A 3D spherical pendulum: MassPoint on a Point node hanging at distance L below a ground pivot. */
function sphericalPendulum(L: number, duplicated: boolean): Json {
  const rod = (name: string): Json => ({
    type: 'ConnectorDistance',
    name,
    markerNumbers: ['pivot', 'bobPosition'],
    distance: L,
  })
  return {
    nodes: [{ type: 'Point', name: 'bobNode', referenceCoordinates: [0, -L, 0] }],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'MassPoint', name: 'bob', physicsMass: 0.7, nodeNumber: 'bobNode' },
      rod('rod'),
      ...(duplicated ? [rod('rodAgain')] : []),
    ],
    markers: [
      { type: 'BodyPosition', name: 'pivot', bodyNumber: 'ground' },
      { type: 'BodyPosition', name: 'bobPosition', bodyNumber: 'bob' },
      { type: 'BodyMass', name: 'bobMass', bodyNumber: 'bob' },
    ],
    loads: [
      { type: 'MassProportional', name: 'gravity', markerNumber: 'bobMass', loadVector: [0, -GRAVITY, 0] },
    ],
    sensors: [],
  }
}

/**
 * The pendulum's stiffness is the reaction stiffness lambda * d^2 g / dq^2 (the rod tension m g turning
 * with the rod): analytic or forward differences with relative step 1e-7, so frequencies to 1e-6.
 */
const PENDULUM_TOL = 1e-6

describe('pendulum in redundant coordinates about its equilibrium', () => {
  it('planar mass point on a distance constraint: sqrt(g / L)', () => {
    const L = 0.8
    const model = pendulumModel(0, L)
    const { modes, linearized } = modalAnalysis(makeProject(model, STATIC), 'initial')
    expect(linearized.nAE).toBe(1)
    expect(modes).toHaveLength(1)
    expect(Math.abs(modes[0].frequency / hz(Math.sqrt(GRAVITY / L)) - 1)).toBeLessThan(PENDULUM_TOL)
    // The shape is horizontal at the bottom (x moves, y does not to first order).
    expect(Math.abs(modes[0].shape[1])).toBeLessThan(1e-8)
  })

  for (const duplicated of [false, true])
    it(`spherical pendulum${duplicated ? ', duplicated constraint' : ''}: two modes sqrt(g / L)`, () => {
      const L = 1.3
      const { modes, linearized } = modalAnalysis(
        makeProject(sphericalPendulum(L, duplicated), STATIC),
        'initial',
      )
      expect(linearized.nAE).toBe(duplicated ? 2 : 1)
      expect(modes).toHaveLength(2)
      for (const mode of modes)
        expect(Math.abs(mode.frequency / hz(Math.sqrt(GRAVITY / L)) - 1)).toBeLessThan(PENDULUM_TOL)
    })
})

describe('rigid body on a revolute joint (RigidBodyRxyz + JointRevoluteZ), hanging', () => {
  it('physical pendulum: omega^2 = m g d / (J_com + m d^2), five coordinates eliminated', () => {
    const m = 2,
      d = 0.4,
      Jc = 0.05
    const model: Json = {
      nodes: [{ type: 'RigidBodyRxyz', name: 'n', referenceCoordinates: [0, -d, 0, 0, 0, -Math.PI / 2] }],
      objects: [
        { type: 'Ground', name: 'ground' },
        {
          type: 'RigidBody',
          name: 'link',
          nodeNumber: 'n',
          physicsMass: m,
          physicsInertia: [0.01, Jc, Jc, 0, 0, 0],
        },
        { type: 'JointRevoluteZ', name: 'pivot', markerNumbers: ['mGround', 'mLink'] },
      ],
      markers: [
        { type: 'BodyRigid', name: 'mGround', bodyNumber: 'ground' },
        { type: 'BodyRigid', name: 'mLink', bodyNumber: 'link', localPosition: [-d, 0, 0] },
        { type: 'BodyMass', name: 'mMass', bodyNumber: 'link' },
      ],
      loads: [
        { type: 'MassProportional', name: 'gravity', markerNumber: 'mMass', loadVector: [0, -GRAVITY, 0] },
      ],
      sensors: [],
    }
    const { modes, linearized } = modalAnalysis(makeProject(model, STATIC), 'initial')
    expect(linearized.nAE).toBe(5)
    expect(modes).toHaveLength(1)
    const exact = hz(Math.sqrt((m * GRAVITY * d) / (Jc + m * d * d)))
    expect(Math.abs(modes[0].frequency / exact - 1)).toBeLessThan(PENDULUM_TOL)
  })
})

describe('free rigid body', () => {
  it('six rigid-body modes of frequency 0', () => {
    const model: Json = {
      nodes: [{ type: 'RigidBodyEP', name: 'n', referenceCoordinates: [0.1, 0.2, 0.3, 1, 0, 0, 0] }],
      objects: [
        {
          type: 'RigidBody',
          name: 'b',
          nodeNumber: 'n',
          physicsMass: 3,
          physicsInertia: [1, 2, 2.5, 0.1, -0.2, 0.3],
        },
      ],
      markers: [],
      loads: [],
      sensors: [],
    }
    const { modes } = modalAnalysis(makeProject(model, STATIC), 'initial')
    expect(modes).toHaveLength(6)
    for (const mode of modes) {
      expect(mode.rigidBody).toBe(true)
      expect(mode.frequency).toBe(0)
    }
  })
})
