// Simulation settings: Exudyn's simulationSettings tree (names as in Exudyn), a schema with defaults,
// and validation that reports every problem with its path.
import { checkParamValue, type ParamSpec } from './parameters'
import { suggest } from './suggest'
import type { JsonValue, Problem } from './types'

/**
 * Experimental flags (Exudyn's PyExperimental): methods shipped but not advertised, each off unless
 * listed in simulationSettings.experimental. Name -> what it switches on.
 */
export const EXPERIMENTAL_FLAGS: Readonly<Record<string, string>> = {
  newtonReactionStiffness:
    'implicit solvers add the geometric stiffness of the constraint reactions d(C_q^T lambda)/dq to the ' +
    'Newton matrix at each refresh (analytic for joints and Euler-parameter bodies, forward differences ' +
    'per object for other constraints): Newton converges quadratically with a fresh matrix (with the ' +
    'refresh policy about half the iterations per step), but refreshes cost more and the time per step ' +
    'does not drop (see docs/performance.md)',
}

/**
 * Flags whose behaviour became the default: project files that still list them load unchanged (the
 * flag has no effect any more) instead of being refused.
 */
export const RETIRED_EXPERIMENTAL_FLAGS: Readonly<Record<string, string>> = {
  newtonQuadraticPredictor: 'the quadratic acceleration predictor is the default (2026-12-02)',
  newtonRefreshPolicy: 'the cost-based Jacobian refresh policy is the default (2026-12-02)',
}

export const SOLVER_TYPES = [
  'GeneralizedAlpha',
  'TrapezoidalIndex2',
  'ExplicitEuler',
  'ExplicitMidpoint',
  'RK33',
  'RK44',
  'RK67',
  'ODE23',
  'DOPRI5',
  'Static',
] as const
export type SolverType = (typeof SOLVER_TYPES)[number]

export interface NewtonSettings {
  relativeTolerance: number
  absoluteTolerance: number
  maxIterations: number
  useModifiedNewton: boolean
  /** Modified Newton refreshes the Jacobian when the error contracts by less than this per iteration. */
  modifiedNewtonContractivity: number
  numericalDifferentiation: { relativeEpsilon: number; minimumCoordinateSize: number }
}

export interface SimulationSettings {
  solverType: SolverType
  timeIntegration: {
    startTime: number
    endTime: number
    numberOfSteps: number
    /** Adaptive step size (ODE23, DOPRI5) and step reduction on Newton failure (implicit solvers). */
    adaptiveStep: boolean
    minimumStepSize: number
    /** Error tolerances of the adaptive explicit solvers. */
    absoluteTolerance: number
    relativeTolerance: number
    /** Initial step size of adaptive solvers; 0 = automatic. */
    initialStepSize: number
    generalizedAlpha: {
      spectralRadius: number
      computeInitialAccelerations: boolean
    }
    newton: NewtonSettings
    discontinuous: { iterationTolerance: number; maxIterations: number }
  }
  staticSolver: {
    numberOfLoadSteps: number
    /** Each failed load step is retried with its increment times this factor. */
    stepReductionFactor: number
    minimumStepSize: number
    newton: NewtonSettings
  }
  /** 'auto' (ours): dense below a size threshold, sparse above; the Exudyn names force one. */
  linearSolverType: 'auto' | 'EXUdense' | 'EigenSparse'
  solutionSettings: { solutionWritePeriod: number; sensorsWritePeriod: number; writeSolutionToFile: boolean }
  /** Experimental flags, off by default (after Exudyn's PyExperimental; docs/engine.md). */
  experimental: string[]
}

type SchemaNode = ParamSpec | { [key: string]: SchemaNode }

function isSpec(n: SchemaNode): n is ParamSpec {
  return typeof (n as ParamSpec).type === 'string' && typeof (n as ParamSpec).doc === 'string'
}

const newton = (relTol: number, absTol: number): Record<string, SchemaNode> => ({
  relativeTolerance: {
    type: 'number',
    default: relTol,
    min: 0,
    exclusiveMin: true,
    doc:
      'Newton converges when the residual norm is below absoluteTolerance + relativeTolerance times a ' +
      "reference (time integration: the smaller of |f_lhs - f_loads|, Exudyn's r_0 at q'' = 0, and the " +
      "residual of the step's start guess, so the same number is at least as accurate as in Exudyn; " +
      'static solver: the larger of the first residual and the applied loads); a stalled ' +
      "time-integration iteration also converges within 4 times the residual's round-off floor " +
      '(docs/engine.md)',
  },
  absoluteTolerance: {
    type: 'number',
    default: absTol,
    min: 0,
    doc: 'absolute part of the Newton tolerance on the residual norm (forces in N, constraint rows unscaled)',
  },
  maxIterations: {
    type: 'integer',
    default: 25,
    min: 1,
    doc: 'Newton iterations before the step counts as failed',
  },
  useModifiedNewton: {
    type: 'boolean',
    default: true,
    doc: 'reuse the factorized Jacobian while convergence is good',
  },
  modifiedNewtonContractivity: {
    type: 'number',
    default: 0.5,
    min: 0,
    max: 1,
    exclusiveMin: true,
    doc: 'refresh the Jacobian when an iteration reduces the error by less than this factor',
  },
  numericalDifferentiation: {
    relativeEpsilon: {
      type: 'number',
      default: 1e-7,
      min: 0,
      exclusiveMin: true,
      doc: 'relative perturbation of numerical Jacobians',
    },
    minimumCoordinateSize: {
      type: 'number',
      default: 1e-2,
      min: 0,
      exclusiveMin: true,
      doc: 'coordinate size below which the perturbation is absolute',
    },
  },
})

