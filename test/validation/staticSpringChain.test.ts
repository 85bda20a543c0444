// Static solver on spring networks. A hanging chain of mass points and ConnectorSpringDampers (x held
// by ConnectorCoordinate constraints), loaded by a ForceVector at its free end and by gravity
// (MassProportional): the springs are in series, so spring j carries the end force plus the weight of
// every mass below it, and node i moves by the sum of the elongations above it. Then a nonlinear
// network (springs at angles, large deflection) checked by the equilibrium residual computed here.
import { describe, expect, it } from 'vitest'
import { GRAVITY, run, type Json } from './helpers'

const L0 = 0.5
const stiffness = [400, 250, 600, 150]
const masses = [1, 2, 0.5, 1.5]
const N = stiffness.length

/**
 * Nodes i = 1..N at y = -i L0 below a ground point at the origin; spring i joins node i-1 (or ground) and
 * node i.
 */
function chainModel(endForce: number, gravity: number): Json {
  const nodes: Json[] = [{ type: 'PointGround', name: 'groundNode' }]
  const objects: Json[] = [{ type: 'Ground', name: 'ground' }]
  const markers: Json[] = [
    { type: 'BodyPosition', name: 'top', bodyNumber: 'ground' },
    { type: 'NodeCoordinate', name: 'groundCoordinate', nodeNumber: 'groundNode' },
  ]
  const loads: Json[] = [
    { type: 'ForceVector', name: 'endForce', markerNumber: `point${N}`, loadVector: [0, -endForce, 0] },
  ]
  for (let i = 1; i <= N; i++) {
    nodes.push({ type: 'Point2D', name: `node${i}`, referenceCoordinates: [0, -i * L0] })
    objects.push({
      type: 'MassPoint2D',
      name: `mass${i}`,
      physicsMass: masses[i - 1],
      nodeNumber: `node${i}`,
    })
    markers.push({ type: 'BodyPosition', name: `point${i}`, bodyNumber: `mass${i}` })
    markers.push({ type: 'BodyMass', name: `bodyMass${i}`, bodyNumber: `mass${i}` })
    markers.push({ type: 'NodeCoordinate', name: `x${i}`, nodeNumber: `node${i}`, coordinate: 0 })
    objects.push({
      type: 'ConnectorSpringDamper',
      name: `spring${i}`,
      markerNumbers: [i === 1 ? 'top' : `point${i - 1}`, `point${i}`],
      referenceLength: L0,
      stiffness: stiffness[i - 1],
    })
    // The chain is a line: nothing resists sideways motion at zero tension, so x is held.
    objects.push({
      type: 'ConnectorCoordinate',
      name: `holdX${i}`,
      markerNumbers: ['groundCoordinate', `x${i}`],
    })
    loads.push({
      type: 'MassProportional',
      name: `gravity${i}`,
      markerNumber: `bodyMass${i}`,
      loadVector: [0, -gravity, 0],
    })
  }
  return { nodes, objects, markers, loads, sensors: [] }
}

/** Downward displacement of node i (1-based): sum over springs j <= i of tension_j / k_j. */
function analyticDisplacement(endForce: number, gravity: number): number[] {
  const tension = stiffness.map((_, j) => endForce + gravity * masses.slice(j).reduce((a, b) => a + b, 0))
  let u = 0
  return stiffness.map((k, j) => (u += tension[j] / k))
}

/** The y coordinates of the chain's nodes; node i's y coordinate is q[2 (i - 1) + 1]. */
function solveChain(endForce: number, gravity: number, loadSteps: number): number[] {
  const { system } = run(chainModel(endForce, gravity), {
    solverType: 'Static',
    staticSolver: { numberOfLoadSteps: loadSteps },
  })
  return Array.from({ length: N }, (_, i) => -system.state.q[2 * i + 1])
}

describe('static deflection of a chain of springs in series', () => {
  /**
   * Along its axis a ConnectorSpringDamper is linear (L - L0 = elongation), so the static solution is
   * the analytic one up to Newton's residual tolerance (1e-10 N) over the smallest stiffness
   * (150 N/m), ~1e-12 m, and round-off in the lengths (~1e-16 m): 1e-11 m.
   */
  const cases = [
    { label: 'end force only', endForce: 30, gravity: 0 },
    { label: 'gravity only', endForce: 0, gravity: GRAVITY },
    { label: 'end force and gravity', endForce: 30, gravity: GRAVITY },
  ]
  for (const { label, endForce, gravity } of cases)
    for (const loadSteps of [1, 5])
      it(`${label}, ${loadSteps} load step(s)`, () => {
        const u = solveChain(endForce, gravity, loadSteps)
        analyticDisplacement(endForce, gravity).forEach((expected, i) =>
          expect(Math.abs(u[i] - expected)).toBeLessThan(1e-11),
        )
      })
})

