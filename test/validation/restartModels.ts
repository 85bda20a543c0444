// Models and the split-run harness of the exact-restart tests. The models are chaotic or strongly
// nonlinear on purpose: a difference in the last bit anywhere in a restart grows until the sensor rows
// show it, so bitwise equality after hundreds of steps really tests exactness.
import { expect } from 'vitest'
import {
  createSolver,
  loadCheckpoint,
  saveCheckpoint,
  SensorRecorder,
  type CheckpointRun,
  type Project,
  type SensorSeries,
} from '../../src/core'
import { buildSystem } from '../../src/core/simulation'
import { makeProject, type Json } from './helpers'

/**
 * A double pendulum of point masses (ConnectorDistance rods, gravity) with a spring from the lower
 * mass to a ground point and a coordinate spring with regularized dry friction on the upper mass's x
 * coordinate. extraObjects/extraMarkers add items for specific tests.
 */
export function doublePendulum(extra: { objects?: Json[]; markers?: Json[]; nodes?: Json[] } = {}): Json {
  return {
    nodes: [
      { type: 'Point', name: 'n1', referenceCoordinates: [1, 0, 0] },
      { type: 'Point', name: 'n2', referenceCoordinates: [2, 0, 0], initialVelocities: [0, 1, 0] },
      { type: 'PointGround', name: 'g' },
      ...(extra.nodes ?? []),
    ],
    objects: [
      { type: 'Ground', name: 'ground' },
      { type: 'MassPoint', name: 'm1', physicsMass: 1, nodeNumber: 'n1' },
      { type: 'MassPoint', name: 'm2', physicsMass: 0.5, nodeNumber: 'n2' },
      { type: 'ConnectorDistance', name: 'rod1', markerNumbers: ['pivot', 'p1'], distance: 1 },
      { type: 'ConnectorDistance', name: 'rod2', markerNumbers: ['p1', 'p2'], distance: 1 },
      {
        type: 'ConnectorSpringDamper',
        name: 'spring',
        markerNumbers: ['anchor', 'p2'],
        stiffness: 20,
        damping: 0.1,
        referenceLength: 1,
      },
      {
        type: 'ConnectorCoordinateSpringDamper',
        name: 'friction',
        markerNumbers: ['gx', 'n1x'],
        stiffness: 1,
        dryFriction: 0.3,
        dryFrictionProportionalZone: 0.05,
      },
      ...(extra.objects ?? []),
    ],
    markers: [
      { type: 'BodyPosition', name: 'pivot', bodyNumber: 'ground', localPosition: [0, 0, 0] },
      { type: 'BodyPosition', name: 'anchor', bodyNumber: 'ground', localPosition: [2, -1, 0] },
      { type: 'BodyPosition', name: 'p1', bodyNumber: 'm1' },
      { type: 'BodyPosition', name: 'p2', bodyNumber: 'm2' },
      { type: 'BodyMass', name: 'mass1', bodyNumber: 'm1' },
      { type: 'BodyMass', name: 'mass2', bodyNumber: 'm2' },
      { type: 'NodeCoordinate', name: 'n1x', nodeNumber: 'n1', coordinate: 0 },
      { type: 'NodeCoordinate', name: 'gx', nodeNumber: 'g', coordinate: 0 },
      ...(extra.markers ?? []),
    ],
    loads: [
      { type: 'MassProportional', name: 'gravity1', markerNumber: 'mass1', loadVector: [0, -9.81, 0] },
      { type: 'MassProportional', name: 'gravity2', markerNumber: 'mass2', loadVector: [0, -9.81, 0] },
    ],
    sensors: [
      { type: 'Node', name: 'pos2', nodeNumber: 'n2', outputVariableType: 'Position' },
      { type: 'Node', name: 'acc1', nodeNumber: 'n1', outputVariableType: 'Acceleration' },
      { type: 'Object', name: 'rodForce', objectNumber: 'rod2', outputVariableType: 'Force' },
    ],
  }
}

export interface Run extends CheckpointRun {
  recorder: SensorRecorder
}

/** A built, initialized-on-demand run of a project (as the command line builds it). */
export function startRun(project: Project): Run {
  const system = buildSystem(project)
  system.state.t = project.settings.timeIntegration.startTime
  const recorder = new SensorRecorder(system, project.settings.solutionSettings.sensorsWritePeriod)
  const solver = createSolver(system, project.settings, { recorder })
  return { system, solver, recorder, outputs: { sensors: recorder } }
}

/** Rows of every sensor as plain copies (row-major, t first). */
export function rows(recorder: SensorRecorder): Float64Array[] {
  return recorder.series.map((s: SensorSeries) => s.data.slice(0, s.rows * (s.size + 1)))
}

