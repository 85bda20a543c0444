// A model change as the renderer sends it: a list of operations on item dictionaries, applied all
// or nothing by the solver process (src/solver-process/modelPatch.ts), which validates the result.
// Items are addressed by kind list and name, the names the project file uses for references.

export type ModelListKey = 'nodes' | 'objects' | 'markers' | 'loads' | 'sensors'

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** An item dictionary as the project file stores it. */
export interface ItemDictionary {
  type: string
  name: string
  [parameter: string]: JsonValue
}

export type ModelPatchOperation =
  /** Appends an item to its kind's list. */
  | { op: 'add'; kind: ModelListKey; item: ItemDictionary }
  /** Sets parameters (and removes those in `unset`, so they take their defaults). */
  | { op: 'modify'; kind: ModelListKey; name: string; set?: Record<string, JsonValue>; unset?: string[] }
  /** Removes an item; a change that leaves references to it dangling is rejected. */
  | { op: 'delete'; kind: ModelListKey; name: string }
  /** Renames an item and every reference to it. */
  | { op: 'rename'; kind: ModelListKey; name: string; newName: string }
  /** Replaces the simulation settings (the whole tree, as the project file stores it). */
  | { op: 'settings'; simulationSettings: { [key: string]: JsonValue } }

export type ModelPatch = ModelPatchOperation[]

export const MODEL_LIST_KEYS: readonly ModelListKey[] = ['nodes', 'objects', 'markers', 'loads', 'sensors']
