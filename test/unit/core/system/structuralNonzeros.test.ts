// Declared structural nonzeros (ObjectComputation.structuralNonzeros): the sparse pattern holds only
// the entries of the mass matrix, the f_lhs Jacobian, the constraint Jacobian and the reaction
// stiffness that an item declares, so an entry declared zero must be exactly zero in every state, whoever
// computes the block (the item's formulas, its analytic Jacobian, or the evaluator's numerical Jacobian by
// forward differences).
// Tolerances: declared zeros are compared with exactly 0 (a structural zero is a missing term, not a
// small one: any rounding-level value would be a term the pattern silently drops). The assembled
// sparse matrix is compared with the items' full local blocks added by hand to 1e-14 relative: the
// same additions, possibly in another order where two objects share an entry (a few ulps); a
// misplaced or dropped entry differs by O(1).
import { describe, expect, it } from 'vitest'
import { buildSystem, type CompiledSystem, type ObjectComputation } from '../../../../src/core'
import { SystemEvaluator } from '../../../../src/core/system/evaluator'
import { DenseSystemMatrix } from '../../../../src/core/system/matrix'
import { createSystemMatrix, SparseSystemMatrix } from '../../../../src/core/system/sparseMatrix'
import { patternNonzeros } from '../../../../src/core/math/sparsePattern'
import { makeProject, seededRandom, type Json } from '../../../validation/helpers'

const EP_NODE_AT = (name: string, x: number): Json => ({
  type: 'RigidBodyEP',
  name,
  referenceCoordinates: [x, -0.2, 0.3, 1, 0, 0, 0],
})
const RXYZ_NODE_AT = (name: string, x: number): Json => ({
  type: 'RigidBodyRxyz',
  name,
  referenceCoordinates: [x, -0.2, 0.3, 0.1, -0.2, 0.3],
})
const PLANAR_NODE_AT = (name: string, x: number): Json => ({
  type: 'RigidBody2D',
  name,
  referenceCoordinates: [x, -0.2, 0.3],
})
const EP_NODE = { type: 'RigidBodyEP', name: 'n', referenceCoordinates: [0.1, -0.2, 0.3, 1, 0, 0, 0] }
const RXYZ_NODE = { type: 'RigidBodyRxyz', name: 'n', referenceCoordinates: [0.1, -0.2, 0.3, 0, 0, 0] }
const OFFSET = [0.3, -0.1, 0.2]
const ND = { relativeEpsilon: 1e-7, minimumCoordinateSize: 1e-2 }

function bodySystem(node: Json, centerOfMass: number[]): CompiledSystem {
  const model = {
    nodes: [node],
    objects: [
      {
        type: 'RigidBody',
        name: 'b',
        nodeNumber: 'n',
        physicsMass: 3,
        physicsInertia: [1, 2, 2.5, 0.1, -0.2, 0.3],
        physicsCenterOfMass: centerOfMass,
      },
    ],
    markers: [],
    loads: [],
    sensors: [],
  }
  return buildSystem(makeProject(model, { solverType: 'GeneralizedAlpha', linearSolverType: 'EigenSparse' }))
}

/** Random coordinates and velocities (Euler parameters off |ep| = 1 too: the formulas hold there). */
function randomState(sys: CompiledSystem, random: () => number): void {
  const s = sys.state
  for (let i = 0; i < s.q.length; i++) {
    s.q[i] = random()
    s.v[i] = 3 * random()
  }
}

/**
 * Forward differences of f_lhs on each local coordinate of x (q or v), as the evaluator's numerical Jacobian.
 */
function numericalJacobian(sys: CompiledSystem, o: ObjectComputation, x: Float64Array): Float64Array {
  const ltg = o.ltgODE2,
    n = ltg.length,
    out = new Float64Array(n * n)
  const f0 = new Float64Array(n),
    f1 = new Float64Array(n)
  o.computeODE2LHS!(sys.state, f0)
  for (let j = 0; j < n; j++) {
    const saved = x[ltg[j]],
      eps = 1e-7 * Math.max(1e-2, Math.abs(saved))
    x[ltg[j]] = saved + eps
    f1.fill(0)
    o.computeODE2LHS!(sys.state, f1)
    x[ltg[j]] = saved
    for (let i = 0; i < n; i++) out[i * n + j] = (f1[i] - f0[i]) / eps
  }
  return out
}

