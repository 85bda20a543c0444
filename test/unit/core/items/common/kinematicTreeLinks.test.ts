// Links added to and removed from a KinematicTree in one edit (tree lists and node together): the
// result passes the engine's checks, a new link continues the chain as a copy of the last, and a
// removal the model cannot take (a marker on the removed link, the only link) is refused with a message.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  addTreeLink,
  applyPatch,
  linkCount,
  removeTreeLink,
  runProject,
  type Edit,
  type ItemSpec,
} from '../../../../../src/core'
import { specFromText, validateSpec, type ProjectSpec } from '../../../../../src/renderer/model/projectSpec'

const ARM = { kind: 'objects' as const, name: 'arm' }

function robotArm(): ProjectSpec {
  const r = specFromText(
    fs.readFileSync(path.join(__dirname, '../../../../../resources/examples/robotArmTree.mbsproj'), 'utf8'),
  )
  if (!r.ok) throw new Error(JSON.stringify(r.problems))
  return r.spec
}

/** The project after the edit made on it. */
function applied(spec: ProjectSpec, make: (spec: ProjectSpec, ref: typeof ARM) => Edit): ProjectSpec {
  return applyPatch(spec, make(spec, ARM).patch).doc
}

const arm = (spec: ProjectSpec): ItemSpec => spec.model.objects.find((o) => o.name === 'arm')!
const node = (spec: ProjectSpec): ItemSpec => spec.model.nodes[0]

describe('KinematicTree links', () => {
  it('adds a link hanging on the last one, a copy of it, with a node coordinate; the model runs', () => {
    const before = robotArm()
    const after = applied(before, addTreeLink)
    const tree = arm(after)
    expect(linkCount(tree)).toBe(4)
    expect(tree.linkParents).toEqual([-1, 0, 1, 2])
    expect((tree.jointOffsets as number[][])[3]).toEqual([0.4, 0, 0])
    expect((tree.linkMasses as number[])[3]).toBe(1)
    expect(tree.jointForceVector).toEqual([9, 0, 0, 0])
    expect(tree.linkForces).toBeUndefined()
    expect(node(after)).toMatchObject({
      numberOfODE2Coordinates: 4,
      referenceCoordinates: [0, 0, 0, 0],
      initialCoordinates: [0.3, -0.6, 0.9, 0],
    })
    expect(linkCount(arm(before))).toBe(3) // the edit works on a copy
    const checked = validateSpec(after)
    expect(checked.ok).toBe(true)
    if (checked.ok)
      expect(runProject(checked.project, { endTime: 0.01 }).system.state.t).toBeCloseTo(0.01, 12)
  })

  it('removes the last link and its coordinate; add then remove gives the model back', () => {
    const before = robotArm()
    expect(applied(applied(before, addTreeLink), removeTreeLink)).toEqual(before)
    const fewer = applied(before, removeTreeLink)
    expect(linkCount(arm(fewer))).toBe(2)
    expect(node(fewer).numberOfODE2Coordinates).toBe(2)
    // The gripper marker sits on link 2, which is gone: the engine refuses the model and says why.
    const checked = validateSpec(fewer)
    expect(checked.ok).toBe(false)
    if (!checked.ok)
      expect(checked.problems.map((p) => p.message).join('\n')).toMatch(
        /KinematicTree "arm" has 2 links \(0\.\.1\); got 2/,
      )
  })

  it('a Spherical last link copies and removes 3 coordinates (node, joint forces); the model runs', () => {
    const before = robotArm()
    const tree = arm(before)
    ;(tree.jointTypes as string[])[2] = 'Spherical'
    tree.jointForceVector = [9, 0, 1, 2, 3]
    Object.assign(node(before), {
      numberOfODE2Coordinates: 5,
      referenceCoordinates: [0, 0, 0, 0, 0],
      initialCoordinates: [0.3, -0.6, 0.9, 0.1, 0.2],
    })
    const after = applied(before, addTreeLink)
    expect(arm(after).jointTypes).toEqual(['RevoluteZ', 'RevoluteZ', 'Spherical', 'Spherical'])
    expect(arm(after).jointForceVector).toEqual([9, 0, 1, 2, 3, 0, 0, 0])
    expect(node(after)).toMatchObject({
      numberOfODE2Coordinates: 8,
      referenceCoordinates: [0, 0, 0, 0, 0, 0, 0, 0],
      initialCoordinates: [0.3, -0.6, 0.9, 0.1, 0.2, 0, 0, 0],
    })
    const checked = validateSpec(after)
    expect(checked.ok).toBe(true)
    if (checked.ok)
      expect(runProject(checked.project, { endTime: 0.01 }).system.state.t).toBeCloseTo(0.01, 12)
    expect(applied(after, removeTreeLink)).toEqual(before)
  })

  it('refuses to remove the only link', () => {
    let spec = robotArm()
    spec.model.markers = []
    spec.model.sensors = spec.model.sensors.filter((s) => s.type !== 'Marker')
    spec = applied(applied(spec, removeTreeLink), removeTreeLink)
    expect(() => removeTreeLink(spec, ARM)).toThrow('KinematicTree "arm" has 1 link; it needs at least one')
  })
})