export const SETTINGS_SCHEMA: Record<string, SchemaNode> = {
  solverType: {
    type: 'enum',
    values: SOLVER_TYPES,
    default: 'GeneralizedAlpha',
    doc: 'the solver (Exudyn DynamicSolverType names, plus Static)',
  },
  timeIntegration: {
    startTime: { type: 'number', default: 0, unit: 's', doc: 'start time' },
    endTime: { type: 'number', default: 1, unit: 's', doc: 'end time' },
    numberOfSteps: {
      type: 'integer',
      default: 100,
      min: 1,
      doc: 'number of (initial) steps; h = (endTime - startTime) / numberOfSteps',
    },
    adaptiveStep: {
      type: 'boolean',
      default: true,
      doc:
        'error-controlled steps for ODE23 and DOPRI5; step reduction on Newton failure for implicit ' +
        'solvers',
    },
    minimumStepSize: {
      type: 'number',
      default: 1e-8,
      min: 0,
      exclusiveMin: true,
      unit: 's',
      doc: 'smallest step before the run fails',
    },
    absoluteTolerance: {
      type: 'number',
      default: 1e-8,
      min: 0,
      exclusiveMin: true,
      doc: 'absolute error tolerance of adaptive explicit solvers',
    },
    relativeTolerance: {
      type: 'number',
      default: 1e-8,
      min: 0,
      exclusiveMin: true,
      doc: 'relative error tolerance of adaptive explicit solvers',
    },
    initialStepSize: {
      type: 'number',
      default: 0,
      min: 0,
      unit: 's',
      doc: 'first step of adaptive solvers; 0 = automatic',
    },
    generalizedAlpha: {
      spectralRadius: {
        type: 'number',
        default: 0.9,
        min: 0,
        max: 1,
        doc:
          'spectral radius at infinity rho_inf (1 = no numerical damping; < 1 needed for index-3 ' +
          'constraints)',
      },
      computeInitialAccelerations: {
        type: 'boolean',
        default: true,
        doc: 'solve for consistent initial accelerations',
      },
    },
    // Exudyn's 1e-8: default runs as accurate as and no costlier than the looser former rule's 1e-10
    // (docs/engine.md, "Newton").
    newton: newton(1e-8, 1e-10),
    discontinuous: {
      iterationTolerance: {
        type: 'number',
        default: 1,
        min: 0,
        doc: 'tolerance of the discontinuous (switching) iteration',
      },
      maxIterations: { type: 'integer', default: 5, min: 1, doc: 'switching iterations per step' },
    },
  },
  staticSolver: {
    numberOfLoadSteps: {
      type: 'integer',
      default: 1,
      min: 1,
      doc: 'loads are applied in this many equal increments',
    },
    stepReductionFactor: {
      type: 'number',
      default: 0.5,
      min: 0,
      max: 1,
      exclusiveMin: true,
      doc: 'a failed load step is retried with its increment times this factor',
    },
    minimumStepSize: {
      type: 'number',
      default: 1e-6,
      min: 0,
      exclusiveMin: true,
      doc: 'smallest load increment (fraction of the total load) before the solve fails',
    },
    newton: newton(1e-10, 1e-10),
  },
  linearSolverType: {
    type: 'enum',
    values: ['auto', 'EXUdense', 'EigenSparse'],
    default: 'auto',
    doc:
      'EXUdense: dense LU; EigenSparse: sparse LU (fill-reducing order, symbolic analysis reused); auto: ' +
      'dense for small systems, sparse for large ones',
  },
  solutionSettings: {
    solutionWritePeriod: {
      type: 'number',
      default: 0.01,
      min: 0,
      unit: 's',
      doc: 'time between frames of the results file',
    },
    sensorsWritePeriod: {
      type: 'number',
      default: 0.01,
      min: 0,
      unit: 's',
      doc: 'time between sensor rows; 0 = every step',
    },
    writeSolutionToFile: {
      type: 'boolean',
      default: true,
      doc: 'write a results file when a results path is given',
    },
  },
  experimental: {
    type: 'stringList',
    default: [],
    doc: 'experimental flags (names); every flag is off unless listed',
  },
}