describe('static equilibrium of a nonlinear spring network (springs at angles, large deflection)', () => {
  const grounds = [
    [0, 0],
    [1.5, 0.2],
    [2.5, -0.3],
  ]
  const nodeRef = [
    [0.8, -0.6],
    [1.8, -0.9],
  ]
  const mass = [1.2, 0.8]
  // [from, to, stiffness, reference length]; 'g<i>' are ground points, 'n<i>' free nodes.
  const springs: [string, string, number, number][] = [
    ['g0', 'n0', 200, 0.8],
    ['g1', 'n0', 150, 0.9],
    ['n0', 'n1', 300, 1.1],
    ['g2', 'n1', 100, 1.0],
    ['g1', 'n1', 120, 1.3],
  ]
  const endForce = [25, -60]

  const model: Json = {
    nodes: nodeRef.map((r, i) => ({ type: 'Point2D', name: `node${i}`, referenceCoordinates: r })),
    objects: [
      { type: 'Ground', name: 'ground' },
      ...mass.map((m, i) => ({
        type: 'MassPoint2D',
        name: `mass${i}`,
        physicsMass: m,
        nodeNumber: `node${i}`,
      })),
      ...springs.map(([a, b, k, l], j) => ({
        type: 'ConnectorSpringDamper',
        name: `spring${j}`,
        markerNumbers: [a, b],
        stiffness: k,
        referenceLength: l,
      })),
    ],
    markers: [
      ...grounds.map((g, i) => ({
        type: 'BodyPosition',
        name: `g${i}`,
        bodyNumber: 'ground',
        localPosition: [g[0], g[1], 0],
      })),
      ...mass.map((_, i) => ({ type: 'BodyPosition', name: `n${i}`, bodyNumber: `mass${i}` })),
      ...mass.map((_, i) => ({ type: 'BodyMass', name: `m${i}`, bodyNumber: `mass${i}` })),
    ],
    loads: [
      { type: 'ForceVector', name: 'force', markerNumber: 'n1', loadVector: [endForce[0], endForce[1], 0] },
      ...mass.map((_, i) => ({
        type: 'MassProportional',
        name: `gravity${i}`,
        markerNumber: `m${i}`,
        loadVector: [0, -GRAVITY, 0],
      })),
    ],
    sensors: [],
  }

  /** Sum of forces on each free node (springs, gravity, end force), from the positions alone. */
  function residual(p: number[][]): number[] {
    const point = (name: string): number[] => (name[0] === 'g' ? grounds : p)[Number(name.slice(1))]
    const f = p.map((_, i) => [0, -mass[i] * GRAVITY])
    f[1][0] += endForce[0]
    f[1][1] += endForce[1]
    for (const [a, b, k, l] of springs) {
      const pa = point(a),
        pb = point(b)
      const d = [pb[0] - pa[0], pb[1] - pa[1]]
      const len = Math.hypot(d[0], d[1])
      const tension = k * (len - l)
      // The spring pulls b towards a and a towards b.
      for (const [name, sign] of [
        [a, 1],
        [b, -1],
      ] as const) {
        if (name[0] !== 'n') continue
        const i = Number(name.slice(1))
        f[i][0] += (sign * tension * d[0]) / len
        f[i][1] += (sign * tension * d[1]) / len
      }
    }
    return f.flat()
  }

  /**
   * Newton stops at a residual of 1e-10 N (absolute) or 1e-10 of the initial residual (~100 N), so
   * the independently computed force balance is below 1e-8 N; the positions of one and ten load
   * steps agree to that residual over the stiffness (~100 N/m): 1e-9 m. The deflection is large
   * (node 1 moves more than 0.1 m, against spring lengths of ~1 m) and the springs rotate, so the
   * geometric nonlinearity matters.
   */
  it('the force balance computed in the test vanishes; one and ten load steps agree', () => {
    const solve = (loadSteps: number): number[][] => {
      const { q } = run(model, { solverType: 'Static', staticSolver: { numberOfLoadSteps: loadSteps } })
        .system.state
      return nodeRef.map((r, i) => [r[0] + q[2 * i], r[1] + q[2 * i + 1]])
    }
    const one = solve(1),
      ten = solve(10)
    expect(Math.max(...residual(one).map(Math.abs))).toBeLessThan(1e-8)
    expect(Math.max(...residual(ten).map(Math.abs))).toBeLessThan(1e-8)
    one.flat().forEach((x, i) => expect(Math.abs(x - ten.flat()[i])).toBeLessThan(1e-9))
    // Large deflection, from a reference state far from balance.
    expect(Math.hypot(one[1][0] - nodeRef[1][0], one[1][1] - nodeRef[1][1])).toBeGreaterThan(0.1)
    expect(Math.max(...residual(nodeRef).map(Math.abs))).toBeGreaterThan(10)
  })
})
