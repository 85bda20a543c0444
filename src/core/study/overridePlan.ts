// A study's overrides planned once per list of paths: each path resolved against the project and the
// item and settings schemas once (overrideTarget, the reader's checks), so a case only checks its values
// (checkParamValue, the cross-item checks of the items an edit would touch) and writes them into its
// resolved items and settings. A case the plan does not take (a value with a problem, or a path it does
// not plan) goes through patchOverrides, which gives the messages; a case it takes gets the project
// patchOverrides gives, bit for bit: the same values, in the same key order (overridePlan.test.ts).
import { ItemParams, type ItemDefinition, type ResolvedItem } from '../model/definition'
import { inputBoundsProblem } from '../model/inputBounds'
import { overrideTarget, type Override } from '../model/overrides'
import { checkParamValue, type ParamSpec } from '../model/parameters'
import { KIND_OF_LIST, MODEL_LIST_KEYS, PatchError, type ModelPatch } from '../model/patch'
import type { Project } from '../model/project'
import { getItemType } from '../model/registry'
import type { ResolvedModel } from '../model/resolve'
import { settingSpec, type SimulationSettings } from '../model/settings'
import type { ItemKind, JsonObject, JsonValue } from '../model/types'
import { touchedItems } from '../model/validateEdit'
import { inPlaceChanges, type ChangedItem } from '../system/inPlaceChange'

/** An override of one setting (a leaf of the schema). */
interface SettingStep {
  setting: string[]
  spec: ParamSpec
}

/** An item validateEdit checks for an edit, with its type's definition (looked up once). */
interface TouchedItem extends ChangedItem {
  definition: ItemDefinition
}

/** An override of one parameter of an item; `touched`: the items validateEdit checks for that edit. */
interface ItemStep {
  kind: ItemKind
  index: number
  parameter: string
  spec: ParamSpec
  /** The definition's parameters in order: the key order of a resolved item's values after an edit. */
  keys: readonly string[]
  touched: readonly TouchedItem[]
  /** The first step on its kind of items: the case copies that list there. */
  firstOfKind: boolean
}

type Step = SettingStep | ItemStep

/** What a case runs: the project's resolved items and settings with its overrides. */
export interface PlannedCase {
  resolved: ResolvedModel
  settings: SimulationSettings
}

export class OverridePlan {
  private constructor(
    private readonly project: Project,
    private readonly steps: readonly Step[],
    /** The items the overrides change in place on a built system (null: a structural change). */
    readonly changes: ChangedItem[] | null,
  ) {}

  /** The plan of overrides with these paths, in this order; null when a path is not one it takes. */
  static of(project: Project, paths: readonly string[]): OverridePlan | null {
    const doc = { model: project.model, simulationSettings: project.simulationSettingsSpec }
    const steps: Step[] = []
    const itemPatch: ModelPatch = []
    for (const path of paths) {
      let target
      try {
        target = overrideTarget(doc, path)
      } catch (e) {
        if (e instanceof PatchError) return null
        throw e
      }
      if ('settings' in target) {
        // The experimental features change what a system is built with (and have a check of their own).
        const spec = target.settings[0] === 'experimental' ? undefined : settingSpec(target.settings)
        if (!spec) return null
        steps.push({ setting: target.settings, spec })
        continue
      }
      const kind = KIND_OF_LIST[target.kind]
      const index = project.resolved.indexOf(kind, target.name)
      const definition = getItemType(kind, project.resolved.item(kind, index).type)!
      const spec = definition.parameters[target.parameter]
      // References are resolved and expressions parsed by the reader; a key inside a value edits a copy.
      if (target.inner.length > 0 || ['ref', 'refList', 'expression'].includes(spec.type)) return null
      const patch: ModelPatch = [{ op: 'modify', kind: target.kind, name: target.name, set: {} }]
      const touched = touchedItems(doc, patch)
      steps.push({
        kind,
        index,
        parameter: target.parameter,
        spec,
        keys: Object.keys(definition.parameters),
        touched: MODEL_LIST_KEYS.flatMap((list) =>
          [...touched[list]].map((i) => {
            const touchedKind = KIND_OF_LIST[list]
            const definition = getItemType(touchedKind, project.resolved.item(touchedKind, i).type)!
            return { kind: touchedKind, index: i, definition }
          }),
        ),
        firstOfKind: !steps.some((s) => 'kind' in s && s.kind === kind),
      })
      itemPatch.push({ op: 'modify', kind: target.kind, name: target.name, set: { [target.parameter]: 0 } })
    }
    return new OverridePlan(project, steps, inPlaceChanges(itemPatch, project.resolved, true))
  }

