import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parameterDifferences, parseProject, type JsonObject, type Project } from '../../../../src/core'

const PENDULUM = JSON.parse(
  readFileSync(join(__dirname, '../../../../resources/examples/pendulum.mbsproj'), 'utf8'),
) as JsonObject

type ProjectDoc = { model: Record<string, JsonObject[]>; simulationSettings: JsonObject }

/** The pendulum example with `change` applied to a copy of its JSON, loaded. */
function pendulum(change: (doc: ProjectDoc) => void = () => {}): Project {
  const doc = structuredClone(PENDULUM) as unknown as ProjectDoc
  change(doc)
  const loaded = parseProject(JSON.stringify(doc))
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems))
  return loaded.project
}

const item = (doc: ProjectDoc, list: string, name: string) => doc.model[list].find((i) => i.name === name)!

describe('parameterDifferences', () => {
  it('identical models have none', () => {
    expect(parameterDifferences([pendulum(), pendulum()])).toEqual([])
  })

  it('lists exactly the changed parameter, with each model value', () => {
    const longer = pendulum((doc) => (item(doc, 'objects', 'rod').distance = 1.5))
    expect(parameterDifferences([pendulum(), longer, pendulum()])).toEqual([
      { path: 'rod.distance', values: [1, 1.5, 1] },
    ])
  })

  it('a value written out equal to its default is no difference; another value is', () => {
    // The example leaves the rod's activeConnector out: its default, true.
    const explicit = pendulum((doc) => (item(doc, 'objects', 'rod').activeConnector = true))
    expect(parameterDifferences([pendulum(), explicit])).toEqual([])
    const inactive = pendulum((doc) => (item(doc, 'objects', 'rod').activeConnector = false))
    expect(parameterDifferences([pendulum(), inactive])).toEqual([
      { path: 'rod.activeConnector', values: [true, false] },
    ])
  })

  it('simulation settings compare with defaults filled in (adaptiveStep: true), by override path', () => {
    const finer = pendulum((doc) => {
      ;(doc.simulationSettings.timeIntegration as JsonObject).numberOfSteps = 4000
      ;(doc.simulationSettings.timeIntegration as JsonObject).adaptiveStep = false
    })
    const rows = parameterDifferences([pendulum(), finer])
    expect(rows).toEqual([
      { path: 'timeIntegration.numberOfSteps', values: [2000, 4000] },
      {
        path: 'timeIntegration.adaptiveStep',
        values: [true, false],
      },
    ])
  })

  it('an item in one model only is one row of its type (null where it is missing)', () => {
    const extra = pendulum((doc) =>
      doc.model.loads.push({
        type: 'ForceVector',
        name: 'push',
        markerNumber: 'bobMass',
        loadVector: [1, 0, 0],
      }),
    )
    expect(parameterDifferences([pendulum(), extra])).toEqual([
      { path: 'push.type', values: [null, 'ForceVector'] },
    ])
  })
})
