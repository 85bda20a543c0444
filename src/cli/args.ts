// Command-line parsing of `mbs`: one table of commands and options drives both the parser and the
// help text, so they cannot disagree. Parsing is pure (no file system): checks that need files or the
// project (does the checkpoint exist, is --end-time after startTime) happen in the commands.
import type { LinearizationPoint } from '../core/linear/modalAnalysis'
import { suggest } from '../core/model/suggest'
import { UsageError } from './errors'

export interface WorkerArgs {
  queue: string
  /** Cases at a time; the number of cores when absent. */
  concurrency?: number
  stallSeconds: number
}

export interface OptionSpec {
  /** Long name without the leading dashes, e.g. "end-time". */
  name: string
  /** A one-letter form used with one dash (-o for --output). */
  short?: string
  /** Metavariable of the value (T, DIR, FILE); absent for flags. */
  value?:
    | 'T'
    | 'S'
    | 'DIR'
    | 'FILE'
    | 'N'
    | 'URL'
    | 'ITEM.PARAMETER=VALUE'
    | 'NAME=DIR'
    | 'static|initial|T'
    | 'LOAD'
    | 'SENSOR'
    | 'X,Y,Z'
    | 'K[,D]'
  /** May be given several times; every value is kept in order. */
  repeatable?: boolean
  /** Takes every following argument up to the next option (--inputs a b c); implies repeatable. */
  many?: boolean
  /** The command cannot run without it: shown without brackets in the usage line. */
  required?: boolean
  doc: string
}

