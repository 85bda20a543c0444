// A paced run (setPace / run's realTimeFactor): simulated time advances at most at the factor times
// wall time, with the steps of the unpaced run. The pendulum example to 1 s (h = 1 ms): at real time
// x1 no step starts before the wall clock reaches its time, so the run takes at least 1 s less two
// steps (the first step and the setup are not paced); only a lower bound, as a loaded machine can
// take any longer. The sensor rows and the final state are bit for bit the unpaced run's.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ApiEventName, ApiEvents } from '../../../src/shared/api'
import { ApiError } from '../../../src/shared/protocol'
import { SolverSession } from '../../../src/solver-process/solverSession'
import { EXAMPLES_DIR } from '../../integration/helpers'

const PENDULUM = readFileSync(join(EXAMPLES_DIR, 'pendulum.mbsproj'), 'utf8')
const END_TIME = 1
const STEP = 1e-3

interface Recorded {
  sensorValues: number[]
  lastCoordinates: Float64Array
  wallMs: number
}

/** Runs the pendulum to END_TIME at the given pace (undefined: the session's default). */
async function run(realTimeFactor?: number): Promise<Recorded> {
  const sensorValues: number[] = []
  let lastCoordinates = new Float64Array(0)
  let finished: ApiEvents['finished'] | null = null
  // Acknowledges every batch as a consumer does (later, as over a channel), so no row waits for the window.
  const emit = <E extends ApiEventName>(event: E, data: ApiEvents[E]): void => {
    if (event === 'sensors')
      for (const series of (data as ApiEvents['sensors']).series) sensorValues.push(...series.rows)
    if (event === 'frames') {
      const frames = data as ApiEvents['frames']
      const n = frames.coordinateCount
      const last = frames.times.length - 1
      lastCoordinates = frames.coordinates.slice(last * n, (last + 1) * n)
      setImmediate(() => session.ackFrames({ seq: frames.seq }))
    }
    if (event === 'finished') finished = data as ApiEvents['finished']
  }
  const session: SolverSession = new SolverSession(emit)
  session.openModel({ text: PENDULUM, revision: 1 })
  const start = performance.now()
  session.run(realTimeFactor === undefined ? { endTime: END_TIME } : { endTime: END_TIME, realTimeFactor })
  while (!finished) await new Promise((resolve) => setTimeout(resolve, 5))
  expect(finished).toMatchObject({ reason: 'completed' })
  return { sensorValues, lastCoordinates, wallMs: performance.now() - start }
}

const bits = (values: ArrayLike<number>): Buffer => Buffer.from(Float64Array.from(values).buffer)

describe('a paced run', () => {
  it('at real time x1 takes at least its simulated time and gives the unpaced results bitwise', async () => {
    const unpaced = await run()
    const paced = await run(1)
    expect(paced.wallMs).toBeGreaterThanOrEqual((END_TIME - 2 * STEP) * 1000)
    // Sensor rows every 10 ms from 0 to 1 s: t and x, y, z each.
    expect(paced.sensorValues.length).toBe(101 * 4)
    expect(bits(paced.sensorValues).equals(bits(unpaced.sensorValues))).toBe(true)
    expect(bits(paced.lastCoordinates).equals(bits(unpaced.lastCoordinates))).toBe(true)
  }, 30_000)

  it('refuses a factor that is not a number >= 0, naming what it expects', () => {
    const session = new SolverSession(() => undefined)
    for (const realTimeFactor of [-1, Number.NaN, 'fast']) {
      const refusal = (() => {
        try {
          session.setPace({ realTimeFactor } as { realTimeFactor: number })
        } catch (error) {
          return error
        }
      })()
      expect(refusal).toBeInstanceOf(ApiError)
      expect(refusal).toMatchObject({
        code: 'invalid-params',
        message: expect.stringMatching(/realTimeFactor expects a number >= 0/),
      })
    }
    expect(session.setPace({ realTimeFactor: null })).toMatchObject({ state: 'empty' })
  })
})
