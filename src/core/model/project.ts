// Reading and writing project files (docs/file-formats.md; contract in docs/model-format.md). Reading
// parses, migrates, validates every item against its definition and resolves references; any problem
// means no project at all (nothing half-loaded). Writing is canonical: stable key order, names for
// references, so a load + save round trip is byte-identical.
import { canonicalJson } from './canonicalJson'
import { echo, INPUT_LIMITS, inputBoundsProblem, shorten } from './inputBounds'
import { getItemType } from './registry'
import { entriesOf, resolveModel, type ResolvedModel } from './resolve'
import { orderSettings, resolveSettings, type SimulationSettings } from './settings'
import {
  ITEM_KINDS,
  KIND_LIST_KEY,
  type ItemSpec,
  type JsonObject,
  type JsonValue,
  type ModelSpec,
  type Problem,
} from './types'

export const PROJECT_FORMAT = 'mbs-studio-project'
export const PROJECT_VERSION = 1

/** A loaded project: the spec as the user wrote it (references as names) plus its resolved form. */
export interface Project {
  name: string
  model: ModelSpec
  /** Settings as given in the file (for writing back); `settings` has the defaults filled in. */
  simulationSettingsSpec: JsonObject
  settings: SimulationSettings
  /** View settings of the app (camera, visibility); opaque to the engine. */
  view?: JsonObject
  resolved: ResolvedModel
}

export type LoadResult = { ok: true; project: Project } | { ok: false; problems: Problem[] }

/**
 * Migrations from version v to v + 1, applied in order to the parsed JSON before validation.
 * Version 1 is the first format, so the table is empty; a new format version adds its step here.
 */
const MIGRATIONS: Record<number, (doc: JsonObject) => JsonObject> = {}

const TOP_LEVEL_KEYS = ['format', 'version', 'name', 'model', 'simulationSettings', 'view']

function jsonErrorProblem(text: string, e: unknown): Problem {
  const msg = e instanceof Error ? e.message : String(e)
  const m = /position (\d+)/.exec(msg)
  if (m) {
    const pos = Number(m[1])
    const before = text.slice(0, pos)
    const line = before.split('\n').length
    const col = pos - before.lastIndexOf('\n')
    // V8 reports a cut-off file as an error at its last position rather than as "Unexpected end".
    if (pos >= text.trimEnd().length)
      return {
        path: '(file)',
        message: `invalid JSON: the file ends too early at line ${line} (truncated?): ${msg}`,
      }
    return { path: '(file)', message: `invalid JSON at line ${line}, column ${col}: ${msg}` }
  }
  if (/Unexpected end|unterminated|end of (JSON )?input/i.test(msg))
    return { path: '(file)', message: `invalid JSON: the file ends too early (truncated?): ${msg}` }
  return { path: '(file)', message: `invalid JSON: ${msg}` }
}

/** Parses and validates a project file's text. */
export function parseProject(text: string): LoadResult {
  const parsed = parseProjectText(text)
  return parsed.ok ? loadProjectJson(parsed.doc) : parsed
}

/**
 * The JSON document of a project file's text, not yet validated (loadProjectJson does that): a caller
 * may let go of the text, as large as the document, before the load.
 */
export function parseProjectText(
  text: string,
): { ok: true; doc: unknown } | { ok: false; problems: Problem[] } {
  if (text.length > INPUT_LIMITS.textLength)
    return {
      ok: false,
      problems: [
        {
          path: '(file)',
          message: `the file has ${text.length} characters; at most ${INPUT_LIMITS.textLength} are read`,
        },
      ],
    }
  try {
    // A UTF-8 byte order mark (some Windows editors write one) is not part of the JSON.
    return { ok: true, doc: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) }
  } catch (e) {
    return { ok: false, problems: [jsonErrorProblem(text, e)] }
  }
}

