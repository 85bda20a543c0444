// Checkpoints with exact restart (after Chrono's; format in docs/file-formats.md). A
// checkpoint holds the current state only: time, ODE2 coordinates, velocities and accelerations, ODE1
// coordinates, Lagrange multipliers, data coordinates, every item's internal-state block, the
// integrator's state and the output schedules, all as raw float64. Reference configurations are not
// saved: phase 1 rebuilds them in the loading system, which must be built the same way (fingerprint).
//
// Loading order (docs/file-formats.md, "Loading order"), into a freshly built or the running system:
//   1. initialize items not yet initialized (phase 1, setup, phase 2), then check the fingerprint and counts;
//   2. the integrator state;
//   3. scatter time, coordinates and velocities, then accelerations, multipliers and data;
//   4. the items' internal state (overwrites what phase 2 set);
//   5. update every item with the complete state.
// Everything is decoded and checked against the system before anything is changed, so a refused
// checkpoint leaves the system as it was.
//
// Exactness: every solver takes its decisions from this state alone. The implicit solvers evaluate a
// fresh Jacobian at every step start (reuse only within a step), the explicit solvers re-factorize
// their (constant) mass matrix from identical numbers; no matrix or factorization needs saving.
import { getItemType } from '../model/registry'
import { ITEM_KINDS, type ItemKind } from '../model/types'
import type { OutputScheduleState } from '../solvers/outputSchedule'
import type { IntegratorState, SolverBase } from '../solvers/solverBase'
import type { CompiledSystem } from '../system/compiledSystem'
import { STATE_VECTORS, type StateVectors } from '../system/state'
import { ByteReader, ByteWriter, crc32, FormatError } from './binary'
import { BlockReader, BlockWriter } from './blocks'
import { fingerprintDifferences, fingerprintHash, systemFingerprint, type Fingerprint } from './fingerprint'

export const CHECKPOINT_MAGIC = 'MBSCHKPT'
export const CHECKPOINT_VERSION = 1

/** A checkpoint that cannot be written or does not fit the system; `details` lists every reason. */
export class CheckpointError extends Error {
  constructor(
    message: string,
    readonly details: string[] = [],
  ) {
    super(details.length > 0 ? `${message}:\n  ${details.join('\n  ')}` : message)
    this.name = 'CheckpointError'
  }
}

/** Anything whose output schedule is part of the run (the sensor recorder, a results writer). */
export interface ScheduleHolder {
  schedule: OutputScheduleState
}

/** The run a checkpoint is taken from or loaded into. */
export interface CheckpointRun {
  system: CompiledSystem
  solver: SolverBase
  /** Output schedules by name, e.g. { sensors: recorder, frames: resultsWriter }. */
  outputs?: Record<string, ScheduleHolder>
}

export interface InternalStateBlock {
  kind: ItemKind
  name: string
  type: string
  version: number
  state: Float64Array
}

/** The state vectors (q, v, a, y, yDot, lambda, data) at `time`, and what else the restart needs. */
export interface Checkpoint extends StateVectors {
  fingerprint: Fingerprint
  time: number
  integrator: IntegratorState
  outputs: Record<string, OutputScheduleState>
  items: InternalStateBlock[]
}

/**
 * Items whose type does not support checkpoints, with the reason (docs/file-formats.md, "Checkpoint
 * support").
 */
export function unsupportedItems(system: CompiledSystem): string[] {
  const out: string[] = []
  for (const kind of ITEM_KINDS)
    system.records(kind).forEach((r, i) => {
      const support = getItemType(kind, r.item.type)?.supportsCheckpoint ?? 'unknown item type'
      if (support !== true) out.push(`${system.label(kind, i)}: ${support}`)
    })
  return out
}

