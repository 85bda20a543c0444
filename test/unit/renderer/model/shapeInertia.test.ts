// Inertia of a body created from a shape, and its tie to mass and shape. References: the solid
// box, sphere and cylinder of the standard tables (e.g. Gross, Hauger, Technische Mechanik 3,
// table 3.1: cube m a^2/6, sphere 2/5 m r^2, cylinder m r^2/2 and m (3 r^2 + h^2)/12), Steiner's
// theorem for a box assembled from eight half-size boxes, and the rotation J' = R J R^T of a tilted
// cylinder. Tolerance 1e-15 of the largest moment: a handful of roundings of O(1) products.
import { describe, expect, it } from 'vitest'
import type { ItemSpec } from '../../../../src/core'
import {
  bodyShape,
  graphicsWithShape,
  resizedShape,
  shapeInertia,
  shapeSizes,
  tiedShape,
  withTiedInertia,
  type BodyShape,
} from '../../../../src/renderer/model/shapeInertia'

function expectInertia(actual: number[], expected: number[]) {
  const scale = Math.max(...expected.map(Math.abs))
  actual.forEach((j, i) => expect(Math.abs(j - expected[i])).toBeLessThanOrEqual(1e-15 * scale))
}
/** Exudyn's 6 components as the symmetric 3x3 tensor. */
const tensor = ([xx, yy, zz, yz, xz, xy]: number[]) => [
  [xx, xy, xz],
  [xy, yy, yz],
  [xz, yz, zz],
]

describe('shapeInertia', () => {
  it('matches the tables: cube m a^2/6, sphere 2/5 m r^2, cylinder m r^2/2 and m (3 r^2 + h^2)/12', () => {
    const cube = (1.7 * 0.3 * 0.3) / 6
    expectInertia(shapeInertia({ type: 'Brick', size: [0.3, 0.3, 0.3] }, 1.7), [cube, cube, cube, 0, 0, 0])
    const sphere = 0.4 * 2.5 * 0.12 * 0.12
    expectInertia(shapeInertia({ type: 'Sphere', radius: 0.12 }, 2.5), [sphere, sphere, sphere, 0, 0, 0])
    const [r, h, m] = [0.05, 0.4, 3]
    const across = (m * (3 * r * r + h * h)) / 12
    expectInertia(shapeInertia({ type: 'Cylinder', axis: [0, 0, h], radius: r }, m), [
      across,
      across,
      (m * r * r) / 2,
      0,
      0,
      0,
    ])
  })

  it("a box equals eight half-size boxes moved by Steiner's theorem", () => {
    const [a, b, c, m] = [0.4, 0.1, 0.25, 2]
    const sum = [0, 0, 0, 0, 0, 0]
    for (const sx of [-1, 1])
      for (const sy of [-1, 1])
        for (const sz of [-1, 1]) {
          const d = [(sx * a) / 4, (sy * b) / 4, (sz * c) / 4]
          const part = shapeInertia({ type: 'Brick', size: [a / 2, b / 2, c / 2] }, m / 8)
          const d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2]
          // J_O = J_C + m (|d|^2 I - d d^T); products of inertia in Exudyn's order yz, xz, xy.
          const shift = [
            d2 - d[0] * d[0],
            d2 - d[1] * d[1],
            d2 - d[2] * d[2],
            -d[1] * d[2],
            -d[0] * d[2],
            -d[0] * d[1],
          ]
          part.forEach((j, i) => (sum[i] += j + (m / 8) * shift[i]))
        }
    expectInertia(shapeInertia({ type: 'Brick', size: [a, b, c] }, m), sum)
  })

  it('a tilted cylinder is the axis-aligned one rotated, J = R J0 R^T', () => {
    const [r, h, m] = [0.05, 0.4, 3]
    const angle = 0.3
    const u = [Math.cos(angle), Math.sin(angle), 0]
    const J0 = tensor(shapeInertia({ type: 'Cylinder', axis: [h, 0, 0], radius: r }, m))
    // R turns x into u (about z).
    const R = [
      [u[0], -u[1], 0],
      [u[1], u[0], 0],
      [0, 0, 1],
    ]
    const J = [0, 1, 2].map((i) =>
      [0, 1, 2].map((k) =>
        [0, 1, 2].reduce((s, p) => s + [0, 1, 2].reduce((t, q) => t + R[i][p] * J0[p][q] * R[k][q], 0), 0),
      ),
    )
    const tilted = shapeInertia({ type: 'Cylinder', axis: u.map((x) => x * h), radius: r }, m)
    expectInertia(tilted, [J[0][0], J[1][1], J[2][2], J[1][2], J[0][2], J[0][1]])
  })
})

