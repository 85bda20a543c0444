// VgraphicsData of bodies (Exudyn's graphicsData): entries in body coordinates are drawn at the body's
// pose. Reference: the pose by hand (a rotation about z by a quarter turn maps body x to global y).
// Tolerance 1e-12: a few rotation-matrix products of O(1) numbers, exact up to rounding.
import { describe, expect, it } from 'vitest'
import { collectGraphics, formatProblems, loadProjectJson } from '../../../../../src/core'
import { buildSystem } from '../../../../../src/core/simulation'

const TRIANGLE = {
  type: 'TriangleList',
  points: [0, 0, 0, 1, 0, 0, 0, 2, 0],
  triangles: [0, 1, 2],
  color: [1, 0, 0, 1],
}

function load(nodes: unknown[], objects: unknown[]) {
  return loadProjectJson({
    format: 'mbs-studio-project',
    version: 1,
    name: 'graphics',
    model: { nodes, objects },
    simulationSettings: {},
  })
}

function graphicsOf(nodes: unknown[], objects: unknown[]) {
  const r = load(nodes, objects)
  if (!r.ok) throw new Error(formatProblems(r.problems))
  return collectGraphics(buildSystem(r.project)).filter((g) => g.item === 'object:0')
}

describe('VgraphicsData of bodies', () => {
  it('a TriangleList on a 3D rigid body is moved by the node position and turned by its rotation', () => {
    const [item] = graphicsOf(
      [{ type: 'RigidBodyRxyz', name: 'n', referenceCoordinates: [1, 2, 3, 0, 0, Math.PI / 2] }],
      [
        {
          type: 'RigidBody',
          name: 'b',
          physicsMass: 1,
          physicsInertia: [1, 1, 1, 0, 0, 0],
          nodeNumber: 'n',
          VgraphicsData: [TRIANGLE],
        },
      ],
    )
    expect(item.primitives).toHaveLength(1) // drawn instead of the default box
    const mesh = item.primitives[0]
    if (mesh.shape !== 'mesh') throw new Error(`expected a mesh, got ${mesh.shape}`)
    // body (0,0,0) -> (1,2,3); body x (1,0,0) -> global y; body 2y (0,2,0) -> global -2x
    const expected = [1, 2, 3, 1, 3, 3, -1, 2, 3]
    mesh.points.forEach((x, i) => expect(x).toBeCloseTo(expected[i], 12))
    expect(mesh.triangles).toEqual([0, 1, 2])
    expect(mesh.color).toEqual([1, 0, 0, 1])
  })

  it('a planar body turns its Brick and moves its Sphere with [x, y, phi]', () => {
    const [item] = graphicsOf(
      [{ type: 'RigidBody2D', name: 'n', referenceCoordinates: [0.5, 0, Math.PI] }],
      [
        {
          type: 'RigidBody2D',
          name: 'b',
          physicsMass: 1,
          physicsInertia: 1,
          nodeNumber: 'n',
          VgraphicsData: [
            { type: 'Sphere', position: [1, 0, 0], radius: 0.1 },
            { type: 'Brick', size: [1, 0.2, 0.2] },
          ],
        },
      ],
    )
    const [sphere, brick] = item.primitives
    if (sphere.shape !== 'sphere' || brick.shape !== 'box') throw new Error('expected a sphere and a box')
    ;[-0.5, 0, 0].forEach((x, i) => expect(sphere.center[i]).toBeCloseTo(x, 12))
    ;[-1, 0, 0, 0, -1, 0, 0, 0, 1].forEach((x, i) => expect(brick.rotation[i]).toBeCloseTo(x, 12))
  })

  it("an entry without a colour takes the item's Vcolor; one with a colour keeps it", () => {
    const [item] = graphicsOf(
      [{ type: 'RigidBodyRxyz', name: 'n', referenceCoordinates: [0, 0, 0, 0, 0, 0] }],
      [
        {
          type: 'RigidBody',
          name: 'b',
          physicsMass: 1,
          physicsInertia: [1, 1, 1, 0, 0, 0],
          nodeNumber: 'n',
          Vcolor: [0.1, 0.2, 0.3, 1],
          VgraphicsData: [{ type: 'Sphere', radius: 0.1 }, TRIANGLE],
        },
      ],
    )
    expect(item.primitives.map((p) => p.shape !== 'frame' && p.color)).toEqual([
      [0.1, 0.2, 0.3, 1],
      [1, 0, 0, 1],
    ])
  })

  it('refuses a malformed entry with the item, the parameter and what was expected', () => {
    const r = load(
      [{ type: 'Point', name: 'n' }],
      [
        {
          type: 'MassPoint',
          name: 'm',
          physicsMass: 1,
          nodeNumber: 'n',
          VgraphicsData: [TRIANGLE, { type: 'TriangleList', points: [0, 0, 0], triangles: [0, 1, 2] }],
        },
      ],
    )
    expect(r.ok).toBe(false)
    if (!r.ok)
      expect(formatProblems(r.problems)).toMatch(
        /m.*VgraphicsData.*entry 1: TriangleList "triangles": index 1 is not a point \(0\.\.0\)/s,
      )
    const notDict = load(
      [{ type: 'Point', name: 'n' }],
      [{ type: 'MassPoint', name: 'm', physicsMass: 1, nodeNumber: 'n', VgraphicsData: [1] }],
    )
    if (!notDict.ok)
      expect(formatProblems(notDict.problems)).toMatch(/entry 0: expected a graphics dictionary/)
    else throw new Error('a number as graphics entry was accepted')
  })
})
