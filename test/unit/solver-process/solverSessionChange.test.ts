// Changes of a paused run's model. A live change (a stiffness) keeps the run: it goes on from where
// it was paused with the new value, and its frames and sensor rows carry the new revision. Reference:
// the run paused at the same step and checkpointed, the checkpoint loaded into the model built from
// scratch with the new value and resumed; the two must agree bit for bit. A structural change
// discards the run; a refused change leaves the run, the model and the revision as they were.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ApiEventName, ApiEvents } from '../../../src/shared/api'
import { ApiError } from '../../../src/shared/protocol'
import { SolverSession } from '../../../src/solver-process/solverSession'
import { temporaryDir } from '../../integration/helpers'

const PAUSE_STEP = 100

/** A mass point hanging on a spring-damper under gravity, swinging; 300 implicit steps. */
function projectText(stiffness: number): string {
  return JSON.stringify({
    format: 'mbs-studio-project',
    version: 1,
    name: 'spring',
    model: {
      nodes: [{ type: 'Point', name: 'n', referenceCoordinates: [0, -1, 0], initialVelocities: [1, 0, 0] }],
      objects: [
        { type: 'Ground', name: 'ground' },
        { type: 'MassPoint', name: 'mass', physicsMass: 1, nodeNumber: 'n' },
        {
          type: 'ConnectorSpringDamper',
          name: 'spring',
          markerNumbers: ['anchor', 'point'],
          referenceLength: 1,
          stiffness,
          damping: 1,
        },
      ],
      markers: [
        { type: 'BodyPosition', name: 'anchor', bodyNumber: 'ground', localPosition: [0, 0, 0] },
        { type: 'NodePosition', name: 'point', nodeNumber: 'n' },
        { type: 'BodyMass', name: 'g', bodyNumber: 'mass' },
      ],
      loads: [{ type: 'MassProportional', name: 'gravity', markerNumber: 'g', loadVector: [0, -9.81, 0] }],
      sensors: [{ type: 'Node', name: 'position', nodeNumber: 'n', outputVariableType: 'Position' }],
    },
    simulationSettings: {
      solverType: 'GeneralizedAlpha',
      timeIntegration: { endTime: 0.3, numberOfSteps: 300 },
      solutionSettings: { sensorsWritePeriod: 0.001 },
    },
  })
}

const STIFFNESS_CHANGE = [
  { op: 'modify' as const, kind: 'objects' as const, name: 'spring', set: { stiffness: 900 } },
]

/** A session that records its sensor rows (with their revisions) and acknowledges every frame batch. */
function recordingSession() {
  const rows: { revision: number; values: number[] }[] = []
  const finished: ApiEvents['finished'][] = []
  const emit = <E extends ApiEventName>(event: E, data: ApiEvents[E]): void => {
    if (event === 'sensors') {
      const batch = data as ApiEvents['sensors']
      for (const series of batch.series) rows.push({ revision: batch.revision, values: [...series.rows] })
    }
    if (event === 'frames') setImmediate(() => session.ackFrames({ seq: (data as ApiEvents['frames']).seq }))
    if (event === 'finished') finished.push(data as ApiEvents['finished'])
  }
  const session: SolverSession = new SolverSession(emit)
  /** The sensor rows [t, x, y, z] recorded after time t0, flattened. */
  const after = (t0: number) =>
    rows
      .flatMap((batch) => batch.values)
      .reduce<number[][]>(
        (out, value, i) => (i % 4 === 0 ? [...out, [value]] : (out.at(-1)!.push(value), out)),
        [],
      )
      .filter((row) => row[0] > t0)
      .flat()
  const untilFinished = async () => {
    while (finished.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return { session, rows, finished, after, untilFinished }
}

const bits = (values: number[]) => Buffer.from(Float64Array.from(values).buffer)

describe('a change of a paused run', () => {
  it('live: the run goes on as the checkpoint resumed in a model built with the new value', async () => {
    const dir = temporaryDir()
    const edited = recordingSession()
    edited.session.openModel({ text: projectText(400), revision: 1 })
    const paused = edited.session.step({ count: PAUSE_STEP })
    expect(edited.session.applyChange({ patch: STIFFNESS_CHANGE, revision: 2 })).toMatchObject({
      applied: 'in place',
      summary: { revision: 2 },
    })
    expect(edited.session.getStatus()).toMatchObject({ state: 'paused', time: paused.time, revision: 2 })
    edited.session.resume()
    await edited.untilFinished()
    expect(edited.finished[0].reason).toBe('completed')
    expect(edited.rows.at(-1)!.revision).toBe(2)

    const checkpoint = join(dir, 'paused.mbscp')
    const before = recordingSession()
    before.session.openModel({ text: projectText(400), revision: 1 })
    before.session.step({ count: PAUSE_STEP })
    before.session.saveCheckpoint({ path: checkpoint })
    const reference = recordingSession()
    reference.session.openModel({ text: projectText(900), revision: 1 })
    reference.session.loadCheckpoint({ path: checkpoint })
    reference.session.resume()
    await reference.untilFinished()

    const expected = reference.after(paused.time)
    expect(expected.length).toBe(4 * (300 - PAUSE_STEP))
    expect(bits(edited.after(paused.time)).equals(bits(expected))).toBe(true)
  })

  it('structural: the run is discarded; refused: run, model and revision stay', () => {
    const { session } = recordingSession()
    session.openModel({ text: projectText(400), revision: 1 })
    session.step({ count: 10 })
    const refused = (() => {
      try {
        session.applyChange({ patch: [{ op: 'delete', kind: 'objects', name: 'mass' }], revision: 2 })
      } catch (error) {
        return error
      }
    })()
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ code: 'invalid-model' })
    expect(session.getStatus()).toMatchObject({ state: 'paused', step: 10, revision: 1 })
    const mass = [{ op: 'modify' as const, kind: 'objects' as const, name: 'mass', set: { physicsMass: 2 } }]
    expect(session.applyChange({ patch: mass, revision: 2 })).toMatchObject({ applied: 'rebuild' })
    expect(session.getStatus()).toMatchObject({ state: 'idle', step: 0, revision: 2 })
  })
})
