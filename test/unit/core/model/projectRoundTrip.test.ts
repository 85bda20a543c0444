// Project files: load + save is byte-identical for canonical files, references given as indices are
// written back as names, and the canonical text has a fixed layout (diff-friendly, exact numbers).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseProject, writeProject, type JsonObject, type Project } from '../../../../src/core'
import { canonicalJson } from '../../../../src/core/model/canonicalJson'

const EXAMPLES = path.resolve(__dirname, '../../../../resources/examples')
const exampleFiles = readdirSync(EXAMPLES).filter((f) => f.endsWith('.mbsproj'))

function load(text: string): Project {
  const r = parseProject(text)
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('\n'))
  return r.project
}

describe('project round trip', () => {
  it('has examples to check', () => {
    expect(exampleFiles.length).toBeGreaterThanOrEqual(3)
  })

  it.each(exampleFiles)('%s loads and saves byte-identically', (file) => {
    const text = readFileSync(path.join(EXAMPLES, file), 'utf8')
    expect(writeProject(load(text))).toBe(text)
  })

  it('writes references given as indices back as names, and that file round-trips identically', () => {
    const canonical = readFileSync(path.join(EXAMPLES, 'pendulum.mbsproj'), 'utf8')
    const doc = JSON.parse(canonical) as { model: Record<string, JsonObject[]> }
    // Exudyn-style 0-based indices into each kind's list instead of names.
    doc.model.objects[1].nodeNumber = 0
    doc.model.objects[2].markerNumbers = [0, 1]
    doc.model.markers[0].bodyNumber = 0
    doc.model.markers[1].bodyNumber = 1
    doc.model.markers[2].bodyNumber = 1
    doc.model.loads[0].markerNumber = 2
    doc.model.sensors[0].nodeNumber = 0
    const withIndices = JSON.stringify(doc)

    const written = writeProject(load(withIndices))
    expect(written).toBe(canonical)
    expect(writeProject(load(written))).toBe(written)
  })

  it('keeps an optional reference set to none (-1) and writes a data node given by index as its name', () => {
    const spring = (name: string, nodeNumber: string | number): JsonObject => ({
      type: 'ConnectorTorsionalSpringDamper',
      name,
      markerNumbers: ['base', 'top'],
      nodeNumber,
    })
    const text = JSON.stringify({
      format: 'mbs-studio-project',
      version: 1,
      name: 'dataNode',
      model: {
        nodes: [
          { type: 'RigidBodyRxyz', name: 'n', referenceCoordinates: [0, 0, 0, 0, 0, 0] },
          { type: 'GenericData', name: 'angle', numberOfDataCoordinates: 1 },
        ],
        objects: [
          { type: 'Ground', name: 'ground' },
          {
            type: 'RigidBody',
            name: 'link',
            physicsMass: 1,
            physicsInertia: [1, 1, 1, 0, 0, 0],
            nodeNumber: 'n',
          },
          spring('none', -1),
          spring('byIndex', 1),
        ],
        markers: [
          { type: 'BodyRigid', name: 'base', bodyNumber: 'ground' },
          { type: 'BodyRigid', name: 'top', bodyNumber: 'link' },
        ],
      },
      simulationSettings: {},
    })
    const written = writeProject(load(text))
    const objects = (JSON.parse(written) as { model: { objects: JsonObject[] } }).model.objects
    expect(objects.slice(2).map((o) => o.nodeNumber)).toEqual([-1, 'angle'])
    expect(writeProject(load(written))).toBe(written)
  })

  it('puts parameters in definition order and settings in schema order, whatever the input order', () => {
    const text = JSON.stringify({
      simulationSettings: { timeIntegration: { numberOfSteps: 10, endTime: 0.5 }, solverType: 'RK44' },
      model: {
        sensors: [],
        nodes: [
          {
            initialVelocities: [0, 1, 0],
            referenceCoordinates: [0.1, 0.2, 0.30000000000000004],
            name: 'n',
            type: 'Point',
          },
        ],
      },
      name: 'order',
      version: 1,
      format: 'mbs-studio-project',
    })
    expect(writeProject(load(text))).toBe(
      [
        '{',
        '  "format": "mbs-studio-project",',
        '  "version": 1,',
        '  "name": "order",',
        '  "model": {',
        '    "nodes": [',
        '      {',
        '        "type": "Point",',
        '        "name": "n",',
        '        "referenceCoordinates": [0.1, 0.2, 0.30000000000000004],',
        '        "initialVelocities": [0, 1, 0]',
        '      }',
        '    ],',
        '    "objects": [],',
        '    "markers": [],',
        '    "loads": [],',
        '    "sensors": []',
        '  },',
        '  "simulationSettings": {',
        '    "solverType": "RK44",',
        '    "timeIntegration": {',
        '      "endTime": 0.5,',
        '      "numberOfSteps": 10',
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    )
  })
})

describe('canonical JSON', () => {
  it('keeps vectors and matrices on one line and indents dictionaries by two spaces', () => {
    expect(
      canonicalJson({
        v: [1, 2, 3],
        m: [
          [1, 0],
          [0, 1],
        ],
        e: [],
        d: {},
        s: 'x',
      }),
    ).toBe('{\n  "v": [1, 2, 3],\n  "m": [[1, 0], [0, 1]],\n  "e": [],\n  "d": {},\n  "s": "x"\n}')
  })

  it('prints numbers so they parse back to the identical double', () => {
    const values = [0.1 + 0.2, 1 / 3, 5e-324, 1.7976931348623157e308, -2.5e-8, 123456789.12345679]
    const parsed = JSON.parse(canonicalJson(values)) as number[]
    parsed.forEach((v, i) => expect(Object.is(v, values[i])).toBe(true))
  })
})