/** Every local block of o at the current state: mass, analytic K and D (if any), numerical K and D. */
function localBlocks(
  sys: CompiledSystem,
  o: ObjectComputation,
): { mass: Float64Array; stiffness: Float64Array[] } {
  const n = o.ltgODE2.length,
    s = sys.state
  const mass = new Float64Array(n * n)
  o.computeMassMatrix!(s, mass)
  const stiffness = [numericalJacobian(sys, o, s.q), numericalJacobian(sys, o, s.v)]
  if (o.computeODE2LHSJacobian)
    for (const [k, d] of [
      [1, 0],
      [0, 1],
      [0.7, -1.3],
    ]) {
      const J = new Float64Array(n * n)
      o.computeODE2LHSJacobian(s, k, d, J)
      stiffness.push(J)
    }
  return { mass, stiffness }
}

const CASES: [string, Json, number[], number, number][] = [
  // name, node, centre of mass, declared mass / stiffness entries (of 49 or 36)
  ['Euler parameters, COM at the node', EP_NODE, [0, 0, 0], 3 + 16, 16],
  ['Euler parameters, COM offset', EP_NODE, OFFSET, 3 + 16 + 24, 16 + 12],
  ['Tait-Bryan (numerical Jacobian), COM at the node', RXYZ_NODE, [0, 0, 0], 3 + 9, 9],
  ['Tait-Bryan (numerical Jacobian), COM offset', RXYZ_NODE, OFFSET, 3 + 9 + 18, 9 + 9],
]

describe('RigidBody structural nonzeros', () => {
  for (const [name, node, com, massCount, stiffnessCount] of CASES)
    it(`${name}: declared zeros are exactly 0 in random states, each declared entry nonzero in some`, () => {
      const sys = bodySystem(node, com)
      const o = sys.objects[0].computation
      const massMask = o.structuralNonzeros!('mass')!,
        stiffnessMask = o.structuralNonzeros!('stiffness')!
      expect([massMask.reduce((a, b) => a + b, 0), stiffnessMask.reduce((a, b) => a + b, 0)]).toEqual([
        massCount,
        stiffnessCount,
      ])
      const seenMass = new Uint8Array(massMask.length),
        seenStiffness = new Uint8Array(stiffnessMask.length)
      const random = seededRandom(31)
      for (let trial = 0; trial < 20; trial++) {
        randomState(sys, random)
        const { mass, stiffness } = localBlocks(sys, o)
        mass.forEach((v, e) => {
          if (!massMask[e]) expect(v, `mass entry ${e}`).toBe(0)
          if (v !== 0) seenMass[e] = 1
        })
        for (const J of stiffness)
          J.forEach((v, e) => {
            if (!stiffnessMask[e]) expect(v, `f_lhs Jacobian entry ${e}`).toBe(0)
            if (v !== 0) seenStiffness[e] = 1
          })
      }
      // Tight: no declared entry is zero in all 20 random states.
      expect(Array.from(seenMass)).toEqual(Array.from(massMask))
      expect(Array.from(seenStiffness)).toEqual(Array.from(stiffnessMask))
    })

  it('Euler parameters: the |ep| = 1 row is declared [0, 0, 0, 1, 1, 1, 1] and is so at both levels', () => {
    const sys = bodySystem(EP_NODE, OFFSET),
      o = sys.objects[0].computation
    const mask = o.structuralNonzeros!('constraint')!
    expect(Array.from(mask)).toEqual([0, 0, 0, 1, 1, 1, 1])
    const random = seededRandom(3),
      J = new Float64Array(7)
    for (let trial = 0; trial < 10; trial++) {
      randomState(sys, random)
      for (const level of [false, true]) {
        J.fill(Number.NaN)
        o.computeAEJacobian!(sys.state, J, level)
        J.forEach((v, j) => (mask[j] ? expect(v).not.toBe(0) : expect(v).toBe(0)))
      }
    }
  })
})