  /** The case of `overrides` (this plan's paths), or null when a value is not one the plan takes. */
  apply(overrides: readonly Override[]): PlannedCase | null {
    const base = this.project.resolved
    let items: Record<ItemKind, ResolvedItem[]> | undefined
    let settings = this.project.settings as unknown as JsonObject
    let model: ResolvedModel | undefined
    for (let i = 0; i < this.steps.length; i++) {
      const step = this.steps[i]
      const value = asWritten(overrides[i].value)
      if (value === undefined || checkParamValue(step.spec, value) !== undefined) return null
      if ('setting' in step) {
        if (tooLarge(value, [{ value }])) return null
        settings = withSetting(settings, step.setting, value)
        const s = settings as unknown as SimulationSettings
        const ti = s.timeIntegration
        if (!(ti.endTime > ti.startTime) && s.solverType !== 'Static') return null
        continue
      }
      if (tooLarge(value, [{ set: { value } }])) return null
      items ??= { ...base.items }
      model ??= base.withItems(items)
      if (step.firstOfKind) items[step.kind] = items[step.kind].slice()
      const list = items[step.kind]
      list[step.index] = edited(list[step.index], step, value)
      for (let k = 0; k < step.touched.length; k++) {
        const t = step.touched[k]
        const found = t.definition.check?.(items[t.kind][t.index], model)
        if (found && found.length > 0) return null
      }
    }
    return {
      resolved: model ?? base,
      settings: settings as unknown as SimulationSettings,
    }
  }
}

/** The value as the project's text gives it back (-0 is 0); undefined when it has no JSON text. */
function asWritten(value: JsonValue): JsonValue | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return Object.is(value, -0) ? 0 : value
  if (typeof value === 'boolean' || typeof value === 'string') return value
  const text = JSON.stringify(value) as string | undefined
  return text === undefined ? undefined : (JSON.parse(text) as JsonValue)
}

/** Beyond the bounds applyPatch checks of a patch (`patch`: the value at its depth in the edit's patch). */
function tooLarge(value: JsonValue, patch: JsonValue): boolean {
  const scalar = typeof value === 'number' || typeof value === 'boolean' || value === null
  return !scalar && inputBoundsProblem(patch, 'patch') !== undefined
}

/** A copy of the settings sharing all but the sections on `keys`, with `value` at `keys`. */
function withSetting(settings: JsonObject, keys: readonly string[], value: JsonValue): JsonObject {
  const copy = { ...settings }
  let section = copy
  for (let k = 0; k < keys.length - 1; k++)
    section = section[keys[k]] = { ...(section[keys[k]] as JsonObject) }
  section[keys[keys.length - 1]] = value
  return copy
}

/**
 * The item with `value` (a copy of its own, asWritten) as its parameter, as the reader resolves the
 * edited item (checkItem): the own values in the definition's order (the edit writes the item in it),
 * the defaults from the prototype.
 */
function edited(item: ResolvedItem, step: ItemStep, value: JsonValue): ResolvedItem {
  const before = item.params.values
  const values = Object.create(Object.getPrototypeOf(before) as object) as Record<string, JsonValue>
  for (let k = 0; k < step.keys.length; k++) {
    const key = step.keys[k]
    if (key === step.parameter) values[key] = value
    else if (Object.hasOwn(before, key)) values[key] = before[key]
  }
  return {
    kind: item.kind,
    index: item.index,
    name: item.name,
    type: item.type,
    params: new ItemParams(values),
  }
}
