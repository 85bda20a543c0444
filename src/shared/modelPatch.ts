// A model change as the renderer sends it: a list of operations on item dictionaries and settings paths,
// applied all or nothing (src/core/model/patch.ts defines and applies them). Items are addressed by kind
// list and name, the names the project file uses for references.
export type { JsonValue, ModelListKey, ModelPatch, ModelPatchOperation } from '../core'