export interface CommandSpec {
  name: string
  /** The positional argument, e.g. PROJECT; none for a command that takes only options. */
  operand?: string
  summary: string
  description: string
  options: readonly OptionSpec[]
}

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'run',
    operand: 'PROJECT',
    summary: 'solve a project with its simulation settings',
    description:
      'Solves PROJECT (an .mbsproj file) from its initial conditions with its simulationSettings, ' +
      'overridden by the options. ' +
      'A progress line is shown on a terminal for runs longer than about a second.',
    options: [
      {
        name: 'end-time',
        value: 'T',
        doc: 'end time in seconds instead of timeIntegration.endTime (the step size is kept)',
      },
      {
        name: 'sensors-dir',
        value: 'DIR',
        doc:
          'write DIR/NAME.csv for every sensor with writeToFile (fileName overrides NAME.csv): "#" ' +
          'comment lines, then rows t,v0,v1,... whose numbers parse back to the identical doubles',
      },
      { name: 'results', value: 'FILE', doc: 'write the results file a replay needs' },
      {
        name: 'save-checkpoint',
        value: 'FILE',
        doc: 'write a checkpoint at the end of the run (or at --checkpoint-at)',
      },
      { name: 'checkpoint-at', value: 'T', doc: 'time of the checkpoint written by --save-checkpoint' },
      {
        name: 'from-checkpoint',
        value: 'FILE',
        doc: 'start from this checkpoint instead of the initial conditions',
      },
      {
        name: 'branch-of',
        value: 'FILE',
        doc:
          'a what-if branch (with --from-checkpoint and --results): FILE is the results file of the run of ' +
          'PROJECT the checkpoint was saved from; --results starts with its frames and sensor rows up to ' +
          'the ' +
          'checkpoint, and the --set overrides may change only live parameters, mass properties and ' +
          'drawing ' +
          'parameters',
      },
      {
        name: 'set',
        value: 'ITEM.PARAMETER=VALUE',
        repeatable: true,
        doc:
          'override a parameter of an item (bob.physicsMass=2) or a setting ' +
          '(timeIntegration.numberOfSteps=500), checked like an edit in the app; VALUE is JSON ' +
          '([0,-9.81,0], true) or else a string; repeatable',
      },
      {
        name: 'json',
        doc:
          'print a one-line JSON summary as the last line of standard output: {"time", "steps", ' +
          '"newtonIterations", "jacobians", "wallTime" (seconds, assembly and solve), "sensors": {NAME: ' +
          'last values}}',
      },
    ],
  },
  {
    name: 'modes',
    operand: 'PROJECT',
    summary: 'natural frequencies, damping ratios and mode shapes',
    description:
      'Linearizes PROJECT at a state (constraints eliminated by a null-space basis of their Jacobian) ' +
      'and prints its modes ' +
      'sorted by frequency: mode, frequency in Hz (rigid-body modes 0), damping ratio (--damped), and ' +
      'the nodes with at ' +
      'least 10% of the kinetic energy of the mode.',
    options: [
      {
        name: 'at',
        value: 'static|initial|T',
        doc:
          'linearize at the static equilibrium (the static solver first; the default), at the initial ' +
          'state, or at time T of a run with the project settings',
      },
      {
        name: 'from-checkpoint',
        value: 'FILE',
        doc: 'linearize at the state a checkpoint of this project holds (instead of --at)',
      },
      {
        name: 'count',
        value: 'N',
        doc:
          'list the lowest N modes only; on a model of 300 or more coordinates only those are computed, ' +
          'by a sparse solver (undamped, N at most a quarter of the coordinates)',
      },
      {
        name: 'damped',
        doc:
          'damped modes (first-order form): damped frequencies and damping ratios; without it the ' +
          'undamped problem of M and K',
      },
      {
        name: 'json',
        doc:
          'print one JSON object as the last line of standard output: {"at", "modes": [{"frequency" ' +
          '(Hz), "dampingRatio" (number or null), "rigidBody", "unstable", "dominant": [{"item", ' +
          '"share"}]}]}, every mode including rigid-body ones, sorted by frequency',
      },
    ],
  },
  {
    name: 'linearize',
    operand: 'PROJECT',
    summary: 'state-space matrices A, B, C, D for control design',
    description:
      "Linearizes PROJECT at a state and prints the state-space form x' = A x + B u, y = y0 + C x + D u " +
      'of the system on ' +
      'its independent coordinates: q = q0 + N z (N a null-space basis of the constraint Jacobian, the ' +
      'identity without ' +
      "constraints), state x = [z; z']. Input u_j is the magnitude of load j along its value at the " +
      'linearization point ' +
      "(in the load's unit); the outputs are the values of the sensors. Without --json or --csv the " +
      'matrices are printed as tables.',
    options: [
      {
        name: 'inputs',
        value: 'LOAD',
        many: true,
        doc:
          'the loads that are inputs, by name, one column of B each (a load must not be zero: its value ' +
          'gives the direction)',
      },
      {
        name: 'outputs',
        value: 'SENSOR',
        many: true,
        doc:
          'the sensors whose values are outputs, by name, one row of C per value (SENSOR[i] for a sensor ' +
          'of several values)',
      },
      {
        name: 'at',
        value: 'static|initial|T',
        doc: 'linearize at the static equilibrium (the default), at the initial state, or at time T of a run',
      },
      {
        name: 'from-checkpoint',
        value: 'FILE',
        doc: 'linearize at the state a checkpoint of this project holds (instead of --at)',
      },
      {
        name: 'json',
        doc:
          'print one JSON object as the last line of standard output: {"at", "inputs", "outputs", ' +
          '"outputValues" (y0), "basis" (N, rows of n), "A", "B", "C", "D"} with matrices as arrays of ' +
          'rows',
      },
      {
        name: 'csv',
        doc:
          'print the matrices as CSV: for each of A, B, C, D a line "# NAME ROWS COLUMNS" and then its ' +
          'rows, comma-separated, numbers that parse back to the identical doubles',
      },
    ],
  },
  {
    name: 'study',
    operand: 'STUDY',
    summary: 'run every case of a parameter study',
    description:
      'Runs every case of STUDY (a study file, docs/file-formats.md) on a pool of worker processes, or ' +
      'on a Redis queue served by "mbs worker" on any number of machines, and writes one row per ' +
      'finished case to its folder (rows.csv and rows.jsonl); failed cases are recorded with their ' +
      'error. A progress bar with ETA is shown on a terminal.',
    options: [
      { name: 'workers', value: 'N', doc: 'number of local worker processes (default: the number of cores)' },
      {
        name: 'queue',
        value: 'URL',
        doc:
          'put the cases on the BullMQ queue of the Redis server at URL (redis://HOST:PORT) and collect ' +
          'the rows that "mbs worker" processes send back, instead of running them here (docs/studies.md)',
      },
      {
        name: 'resume',
        doc:
          'continue a study that was stopped: run only the cases without a row (refused when the study, ' +
          'its project or the engine build changed since the folder was started)',
      },
      {
        name: 'json',
        doc:
          'print a one-line JSON summary as the last line of standard output: {"cases", "failed", ' +
          '"skipped", "wallTime" (seconds of the whole command), "steadyRate" (cases per second after ' +
          'the first quarter of the rows, so without start-up and warm-up; null under 8 cases), ' +
          '"phases" and "cpu" (where the time went, docs/studies.md)}',
      },
    ],
  },
  {
    name: 'import',
    operand: 'FILE.urdf',
    summary: 'build a project from a URDF robot description',
    description:
      'Reads FILE.urdf (links with inertials, revolute, continuous, prismatic and fixed joints; links on ' +
      'fixed joints are merged) ' +
      'and writes a project: one KinematicTree in minimal coordinates (--tree, the default) or a ' +
      'RigidBody per link with a joint per URDF joint (--bodies), with box, sphere, cylinder and mesh ' +
      'visuals as body graphics (meshes referenced relative to the project file). What cannot be ' +
      'represented (mimic joints, limits without --limit-stops, transmissions, meshes not found) is ' +
      'listed on standard error.',
    options: [
      {
        name: 'output',
        short: 'o',
        value: 'FILE',
        required: true,
        doc: 'the project file to write (required)',
      },
      { name: 'tree', doc: 'minimal coordinates: one KinematicTree (the default)' },
      { name: 'bodies', doc: 'redundant coordinates: rigid bodies on Euler-parameter nodes and joints' },
      { name: 'gravity', value: 'X,Y,Z', doc: 'gravity vector in m/s^2, e.g. 0,0,-9.81 (none by default)' },
      {
        name: 'package-dir',
        value: 'NAME=DIR',
        repeatable: true,
        doc:
          'the folder of ROS package NAME, for package://NAME/... mesh files (default: the nearest ' +
          'folder named NAME above the URDF); repeatable',
      },
      {
        name: 'joint-sensors',
        doc:
          'one sensor per movable joint, named as the joint (NAME.csv with mbs run --sensors-dir), ' +
          'recording its coordinate: angle in rad from the URDF zero pose, or displacement in m',
      },
      {
        name: 'limit-stops',
        value: 'K[,D]',
        doc:
          'keep the lower and upper limits of revolute and prismatic joints as limit stops of stiffness K ' +
          '(N m/rad or N/m) and damping D (N m s/rad or N s/m, default 0): a ' +
          'ConnectorCoordinateSpringDamperExt named JOINTLimits per joint (--tree only; with --bodies ' +
          'the limits are listed)',
      },
      {
        name: 'embed-meshes',
        doc:
          'copy each mesh file into the project (base64 in its Mesh entry), so that the project ' +
          'draws without the files',
      },
    ],
  },
  {
    name: 'worker',
    summary: 'run study cases from a Redis queue',
    description:
      'Takes the cases that "mbs study --queue URL" puts on the queue and runs them, CONCURRENCY at a ' +
      'time, each in a worker process of its own, until stopped with Ctrl-C or SIGTERM (it then finishes ' +
      'the cases it holds). Start it on every machine that should work on the study; a worker that is ' +
      'killed loses nothing: its case is run again by another worker. It takes only the cases of a ' +
      '"mbs study" with the same engine build, which it names when it starts.',
    options: [
      {
        name: 'queue',
        value: 'URL',
        required: true,
        doc: 'the Redis server holding the queue (redis://HOST:PORT); required',
      },
      { name: 'concurrency', value: 'N', doc: 'cases run at the same time (default: the number of cores)' },
      {
        name: 'stall-seconds',
        value: 'S',
        doc:
          'seconds after which the case of a worker that stopped answering (killed, machine down) goes ' +
          'to another worker (default 30); the same on every worker of a queue',
      },
    ],
  },
  {
    name: 'validate',
    operand: 'PROJECT',
    summary: 'check a project file and report every problem',
    description:
      'Parses and validates PROJECT: every problem is printed on its own line as "path: message" (exit ' +
      '1); a valid file prints "OK: NAME (counts)" (exit 0).',
    options: [],
  },
  {
    name: 'info',
    operand: 'FILE',
    summary: 'show what a project file holds',
    description: 'Prints the name, the items by kind and type, and the solver settings of a project file.',
    options: [],
  },
  {
    name: 'verify',
    operand: 'RESULTS',
    summary: 're-run a results file and compare it bit for bit',
    description:
      'Re-runs the model stored in RESULTS (a results file of mbs run --results or the app) with the ' +
      'simulation settings it recorded (defaults included) and its end time, and compares every frame ' +
      'and sensor row bit for bit: prints "bitwise identical" (exit 0), or the first frame and ' +
      'coordinate, or sensor row and value, that differ (exit 1). A run continued from a checkpoint ' +
      'cannot be verified (exit 2). A file written by another engine version, or another build of the ' +
      'engine (mbs info shows it), is verified with a note on standard error saying so.',
    options: [],
  },
  {
    name: 'help',
    operand: 'COMMAND',
    summary: 'explain a command and its options',
    description: 'Prints the usage, description and options of COMMAND (or of mbs itself without COMMAND).',
    options: [],
  },
]

