// Plain data types of the model "spec": what the project file stores and the property editor edits.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }
export type JsonObject = { [key: string]: JsonValue }

/** The five item kinds of Exudyn's design (docs/engine.md). */
export const ITEM_KINDS = ['node', 'object', 'marker', 'load', 'sensor'] as const
export type ItemKind = (typeof ITEM_KINDS)[number]

/** The key of each kind's list in the project file's "model". */
export const KIND_LIST_KEY: Record<ItemKind, ModelListKey> = {
  node: 'nodes',
  object: 'objects',
  marker: 'markers',
  load: 'loads',
  sensor: 'sensors',
}
export type ModelListKey = 'nodes' | 'objects' | 'markers' | 'loads' | 'sensors'

/** An item as stored in the file: a type string, a name unique within its kind, and parameters. */
export interface ItemSpec {
  type: string
  name: string
  [parameter: string]: JsonValue
}

export type ModelSpec = Record<ModelListKey, ItemSpec[]>

export function emptyModel(): ModelSpec {
  return { nodes: [], objects: [], markers: [], loads: [], sensors: [] }
}

/** One problem found in a file or an edit; all problems are reported together. */
export interface Problem {
  /** JSON-pointer-like path, e.g. "model.objects[2].physicsMass". */
  path: string
  message: string
}

export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((p) => `${p.path}: ${p.message}`).join('\n')
}
