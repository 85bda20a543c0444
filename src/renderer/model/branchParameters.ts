// The parameters a what-if branch may change, per item of the model (the Branch dialog's form): live
// parameters and mass properties (src/core/model/branchPatch.ts, which the host checks again).
// Drawing parameters are allowed too but change no numbers, so the form leaves them out.
import { getItemType, type ModelPatch, type ParamSchema } from '../../core'
import { KIND_OF_LIST, LIST_KEYS, type ProjectSpec } from './projectSpec'
import type { JsonValue, ModelListKey } from '../../core'

export interface BranchItem {
  list: ModelListKey
  name: string
  type: string
  /** The item's branchable parameters. */
  schema: ParamSchema
}

export function branchItems(spec: ProjectSpec): BranchItem[] {
  return LIST_KEYS.flatMap((list) =>
    spec.model[list].flatMap((item) => {
      const parameters = getItemType(KIND_OF_LIST[list], item.type)?.parameters ?? {}
      const schema = Object.fromEntries(
        Object.entries(parameters).filter(([, p]) => p.live || p.massProperty),
      ) as ParamSchema
      return Object.keys(schema).length > 0 ? [{ list, name: item.name, type: item.type, schema }] : []
    }),
  )
}

/** The branch's patch: one 'modify' per item with changed values ("list/name" -> parameter -> value). */
export function branchPatch(changes: Map<string, Record<string, JsonValue>>): ModelPatch {
  return [...changes].map(([key, set]) => {
    const slash = key.indexOf('/')
    return { op: 'modify', kind: key.slice(0, slash) as ModelListKey, name: key.slice(slash + 1), set }
  })
}