export interface RunArgs {
  /** --set ITEM.PARAMETER=VALUE, in the order given. */
  overrides: string[]
  endTime?: number
  sensorsDir?: string
  results?: string
  saveCheckpoint?: string
  checkpointAt?: number
  fromCheckpoint?: string
  /** --branch-of FILE: the original run's results file. */
  branchOf?: string
  json: boolean
}

export interface ModesArgs {
  at: LinearizationPoint
  /** Linearize at this checkpoint's state (the command reads it). */
  fromCheckpoint?: string
  count?: number
  damped: boolean
  json: boolean
}

export interface ImportArgs {
  output: string
  formulation: 'tree' | 'bodies'
  gravity?: number[]
  jointSensors: boolean
  /** Joint limits kept as limit stops of this stiffness and damping (--limit-stops K[,D]). */
  limitStops?: { stiffness: number; damping: number }
  /** Folders of ROS packages by name (--package-dir NAME=DIR). */
  packageDirs: Record<string, string>
  /** Mesh files copied into the project (--embed-meshes). */
  embedMeshes: boolean
}

export interface LinearizeArgs {
  at: LinearizationPoint
  /** Linearize at this checkpoint's state (the command reads it). */
  fromCheckpoint?: string
  inputs: string[]
  outputs: string[]
  format: 'table' | 'json' | 'csv'
}

