// The parameters that differ between the models of several runs (the Runs tab's table): items are
// matched by kind and name, a parameter a file leaves out counts as its definition's default, and the
// simulation settings are compared with their defaults filled in. Paths are those of `mbs run --set`
// (ITEM.PARAMETER, or a simulationSettings path such as timeIntegration.endTime).
import { KIND_OF_LIST, MODEL_LIST_KEYS } from './patch'
import type { Project } from './project'
import { getItemType } from './registry'
import type { ItemSpec, JsonObject, JsonValue } from './types'

/** One differing parameter: its path and its value in each project (null: the item is not there). */
export interface ParameterDifference {
  path: string
  values: (JsonValue | null)[]
}

export function parameterDifferences(projects: readonly Project[]): ParameterDifference[] {
  const out: ParameterDifference[] = []
  const differs = (values: (JsonValue | null)[]) =>
    values.some((value) => JSON.stringify(value) !== JSON.stringify(values[0]))
  const add = (path: string, values: (JsonValue | null)[]) => {
    if (differs(values)) out.push({ path, values })
  }
  for (const listKey of MODEL_LIST_KEYS) {
    const names = [...new Set(projects.flatMap((p) => p.model[listKey].map((item) => item.name)))]
    for (const name of names) {
      const items = projects.map((p) => p.model[listKey].find((item) => item.name === name) ?? null)
      const types = items.map((item) => item?.type ?? null)
      // An item missing from a model or of another type: its parameters do not compare.
      if (differs(types)) {
        add(`${name}.type`, types)
        continue
      }
      const kind = KIND_OF_LIST[listKey]
      const parameters = getItemType(kind, types[0]!)?.parameters ?? {}
      const keys = new Set([
        ...Object.keys(parameters),
        ...items.flatMap((item) => Object.keys(item!).filter((key) => key !== 'type' && key !== 'name')),
      ])
      for (const key of keys)
        add(
          `${name}.${key}`,
          items.map((item) => valueOf(item!, key, parameters[key]?.default)),
        )
    }
  }
  const settings = projects.map((p) => p.settings as unknown as JsonObject)
  for (const path of leafPaths(settings[0]))
    add(
      path,
      settings.map((s) => leafAt(s, path)),
    )
  return out
}

function valueOf(item: ItemSpec, key: string, fallback: JsonValue | undefined): JsonValue | null {
  return Object.hasOwn(item, key) ? item[key] : (fallback ?? null)
}

/** Dotted paths of the non-object values in a settings object. */
function leafPaths(settings: JsonObject, prefix = ''): string[] {
  return Object.entries(settings).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? leafPaths(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  )
}

function leafAt(settings: JsonObject, path: string): JsonValue | null {
  let value: JsonValue | undefined = settings
  for (const key of path.split('.'))
    value = typeof value === 'object' && value !== null && !Array.isArray(value) ? value[key] : undefined
  return value ?? null
}