/** Validates a parsed project; the project takes doc's values over (doc must not be changed later). */
export function loadProjectJson(doc: unknown): LoadResult {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    return {
      ok: false,
      problems: [{ path: '(file)', message: 'expected a JSON object (an MBS Studio project)' }],
    }
  const tooLarge = inputBoundsProblem(doc as JsonObject)
  if (tooLarge) return { ok: false, problems: [tooLarge] }
  let d = doc as JsonObject
  const problems: Problem[] = []
  if (d.format !== PROJECT_FORMAT)
    return {
      ok: false,
      problems: [
        {
          path: 'format',
          message: `expected "format": "${PROJECT_FORMAT}", got ${echo(d.format ?? null)}`,
        },
      ],
    }
  const version = d.version
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return {
      ok: false,
      problems: [
        {
          path: 'version',
          message: `expected an integer version >= 1, got ${echo(version ?? null)}`,
        },
      ],
    }
  if (version > PROJECT_VERSION)
    return {
      ok: false,
      problems: [
        {
          path: 'version',
          message:
            `the file has format version ${version}, newer than this program knows (${PROJECT_VERSION}); ` +
            `update MBS Studio to open it`,
        },
      ],
    }
  for (let v = version; v < PROJECT_VERSION; v++) d = MIGRATIONS[v](d)

  for (const k of Object.keys(d))
    if (!TOP_LEVEL_KEYS.includes(k))
      problems.push({
        path: shorten(k),
        message: `unknown key ${echo(k)}; expected ${TOP_LEVEL_KEYS.join(', ')}`,
      })
  if (d.name !== undefined && typeof d.name !== 'string')
    problems.push({ path: 'name', message: 'expected a string' })
  if (d.view !== undefined && (d.view === null || typeof d.view !== 'object' || Array.isArray(d.view)))
    problems.push({ path: 'view', message: 'expected a dictionary' })
  const modelResult = resolveModel(d.model ?? {}, 'model', true)
  if (!modelResult.ok) for (const problem of modelResult.problems) problems.push(problem)
  const rawSettings = d.simulationSettings ?? {}
  const { settings, problems: sp } = resolveSettings(rawSettings)
  for (const problem of sp) problems.push(problem)
  if (problems.length > 0 || !modelResult.ok) return { ok: false, problems }

  const model = specFromJson(d.model as JsonObject | undefined, modelResult.model)
  return {
    ok: true,
    project: {
      name: (d.name as string | undefined) ?? '',
      model,
      simulationSettingsSpec: rawSettings as JsonObject,
      settings,
      view: d.view as JsonObject | undefined,
      resolved: modelResult.model,
    },
  }
}

/**
 * The spec with references normalized to names and keys in definition order. An item that already is
 * in that form (the usual case for a file this program wrote) is kept as parsed instead of copied: a
 * copy per item was a fifth of a large model's load.
 */
function specFromJson(raw: JsonObject | undefined, resolved: ResolvedModel): ModelSpec {
  const out = {} as ModelSpec
  for (const kind of ITEM_KINDS) {
    const listKey = KIND_LIST_KEY[kind]
    const list = ((raw?.[listKey] as JsonObject[] | undefined) ?? []).map((item, index) => {
      const r = resolved.item(kind, index)
      const spec: ItemSpec = { type: r.type, name: r.name }
      let same = item.type === r.type && item.name === r.name
      // Indexed: the load runs in the interpreter (src/node/tiering.ts), where for-of allocates.
      const entries = entriesOf(getItemType(kind, r.type)!.parameters)
      for (let e = 0; e < entries.length; e++) {
        const key = entries[e][0]
        const p = entries[e][1]
        if (!(key in item)) continue
        let v: JsonValue = item[key]
        if (p.type === 'ref') {
          const index = r.params.ref(key)
          v = index === -1 ? -1 : resolved.item(p.kind, index).name
        } else if (p.type === 'refList') {
          const names = r.params.refs(key).map((i) => resolved.item(p.kind, i).name)
          v = sameList(names, item[key]) ? item[key] : names
        }
        same &&= v === item[key]
        spec[key] = v
      }
      return same && sameKeys(item, spec) ? (item as ItemSpec) : spec
    })
    out[listKey] = list
  }
  return out
}

const sameList = (a: readonly JsonValue[], b: JsonValue): boolean =>
  Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i])

/** Whether a and b have the same keys in the same order. */
function sameKeys(a: JsonObject, b: JsonObject): boolean {
  const ka = Object.keys(a),
    kb = Object.keys(b)
  return ka.length === kb.length && ka.every((k, i) => k === kb[i])
}

/** Canonical text of a project (what is saved). */
export function writeProject(p: {
  name: string
  model: ModelSpec
  simulationSettingsSpec: JsonObject
  view?: JsonObject
}): string {
  const doc: JsonObject = { format: PROJECT_FORMAT, version: PROJECT_VERSION, name: p.name }
  const model: JsonObject = {}
  for (const kind of ITEM_KINDS)
    model[KIND_LIST_KEY[kind]] = p.model[KIND_LIST_KEY[kind]] as unknown as JsonValue
  doc.model = model
  doc.simulationSettings = orderSettings(p.simulationSettingsSpec)
  if (p.view) doc.view = p.view
  return canonicalJson(doc) + '\n'
}