/** The bytes of a Float64Array: equality of these is bitwise equality of the numbers. */
export const bits = (x: Float64Array): Uint8Array => new Uint8Array(x.buffer, x.byteOffset, x.byteLength)

export function expectBitwiseEqual(actual: Float64Array, expected: Float64Array, what: string): void {
  expect(actual.length, `${what}: length`).toBe(expected.length)
  const a = bits(actual),
    e = bits(expected)
  let first = -1
  for (let i = 0; i < a.length && first < 0; i++) if (a[i] !== e[i]) first = i >> 3
  expect(
    first,
    `${what}: first differing value at index ${first} (${actual[first]} vs ${expected[first]})`,
  ).toBe(-1)
}

/** The final state of a run, all vectors, for bitwise comparison. */
export function finalState(run: CheckpointRun): Record<string, Float64Array> {
  const s = run.system.state
  return {
    t: Float64Array.of(s.t),
    q: s.q.slice(),
    v: s.v.slice(),
    a: s.a.slice(),
    lambda: s.lambda.slice(),
    data: s.data.slice(),
    y: s.y.slice(),
  }
}

/**
 * The second pass of a run taken back to its checkpoint: its sensor rows equal the first pass's rows
 * after the checkpoint, and its final state the first pass's, bit for bit.
 */
export function expectSecondPassEqual(
  run: Run,
  firstPass: Float64Array[],
  rowsAtCheckpoint: number[],
  endState: Record<string, Float64Array>,
): void {
  rows(run.recorder).forEach((r, i) => {
    const w = run.recorder.series[i].size + 1
    expectBitwiseEqual(
      r.subarray(firstPass[i].length),
      firstPass[i].subarray(rowsAtCheckpoint[i] * w),
      `sensor ${run.recorder.series[i].name}, second pass`,
    )
  })
  const again = finalState(run)
  for (const k of Object.keys(endState)) expectBitwiseEqual(again[k], endState[k], `final ${k}`)
}

/**
 * The exact-restart experiment: a continuous run 0..T (saving a checkpoint after the first step that
 * reaches T/2, as --checkpoint-at does), and a second, freshly built run loaded from that checkpoint and
 * continued to T. Returns both so tests can check more; asserts bitwise equality of every sensor row
 * after the checkpoint and of the final state and integrator state.
 */
export function splitRunMatches(
  model: Json,
  settings: Json,
): { continuous: Run; restarted: Run; checkpoint: Uint8Array; checkpointTime: number } {
  const project = makeProject(model, settings)
  const T = project.settings.timeIntegration.endTime
  const continuous = startRun(project)
  let checkpoint: Uint8Array | undefined
  let rowsAtCheckpoint: number[] = []
  continuous.solver.options.onStep = (s) => {
    if (checkpoint || s.t < T / 2) return
    checkpoint = saveCheckpoint(continuous)
    rowsAtCheckpoint = continuous.recorder.series.map((se) => se.rows)
  }
  continuous.solver.solve()
  expect(checkpoint, 'a checkpoint was saved').toBeDefined()

  const restarted = startRun(makeProject(model, settings))
  const loaded = loadCheckpoint(checkpoint!, restarted)
  restarted.solver.solve()

  const full = rows(continuous.recorder),
    tail = rows(restarted.recorder)
  full.forEach((r, i) => {
    const w = continuous.recorder.series[i].size + 1
    expect(
      tail[i].length,
      `sensor ${continuous.recorder.series[i].name} wrote rows after the restart`,
    ).toBeGreaterThan(0)
    expectBitwiseEqual(
      tail[i],
      r.subarray(rowsAtCheckpoint[i] * w),
      `sensor ${continuous.recorder.series[i].name} rows after the checkpoint`,
    )
  })
  const a = finalState(continuous),
    b = finalState(restarted)
  for (const k of Object.keys(a)) expectBitwiseEqual(b[k], a[k], `final ${k}`)
  // The integrator state matches too, except the count of matrix factorizations: a restarted explicit
  // solver factorizes its constant mass matrix once more (work, not state; the numbers are identical).
  const { jacobians: _ja, ...ia } = continuous.solver.saveIntegratorState().values
  const { jacobians: _jb, ...ib } = restarted.solver.saveIntegratorState().values
  expect(ib).toEqual(ia)
  expect(restarted.solver.saveIntegratorState().stepSize).toBe(
    continuous.solver.saveIntegratorState().stepSize,
  )
  expect(restarted.solver.saveIntegratorState().vectors).toEqual(
    continuous.solver.saveIntegratorState().vectors,
  )
  return { continuous, restarted, checkpoint: checkpoint!, checkpointTime: loaded.time }
}