/** The current state of a run as a checkpoint; fails listing every item that does not support it. */
export function captureCheckpoint(run: CheckpointRun): Checkpoint {
  const { system, solver } = run
  system.initialize()
  const offending = unsupportedItems(system)
  if (offending.length > 0)
    throw new CheckpointError(
      `cannot save a checkpoint: ${offending.length} item(s) do not support checkpoints`,
      offending,
    )
  const s = system.state
  const items: InternalStateBlock[] = []
  for (const kind of ITEM_KINDS)
    for (const r of system.records(kind)) {
      const c = r.computation
      if (c.saveInternalState)
        items.push({
          kind,
          name: r.item.name,
          type: r.item.type,
          version: c.internalStateVersion ?? 1,
          state: Float64Array.from(c.saveInternalState()),
        })
    }
  const outputs: Record<string, OutputScheduleState> = {}
  for (const [name, o] of Object.entries(run.outputs ?? {})) outputs[name] = { ...o.schedule }
  const copy = (x: Float64Array): Float64Array => Float64Array.from(x)
  return {
    fingerprint: systemFingerprint(system),
    time: s.t,
    q: copy(s.q),
    v: copy(s.v),
    a: copy(s.a),
    y: copy(s.y),
    yDot: copy(s.yDot),
    lambda: copy(s.lambda),
    data: copy(s.data),
    integrator: solver.saveIntegratorState(),
    outputs,
    items,
  }
}

const describeItemState = (b: Checkpoint['items'][number]): string =>
  `${b.kind} "${b.name}" (${b.type} v${b.version}, ${b.state.length} values)`

export function encodeCheckpoint(c: Checkpoint): Uint8Array {
  const w = new BlockWriter()
  w.string('fingerprint', c.fingerprint.join('\n'))
  w.number('time', c.time)
  for (const k of STATE_VECTORS) w.vector(k, c[k])
  w.block('integrator', (b) => {
    b.string('solverType', c.integrator.solverType)
    b.number('stepSize', c.integrator.stepSize)
    b.block('values', (vb) => Object.entries(c.integrator.values).forEach(([k, v]) => vb.number(k, v)))
    b.block('vectors', (vb) => Object.entries(c.integrator.vectors).forEach(([k, v]) => vb.vector(k, v)))
  })
  w.block('outputs', (b) => {
    for (const [name, o] of Object.entries(c.outputs))
      b.block(name, (ob) =>
        ob.number('startTime', o.startTime).number('count', o.count).number('lastTime', o.lastTime),
      )
  })
  w.block('items', (b) => {
    for (const it of c.items)
      b.block(`${it.kind}:${it.name}`, (ib) =>
        ib.string('type', it.type).number('version', it.version).vector('state', it.state),
      )
  })
  const payload = w.out.result()
  const out = new ByteWriter()
  for (let i = 0; i < 8; i++) out.u8(CHECKPOINT_MAGIC.charCodeAt(i))
  out.u32(CHECKPOINT_VERSION)
  out.u32(payload.length)
  out.bytes(payload)
  out.u32(crc32(payload))
  return out.result().slice()
}

/**
 * Checks magic, version, length and checksum; returns the payload (a truncated or damaged file is refused).
 */
function checkpointPayload(bytes: Uint8Array): BlockReader {
  const r = new ByteReader(bytes, 'the checkpoint file')
  let magic = ''
  for (let i = 0; i < 8 && r.remaining > 0; i++) magic += String.fromCharCode(r.u8('magic'))
  if (magic !== CHECKPOINT_MAGIC)
    throw new FormatError(`not an MBS Studio checkpoint (the file does not start with "${CHECKPOINT_MAGIC}")`)
  const version = r.u32('the format version')
  if (version > CHECKPOINT_VERSION)
    throw new FormatError(
      `the checkpoint has format version ${version}, newer than this program knows ` +
        `(${CHECKPOINT_VERSION}); update MBS Studio to load it`,
    )
  const length = r.u32('the payload length')
  if (r.remaining < length + 4)
    throw new FormatError(
      `the checkpoint file is truncated: ${length + 4} bytes of data expected after the header, ` +
        `${r.remaining} present`,
    )
  const payload = r.bytesOf(length, 'the payload')
  const stored = r.u32('the checksum')
  if (crc32(payload) !== stored)
    throw new FormatError('the checkpoint file is corrupted: its checksum does not match its content')
  if (r.remaining > 0)
    throw new FormatError(`the checkpoint file has ${r.remaining} unexpected bytes after its end`)
  return new BlockReader(payload, 'checkpoint')
}

