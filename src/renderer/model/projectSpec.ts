// The project as the renderer edits it: plain JSON (names for references), validated by the engine
// (src/core) before any change is accepted, written canonically by the engine's writeProject.
import {
  KIND_LIST_KEY,
  type ItemRef,
  loadProjectJson,
  parseProject,
  writeProject,
  type ItemKind,
  type ItemSpec,
  type JsonObject,
  type ModelListKey,
  type ModelSpec,
  type Problem,
  type Project,
} from '../../core'

export interface ProjectSpec {
  name: string
  model: ModelSpec
  simulationSettings: JsonObject
  view?: JsonObject
}

export { KIND_OF_LIST, MODEL_LIST_KEYS as LIST_KEYS, sameRef, type ItemRef } from '../../core'

export const LIST_LABELS: Record<ModelListKey, { plural: string; singular: string }> = {
  nodes: { plural: 'Nodes', singular: 'Node' },
  objects: { plural: 'Objects', singular: 'Object' },
  markers: { plural: 'Markers', singular: 'Marker' },
  loads: { plural: 'Loads', singular: 'Load' },
  sensors: { plural: 'Sensors', singular: 'Sensor' },
}

export function emptyProjectSpec(): ProjectSpec {
  return {
    name: 'Untitled',
    model: { nodes: [], objects: [], markers: [], loads: [], sensors: [] },
    simulationSettings: {},
  }
}

export type SpecResult =
  { ok: true; spec: ProjectSpec; project: Project } | { ok: false; problems: Problem[] }

/** Parses project text into an editable spec (every problem reported, nothing half-loaded). */
export function specFromText(text: string): SpecResult {
  const result = parseProject(text)
  return result.ok ? { ok: true, spec: specOf(result.project), project: result.project } : result
}

/** Validates a spec with the engine; on success also returns the resolved project. */
export function validateSpec(spec: ProjectSpec): SpecResult {
  const result = loadProjectJson(JSON.parse(specToText(spec)))
  return result.ok ? { ok: true, spec, project: result.project } : result
}

export function specToText(spec: ProjectSpec): string {
  return writeProject({
    name: spec.name,
    model: spec.model,
    simulationSettingsSpec: spec.simulationSettings,
    view: spec.view,
  })
}

function specOf(project: Project): ProjectSpec {
  return {
    name: project.name,
    model: project.model,
    simulationSettings: project.simulationSettingsSpec,
    ...(project.view ? { view: project.view } : {}),
  }
}

export function findItem(spec: ProjectSpec, ref: ItemRef): ItemSpec | undefined {
  return spec.model[ref.kind].find((item) => item.name === ref.name)
}

export const listKeyOf = (kind: ItemKind): ModelListKey => KIND_LIST_KEY[kind]
