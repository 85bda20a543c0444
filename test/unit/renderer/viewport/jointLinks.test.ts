// The joints' links: a line from where the joint is (its first marker) to the centre of mass of each
// body it connects, never to the ground, following the bodies. Reference: the double pendulum's
// geometry from its project file (pivot at the origin, link centres at x = 0.5 and 1.5, the elbow at
// the first link's end, 0.5 from its centre) and, with the first link turned by phi, its end at
// centre + R(phi) [0.5, 0, 0]. Tolerance 1e-15: one rounding of sin, cos and a sum.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildSystem, parseProject } from '../../../../src/core'
import { jointLinks } from '../../../../src/renderer/viewport/jointLinks'

function doublePendulum() {
  const loaded = parseProject(readFileSync('resources/examples/doublePendulumRigid.mbsproj', 'utf8'))
  if (!loaded.ok) throw new Error('doublePendulumRigid does not load')
  return buildSystem(loaded.project)
}
const points = (items: ReturnType<ReturnType<typeof jointLinks>>) =>
  items.map((item) => ({
    item: item.item,
    lines: item.primitives.map((p) => (p.shape === 'line' ? p.points : [])),
  }))
const expectClose = (actual: number[], expected: number[]) =>
  actual.forEach((x, i) => expect(Math.abs(x - expected[i])).toBeLessThanOrEqual(1e-15))

describe('jointLinks', () => {
  it('draws from each joint to the centres of its bodies, none to the ground', () => {
    const system = doublePendulum()
    // Objects: ground 0, link1 1, link2 2, shoulder 3 (pivot, link1Top), elbow 4 (link1Bottom, link2Top).
    expect(points(jointLinks(system)(system.state))).toEqual([
      { item: 'link:3', lines: [[0, 0, 0, 0.5, 0, 0]] },
      {
        item: 'link:4',
        lines: [
          [1, 0, 0, 0.5, 0, 0],
          [1, 0, 0, 1.5, 0, 0],
        ],
      },
    ])
  })

  it('follows the bodies: the elbow moves with the turned first link', () => {
    const system = doublePendulum()
    const links = jointLinks(system)
    const phi = 0.7
    system.state.q[2] = phi // link1Node's rotation (RigidBody2D: x, y, phi)
    system.update(system.state)
    const [shoulder, elbow] = points(links(system.state))
    expectClose(shoulder.lines[0], [0, 0, 0, 0.5, 0, 0])
    const end = [0.5 + 0.5 * Math.cos(phi), 0.5 * Math.sin(phi), 0]
    expectClose(elbow.lines[0], [...end, 0.5, 0, 0])
    expectClose(elbow.lines[1], [...end, 1.5, 0, 0])
  })
})