export type ParsedCommand =
  | { command: 'help'; topic?: string }
  | { command: 'version' }
  | { command: 'validate'; project: string }
  | { command: 'info'; file: string }
  | { command: 'verify'; results: string }
  | { command: 'run'; project: string; run: RunArgs }
  | { command: 'modes'; project: string; modes: ModesArgs }
  | { command: 'linearize'; project: string; linearize: LinearizeArgs }
  | { command: 'study'; study: string; workers?: number; queue?: string; resume: boolean; json: boolean }
  | { command: 'worker'; worker: WorkerArgs }
  | { command: 'import'; file: string; import: ImportArgs }

const HELP_FLAGS = ['--help', '-h']
const VERSION_FLAGS = ['--version', '-V']

export function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name)
}

/** Parses the arguments after `mbs`; throws UsageError with a precise message. */
export function parseArgs(argv: readonly string[]): ParsedCommand {
  const [first, ...rest] = argv
  if (first === undefined || HELP_FLAGS.includes(first)) return { command: 'help' }
  if (VERSION_FLAGS.includes(first)) return { command: 'version' }
  const spec = findCommand(first)
  if (!spec) {
    const hint = first.startsWith('-')
      ? suggest(first, [...HELP_FLAGS, ...VERSION_FLAGS])
      : suggest(
          first,
          COMMANDS.map((c) => c.name),
        )
    throw new UsageError(`unknown ${first.startsWith('-') ? 'option' : 'command'} "${first}"${hint}`)
  }
  if (rest.some((a) => HELP_FLAGS.includes(a))) return { command: 'help', topic: spec.name }
  const { operands, values, lists } = parseOptions(spec, rest)

  if (spec.name === 'help') {
    if (operands.length > 1) throw new UsageError(`unexpected argument "${operands[1]}"`, 'help')
    if (operands[0] !== undefined && !findCommand(operands[0]))
      throw new UsageError(
        `no command "${operands[0]}"${suggest(
          operands[0],
          COMMANDS.map((c) => c.name),
        )}`,
        'help',
      )
    return { command: 'help', topic: operands[0] }
  }
  if (spec.name === 'worker') return { command: 'worker', worker: workerArgs(operands, values) }
  const operand = singleOperand(spec, operands)
  if (spec.name === 'validate') return { command: 'validate', project: operand }
  if (spec.name === 'import') return { command: 'import', file: operand, import: importArgs(values, lists) }
  if (spec.name === 'info') return { command: 'info', file: operand }
  if (spec.name === 'verify') return { command: 'verify', results: operand }
  if (spec.name === 'modes') return { command: 'modes', project: operand, modes: modesArgs(values) }
  if (spec.name === 'linearize')
    return { command: 'linearize', project: operand, linearize: linearizeArgs(values, lists) }
  if (spec.name === 'study')
    return {
      command: 'study',
      study: operand,
      workers: countValue(values, 'workers', 'study'),
      queue: studyQueue(values),
      resume: values.has('resume'),
      json: values.has('json'),
    }

  const run: RunArgs = {
    overrides: lists.get('set') ?? [],
    endTime: numberValue(values, 'end-time'),
    sensorsDir: values.get('sensors-dir'),
    results: values.get('results'),
    saveCheckpoint: values.get('save-checkpoint'),
    checkpointAt: numberValue(values, 'checkpoint-at'),
    fromCheckpoint: values.get('from-checkpoint'),
    branchOf: values.get('branch-of'),
    json: values.has('json'),
  }
  if (run.branchOf !== undefined && (run.fromCheckpoint === undefined || run.results === undefined))
    throw new UsageError(
      '--branch-of needs --from-checkpoint FILE (where the branch starts) and --results FILE (the branch)',
      'run',
    )
  if (run.checkpointAt !== undefined && run.saveCheckpoint === undefined)
    throw new UsageError(
      '--checkpoint-at needs --save-checkpoint FILE (the file the checkpoint is written to)',
      'run',
    )
  return { command: 'run', project: operand, run }
}