export function decodeCheckpoint(bytes: Uint8Array): Checkpoint {
  const r = checkpointPayload(bytes)
  const fingerprint = r.string('fingerprint').split('\n')
  const time = r.number('time')
  const vectors = Object.fromEntries(STATE_VECTORS.map((k) => [k, r.vector(k)])) as StateVectors
  const ib = r.block('integrator')
  const solverType = ib.string('solverType')
  const stepSize = ib.number('stepSize')
  const values: Record<string, number> = {}
  const vb = ib.block('values')
  for (let k = vb.peekName(); k !== undefined; k = vb.peekName()) values[k] = vb.number(k)
  const vectorsBlock = ib.block('vectors')
  const integratorVectors: Record<string, Float64Array> = {}
  for (let k = vectorsBlock.peekName(); k !== undefined; k = vectorsBlock.peekName())
    integratorVectors[k] = vectorsBlock.vector(k)
  ib.end()
  const outputs: Record<string, OutputScheduleState> = {}
  const ob = r.block('outputs')
  for (let k = ob.peekName(); k !== undefined; k = ob.peekName()) {
    const b = ob.block(k)
    outputs[k] = {
      startTime: b.number('startTime'),
      count: b.number('count'),
      lastTime: b.number('lastTime'),
    }
    b.end()
  }
  const items: InternalStateBlock[] = []
  const itemsBlock = r.block('items')
  for (let k = itemsBlock.peekName(); k !== undefined; k = itemsBlock.peekName()) {
    const b = itemsBlock.block(k)
    const colon = k.indexOf(':')
    items.push({
      kind: k.slice(0, colon) as ItemKind,
      name: k.slice(colon + 1),
      type: b.string('type'),
      version: b.number('version'),
      state: b.vector('state'),
    })
    b.end()
  }
  r.end()
  // A NaN or infinite time or step never reaches the end time (the run would loop forever).
  if (!Number.isFinite(time))
    throw new FormatError(`the checkpoint time is ${time}; expected a finite number`)
  if (!(Number.isFinite(stepSize) && stepSize > 0))
    throw new FormatError(`the checkpoint step size is ${stepSize}; expected a finite number > 0`)
  return {
    fingerprint,
    time,
    ...vectors,
    integrator: { solverType, stepSize, values, vectors: integratorVectors },
    outputs,
    items,
  }
}

/** Checks that a decoded checkpoint fits the run (structure, solver, internal-state blocks, outputs). */
function checkFits(c: Checkpoint, run: CheckpointRun): void {
  const { system, solver } = run
  const differences = fingerprintDifferences(c.fingerprint, systemFingerprint(system))
  if (differences.length > 0)
    throw new CheckpointError('the checkpoint was saved from a differently built model', differences)
  if (c.integrator.solverType !== solver.solverType)
    throw new CheckpointError(
      `the checkpoint was written by the ${c.integrator.solverType} solver; this run uses ` +
        `${solver.solverType}`,
    )
  const stepSize = c.integrator.stepSize
  if (!(stepSize <= solver.largestStepSize))
    throw new CheckpointError(
      `the checkpoint step size is ${stepSize} s; steps of this run are at most ${solver.largestStepSize} s`,
    )
  const problems: string[] = []
  for (const k of STATE_VECTORS)
    if (c[k].length !== system.state[k].length)
      problems.push(`state vector ${k} has ${c[k].length} values, this system ${system.state[k].length}`)
  const blocks = new Map(c.items.map((b) => [`${b.kind}:${b.name}`, b]))
  for (const kind of ITEM_KINDS)
    system.records(kind).forEach((r, i) => {
      const comp = r.computation
      const key = `${kind}:${r.item.name}`
      const b = blocks.get(key)
      blocks.delete(key)
      if (!comp.saveInternalState) {
        if (b)
          problems.push(
            `${system.label(kind, i)}: the checkpoint has an internal-state block, but this item keeps none`,
          )
        return
      }
      const expected = comp.saveInternalState().length
      const version = comp.internalStateVersion ?? 1
      if (!b) problems.push(`${system.label(kind, i)}: missing internal-state block`)
      else if (b.type !== r.item.type)
        problems.push(`${system.label(kind, i)}: the block was saved by type ${b.type}`)
      else if (b.version !== version)
        problems.push(
          `${system.label(kind, i)}: internal-state version ${b.version}, this program reads version ` +
            `${version}`,
        )
      else if (b.state.length !== expected)
        problems.push(
          `${system.label(kind, i)}: internal-state block has ${b.state.length} values, expected ${expected}`,
        )
    })
  for (const key of blocks.keys())
    problems.push(`internal-state block for ${key}, which is not in this system`)
  for (const name of Object.keys(run.outputs ?? {}))
    if (!c.outputs[name])
      problems.push(`no schedule for the output "${name}" (the checkpoint was saved without it)`)
  if (problems.length > 0) throw new CheckpointError('the checkpoint does not fit this system', problems)
}

