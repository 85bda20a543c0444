// JointSliding2D against closed forms: a mass point sliding without friction along a straight,
// inclined chain of fixed ANCFCable2D elements accelerates at g sin(alpha) across the element
// boundaries; on a curved (circular-arc) chain the bead stays on the cable axis to Newton's
// tolerance and its energy is kept; axialForce drives it along a horizontal cable at F / m.
import { describe, expect, it } from 'vitest'
import { GRAVITY, run, sensorSeries, type Json } from './helpers'

/**
 * Fixed cable nodes at the given points and slopes (all coordinates constrained to ground), ANCFCable2D
 * elements between them, a 1 kg bead on a Point2D node at arc position s0 (given as its position p0
 * and the sliding coordinate) and the JointSliding2D with its GenericODE2 sliding node.
 */
function beadOnWire(points: number[][], slopes: number[][], lengths: number[], s0: number, p0: number[], v0: number[], sv0: number, extra: { gravity?: number[]; axialForce?: number } = {}): Json {
  const nodes: Json[] = [{ type: 'PointGround', name: 'ground' }]
  const objects: Json[] = []
  const markers: Json[] = [{ type: 'NodeCoordinate', name: 'groundCoordinate', nodeNumber: 'ground' }]
  points.forEach((p, i) => {
    nodes.push({ type: 'Point2DSlope1', name: `n${i}`, referenceCoordinates: [...p, ...slopes[i]] })
    for (let k = 0; k < 4; k++) {
      markers.push({ type: 'NodeCoordinate', name: `n${i}c${k}`, nodeNumber: `n${i}`, coordinate: k })
      objects.push({ type: 'ConnectorCoordinate', name: `fix${i}c${k}`, markerNumbers: ['groundCoordinate', `n${i}c${k}`] })
    }
  })
  const offsets = lengths.map((_, i) => lengths.slice(0, i).reduce((a, b) => a + b, 0))
  lengths.forEach((L, i) => {
    objects.push({ type: 'ANCFCable2D', name: `c${i}`, nodeNumbers: [`n${i}`, `n${i + 1}`], physicsLength: L, physicsMassPerLength: 1, physicsBendingStiffness: 1, physicsAxialStiffness: 100 })
    markers.push({ type: 'BodyCable2DCoordinates', name: `cable${i}`, bodyNumber: `c${i}` })
  })
  nodes.push({ type: 'Point2D', name: 'beadNode', referenceCoordinates: p0, initialVelocities: v0 })
  nodes.push({ type: 'GenericODE2', name: 'sNode', numberOfODE2Coordinates: 1, referenceCoordinates: [s0], initialCoordinates_t: [sv0] })
  objects.push({ type: 'MassPoint2D', name: 'bead', physicsMass: 1, nodeNumber: 'beadNode' })
  markers.push({ type: 'BodyPosition', name: 'beadPosition', bodyNumber: 'bead' }, { type: 'BodyMass', name: 'beadMass', bodyNumber: 'bead' })
  const start = offsets.filter((o) => o <= s0).length - 1
  objects.push({
    type: 'JointSliding2D', name: 'slider', markerNumbers: ['beadPosition', `cable${start}`], slidingMarkerNumbers: lengths.map((_, i) => `cable${i}`),
    slidingMarkerOffsets: offsets, nodeNumber: 'sNode', axialForce: extra.axialForce ?? 0,
  })
  return {
    nodes, objects, markers,
    loads: extra.gravity ? [{ type: 'MassProportional', name: 'gravity', markerNumber: 'beadMass', loadVector: extra.gravity }] : [],
    sensors: [
      { type: 'Object', name: 's', objectNumber: 'slider', outputVariableType: 'SlidingCoordinate' },
      { type: 'Object', name: 'force', objectNumber: 'slider', outputVariableType: 'Force' },
      { type: 'Node', name: 'p', nodeNumber: 'beadNode', outputVariableType: 'Position' },
      { type: 'Node', name: 'v', nodeNumber: 'beadNode', outputVariableType: 'Velocity' },
    ],
  }
}

const settings = (solverType: string, endTime: number, numberOfSteps: number): Json => ({
  solverType,
  timeIntegration: { endTime, numberOfSteps, generalizedAlpha: { spectralRadius: 1 } },
  solutionSettings: { sensorsWritePeriod: 0 },
})

