// The checkpoint format and its refusals (docs/file-formats.md): bit-exact numbers, a model
// fingerprint that names what differs, checksum and length checks, supportsCheckpoint, and the
// internal-state blocks (type, version, length, read completely and in order).
import { describe, expect, it } from 'vitest'
import {
  CheckpointError,
  decodeCheckpoint,
  describeCheckpoint,
  encodeCheckpoint,
  FormatError,
  loadCheckpoint,
  registerItemType,
  saveCheckpoint,
  type ItemDefinition,
  type ObjectComputation,
  type SystemState,
} from '../../../../src/core'
import { makeProject } from '../../../validation/helpers'
import { bits, doublePendulum, finalState, startRun } from '../../../validation/restartModels'

const settings = { solverType: 'GeneralizedAlpha', timeIntegration: { endTime: 0.2, numberOfSteps: 40 } }

/**
 * A test-only object that counts accepted steps as internal state (and can be told it has no checkpoint
 * support).
 */
class StepCounter implements ObjectComputation {
  ltgODE2 = new Int32Array(0)
  aeIndex = 0
  dataIndex = 0
  readonly nAE = 0
  readonly nData = 0
  count = 0
  constructor(
    readonly internalStateVersion: number,
    private readonly blockLength: number,
  ) {}
  setupLTG(): void {}
  postStep(_s: SystemState): void {
    this.count++
  }
  saveInternalState(): Float64Array {
    const b = new Float64Array(this.blockLength)
    b[0] = this.count
    return b
  }
  loadInternalState(block: Float64Array): void {
    this.count = block[0]
  }
}
const counterType = (
  type: string,
  version: number,
  length: number,
  supportsCheckpoint: true | string,
): ItemDefinition<'object'> => ({
  kind: 'object',
  type,
  exudynName: type,
  doc: 'test item',
  parameters: {},
  supportsCheckpoint,
  build: () => new StepCounter(version, length),
})
registerItemType(counterType('TestCounter', 1, 1, true))
registerItemType(counterType('TestCounterV2', 2, 1, true))
registerItemType(counterType('TestCounterLong', 1, 2, true))
registerItemType(counterType('TestNoCheckpoint', 1, 1, 'its state lives outside the engine'))

const withObjects = (...objects: { type: string; name: string }[]) =>
  makeProject(doublePendulum({ objects }), settings)

function runToEnd(project = withObjects({ type: 'TestCounter', name: 'counter' })) {
  const run = startRun(project)
  run.solver.solve()
  return run
}

describe('checkpoint encoding', () => {
  it('round-trips every number bit for bit, including -0, NaN and subnormals', () => {
    const run = runToEnd()
    const c = decodeCheckpoint(saveCheckpoint(run))
    c.data = Float64Array.of(-0, NaN, 5e-324, Number.MAX_VALUE, 0.1 + 0.2)
    const again = decodeCheckpoint(encodeCheckpoint(c))
    expect(bits(again.data)).toEqual(bits(c.data))
    for (const k of ['q', 'v', 'a', 'lambda'] as const)
      expect(bits(again[k])).toEqual(bits(run.system.state[k]))
    expect(again.time).toBe(run.system.state.t)
    expect(again.integrator).toEqual(run.solver.saveIntegratorState())
  })

  it('describes itself for `mbs info`', () => {
    const lines = describeCheckpoint(saveCheckpoint(runToEnd()))
    expect(lines[0]).toMatch(/^MBS Studio checkpoint, format version 1, \d+ bytes, checksum OK$/)
    expect(lines.join('\n')).toContain('integrator: GeneralizedAlpha')
    expect(lines.join('\n')).toContain('object "counter" (TestCounter v1, 1 values)')
  })
})

