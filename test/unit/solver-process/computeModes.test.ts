// computeModes in the solver process: a fixed-free chain of two masses m on springs k (omega^2 =
// (k/m) r, r = (3 -+ sqrt 5)/2, amplitude ratio x1/x0 = 2 - r) at the initial state and at a paused
// run's state, and the errors that say what to choose instead.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ResultsReader } from '../../../src/core'
import { FileSource } from '../../../src/node/runFiles'
import { ApiError } from '../../../src/shared/protocol'
import type { ModeResultsRequest, ModesRequest, ModesResult } from '../../../src/shared/modes'
import { SolverSession } from '../../../src/solver-process/solverSession'
import { projectText, springChain } from '../../fixtures/coordinateSprings'
import { EXAMPLES_DIR } from '../../integration/helpers'

const m = 2,
  k = 50
const ratios = [(3 - Math.sqrt(5)) / 2, (3 + Math.sqrt(5)) / 2]
const exact = ratios.map((r) => Math.sqrt((r * k) / m) / (2 * Math.PI))
/**
 * The springs' stiffness is a forward difference (relative step 1e-7): exact for a linear force up to
 * rounding, eps / 1e-7 = 2e-9 relative away from q = 0.
 */
const TOLERANCE = 1e-8

/** A fixed-free chain of `n` masses m on springs k (the first on the ground's, displaced by 0.1). */
const chainText = (n = 2): string =>
  projectText('chain', springChain(n, m, k, { displaced: 0.1 }), {
    timeIntegration: { endTime: 1, numberOfSteps: 1000 },
  })

function session(text = chainText()): SolverSession {
  const s = new SolverSession(() => {})
  s.openModel({ text, revision: 1 })
  return s
}

