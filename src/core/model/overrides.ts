// Parameter overrides "ITEM.PARAMETER=VALUE" (mbs run --set, parameter studies): each one is applied as
// the edit a user would make (setParameters / setSetting), checked with validateEdit, and the result is
// loaded like a project file, so an override can never produce a model the file reader would refuse.
import { setParameters, setSetting } from './edits'
import { cloneJson } from './parameters'
import {
  applyPatch,
  KIND_OF_LIST,
  MODEL_LIST_KEYS,
  PatchError,
  type EditableProject,
  type ModelPatch,
} from './patch'
import { loadProjectJson, writeProject, type LoadResult, type Project } from './project'
import { patchedProject } from './patchedProject'
import { getItemType } from './registry'
import { suggest } from './suggest'
import { SETTINGS_SCHEMA } from './settings'
import type { JsonObject, JsonValue, ModelListKey, Problem } from './types'
import { validateEdit } from './validateEdit'

/** One override: `path` is "ITEM.PARAMETER[.KEY...]" or "[simulationSettings.]KEY[.KEY...]". */
export interface Override {
  path: string
  value: JsonValue
}

const SETTINGS_PREFIX = 'simulationSettings'

/** "bob.physicsMass=2" -> {path, value}; the value is JSON (numbers, [1,2,3], true), else a plain string. */
export function parseOverride(text: string): Override | { problem: Problem } {
  const eq = text.indexOf('=')
  const path = eq >= 0 ? text.slice(0, eq).trim() : ''
  const valueText = eq >= 0 ? text.slice(eq + 1).trim() : ''
  if (eq < 0 || !/^[^.\s]+(\.[^.\s]+)*$/.test(path) || valueText === '')
    return {
      problem: {
        path: text,
        message:
          'expected ITEM.PARAMETER=VALUE or a simulationSettings path such as timeIntegration.endTime=2',
      },
    }
  let value: JsonValue
  try {
    value = JSON.parse(valueText) as JsonValue
  } catch {
    value = valueText
  }
  return { path, value }
}

/** The overrides applied one after another as edits: the document, the edits' patch and the problems. */
function overriddenDoc(project: Project, overrides: readonly Override[]) {
  let doc: EditableProject = {
    model: project.model,
    simulationSettings: project.simulationSettingsSpec,
  }
  const patch: ModelPatch = []
  const problems: Problem[] = []
  for (const override of overrides) {
    const label = `${override.path}=${JSON.stringify(override.value)}`
    try {
      const edit = overrideEdit(doc, override)
      const next = applyPatch(doc, edit.patch).doc
      const found = validateEdit(next, edit.patch)
      if (found.length === 0) {
        doc = next
        patch.push(...edit.patch)
      }
      for (const p of found) problems.push({ path: label, message: `${p.path}: ${p.message}` })
    } catch (e) {
      if (!(e instanceof PatchError)) throw e
      // A settings path's problem names the setting in its path, as validation's problems do.
      const { path, message } = e.problem
      problems.push({
        path: label,
        message: path.startsWith(`${SETTINGS_PREFIX}.`) ? `${path}: ${message}` : message,
      })
    }
  }
  return { doc, patch, problems }
}

/** The overrides as one patch of the project (what a branch checks, branchPatchProblems). */
export function overridesPatch(project: Project, overrides: readonly Override[]): ModelPatch {
  return overriddenDoc(project, overrides).patch
}

/** The project with every override applied, or the problems (each names the override it comes from). */
export function applyOverrides(project: Project, overrides: readonly Override[]): LoadResult {
  const { doc, problems } = overriddenDoc(project, overrides)
  if (problems.length > 0) return { ok: false, problems }
  const text = writeProject({ ...project, model: doc.model, simulationSettingsSpec: doc.simulationSettings })
  return loadProjectJson(JSON.parse(text))
}

/**
 * applyOverrides without the text round trip, for the many cases of a study: the same validated edits
 * applied to the loaded project, whose items they modify are resolved again alone (patchedProject).
 * Each value goes through JSON text first, as in applyOverrides' project text (-0 becomes 0), so the
 * resolved project is the one applyOverrides loads, bit for bit.
 */