const ROT0 = [
  [0.36, 0.48, -0.8],
  [-0.8, 0.6, 0],
  [0.48, 0.64, 0.6],
]
const ROT1 = [
  [0.6, 0, 0.8],
  [0, 1, 0],
  [-0.8, 0, 0.6],
]

/** Two bodies on the node kind (or one body and ground) joined by `joint` between markers off the nodes. */
function jointSystem(
  nodeAt: (name: string, x: number) => Json,
  joint: Json,
  toGround = false,
): CompiledSystem {
  const planar = nodeAt === PLANAR_NODE_AT
  const body = (name: string, nodeNumber: string): Json =>
    planar
      ? { type: 'RigidBody2D', name, nodeNumber, physicsMass: 2, physicsInertia: 0.3 }
      : { type: 'RigidBody', name, nodeNumber, physicsMass: 2, physicsInertia: [1, 2, 2.5, 0, 0, 0] }
  const model = {
    nodes: toGround ? [nodeAt('n0', 0)] : [nodeAt('n0', 0), nodeAt('n1', 1)],
    objects: [
      body('b0', 'n0'),
      toGround ? { type: 'Ground', name: 'b1', referencePosition: [1, 0, 0] } : body('b1', 'n1'),
      { name: 'joint', markerNumbers: ['m0', 'm1'], ...joint },
    ],
    markers: [
      { type: 'BodyRigid', name: 'm0', bodyNumber: 'b0', localPosition: [0.5, -0.2, 0.1] },
      { type: 'BodyRigid', name: 'm1', bodyNumber: 'b1', localPosition: [-0.4, 0.3, 0.2] },
    ],
    loads: [],
    sensors: [],
  }
  return buildSystem(
    makeProject(model, {
      solverType: 'GeneralizedAlpha',
      linearSolverType: 'EigenSparse',
      experimental: ['newtonReactionStiffness'],
    }),
  )
}

const ROTATED = { rotationMarker0: ROT0, rotationMarker1: ROT1 }
const JOINT_CASES: [string, (name: string, x: number) => Json, Json, boolean, number, number][] = [
  // name, node kind, joint, to ground, declared C_q entries, declared reaction stiffness entries.
  // Revolute on EP: 3 translations x (1 + 4) x 2 markers, 2 rotations x 8 rotation columns; reactions
  // 2 x 4 rotation rows x 8 rotation columns.
  [
    'JointRevoluteZ on Euler parameters',
    EP_NODE_AT,
    { type: 'JointRevoluteZ', ...ROTATED },
    false,
    30 + 16,
    64,
  ],
  [
    'JointRevoluteZ on Tait-Bryan angles',
    RXYZ_NODE_AT,
    { type: 'JointRevoluteZ', ...ROTATED },
    false,
    24 + 12,
    36,
  ],
  // Prismatic (axes turning with marker 0): C_q's translation rows on all 14 columns, its rotation rows
  // on the 8 rotation columns; reactions: marker 0's rotation rows on all 14 columns, marker 1's on the
  // 8 rotation columns, both markers' translation rows on marker 0's rotation.
  [
    'JointPrismaticX on Euler parameters',
    EP_NODE_AT,
    { type: 'JointPrismaticX', ...ROTATED },
    false,
    28 + 24,
    4 * 14 + 4 * 8 + 2 * 3 * 4,
  ],
  [
    'JointGeneric [0, 1, 0, 1, 0, 1] on Euler parameters',
    EP_NODE_AT,
    { type: 'JointGeneric', constrainedAxes: [0, 1, 0, 1, 0, 1], ...ROTATED },
    false,
    14 + 16,
    4 * 14 + 4 * 8 + 2 * 3 * 4,
  ],
  [
    'JointGeneric all axes on Tait-Bryan angles',
    RXYZ_NODE_AT,
    { type: 'JointGeneric', constrainedAxes: [1, 1, 1, 1, 1, 1], ...ROTATED },
    false,
    24 + 18,
    36,
  ],
  ['JointSpherical on Euler parameters', EP_NODE_AT, { type: 'JointSpherical' }, false, 30, 32],
  ['JointSpherical to ground', EP_NODE_AT, { type: 'JointSpherical' }, true, 15, 16],
  ['JointRevolute2D', PLANAR_NODE_AT, { type: 'JointRevolute2D' }, false, 8, 2],
  [
    'JointPrismatic2D',
    PLANAR_NODE_AT,
    { type: 'JointPrismatic2D', axisMarker0: [0.6, 0.8, 0], normalMarker1: [0, 1, 0] },
    false,
    6 + 2,
    6 + 2 + 2 * 2,
  ],
]