/**
 * Splits arguments into operands and option values (flags map to ""); accepts --name VALUE and --name=VALUE.
 */
function parseOptions(
  spec: CommandSpec,
  args: readonly string[],
): { operands: string[]; values: Map<string, string>; lists: Map<string, string[]> } {
  const operands: string[] = []
  const values = new Map<string, string>()
  const lists = new Map<string, string[]>()
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    if (arg === '--') {
      operands.push(...args.slice(i + 1))
      break
    }
    if (!arg.startsWith('-') || arg === '-') {
      operands.push(arg)
      continue
    }
    const eq = arg.indexOf('=')
    const flag = eq >= 0 ? arg.slice(0, eq) : arg
    const opt = flag.startsWith('--')
      ? spec.options.find((o) => o.name === flag.slice(2))
      : spec.options.find((o) => o.short !== undefined && flag === `-${o.short}`)
    const name = opt?.name ?? flag.replace(/^--?/, '')
    if (!opt) {
      const known = spec.options.map((o) => `--${o.name}`)
      const list =
        known.length > 0
          ? `; options of ${spec.name}: ${known.join(', ')}`
          : `; ${spec.name} takes no options`
      throw new UsageError(`unknown option "${flag}"${suggest(flag, known)}${list}`, spec.name)
    }
    if (values.has(name) && !opt.repeatable && !opt.many)
      throw new UsageError(`--${name} is given more than once`, spec.name)
    if (!opt.value) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`, spec.name)
      values.set(name, '')
      continue
    }
    if (opt.many && eq < 0) {
      const taken: string[] = []
      while (i + 1 < args.length && !args[i + 1].startsWith('--')) taken.push(args[++i])
      if (taken.length === 0) throw new UsageError(`--${name} needs at least one ${opt.value}`, spec.name)
      lists.set(name, [...(lists.get(name) ?? []), ...taken])
      continue
    }
    let value: string | undefined
    if (eq >= 0) value = arg.slice(eq + 1)
    else if (i + 1 < args.length && !args[i + 1].startsWith('--')) value = args[++i]
    if (value === undefined || value === '')
      throw new UsageError(`--${name} needs a value ${opt.value}`, spec.name)
    if (opt.repeatable || opt.many) lists.set(name, [...(lists.get(name) ?? []), value])
    else values.set(name, value)
  }
  return { operands, values, lists }
}

function singleOperand(spec: CommandSpec, operands: string[]): string {
  if (operands.length === 0) throw new UsageError(`missing ${spec.operand}`, spec.name)
  if (operands.length > 1)
    throw new UsageError(
      `unexpected argument "${operands[1]}" (${spec.name} takes one ${spec.operand})`,
      spec.name,
    )
  return operands[0]
}

function linearizationPoint(values: Map<string, string>, command: string): LinearizationPoint {
  if (values.has('at') && values.has('from-checkpoint'))
    throw new UsageError('--at and --from-checkpoint exclude each other: choose one state', command)
  const at = values.get('at') ?? 'static'
  return at === 'static' || at === 'initial'
    ? at
    : numberValue(values, 'at', command, 'static, initial or a')!
}

function importArgs(values: Map<string, string>, lists: Map<string, string[]>): ImportArgs {
  const output = values.get('output')
  if (output === undefined) throw new UsageError('name the project to write: -o PROJECT.mbsproj', 'import')
  if (values.has('tree') && values.has('bodies'))
    throw new UsageError('--tree and --bodies exclude each other: choose one formulation', 'import')
  const g = values.get('gravity')
  const gravity = g?.split(',').map(Number)
  if (gravity && (gravity.length !== 3 || gravity.some((x) => !Number.isFinite(x))))
    throw new UsageError(`--gravity expects X,Y,Z (three numbers), got "${g}"`, 'import')
  const stops = values.get('limit-stops')
  const [stiffness, damping = 0, ...extra] = stops?.split(',').map(Number) ?? []
  if (stops !== undefined && !(stiffness > 0 && stiffness < Infinity && damping >= 0 && damping < Infinity))
    throw new UsageError(
      `--limit-stops expects K[,D]: a stiffness K > 0 and a damping D >= 0, got "${stops}"`,
      'import',
    )
  if (extra.length > 0)
    throw new UsageError(`--limit-stops expects K[,D] (one or two numbers), got "${stops}"`, 'import')
  const packageDirs = packageDirsOf(lists.get('package-dir') ?? [])
  if (typeof packageDirs === 'string')
    throw new UsageError(`--package-dir expects NAME=DIR, got "${packageDirs}"`, 'import')
  return {
    packageDirs,
    output,
    formulation: values.has('bodies') ? 'bodies' : 'tree',
    gravity,
    jointSensors: values.has('joint-sensors'),
    ...(stops === undefined ? {} : { limitStops: { stiffness, damping } }),
    embedMeshes: values.has('embed-meshes'),
  }
}

/** "NAME=DIR" options as folders by package name; a string is the malformed one. */
function packageDirsOf(specs: readonly string[]): Record<string, string> | string {
  const out: Record<string, string> = {}
  for (const spec of specs) {
    const eq = spec.indexOf('=')
    if (eq <= 0 || eq === spec.length - 1) return spec
    out[spec.slice(0, eq)] = spec.slice(eq + 1)
  }
  return out
}

function linearizeArgs(values: Map<string, string>, lists: Map<string, string[]>): LinearizeArgs {
  const inputs = lists.get('inputs') ?? [],
    outputs = lists.get('outputs') ?? []
  if (inputs.length === 0 && outputs.length === 0)
    throw new UsageError('name the inputs and outputs: --inputs LOAD... --outputs SENSOR...', 'linearize')
  if (values.has('json') && values.has('csv'))
    throw new UsageError('--json and --csv exclude each other: choose one output format', 'linearize')
  return {
    at: linearizationPoint(values, 'linearize'),
    fromCheckpoint: values.get('from-checkpoint'),
    inputs,
    outputs,
    format: values.has('json') ? 'json' : values.has('csv') ? 'csv' : 'table',
  }
}

function modesArgs(values: Map<string, string>): ModesArgs {
  const count = values.get('count')
  if (count !== undefined && !/^\s*\d+\s*$/.test(count))
    throw new UsageError(`--count expects a whole number of modes, got "${count}"`, 'modes')
  return {
    at: linearizationPoint(values, 'modes'),
    fromCheckpoint: values.get('from-checkpoint'),
    count: count === undefined ? undefined : Number(count),
    damped: values.has('damped'),
    json: values.has('json'),
  }
}

function numberValue(
  values: Map<string, string>,
  name: string,
  command = 'run',
  alternatives = 'a',
): number | undefined {
  const text = values.get(name)
  if (text === undefined) return undefined
  // Number() accepts "", " ", "0x10" and "Infinity"; a time must be a plain finite decimal number.
  const v = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text) ? Number(text) : NaN
  if (Number.isNaN(v))
    throw new UsageError(`--${name} expects ${alternatives} number in seconds, got "${text}"`, command)
  if (!Number.isFinite(v)) throw new UsageError(`--${name} expects a finite number, got "${text}"`, command)
  return v
}

function studyQueue(values: Map<string, string>): string | undefined {
  const queue = values.get('queue')
  if (queue !== undefined && values.has('workers'))
    throw new UsageError(
      '--workers and --queue exclude each other: with --queue, the cases run on "mbs worker" processes',
      'study',
    )
  return queue
}

function workerArgs(operands: string[], values: Map<string, string>): WorkerArgs {
  if (operands.length > 0) throw new UsageError(`unexpected argument "${operands[0]}"`, 'worker')
  const queue = values.get('queue')
  if (queue === undefined)
    throw new UsageError('missing --queue URL (the Redis server, redis://HOST:PORT)', 'worker')
  const stall = numberValue(values, 'stall-seconds', 'worker')
  if (stall !== undefined && !(stall >= 0.5 && stall <= 86400))
    throw new UsageError(
      `--stall-seconds expects a number from 0.5 to 86400, got "${values.get('stall-seconds')}"`,
      'worker',
    )
  return {
    queue,
    concurrency: countValue(values, 'concurrency', 'worker'),
    stallSeconds: stall ?? 30,
  }
}

function countValue(values: Map<string, string>, name: string, command: string): number | undefined {
  const text = values.get(name)
  if (text === undefined) return undefined
  if (!/^\s*\d+\s*$/.test(text) || Number(text) < 1)
    throw new UsageError(`--${name} expects a whole number >= 1, got "${text}"`, command)
  return Number(text)
}