describe('the inertia tied to mass and shape', () => {
  const box: BodyShape = { type: 'Brick', size: [0.4, 0.1, 0.1] }
  const body = (changes: Partial<ItemSpec> = {}): ItemSpec => ({
    type: 'RigidBody',
    name: 'body',
    physicsMass: 1,
    physicsInertia: shapeInertia(box, 1),
    VgraphicsData: [{ type: 'Brick', size: [0.4, 0.1, 0.1] }],
    ...changes,
  })

  it('is tied while the inertia is the shape one, also after a JSON round trip', () => {
    expect(tiedShape(body())).toEqual(box)
    expect(tiedShape(JSON.parse(JSON.stringify(body())) as ItemSpec)).toEqual(box)
    expect(tiedShape(body({ physicsInertia: [0.1, 0.1, 0.1, 0, 0, 0] }))).toBeUndefined()
    // Shapes off the reference point, several shapes and a centre-of-mass offset are never tied.
    expect(
      bodyShape(body({ VgraphicsData: [{ type: 'Brick', size: [1, 1, 1], position: [0, 0, 1] }] })),
    ).toBeUndefined()
    expect(bodyShape(body({ physicsCenterOfMass: [0.1, 0, 0] }))).toBeUndefined()
    expect(
      bodyShape(
        body({
          VgraphicsData: [{ type: 'Cylinder', axis: [0.4, 0, 0], position: [-0.2, 0, 0], radius: 0.1 }],
        }),
      ),
    ).toEqual({ type: 'Cylinder', axis: [0.4, 0, 0], radius: 0.1 })
  })

  it('an edit of mass or size sets the inertia in the same edit', () => {
    expect(withTiedInertia(body(), { physicsMass: 3 })).toEqual({
      physicsMass: 3,
      physicsInertia: shapeInertia(box, 3),
    })
    const bigger = [{ type: 'Brick', size: [0.8, 0.1, 0.1] }]
    expect(withTiedInertia(body(), { VgraphicsData: bigger })).toEqual({
      VgraphicsData: bigger,
      physicsInertia: shapeInertia({ type: 'Brick', size: [0.8, 0.1, 0.1] }, 1),
    })
  })

  it('an edit of the inertia, of a body set by hand, or that removes the shape changes only itself', () => {
    const inertia = [0.2, 0.2, 0.2, 0, 0, 0]
    expect(withTiedInertia(body(), { physicsInertia: inertia })).toEqual({ physicsInertia: inertia })
    expect(withTiedInertia(body({ physicsInertia: inertia }), { physicsMass: 3 })).toEqual({ physicsMass: 3 })
    expect(withTiedInertia(body(), { VgraphicsData: [] })).toEqual({ VgraphicsData: [] })
  })
})

describe('resizing the shape', () => {
  it('replaces the size in the graphics entry, keeping its colour and a cylinder centred on its axis', () => {
    const cylinder: ItemSpec = {
      type: 'RigidBody',
      name: 'c',
      VgraphicsData: [
        { type: 'Cylinder', position: [0, -0.2, 0], axis: [0, 0.4, 0], radius: 0.1, color: [1, 0, 0, 1] },
      ],
    }
    const shape = bodyShape(cylinder)!
    expect(shapeSizes(shape)).toEqual([0.1, 0.4])
    const longer = resizedShape(shape, [0.05, 1])
    expect(longer).toEqual({ type: 'Cylinder', radius: 0.05, axis: [0, 1, 0] })
    expect(graphicsWithShape(cylinder, longer)).toEqual([
      { type: 'Cylinder', position: [0, -0.5, 0], axis: [0, 1, 0], radius: 0.05, color: [1, 0, 0, 1] },
    ])
    const box = { type: 'RigidBody', name: 'b', VgraphicsData: [{ type: 'Brick', size: [1, 1, 1] }] }
    expect(graphicsWithShape(box, resizedShape(bodyShape(box)!, [1, 2, 3]))).toEqual([
      { type: 'Brick', size: [1, 2, 3] },
    ])
  })
})