describe('joint structural nonzeros (C_q at both levels, reaction stiffness)', () => {
  for (const [name, nodeAt, joint, toGround, constraintCount, reactionCount] of JOINT_CASES)
    it(`${name}: declared zeros are exactly 0 in random states, each declared entry nonzero in some`, () => {
      const sys = jointSystem(nodeAt, joint, toGround)
      const o = sys.objects.find((r) => r.item.name === 'joint')!.computation
      const n = o.ltgODE2.length,
        s = sys.state
      const blocks = {
        constraint: o.structuralNonzeros!('constraint')!,
        reaction: o.structuralNonzeros!('reaction')!,
      }
      expect([
        blocks.constraint.reduce((a, b) => a + b, 0),
        blocks.reaction.reduce((a, b) => a + b, 0),
      ]).toEqual([constraintCount, reactionCount])
      const seen = { constraint: new Uint8Array(o.nAE * n), reaction: new Uint8Array(n * n) }
      const check = (block: 'constraint' | 'reaction', local: Float64Array): void =>
        local.forEach((v, e) => {
          if (!blocks[block][e])
            expect(Math.abs(v), `${block} entry (${Math.floor(e / n)}, ${e % n})`).toBe(0)
          if (v !== 0) seen[block][e] = 1
        })
      const random = seededRandom(17)
      for (let trial = 0; trial < 20; trial++) {
        randomState(sys, random)
        for (let k = 0; k < s.lambda.length; k++) s.lambda[k] = random() - 0.5
        for (const level of [false, true]) {
          const C = new Float64Array(o.nAE * n)
          o.computeAEJacobian!(s, C, level)
          check('constraint', C)
        }
        const H = new Float64Array(n * n)
        o.addReactionJacobian!(s, 1, H)
        check('reaction', H)
      }
      // Tight: no declared entry is zero in all 20 random states.
      const neverSeen = (block: 'constraint' | 'reaction'): string[] =>
        Array.from(blocks[block].keys())
          .filter((e) => blocks[block][e] && !seen[block][e])
          .map((e) => `(${Math.floor(e / n)}, ${e % n})`)
      expect(neverSeen('constraint')).toEqual([])
      expect(neverSeen('reaction')).toEqual([])
    })
})

/** Two free bodies, one per kind of node, so the evaluator's analytic and numerical paths both run. */
function twoBodies(): CompiledSystem {
  const model = {
    nodes: [EP_NODE, { ...RXYZ_NODE, name: 'n2' }],
    objects: [
      {
        type: 'RigidBody',
        name: 'ep',
        nodeNumber: 'n',
        physicsMass: 3,
        physicsInertia: [1, 2, 2.5, 0.1, -0.2, 0.3],
        physicsCenterOfMass: OFFSET,
      },
      {
        type: 'RigidBody',
        name: 'rxyz',
        nodeNumber: 'n2',
        physicsMass: 2,
        physicsInertia: [1, 1.5, 2, 0, 0.1, 0],
      },
    ],
    markers: [],
    loads: [],
    sensors: [],
  }
  return buildSystem(makeProject(model, { solverType: 'GeneralizedAlpha', linearSolverType: 'EigenSparse' }))
}

