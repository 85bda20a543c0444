// The committed docs/items pages must be exactly what the item definitions render, so definitions
// and docs cannot drift. When this fails after changing or adding an item: run `npm run docs:items`.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { allItemTypes } from '../../../src/core'
import { ITEM_DOCS_DIR, listMarkdownFiles } from '../../../src/cli/generateItemDocs'
import { renderItemDocs } from '../../../src/cli/itemDocs'

const HINT = 'docs/items is out of date: run `npm run docs:items` and commit the result'

describe('item docs', () => {
  const rendered = renderItemDocs()

  it('has a page for every registered item type and nothing else', () => {
    expect(listMarkdownFiles(ITEM_DOCS_DIR), HINT).toEqual([...rendered.keys()].sort())
    expect(rendered.size).toBe(allItemTypes().length + 2)
  })

  it.each([...rendered.keys()])('%s is up to date', (rel) => {
    const file = path.join(ITEM_DOCS_DIR, rel)
    const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '(missing)'
    expect(committed, HINT).toBe(rendered.get(rel))
  })

  it('documents the simulation settings with their paths and defaults', () => {
    const page = rendered.get('simulationSettings.md')!
    expect(page).toMatch(/\| timeIntegration\.generalizedAlpha\.spectralRadius \| number \| `0\.9` \|/)
    expect(page).toMatch(/\| solverType \| one of "GeneralizedAlpha"/)
  })

  it('documents each parameter with type, default, unit, range and description', () => {
    const page = rendered.get('object/MassPoint.md')!
    expect(page).toContain('# MassPoint (object)')
    expect(page).toContain('- Exudyn name: ObjectMassPoint')
    expect(page).toContain('- Checkpoint support: yes')
    expect(page).toMatch(/\| physicsMass \| number \| `0` \| kg \| >= 0 \| mass \|/)
    expect(page).toMatch(/\| nodeNumber \| node name or index \(Point[^|]*\) \| \*required\* \|/)
  })
})
