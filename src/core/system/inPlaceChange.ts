// Which model changes a compiled system takes in place (CompiledSystem.updateItems) and which rebuild
// it, as Exudyn's items mark the parameters that need no new Assemble: a patch that only sets live or
// visualization parameters of existing items (src/core/model/parameters.ts) changes nothing the
// assembly made (coordinates, equations, LTG maps, the solver's structure).
import { KIND_OF_LIST, type ModelPatch } from '../model/patch'
import { getItemType } from '../model/registry'
import type { ResolvedModel } from '../model/resolve'
import type { ItemKind } from '../model/types'

export interface ChangedItem {
  kind: ItemKind
  index: number
}

/**
 * The items of `model` (the model before the patch) whose parameters the patch changes, when it
 * only sets or unsets live or visualization parameters (and, `atRunStart`, parameters a run that
 * starts again from the initial state takes in place); null when the change is structural.
 */
export function inPlaceChanges(
  patch: ModelPatch,
  model: ResolvedModel,
  atRunStart = false,
): ChangedItem[] | null {
  const changed: ChangedItem[] = []
  for (const operation of patch) {
    if (operation.op !== 'modify') return null
    const kind = KIND_OF_LIST[operation.kind]
    const index = model.indexOf(kind, operation.name)
    const parameters = index >= 0 ? getItemType(kind, model.item(kind, index).type)?.parameters : undefined
    if (!parameters) return null
    const keys = [...Object.keys(operation.set ?? {}), ...(operation.unset ?? [])]
    const inPlace = (key: string) =>
      Object.hasOwn(parameters, key) &&
      (parameters[key].live || parameters[key].visualization || (atRunStart && parameters[key].atRunStart))
    if (!keys.every(inPlace)) return null
    changed.push({ kind, index })
  }
  return changed
}
