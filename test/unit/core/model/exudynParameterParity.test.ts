// Parameter parity with Exudyn 1.11: test/fixtures/exudyn-1.11-item-parameters.json holds, for every
// Exudyn item class that one of our types names as its exudynName, the non-visualization parameters
// of that class (exudyn.itemInterface: the arguments of `Cls.__init__`, the names of `Cls().__dict__`,
// without name and visualization, taken from ../shared/peers/exudyn). Every type that names an Exudyn
// class must be in it (the types that are ours only are listed below), and every parameter there must
// be one of our definition, except the gaps listed below, exactly: a parameter added in Exudyn or
// dropped here fails, and so does a gap closed without taking it off the list.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import '../../../../src/core'
import { allItemTypes } from '../../../../src/core/model/registry'

const EXUDYN = JSON.parse(
  fs.readFileSync(path.join(__dirname, '../../../fixtures/exudyn-1.11-item-parameters.json'), 'utf8'),
) as Record<string, string[]>

/** Exudyn parameters we do not have yet, with the reason, by class (none left). */
const KNOWN_GAPS: Record<string, Record<string, string>> = {}

/** Our types without an Exudyn class (exudynName says what they are instead), by kind and type. */
const OURS_ONLY: Record<string, string> = {
  'object ContactSpherePlane': 'ours; Exudyn has ObjectContactSphereTriangle',
  'sensor System': "ours: the system's energies",
}

describe("Exudyn 1.11's item parameters against our definitions", () => {
  const withExudyn = allItemTypes().filter((d) => EXUDYN[d.exudynName])
  it('the fixture covers every type that names an Exudyn class, and only those', () => {
    const missing = allItemTypes()
      .filter((d) => !EXUDYN[d.exudynName])
      .map((d) => `${d.kind} ${d.type}`)
    expect(missing.sort()).toEqual(Object.keys(OURS_ONLY).sort())
    expect(withExudyn.length).toBe(Object.keys(EXUDYN).length)
  })
  for (const d of withExudyn)
    it(`${d.exudynName} (${d.kind} ${d.type})`, () => {
      const ours = new Set(Object.keys(d.parameters))
      const missing = EXUDYN[d.exudynName].filter((p) => !ours.has(p))
      expect(missing.sort()).toEqual(Object.keys(KNOWN_GAPS[d.exudynName] ?? {}).sort())
    })
})