describe('evaluator with declared structure', () => {
  it('the sparse pattern holds only the declared entries', () => {
    // One EP body with its COM at the node: 19 mass/stiffness entries, its |ep| row and column on the
    // Euler parameters (4 + 4) and the multiplier's diagonal.
    const sys = bodySystem(EP_NODE, [0, 0, 0])
    const m = createSystemMatrix(new SystemEvaluator(sys), 'EigenSparse') as SparseSystemMatrix
    expect(patternNonzeros(m.pattern)).toBe(19 + 8 + 1)
    const offset = createSystemMatrix(
      new SystemEvaluator(bodySystem(EP_NODE, OFFSET)),
      'EigenSparse',
    ) as SparseSystemMatrix
    expect(patternNonzeros(offset.pattern)).toBe(43 + 8 + 1)
  })

  it('assembles mass, f_lhs Jacobian and constraint Jacobian as the full local blocks would', () => {
    const sys = twoBodies(),
      ev = new SystemEvaluator(sys),
      s = sys.state
    const m = createSystemMatrix(ev, 'EigenSparse') as SparseSystemMatrix
    const random = seededRandom(5)
    const n = m.n,
      factorK = 0.8,
      factorD = -1.7,
      factorM = 2.5
    for (let trial = 0; trial < 5; trial++) {
      randomState(sys, random)
      m.zero()
      ev.addMassMatrix(s, m, factorM)
      ev.addStiffnessDamping(s, m, factorK, factorD, ND)
      ev.addConstraintJacobian(s, m, sys.nODE2, false, 1.5, 1.5, 0.5)
      // Reference: the full local blocks scattered by hand (numerical K and D for the Tait-Bryan body, as the
      // evaluator).
      const ref = new Float64Array(n * n)
      for (const { computation: o } of sys.objects) {
        const ltg = o.ltgODE2,
          nl = ltg.length
        const { mass, stiffness } = localBlocks(sys, o)
        const [Kq, Dv] = stiffness
        const K = o.computeODE2LHSJacobian ? new Float64Array(nl * nl) : null
        o.computeODE2LHSJacobian?.(s, factorK, factorD, K!)
        for (let i = 0; i < nl; i++)
          for (let j = 0; j < nl; j++) {
            const e = i * nl + j
            ref[ltg[i] * n + ltg[j]] += factorM * mass[e] + (K ? K[e] : factorK * Kq[e] + factorD * Dv[e])
          }
        if (o.nAE === 0) continue
        const C = new Float64Array(o.nAE * nl)
        o.computeAEJacobian!(s, C, false)
        for (let i = 0; i < o.nAE; i++)
          for (let j = 0; j < nl; j++) {
            const row = sys.nODE2 + o.aeIndex + i
            ref[row * n + ltg[j]] += 1.5 * C[i * nl + j]
            ref[ltg[j] * n + row] += 0.5 * C[i * nl + j]
          }
      }
      let scale = 0,
        worst = 0
      const x = new Float64Array(n),
        y = new Float64Array(n)
      for (let j = 0; j < n; j++) {
        x.fill(0)
        x[j] = 1
        m.multiply(x, y)
        for (let i = 0; i < n; i++) {
          scale = Math.max(scale, Math.abs(ref[i * n + j]))
          worst = Math.max(worst, Math.abs(y[i] - ref[i * n + j]))
        }
      }
      expect(scale).toBeGreaterThan(1)
      expect(worst).toBeLessThanOrEqual(1e-14 * scale)
    }
  })

  it('a nonzero an item writes where it declared zero is an error naming the item', () => {
    const names = {
      mass: 'mass matrix',
      stiffness: 'f_lhs Jacobian',
      constraint: 'constraint Jacobian',
      reaction: 'reaction stiffness',
    }
    for (const block of ['mass', 'stiffness', 'constraint', 'reaction'] as const) {
      const sys = bodySystem(EP_NODE, OFFSET),
        o = sys.objects[0].computation
      // Mass and stiffness as for a body without COM offset (the coupling blocks missing); the |ep| row
      // without ep_3; its reaction stiffness (2 lambda on the Euler parameters' diagonal) without ep_3's.
      const tooTight = {
        constraint: () => Uint8Array.of(0, 0, 0, 1, 1, 1, 0),
        reaction: () => Uint8Array.from({ length: 49 }, (_, e) => (e === 24 || e === 32 || e === 40 ? 1 : 0)),
        mass: () => bodySystem(EP_NODE, [0, 0, 0]).objects[0].computation.structuralNonzeros!('mass'),
        stiffness: () =>
          bodySystem(EP_NODE, [0, 0, 0]).objects[0].computation.structuralNonzeros!('stiffness'),
      }[block]()
      const declared = o.structuralNonzeros!.bind(o)
      o.structuralNonzeros = (b) => (b === block ? tooTight : declared(b))
      const ev = new SystemEvaluator(sys)
      const m = createSystemMatrix(ev, 'EigenSparse')
      randomState(sys, seededRandom(9))
      sys.state.lambda[0] = 1.5
      const assemble = {
        mass: () => ev.addMassMatrix(sys.state, m, 1),
        stiffness: () => ev.addStiffnessDamping(sys.state, m, 1, 1, ND),
        constraint: () => ev.addConstraintJacobian(sys.state, m, sys.nODE2, false, 1, 1, 1),
        reaction: () => ev.addReactionStiffness(sys.state, m, 1, ND),
      }[block]
      expect(assemble).toThrow(
        new RegExp(
          `object "b" \\(RigidBody\\): its ${names[block]} has .* at local entry \\(\\d, \\d\\), which ` +
            `structuralNonzeros\\('${block}'\\) declares zero`,
        ),
      )
    }
  })

  it('a mask of the wrong size is reported at assembly', () => {
    const sys = bodySystem(EP_NODE, [0, 0, 0]),
      o = sys.objects[0].computation
    o.structuralNonzeros = () => new Uint8Array(36)
    // The declarations are read when an assembly first needs them (building the pattern), not when the
    // evaluator is made: explicit solvers on a kinematic tree never assemble.
    const ev = new SystemEvaluator(sys)
    expect(() => createSystemMatrix(ev, 'EigenSparse')).toThrow(
      /object "b" \(RigidBody\): structuralNonzeros\('mass'\) has 36 entries, expected 7 x 7/,
    )
  })
})

