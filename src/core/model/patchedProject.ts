// A loaded project brought to the state after an accepted patch (one the owner validated with
// validateEdit), for replicas of the model: an item the patch modifies is resolved alone against the
// rest, which keeps its resolved items; a patch that adds, deletes or renames moves indices, so the
// model is resolved again (from the dictionaries, without a text round trip).
import { KIND_OF_LIST, type EditableProject, type ModelPatch } from './patch'
import type { LoadResult, Project } from './project'
import {
  checkItem,
  resolvedItem,
  resolveItemReferences,
  resolveModel,
  type ResolvedModel,
  type CheckedItem,
  type ItemLookup,
} from './resolve'
import { resolveSettings } from './settings'
import type { ItemKind, Problem } from './types'

/** `previous` with the model and settings of `next` (= applyPatch(previous's spec, patch).doc). */
export function patchedProject(previous: Project, next: EditableProject, patch: ModelPatch): LoadResult {
  const problems: Problem[] = []
  let settings = previous.settings
  if (patch.some((operation) => operation.op === 'setting')) {
    const resolved = resolveSettings(next.simulationSettings)
    settings = resolved.settings
    for (const p of resolved.problems) problems.push(p)
  }
  let resolved: ResolvedModel | undefined
  if (patch.every((operation) => operation.op === 'modify' || operation.op === 'setting'))
    resolved = withModifiedItems(previous.resolved, next, patch, problems)
  else {
    const result = resolveModel(next.model)
    if (result.ok) resolved = result.model
    else for (const p of result.problems) problems.push(p)
  }
  if (!resolved || problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    project: {
      ...previous,
      model: next.model,
      simulationSettingsSpec: next.simulationSettings,
      settings,
      resolved,
    },
  }
}

/** The resolved model with the items `patch` modifies resolved again from `next`; the others shared. */
function withModifiedItems(
  model: ResolvedModel,
  next: EditableProject,
  patch: ModelPatch,
  problems: Problem[],
): ResolvedModel {
  const lookup: ItemLookup = {
    find(kind, ref) {
      const index = typeof ref === 'number' ? ref : model.indexOf(kind, ref)
      const item = index >= 0 && index < model.count(kind) ? model.item(kind, index) : undefined
      return item && { index, name: item.name, type: item.type }
    },
    names: (kind) => model.items[kind].map((item) => item.name),
  }
  const items = { ...model.items }
  const copied = new Set<ItemKind>()
  for (const operation of patch) {
    if (operation.op !== 'modify') continue
    const kind = KIND_OF_LIST[operation.kind]
    const index = model.indexOf(kind, operation.name)
    const listPath = `model.${operation.kind}`
    const checked = checkItem(
      kind,
      next.model[operation.kind][index],
      index,
      listPath,
      problems,
      () => undefined,
    )
    if (!checked?.values) continue
    resolveItemReferences(checked as CheckedItem, lookup, problems)
    if (!copied.has(kind)) items[kind] = items[kind].slice()
    copied.add(kind)
    items[kind][index] = resolvedItem(checked as CheckedItem)
  }
  return model.withItems(items)
}
