// `mbs modes PROJECT [--at static|initial|T | --from-checkpoint FILE] [--count N] [--damped] [--json]`:
// natural frequencies, damping ratios and the items that carry each mode, at the chosen linearization point.
import {
  AssemblyError,
  CheckpointError,
  dominantNodesBy,
  ModalError,
  modesAt,
  SolverError,
  type LinearizationPoint,
  type Mode,
  type ModesAt,
  type NodeShare,
} from '../core'
import type { ModesArgs } from './args'
import { CliError, EXIT } from './errors'
import type { CliIO } from './io'
import { readInputFile, requireProject } from './projectFile'

/** One mode of the --json output; the keys are a contract (docs/model-format.md, "Command line"). */
export interface ModeSummary {
  frequency: number
  dampingRatio: number | null
  rigidBody: boolean
  unstable: boolean
  /** Nodes by their share of the mode's kinetic energy phi^T M phi, largest first. */
  dominant: NodeShare[]
}

export function modesCommand(projectFile: string, args: ModesArgs, io: CliIO): number {
  const project = requireProject(projectFile, EXIT.runInvalidProject)
  const at = pointOf(args)
  let analysis: ModesAt
  try {
    analysis = modesAt(project, at, { damped: args.damped, count: args.count })
  } catch (e) {
    throw linearizationFailure(e, at)
  }
  const modes = analysis.modes.map((m) => modeSummary(analysis, m))
  if (args.json) {
    io.out(JSON.stringify({ at: pointJson(at, analysis.system.state.t), modes }))
    return EXIT.ok
  }
  for (const line of modesTable(modes, args.damped)) io.out(line)
  return EXIT.ok
}

/** The point of --at, or the checkpoint of --from-checkpoint read from its file. */
export function pointOf(args: { at: LinearizationPoint; fromCheckpoint?: string }): LinearizationPoint {
  if (args.fromCheckpoint === undefined) return args.at
  return { checkpoint: readInputFile(args.fromCheckpoint, 'checkpoint'), name: args.fromCheckpoint }
}

/** The point as the --json output names it: "static", "initial", T, or {"checkpoint": FILE, "time": T}. */
export function pointJson(at: LinearizationPoint, time?: number): unknown {
  return typeof at === 'object' ? { checkpoint: at.name, ...(time === undefined ? {} : { time }) } : at
}

/** The CliError for a failure to linearize at the point (the error itself when it is not one of those). */
export function linearizationFailure(e: unknown, at: LinearizationPoint): unknown {
  if (e instanceof AssemblyError)
    return new CliError(EXIT.runInvalidProject, `the model cannot be assembled: ${e.message}`)
  if (e instanceof SolverError)
    return new CliError(
      EXIT.solverFailure,
      `the state at ${typeof at === 'object' ? `checkpoint ${at.name}` : `--at ${String(at)}`} cannot be ` +
        `computed: ${e.message}` +
        (at === 'static' ? ' (--at initial linearizes at the initial state instead)' : ''),
    )
  if (e instanceof ModalError) return new CliError(EXIT.solverFailure, `no linear model: ${e.message}`)
  if (e instanceof CheckpointError && typeof at === 'object')
    return new CliError(EXIT.runInvalidProject, `checkpoint ${at.name}: ${e.message}`)
  return e
}

export function modeSummary(analysis: Pick<ModesAt, 'system' | 'massTimes'>, mode: Mode): ModeSummary {
  return {
    frequency: mode.frequency,
    dampingRatio: mode.dampingRatio,
    rigidBody: mode.rigidBody,
    unstable: mode.unstable,
    dominant: dominantNodesBy(analysis.system, analysis.massTimes, mode.shape),
  }
}

function modesTable(modes: ModeSummary[], damped: boolean): string[] {
  const rows = modes.map((m, i) => [
    String(i + 1),
    m.rigidBody ? '0 (rigid body)' : m.frequency.toPrecision(8) + (m.unstable ? ' (unstable)' : ''),
    m.dampingRatio === null ? (damped ? '-' : '') : m.dampingRatio.toPrecision(6),
    m.dominant.map((d) => `${d.item} ${Math.round(d.share * 100)}%`).join(', '),
  ])
  const header = ['mode', 'frequency (Hz)', damped ? 'damping ratio' : '', 'dominant items']
  const columns = damped ? [0, 1, 2, 3] : [0, 1, 3]
  const width = columns.map((c) => Math.max(header[c].length, ...rows.map((r) => r[c].length)))
  const line = (r: string[]): string =>
    columns
      .map((c, k) => (k === columns.length - 1 ? r[c] : r[c].padEnd(width[k])))
      .join('  ')
      .trimEnd()
  return modes.length === 0
    ? ['No free coordinates: the constraints fix every coordinate.']
    : [line(header), ...rows.map(line)]
}
