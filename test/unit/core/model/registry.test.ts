// A plugin adds an item type with registerItemType() and nothing else: the type is validated from its
// definition (did-you-mean, reference types, ranges), built, and solved. Duplicate registrations and
// reserved parameter names are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  getItemType,
  parseProject,
  registerItemType,
  runProject,
  unregisterItemType,
  type ItemDefinition,
  type MarkerComputation,
  type ObjectComputation,
  type Project,
  type SystemState,
} from '../../../../src/core'

/** f_lhs = stiffness * q on one coordinate: a linear spring from a coordinate to ground. */
class CoordinateSpringToGround implements ObjectComputation {
  ltgODE2 = new Int32Array(1)
  readonly nAE = 0
  readonly nData = 0
  aeIndex = 0
  dataIndex = 0
  constructor(
    private readonly marker: MarkerComputation,
    private readonly stiffness: number,
  ) {}
  setupLTG(): void {
    this.ltgODE2[0] = this.marker.coordinateIndex!
  }
  computeODE2LHS(s: SystemState, out: Float64Array): void {
    out[0] += this.stiffness * s.q[this.ltgODE2[0]]
  }
  computeODE2LHSJacobian(_s: SystemState, factorK: number, _factorD: number, out: Float64Array): void {
    out[0] += factorK * this.stiffness
  }
}

const PLUGIN_TYPE = 'PluginCoordinateSpringToGround'

const plugin: ItemDefinition<'object'> = {
  kind: 'object',
  type: PLUGIN_TYPE,
  exudynName: 'ObjectPluginCoordinateSpringToGround',
  doc: 'A linear spring between one node coordinate and ground (test plugin).',
  parameters: {
    markerNumber: { type: 'ref', kind: 'marker', types: ['NodeCoordinate'], doc: 'the coordinate' },
    stiffness: { type: 'number', min: 0, exclusiveMin: true, unit: 'N/m', doc: 'spring stiffness' },
  },
  supportsCheckpoint: true,
  build: (it, ctx) =>
    new CoordinateSpringToGround(ctx.marker(it.params.ref('markerNumber')), it.params.number('stiffness')),
}

const MASS = 2
const STIFFNESS = 50
const X0 = 0.1

function oscillator(spring: Record<string, unknown>): string {
  return JSON.stringify({
    format: 'mbs-studio-project',
    version: 1,
    name: 'plugin oscillator',
    model: {
      nodes: [{ type: 'Point', name: 'n', initialCoordinates: [X0, 0, 0] }],
      objects: [
        { type: 'MassPoint', name: 'mass', physicsMass: MASS, nodeNumber: 'n' },
        { type: PLUGIN_TYPE, name: 'spring', markerNumber: 'x', stiffness: STIFFNESS, ...spring },
      ],
      markers: [
        { type: 'NodeCoordinate', name: 'x', nodeNumber: 'n', coordinate: 0 },
        { type: 'NodePosition', name: 'p', nodeNumber: 'n' },
      ],
      sensors: [{ type: 'Node', name: 'position', nodeNumber: 'n', outputVariableType: 'Position' }],
    },
    simulationSettings: {
      solverType: 'TrapezoidalIndex2',
      timeIntegration: { endTime: 1, numberOfSteps: 1000 },
      solutionSettings: { sensorsWritePeriod: 0.01 },
    },
  })
}

function problemsOf(text: string): string[] {
  const r = parseProject(text)
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`)
}

describe('registerItemType (plugins)', () => {
  beforeAll(() => registerItemType(plugin))
  afterAll(() => unregisterItemType('object', PLUGIN_TYPE))

  it('validates the plugin type from its definition', () => {
    expect(problemsOf(oscillator({ stifness: 1 }))).toContain(
      `model.objects[1].stifness: object "spring" (${PLUGIN_TYPE}): unknown parameter "stifness" (did ` +
        `you mean "stiffness"?)`,
    )
    expect(problemsOf(oscillator({ stiffness: 0 }))).toContain(
      `model.objects[1].stiffness: object "spring" (${PLUGIN_TYPE}), parameter stiffness: expected a ` +
        `value > 0 N/m, got 0`,
    )
    expect(problemsOf(oscillator({ markerNumber: 'p' }))).toContain(
      `model.objects[1].markerNumber: object "spring" (${PLUGIN_TYPE}), parameter markerNumber: marker ` +
        `"p" is a NodePosition; expected one of: NodeCoordinate`,
    )
    expect(problemsOf(oscillator({ stiffness: undefined }))).toEqual([
      `model.objects[1].stiffness: object "spring" (${PLUGIN_TYPE}), parameter stiffness: required ` +
        `(spring stiffness)`,
    ])
  })

  it('builds and runs it: x(t) = x0 cos(omega t) with omega = sqrt(k / m)', () => {
    const r = parseProject(oscillator({}))
    if (!r.ok) throw new Error(JSON.stringify(r.problems))
    const project: Project = r.project
    const { recorder } = runProject(project)
    const omega = Math.sqrt(STIFFNESS / MASS)
    const series = recorder.series[0]
    expect(series.rows).toBe(101)
    // The trapezoidal rule's relative period error is (omega h)^2 / 12 = 2.1e-6 for omega h = 5e-3, a
    // phase error of at most omega * T * 2.1e-6 = 1.1e-5 rad, so |x - x_exact| <= x0 * 1.1e-5 = 1.1e-6.
    // 2e-6 allows for that bound plus Newton's tolerance, and fails for any error in the plugin's force.
    let maxError = 0
    for (let i = 0; i < series.rows; i++) {
      const t = series.data[i * 4]
      maxError = Math.max(maxError, Math.abs(series.data[i * 4 + 1] - X0 * Math.cos(omega * t)))
    }
    expect(maxError).toBeLessThan(2e-6)
    expect(maxError).toBeGreaterThan(0)
  })

  it('refuses a second registration of the same kind and type, and reserved parameter names', () => {
    expect(() => registerItemType(plugin)).toThrow(`object type "${PLUGIN_TYPE}" is already registered`)
    expect(() =>
      registerItemType({ ...plugin, type: 'Other', parameters: { name: { type: 'string', doc: 'x' } } }),
    ).toThrow('parameter name "name" is reserved')
    expect(getItemType('object', 'Other')).toBeUndefined()
    expect(getItemType('object', PLUGIN_TYPE)).toBe(plugin)
  })
})