/**
 * A default as its JSON text reads back (each run owns its settings): a string, a boolean or a finite
 * number other than -0 is that already, without the text (a study resolves every case's settings).
 */
function defaultCopy(d: JsonValue): JsonValue {
  const same = typeof d === 'string' || typeof d === 'boolean' || (Number.isFinite(d) && !Object.is(d, -0))
  return same ? d : (JSON.parse(JSON.stringify(d)) as JsonValue)
}

function defaultsOf(schema: Record<string, SchemaNode>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {}
  for (const [k, n] of Object.entries(schema))
    out[k] = isSpec(n) ? defaultCopy(n.default ?? null) : defaultsOf(n)
  return out
}

export function defaultSettings(): SimulationSettings {
  return defaultsOf(SETTINGS_SCHEMA) as unknown as SimulationSettings
}

function resolveNode(
  schema: Record<string, SchemaNode>,
  raw: unknown,
  path: string,
  problems: Problem[],
): Record<string, JsonValue> {
  const out = defaultsOf(schema)
  if (raw === undefined) return out
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push({ path, message: 'expected a dictionary' })
    return out
  }
  for (const [k, v] of Object.entries(raw as Record<string, JsonValue>)) {
    const n = schema[k]
    const p = `${path}.${k}`
    if (!n) {
      problems.push({ path: p, message: `unknown setting "${k}"${suggest(k, Object.keys(schema))}` })
      continue
    }
    if (isSpec(n)) {
      const m = checkParamValue(n, v)
      if (m) problems.push({ path: p, message: m })
      else out[k] = v
    } else out[k] = resolveNode(n, v, p, problems)
  }
  return out
}

export function resolveSettings(
  raw: unknown,
  path = 'simulationSettings',
): { settings: SimulationSettings; problems: Problem[] } {
  const problems: Problem[] = []
  const settings = resolveNode(SETTINGS_SCHEMA, raw, path, problems) as unknown as SimulationSettings
  const known = Object.keys(EXPERIMENTAL_FLAGS)
  for (const flag of settings.experimental ?? [])
    if (!known.includes(flag) && !(flag in RETIRED_EXPERIMENTAL_FLAGS))
      problems.push({
        path: `${path}.experimental`,
        message:
          `unknown experimental flag "${flag}"${suggest(flag, known)}; ` + `known flags: ${known.join(', ')}`,
      })
  const ti = settings.timeIntegration
  if (problems.length === 0 && !(ti.endTime > ti.startTime) && settings.solverType !== 'Static')
    problems.push({
      path: `${path}.timeIntegration.endTime`,
      message: `expected endTime > startTime (${ti.startTime}), got ${ti.endTime}`,
    })
  return { settings, problems }
}

/**
 * Why `keys` ("timeIntegration.endTime" split at the dots) names no setting or section of the schema (an
 * unknown key, or a key under a setting), with the reader's message; undefined when it names one.
 */
export function settingsPathProblem(
  keys: readonly string[],
  path = 'simulationSettings',
): Problem | undefined {
  let node: Record<string, SchemaNode> = SETTINGS_SCHEMA
  for (const [i, key] of keys.entries()) {
    const child = Object.hasOwn(node, key) ? node[key] : undefined
    if (!child)
      return { path: `${path}.${key}`, message: `unknown setting "${key}"${suggest(key, Object.keys(node))}` }
    path = `${path}.${key}`
    if (isSpec(child))
      return i === keys.length - 1
        ? undefined
        : {
            path,
            message: `"${key}" is a setting, not a section of settings: it has no key "${keys[i + 1]}"`,
          }
    node = child
  }
  return undefined
}

/** The schema of the setting `keys` names (a leaf, not a section); undefined when it names none. */
export function settingSpec(keys: readonly string[]): ParamSpec | undefined {
  let node: SchemaNode | undefined = SETTINGS_SCHEMA
  for (const key of keys) {
    if (!node || isSpec(node) || !Object.hasOwn(node, key)) return undefined
    node = node[key]
  }
  return node && isSpec(node) ? node : undefined
}

/** The settings tree with keys in schema order (canonical writing); values are kept as given. */
export function orderSettings(
  raw: Record<string, JsonValue>,
  schema: Record<string, SchemaNode> = SETTINGS_SCHEMA,
): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {}
  for (const [k, n] of Object.entries(schema)) {
    if (!(k in raw)) continue
    const v = raw[k]
    out[k] = !isSpec(n) && v !== null && typeof v === 'object' && !Array.isArray(v) ? orderSettings(v, n) : v
  }
  return out
}

/** Walks the schema (for docs and the settings panel). */
export function settingsSchemaEntries(
  schema: Record<string, SchemaNode> = SETTINGS_SCHEMA,
  prefix = '',
): { path: string; spec: ParamSpec }[] {
  return Object.entries(schema).flatMap(([k, n]) =>
    isSpec(n) ? [{ path: prefix + k, spec: n }] : settingsSchemaEntries(n, `${prefix}${k}.`),
  )
}