describe('declared blocks kept per system (one evaluator per solver, all on one system)', () => {
  // Reference: the same two bodies built anew. Exact: both assemble the same blocks in the same order.
  it('an evaluator made after an object is added assembles what a new build of the model does', () => {
    const model = (bodies: number) => ({
      nodes: [EP_NODE_AT('n0', 0.1), EP_NODE_AT('n1', 0.7)].slice(0, bodies),
      objects: [
        {
          type: 'RigidBody',
          name: 'b0',
          nodeNumber: 'n0',
          physicsMass: 3,
          physicsInertia: [1, 2, 2.5, 0, 0, 0],
        },
        {
          type: 'RigidBody',
          name: 'b1',
          nodeNumber: 'n1',
          physicsMass: 2,
          physicsInertia: [1, 2, 2.5, 0.1, -0.2, 0.3],
          physicsCenterOfMass: OFFSET,
        },
      ].slice(0, bodies),
      markers: [],
      loads: [],
      sensors: [],
    })
    const settings = { solverType: 'GeneralizedAlpha', linearSolverType: 'EXUdense' }
    const massMatrix = (sys: CompiledSystem) => {
      const m = new DenseSystemMatrix(sys.nODE2 + sys.nAE)
      new SystemEvaluator(sys).addMassMatrix(sys.state, m, 1)
      return Array.from(m.data)
    }
    const sys = buildSystem(makeProject(model(1), settings))
    expect(massMatrix(sys)).toHaveLength(8 * 8) // 7 coordinates and |ep| = 1
    const two = makeProject(model(2), settings).resolved
    sys.addItem(two.withItems({ ...two.items, object: two.items.object.slice(0, 1) }), 'node')
    sys.addItem(two, 'object')
    sys.initialize()
    expect(massMatrix(sys)).toEqual(massMatrix(buildSystem(makeProject(model(2), settings))))
  })
})