describe('refused checkpoints leave the system unchanged', () => {
  const saved = saveCheckpoint(runToEnd())

  function refusal(
    bytes: Uint8Array,
    project = withObjects({ type: 'TestCounter', name: 'counter' }),
  ): Error {
    const run = startRun(project)
    const before = finalState(run)
    let error: unknown
    try {
      loadCheckpoint(bytes, run)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(Error)
    const after = finalState(run)
    for (const k of Object.keys(before)) expect(bits(after[k])).toEqual(bits(before[k]))
    return error as Error
  }

  it('a checkpoint of a different model, naming what differs', () => {
    const e = refusal(
      saved,
      withObjects({ type: 'TestCounter', name: 'counter' }, { type: 'TestCounter', name: 'extra' }),
    )
    expect(e).toBeInstanceOf(CheckpointError)
    expect(e.message).toContain('differently built model')
    expect(e.message).toContain('object "extra" is in this model but not in the saved one')
    const renamed = refusal(saved, withObjects({ type: 'TestCounter', name: 'counter2' }))
    expect(renamed.message).toContain('object "counter" is in the saved model but not in this one')
  })

  it('a corrupted checkpoint (one flipped bit)', () => {
    const bad = saved.slice()
    bad[bad.length >> 1] ^= 0x10
    const e = refusal(bad)
    expect(e).toBeInstanceOf(FormatError)
    expect(e.message).toContain('corrupted')
  })

  it('a truncated checkpoint, at any length', () => {
    for (const n of [0, 5, 12, 100, saved.length >> 1, saved.length - 1]) {
      const e = refusal(saved.subarray(0, n))
      expect(e).toBeInstanceOf(FormatError)
      expect(e.message, `${n} bytes`).toMatch(/truncated|not an MBS Studio checkpoint/)
    }
  })

  it('a file that is not a checkpoint', () => {
    expect(refusal(new TextEncoder().encode('{"format": "mbs-studio-project"}')).message).toContain(
      'not an MBS Studio checkpoint',
    )
  })

  it('an internal-state block of another version or length', () => {
    // The item types differ in name too, so re-encode the saved checkpoint with the type patched.
    const c = decodeCheckpoint(saved)
    const v2 = refusal(saved, withObjects({ type: 'TestCounterV2', name: 'counter' }))
    expect(v2.message).toContain('differs') // the fingerprint already sees the other type
    c.items[0].version = 2
    expect(refusal(encodeCheckpoint(c)).message).toContain(
      'internal-state version 2, this program reads version 1',
    )
    c.items[0].version = 1
    c.items[0].state = Float64Array.of(1, 2)
    expect(refusal(encodeCheckpoint(c)).message).toContain('internal-state block has 2 values, expected 1')
    c.items = []
    expect(refusal(encodeCheckpoint(c)).message).toContain(
      'object "counter" (TestCounter): missing internal-state block',
    )
  })

  it('a checkpoint step size beyond what the run can take (its span, grown 5-fold at most)', () => {
    // settings: 0 .. 0.2 s, so a step of this run is at most 5 * 0.2 s; a 1e300 s step would widen the
    // end-time tolerance (1e-10 h) until the run counted as finished at the checkpoint's time.
    for (const stepSize of [1e300, 1.0000001]) {
      const c = decodeCheckpoint(saved)
      const e = refusal(encodeCheckpoint({ ...c, integrator: { ...c.integrator, stepSize } }))
      expect(e).toBeInstanceOf(CheckpointError)
      expect(e.message).toBe(`the checkpoint step size is ${stepSize} s; steps of this run are at most 1 s`)
    }
  })

  it('a checkpoint of another solver type', () => {
    const other = makeProject(doublePendulum({ objects: [{ type: 'TestCounter', name: 'counter' }] }), {
      ...settings,
      solverType: 'RK44',
    })
    expect(refusal(saved, other).message).toContain(
      'written by the GeneralizedAlpha solver; this run uses RK44',
    )
  })
})

describe('internal state and checkpoint support', () => {
  it('internal state is saved and restored (the step counter continues)', () => {
    const run = runToEnd()
    const counter = run.system.objects.find((r) => r.item.name === 'counter')!.computation as StepCounter
    expect(counter.count).toBe(40)
    const fresh = startRun(withObjects({ type: 'TestCounter', name: 'counter' }))
    loadCheckpoint(saveCheckpoint(run), fresh)
    expect(
      (fresh.system.objects.find((r) => r.item.name === 'counter')!.computation as StepCounter).count,
    ).toBe(40)
  })

  it('saving a system with unsupported items fails and lists every one', () => {
    const run = runToEnd(
      withObjects(
        { type: 'TestNoCheckpoint', name: 'external1' },
        { type: 'TestCounter', name: 'counter' },
        { type: 'TestNoCheckpoint', name: 'external2' },
      ),
    )
    let error: unknown
    try {
      saveCheckpoint(run)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(CheckpointError)
    const e = error as CheckpointError
    expect(e.details).toEqual([
      'object "external1" (TestNoCheckpoint): its state lives outside the engine',
      'object "external2" (TestNoCheckpoint): its state lives outside the engine',
    ])
    expect(e.message).toContain('2 item(s) do not support checkpoints')
  })
})