export function patchOverrides(project: Project, overrides: readonly Override[]): LoadResult {
  return overridesPatched(project, overrides).result
}

/** patchOverrides, and the patch of its edits (which says whether a built system can take it in place). */
export function overridesPatched(
  project: Project,
  overrides: readonly Override[],
): { result: LoadResult; patch: ModelPatch } {
  const asWritten = overrides.map((o) => ({
    path: o.path,
    value: JSON.parse(JSON.stringify(o.value)) as JsonValue,
  }))
  const { doc, patch, problems } = overriddenDoc(project, asWritten)
  if (problems.length > 0) return { result: { ok: false, problems }, patch }
  return { result: patchedProject(project, doc, patch), patch }
}

/** What an override's path names: settings keys, or an item's parameter (and keys inside its value). */
export type OverrideTarget =
  { settings: string[] } | { kind: ModelListKey; name: string; parameter: string; inner: string[] }

/** The setting or item parameter `path` names in `doc`; a PatchError saying why when it names none. */
export function overrideTarget(doc: EditableProject, path: string): OverrideTarget {
  const [head, ...rest] = path.split('.')
  if (head === SETTINGS_PREFIX) return settingsTarget(rest)
  const kinds = MODEL_LIST_KEYS.filter((kind) => doc.model[kind].some((item) => item.name === head))
  if (kinds.length === 0) {
    if (head in SETTINGS_SCHEMA) return settingsTarget([head, ...rest])
    const names = MODEL_LIST_KEYS.flatMap((kind) => doc.model[kind].map((item) => item.name))
    throw new PatchError({
      path,
      message:
        `no item or settings section named ` +
        `"${head}"${suggest(head, [...names, ...Object.keys(SETTINGS_SCHEMA)])}`,
    })
  }
  if (rest.length === 0)
    throw new PatchError({
      path,
      message: `"${head}" names an item: expected ITEM.PARAMETER=VALUE, such as ${head}.PARAMETER=VALUE`,
    })
  if (kinds.length > 1)
    throw new PatchError({
      path,
      message:
        `"${head}" names items of several kinds (${kinds.map((k) => KIND_OF_LIST[k]).join(', ')}); ` +
        `rename one`,
    })
  const kind = kinds[0]
  const item = doc.model[kind].find((i) => i.name === head)!
  const def = getItemType(KIND_OF_LIST[kind], item.type)
  const [parameter, ...inner] = rest
  const known = def ? Object.keys(def.parameters) : []
  if (!known.includes(parameter))
    throw new PatchError({
      path: `${head}.${parameter}`,
      message:
        `${KIND_OF_LIST[kind]} "${head}" (${item.type}) has no parameter ` +
        `"${parameter}"${suggest(parameter, known)}`,
    })
  return { kind, name: head, parameter, inner }
}

function overrideEdit(doc: EditableProject, { path, value }: Override) {
  const target = overrideTarget(doc, path)
  if ('settings' in target) return setSetting(doc, target.settings.join('.'), value)
  const { kind, name, parameter, inner } = target
  const item = doc.model[kind].find((i) => i.name === name)!
  const current = item[parameter] as JsonValue | undefined
  const next = inner.length === 0 ? value : setIn(current, inner, value, `${name}.${parameter}`)
  return setParameters(doc, { kind, name }, { [parameter]: next })
}

function settingsTarget(keys: string[]): OverrideTarget {
  if (keys.length === 0)
    throw new PatchError({
      path: SETTINGS_PREFIX,
      message: 'expected a settings key after simulationSettings.',
    })
  return { settings: keys }
}

/** A copy of `base` (an object, or nothing) with `value` at `keys`. */
function setIn(base: JsonValue | undefined, keys: string[], value: JsonValue, where: string): JsonValue {
  if (keys.length === 0) return value
  if (base !== undefined && (base === null || typeof base !== 'object' || Array.isArray(base)))
    throw new PatchError({
      path: where,
      message: `"${where}" is not a dictionary, so it has no key "${keys[0]}"`,
    })
  const copy: JsonObject = base ? (cloneJson(base) as JsonObject) : {}
  copy[keys[0]] = setIn(copy[keys[0]], keys.slice(1), value, `${where}.${keys[0]}`)
  return copy
}