/** Loads a decoded checkpoint into the run, in the loading order of docs/file-formats.md. */
export function applyCheckpoint(c: Checkpoint, run: CheckpointRun): void {
  const { system, solver } = run
  system.initialize()
  checkFits(c, run)
  solver.loadIntegratorState(c.integrator)
  const s = system.state
  s.t = c.time
  s.q.set(c.q)
  s.v.set(c.v)
  s.y.set(c.y)
  system.update(s)
  s.a.set(c.a)
  s.yDot.set(c.yDot)
  s.lambda.set(c.lambda)
  s.data.set(c.data)
  const blocks = new Map(c.items.map((b) => [`${b.kind}:${b.name}`, b]))
  for (const kind of ITEM_KINDS)
    for (const r of system.records(kind)) {
      const b = blocks.get(`${kind}:${r.item.name}`)
      if (b) r.computation.loadInternalState?.(Float64Array.from(b.state))
    }
  system.update(s)
  for (const [name, o] of Object.entries(run.outputs ?? {})) o.schedule = { ...c.outputs[name] }
}

export function saveCheckpoint(run: CheckpointRun): Uint8Array {
  return encodeCheckpoint(captureCheckpoint(run))
}

export function loadCheckpoint(bytes: Uint8Array, run: CheckpointRun): Checkpoint {
  const c = decodeCheckpoint(bytes)
  applyCheckpoint(c, run)
  return c
}

export function isCheckpoint(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && String.fromCharCode(...bytes.subarray(0, 8)) === CHECKPOINT_MAGIC
}

/** Lines describing a checkpoint file (for `mbs info`). */
export function describeCheckpoint(bytes: Uint8Array): string[] {
  const c = decodeCheckpoint(bytes)
  const items = c.fingerprint.length - 1
  const lines = [
    `MBS Studio checkpoint, format version ${CHECKPOINT_VERSION}, ${bytes.length} bytes, checksum OK`,
    `time: ${c.time}`,
    `model: ${items} items, ${c.fingerprint[0]} (fingerprint ${fingerprintHash(c.fingerprint)})`,
    `state: ${STATE_VECTORS.map((k) => `${k}[${c[k].length}]`).join(' ')}`,
    `integrator: ${c.integrator.solverType}, step size ${c.integrator.stepSize}, ${Object.entries(
      c.integrator.values,
    )
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}${
      Object.keys(c.integrator.vectors).length
        ? ', vectors ' +
          Object.entries(c.integrator.vectors)
            .map(([k, v]) => `${k}[${v.length}]`)
            .join(' ')
        : ''
    }`,
    `outputs: ${
      Object.entries(c.outputs)
        .map(([k, o]) => `${k} (from t=${o.startTime}, ${o.count} written)`)
        .join(', ') || 'none'
    }`,
    `internal state: ${c.items.map(describeItemState).join(', ') || 'none'}`,
  ]
  return lines
}
