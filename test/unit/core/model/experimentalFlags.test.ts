// Experimental flags (Exudyn's PyExperimental): off unless listed, unknown names refused with a
// message, retired ones (their behaviour is now the default) accepted as no-ops, and the one flag shipped now
// (newtonReactionStiffness) changes Newton's speed, not the answer.
import { describe, expect, it } from 'vitest'
import {
  EXPERIMENTAL_FLAGS,
  RETIRED_EXPERIMENTAL_FLAGS,
  loadProjectJson,
  runProject,
  type JsonObject,
} from '../../../../src/core'

/** A hanging chain of five point masses on distance constraints, released from horizontal. */
function chain(experimental: string[]): JsonObject {
  const n = 5
  const nodes = Array.from({ length: n }, (_, i) => ({
    type: 'Point',
    name: `n${i}`,
    referenceCoordinates: [0.5 * (i + 1), 0, 0],
  }))
  const masses = nodes.map((_, i) => ({
    type: 'MassPoint',
    name: `m${i}`,
    physicsMass: 1,
    nodeNumber: `n${i}`,
  }))
  const markers = [
    { type: 'BodyPosition', name: 'pivot', bodyNumber: 'ground' },
    ...nodes.map((_, i) => ({ type: 'BodyPosition', name: `p${i}`, bodyNumber: `m${i}` })),
    ...nodes.map((_, i) => ({ type: 'BodyMass', name: `g${i}`, bodyNumber: `m${i}` })),
  ]
  const links = nodes.map((_, i) => ({
    type: 'ConnectorDistance',
    name: `l${i}`,
    markerNumbers: [i === 0 ? 'pivot' : `p${i - 1}`, `p${i}`],
    distance: 0.5,
  }))
  return {
    format: 'mbs-studio-project',
    version: 1,
    name: 'chain',
    model: {
      nodes,
      objects: [{ type: 'Ground', name: 'ground' }, ...masses, ...links],
      markers,
      loads: nodes.map((_, i) => ({
        type: 'MassProportional',
        name: `w${i}`,
        markerNumber: `g${i}`,
        loadVector: [0, -9.81, 0],
      })),
      sensors: [{ type: 'Node', name: 'tip', nodeNumber: `n${n - 1}`, outputVariableType: 'Position' }],
    },
    simulationSettings: {
      solverType: 'GeneralizedAlpha',
      timeIntegration: {
        endTime: 0.5,
        numberOfSteps: 250,
        generalizedAlpha: { spectralRadius: 0.8 },
        newton: { relativeTolerance: 1e-12 },
      },
      experimental,
    },
  } as unknown as JsonObject
}

function run(experimental: string[]) {
  const r = loadProjectJson(chain(experimental))
  if (!r.ok) throw new Error(JSON.stringify(r.problems))
  return runProject(r.project)
}

describe('experimental flags', () => {
  it('are all off by default and documented', () => {
    const r = loadProjectJson(chain([]))
    expect(r.ok && r.project.settings.experimental).toEqual([])
    for (const doc of Object.values(EXPERIMENTAL_FLAGS)) expect(doc.length).toBeGreaterThan(20)
  })

  it('refuses an unknown flag with the known ones and a suggestion', () => {
    const r = loadProjectJson(chain(['newtonReactionStifness']))
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.problems[0].path).toBe('simulationSettings.experimental')
      expect(r.problems[0].message).toContain('unknown experimental flag "newtonReactionStifness"')
      expect(r.problems[0].message).toContain('did you mean "newtonReactionStiffness"')
    }
  })

  it('accepts a retired flag (its behaviour is now the default) and runs exactly as without it', () => {
    const plain = run([])
    for (const flag of Object.keys(RETIRED_EXPERIMENTAL_FLAGS)) {
      const r = loadProjectJson(chain([flag]))
      expect(r.ok).toBe(true)
      // A no-op: the same run bit for bit, and the file keeps what it listed.
      const retired = run([flag])
      expect(retired.recorder.last(0)).toEqual(plain.recorder.last(0))
      expect(retired.stats.newtonIterations).toBe(plain.stats.newtonIterations)
      expect(r.ok && r.project.settings.experimental).toEqual([flag])
    }
  })

  it('newtonReactionStiffness reaches the same solution with no more Newton iterations', () => {
    const off = run([])
    const on = run(['newtonReactionStiffness'])
    // Same equations and the same converged tolerance (1e-12 relative to the forces): the tip positions
    // may differ only by what Newton leaves, far below 1e-9 m for a 2.5 m chain.
    const a = off.recorder.last(0)!,
      b = on.recorder.last(0)!
    for (let i = 0; i < 3; i++) expect(Math.abs(a[i] - b[i])).toBeLessThan(1e-9)
    // The geometric stiffness is what the plain Newton matrix misses on a hanging chain.
    expect(on.stats.newtonIterations).toBeLessThanOrEqual(off.stats.newtonIterations)
  })
})