describe('JointSliding2D', () => {
  const alpha = (30 * Math.PI) / 180
  const t = [Math.cos(alpha), -Math.sin(alpha)] // downhill tangent
  const straight = (n: number, L: number): { points: number[][]; slopes: number[][]; lengths: number[] } => ({
    points: Array.from({ length: n + 1 }, (_, i) => [i * L * t[0], i * L * t[1]]),
    slopes: Array.from({ length: n + 1 }, () => t),
    lengths: Array.from({ length: n }, () => L),
  })

  for (const solverType of ['GeneralizedAlpha', 'TrapezoidalIndex2'])
    it(`${solverType}: a bead slides down a straight 30 degree wire at g sin(alpha) across 4 elements`, () => {
      const { points, slopes, lengths } = straight(4, 0.5)
      const s0 = 0.1
      const { recorder } = run(beadOnWire(points, slopes, lengths, s0, [s0 * t[0], s0 * t[1]], [0, 0], 0, { gravity: [0, -GRAVITY, 0] }), settings(solverType, 0.85, 170))
      const s = sensorSeries(recorder, 's'), force = sensorSeries(recorder, 'force').values
      const a = GRAVITY * Math.sin(alpha)
      // The bead passes three element boundaries (s = 0.5, 1.0, 1.5).
      expect(s.values.at(-1)![0]).toBeGreaterThan(1.5)
      let worst = 0, tangential = 0, normal = 0
      s.t.forEach((time, i) => {
        worst = Math.max(worst, Math.abs(s.values[i][0] - (s0 + 0.5 * a * time * time)))
        tangential = Math.max(tangential, Math.abs(force[i][0] * t[0] + force[i][1] * t[1]))
        normal = Math.max(normal, Math.abs(Math.hypot(force[i][0], force[i][1]) - GRAVITY * Math.cos(alpha)))
      })
      // Constant acceleration on a straight wire: the integration is exact; Newton's tolerance is left.
      expect(worst).toBeLessThan(1e-9)
      // The wire pushes only normally, with m g cos(alpha).
      expect(tangential).toBeLessThan(1e-8)
      expect(normal).toBeLessThan(1e-8)
    })

  it('axialForce drives the bead along a horizontal wire at F / m', () => {
    const { points, lengths } = { points: [[0, 0], [1, 0], [2, 0]], lengths: [1, 1] }
    const { recorder } = run(beadOnWire(points, [[1, 0], [1, 0], [1, 0]], lengths, 0.2, [0.2, 0], [0, 0], 0, { axialForce: 3 }), settings('GeneralizedAlpha', 0.8, 80))
    const s = sensorSeries(recorder, 's')
    expect(Math.abs(s.values.at(-1)![0] - (0.2 + 0.5 * 3 * 0.8 ** 2))).toBeLessThan(1e-9)
  })

  it('on a circular-arc wire the bead stays on the cable axis and keeps its energy', () => {
    // Quarter circle of radius R from the top, in 4 elements (nodes on the circle, tangent slopes).
    const R = 1, n = 4
    const phi = (i: number): number => (i * Math.PI) / (2 * n)
    const points = Array.from({ length: n + 1 }, (_, i) => [R * Math.sin(phi(i)), R * Math.cos(phi(i))])
    const slopes = Array.from({ length: n + 1 }, (_, i) => [Math.cos(phi(i)), -Math.sin(phi(i))])
    const L = (R * Math.PI) / (2 * n)
    const lengths = Array.from({ length: n }, () => L)
    // Start at the top with 0.5 m/s along the tangent.
    const speed = 0.5
    const { recorder } = run(beadOnWire(points, slopes, lengths, 0, [0, R], [speed, 0], speed, { gravity: [0, -GRAVITY, 0] }), settings('GeneralizedAlpha', 0.8, 800))
    const s = sensorSeries(recorder, 's').values, p = sensorSeries(recorder, 'p').values, v = sensorSeries(recorder, 'v').values
    expect(s.at(-1)![0]).toBeGreaterThan(0.8) // past two element boundaries (0.39, 0.79)
    let energy = 0, offCircle = 0, offCable = 0
    const E0 = 0.5 * speed * speed + GRAVITY * R
    p.forEach((row, i) => {
      energy = Math.max(energy, Math.abs(0.5 * (v[i][0] ** 2 + v[i][1] ** 2) + GRAVITY * row[1] - E0) / E0)
      offCircle = Math.max(offCircle, Math.abs(Math.hypot(row[0], row[1]) - R))
      // The cable axis at s, by the cubic Hermite interpolation of the fixed nodes (written here).
      const e = Math.min(n - 1, Math.floor(s[i][0] / L)), xi = s[i][0] / L - e
      const H = [1 - 3 * xi ** 2 + 2 * xi ** 3, L * (xi - 2 * xi ** 2 + xi ** 3), 3 * xi ** 2 - 2 * xi ** 3, L * (xi ** 3 - xi ** 2)]
      for (let c = 0; c < 2; c++) {
        const axis = H[0] * points[e][c] + H[1] * slopes[e][c] + H[2] * points[e + 1][c] + H[3] * slopes[e + 1][c]
        offCable = Math.max(offCable, Math.abs(axis - row[c]))
      }
    })
    // The constraint (bead on the cable axis) holds to Newton's tolerance at every step ...
    expect(offCable).toBeLessThan(1e-10)
    // ... and the cubic elements approximate the circle within 1e-4 (measured 6.2e-5 for 4 elements).
    expect(offCircle).toBeLessThan(1e-4)
    // Energy: trapezoidal rule with h = 1 ms on a smooth constrained motion (measured 1.4e-6).
    expect(energy).toBeLessThan(1e-5)
  })
})
