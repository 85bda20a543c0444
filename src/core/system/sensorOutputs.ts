// Which outputs a sensor on an item records, asked of the sensor definitions themselves: an output
// counts when the sensor type's check passes, the sensor builds on the item, and it records that output.
import { ItemParams, type BuildContext, type ResolvedItem } from '../model/definition'
import type { ParamSpec } from '../model/parameters'
import { itemTypes } from '../model/registry'
import type { ItemKind, JsonValue } from '../model/types'
import type { SensorComputation } from './sensorComputation'

export interface SensorOutputs {
  /** The sensor type ("Node", "Body", ...) and its parameter that references the item. */
  sensorType: string
  parameter: string
  outputs: string[]
}

/** Per sensor type that references items of `kind`, the outputs a sensor on item `index` accepts. */
export function sensorOutputs(ctx: BuildContext, kind: ItemKind, index: number): SensorOutputs[] {
  const found: SensorOutputs[] = []
  for (const def of itemTypes('sensor')) {
    const ref = Object.entries(def.parameters).find(([, p]) => p.type === 'ref' && p.kind === kind)
    const candidates = def.parameters.outputVariableType
    if (!ref || candidates?.type !== 'enum') continue
    const defaults = Object.fromEntries(
      Object.entries(def.parameters).map(([key, p]: [string, ParamSpec]) => [key, p.default as JsonValue]),
    )
    const outputs = candidates.values.filter((output) => {
      const item: ResolvedItem = {
        kind: 'sensor',
        index: ctx.count('sensor'),
        name: 'candidate',
        type: def.type,
        params: new ItemParams({ ...defaults, [ref[0]]: index, outputVariableType: output }),
      }
      if ((def.check?.(item, ctx) ?? []).length > 0) return false
      try {
        return (def.build(item, ctx) as SensorComputation).outputVariableType === output
      } catch {
        return false
      }
    })
    if (outputs.length > 0) found.push({ sensorType: def.type, parameter: ref[0], outputs })
  }
  return found
}
