// The Branch dialog's form offers exactly what the host takes (branchPatchProblems accepts every
// parameter it lists), and its changes become one 'modify' per item.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { branchPatchProblems } from '../../../../src/core'
import { branchItems, branchPatch } from '../../../../src/renderer/model/branchParameters'
import { specFromText } from '../../../../src/renderer/model/projectSpec'

const text = fs.readFileSync(path.join(__dirname, '../../../fixtures/branch/springPendulum.mbsproj'), 'utf8')
const parsed = specFromText(text)
if (!parsed.ok) throw new Error('fixture')
const spec = parsed.spec

describe('branch parameters', () => {
  it('lists the live parameters and masses of each item, nothing else', () => {
    const items = branchItems(spec)
    expect(items.map((i) => [i.list, i.name, Object.keys(i.schema)])).toEqual([
      ['objects', 'bob', ['physicsMass']],
      ['objects', 'spring', ['referenceLength', 'stiffness', 'damping', 'force', 'velocityOffset']],
      ['loads', 'gravity', ['loadVector']],
    ])
  })

  it('every listed parameter is one a branch takes', () => {
    const changes = new Map(
      branchItems(spec).map((i) => [
        `${i.list}/${i.name}`,
        Object.fromEntries(Object.keys(i.schema).map((k) => [k, 1])),
      ]),
    )
    const patch = branchPatch(changes)
    expect(patch[1]).toEqual({
      op: 'modify',
      kind: 'objects',
      name: 'spring',
      set: { referenceLength: 1, stiffness: 1, damping: 1, force: 1, velocityOffset: 1 },
    })
    expect(branchPatchProblems(patch, spec.model)).toEqual([])
  })
})