/** The ApiError a request throws. */
function refused(request: () => unknown): ApiError {
  try {
    request()
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('the request was not refused')
}

const refusal = (s: SolverSession, params: unknown): ApiError =>
  refused(() => s.computeModes(params as ModesRequest))
const writeRefusal = (s: SolverSession, params: unknown): ApiError =>
  refused(() => s.writeModeResults(params as ModeResultsRequest))

function expectChain(result: ModesResult): void {
  expect(result.modes).toHaveLength(2)
  result.modes.forEach((mode, i) => {
    expect(Math.abs(mode.frequency / exact[i] - 1)).toBeLessThan(TOLERANCE)
    expect(mode.shape).toHaveLength(2)
    expect(Math.abs(mode.shape[1] / mode.shape[0] - (2 - ratios[i]))).toBeLessThan(TOLERANCE)
  })
}

describe('computeModes', () => {
  it('at the initial state: the closed-form frequencies and shapes, q there, dominant nodes', () => {
    const result = session().computeModes({ at: 'initial' }) as ModesResult
    expectChain(result)
    expect(result).toMatchObject({ at: 'initial', time: 0, coordinates: [0.1, 0], revision: 1 })
    // Mode 1: x1 = 1.618 x0, energy shares 1 : 2.618 (x^2 m each).
    const share = 1 / (1 + (2 - ratios[0]) ** 2)
    expect(result.modes[0].dominant[0].item).toBe('n1')
    expect(result.modes[0].dominant[1].share).toBeCloseTo(share, 8)
    expect(result.modes[0].shapeImaginary).toBeNull()
  })

  it("at a paused run's state ('current') and with a count; refused before a run", () => {
    const s = session()
    expect(refusal(s, { at: 'current' }).message).toContain('No run state to linearize at')
    s.step({ count: 10 })
    const result = s.computeModes({ at: 'current', count: 1 }) as ModesResult
    expect(result.time).toBeCloseTo(0.01, 12)
    expect(result.modes).toHaveLength(1)
    expect(Math.abs(result.modes[0].frequency / exact[0] - 1)).toBeLessThan(TOLERANCE)
    expect(result.coordinates[0]).not.toBe(0.1)
  })

  it('damped: complex shapes, damping ratio 0 without dampers', () => {
    const result = session().computeModes({ at: 'initial', damped: true }) as ModesResult
    expect(Math.abs(result.modes[0].frequency / exact[0] - 1)).toBeLessThan(TOLERANCE)
    expect(Math.abs(result.modes[0].dampingRatio!)).toBeLessThan(TOLERANCE)
    expect(result.modes[0].shapeImaginary).toHaveLength(2)
  })

  it('static without an equilibrium the solver finds: says so and suggests the initial state', () => {
    const pendulum = readFileSync(join(EXAMPLES_DIR, 'pendulum.mbsproj'), 'utf8')
    const error = refusal(session(pendulum), { at: 'static' })
    expect(error.code).toBe('solver-error')
    expect(error.message).toMatch(/^The static equilibrium cannot be computed: .*choose the initial state/)
  })

  it('bad parameters and a running model are refused, naming the field', () => {
    const s = session()
    expect(refusal(s, { at: 'later' }).message).toContain(
      "computeModes expects at: 'static', 'initial', 'current' or a time >= the start time 0 s, " +
        'got "later"',
    )
    expect(refusal(s, { at: -1 }).code).toBe('invalid-params')
    expect(refusal(s, { at: 'initial', count: 0 }).message).toContain('count: a positive integer')
    expect(refusal(s, { at: 'initial', damped: 'yes' }).message).toContain('damped: true or false')
    s.run({})
    expect(refusal(s, { at: 'initial' }).code).toBe('busy')
    s.stop()
  })

  it('writeModeResults: one cycle of q0 + a phi cos(omega t), 65 frames, replayable', () => {
    const s = session()
    const path = join(mkdtempSync(join(tmpdir(), 'mbs-mode-results-')), 'mode.mbsres')
    expect(writeRefusal(s, { path, mode: 0, amplitude: 0.2 }).message).toContain('compute the modes first')
    const result = s.computeModes({ at: 'initial' })
    expect(writeRefusal(s, { path, mode: 2, amplitude: 0.2 }).message).toContain(
      'writeModeResults expects mode: a mode index 0 ... 1 of the computed modes, got 2',
    )
    expect(s.writeModeResults({ path, mode: 1, amplitude: 0.2 })).toEqual({ path, frames: 65 })
    const source = new FileSource(path)
    const reader = ResultsReader.open(source)
    const mode = result.modes[1]
    const omega = 2 * Math.PI * mode.frequency
    expect(reader.frameCount).toBe(65)
    for (const i of [0, 16, 40, 64]) {
      const t = reader.frameTime(i)
      // Frame i at t = i T / 64, phase omega t = 2 pi i / 64.
      expect(t).toBeCloseTo(i / 64 / mode.frequency, 14)
      const q = reader.field(i, 'q')
      for (let j = 0; j < 2; j++)
        expect(q[j]).toBeCloseTo(result.coordinates[j] + 0.2 * mode.shape[j] * Math.cos(omega * t), 12)
    }
    source.close()
    const replayed = s.openResults({ path })
    expect(replayed.frames).toBe(65)
    expect(replayed.endTime).toBeCloseTo(1 / mode.frequency, 12)
    // An edit makes the modes stale.
    s.openModel({ text: chainText(), revision: 2 })
    expect(writeRefusal(s, { path, mode: 0, amplitude: 0.2 }).code).toBe('invalid-state')
  })

  it('a large model: the sparse solver, the closed form of a 320-mass chain', () => {
    // Fixed-free chain of N masses: omega_j = 2 sqrt(k/m) sin((2j - 1) pi / (2 (2N + 1))).
    const n = 320
    const result = session(chainText(n)).computeModes({ at: 'initial', count: 4 })
    expect(result.method).toBe('sparse')
    result.modes.forEach((mode, i) => {
      const omega = 2 * Math.sqrt(k / m) * Math.sin(((2 * i + 1) * Math.PI) / (2 * (2 * n + 1)))
      expect(Math.abs(mode.frequency / (omega / (2 * Math.PI)) - 1)).toBeLessThan(TOLERANCE)
      expect(mode.shape).toHaveLength(n)
    })
  })
})
