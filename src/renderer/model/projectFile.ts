// Reading a project file (docs: MODEL-FORMAT, "Project file") into what the shell displays.
// Validation of the items themselves belongs to the engine's item definitions (src/core).

export const ITEM_KINDS = ['nodes', 'objects', 'markers', 'loads', 'sensors'] as const
export type ItemKind = (typeof ITEM_KINDS)[number]

export const ITEM_KIND_LABELS: Record<ItemKind, string> = {
  nodes: 'Nodes',
  objects: 'Objects',
  markers: 'Markers',
  loads: 'Loads',
  sensors: 'Sensors',
}

export const ITEM_KIND_SINGULAR: Record<ItemKind, string> = {
  nodes: 'Node',
  objects: 'Object',
  markers: 'Marker',
  loads: 'Load',
  sensors: 'Sensor',
}

/** An item as stored in the project: its type string plus parameters. */
export interface ItemDictionary {
  type: string
  name?: string
  [parameter: string]: unknown
}

export type Model = Record<ItemKind, ItemDictionary[]>

export interface ProjectFile {
  format: 'mbs-studio-project'
  version: number
  name?: string
  model: Model
  simulationSettings?: {
    timeIntegration?: { startTime?: number; endTime?: number; numberOfSteps?: number }
    [setting: string]: unknown
  }
}

const FORMAT = 'mbs-studio-project'
const SUPPORTED_VERSION = 1

export function emptyProject(): ProjectFile {
  return { format: FORMAT, version: SUPPORTED_VERSION, model: emptyModel() }
}

function emptyModel(): Model {
  return { nodes: [], objects: [], markers: [], loads: [], sensors: [] }
}

/** Parses project JSON text; throws an Error whose message says what is wrong. */
export function parseProjectText(text: string): ProjectFile {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new Error(`The project is not valid JSON: ${(error as Error).message}`)
  }
  if (!isObject(data) || data.format !== FORMAT) throw new Error(`The file is not an ${FORMAT} file`)
  if (typeof data.version !== 'number' || data.version > SUPPORTED_VERSION) {
    throw new Error(
      `Project version ${String(data.version)} is newer than this program reads (${SUPPORTED_VERSION})`,
    )
  }
  const model = emptyModel()
  const source = isObject(data.model) ? data.model : {}
  for (const kind of ITEM_KINDS) {
    const items = source[kind] ?? []
    if (!Array.isArray(items) || !items.every(isItemDictionary)) {
      throw new Error(`model.${kind} must be a list of items, each with a "type" string`)
    }
    model[kind] = items
  }
  return { ...(data as unknown as ProjectFile), model }
}

/** Display name of an item: its name, or its kind's index as Exudyn refers to unnamed items. */
export function itemLabel(item: ItemDictionary, index: number): string {
  return item.name ?? `#${index}`
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isItemDictionary(value: unknown): value is ItemDictionary {
  return isObject(value) && typeof value.type === 'string'
}
