// The plots' series when runs are compared: each chosen sensor component, and each chosen expression
// of channels (evaluated on that run's own channels), once per compared run, on that run's own time
// axis, labelled with the run's name and drawn in the run's colour.
import type { ItemSpec } from '../../core'
import { evaluateChannelExpression, type Channel } from './channelExpression'
import { column, componentLabel, type SensorRows } from './sensorData'
import { sensorQuantity, type Quantity } from './sensorQuantity'

/** What the plots need of a run: its name, colour, sensor rows and sensor definitions. */
export interface OverlaidRun {
  id: number
  name: string
  color: string
  sensors: ReadonlyMap<string, SensorRows>
  sensorItems: readonly ItemSpec[]
  /** The run's loads, which give a load sensor its quantity. */
  loads: readonly ItemSpec[]
}

/** A sensor component the plots offer. */
export interface SeriesChoice {
  key: string
  sensor: string
  component: number
  label: string
  quantity: Quantity
}

export interface OverlaidColumn {
  key: string
  label: string
  quantity: Quantity
  color: string
  /** Line dash of the chosen component (solid for the first), so components of one run tell apart. */
  dash: number[]
  t: Float64Array
  values: Float64Array
}

const DASHES = [[], [6, 3], [2, 3], [8, 3, 2, 3]]

/** The line dash of the k-th chosen component (the same in every run). */
export const dashOf = (k: number): number[] => DASHES[k % DASHES.length]

/** Every component of every sensor that one of the runs recorded, in first-seen order. */
export function overlayChoices(runs: readonly OverlaidRun[]): SeriesChoice[] {
  const seen = new Map<string, SeriesChoice[]>()
  for (const run of runs)
    for (const [sensor, data] of run.sensors) {
      if (seen.has(sensor)) continue
      const spec = run.sensorItems.find((s) => s.name === sensor)
      const output = spec?.outputVariableType
      const quantity = spec ? sensorQuantity(spec, run.loads) : { name: 'Value', unit: '' }
      seen.set(
        sensor,
        Array.from({ length: data.size }, (_, component) => ({
          key: `${sensor}#${component}`,
          sensor,
          component,
          label: componentLabel(
            sensor,
            component,
            data.size,
            typeof output === 'string' ? output : undefined,
          ),
          quantity,
        })),
      )
    }
  return [...seen.values()].flat()
}

/** The chosen components of every run that recorded them: "RUN: sensor.y". */
export function overlayColumns(
  runs: readonly OverlaidRun[],
  chosen: readonly SeriesChoice[],
): OverlaidColumn[] {
  return chosen.flatMap((choice, k) =>
    runs.flatMap((run) => {
      const data = run.sensors.get(choice.sensor)
      if (!data || choice.component >= data.size) return []
      return [
        {
          key: `${run.id}|${choice.key}`,
          label: `${run.name}: ${choice.label}`,
          quantity: choice.quantity,
          color: run.color,
          dash: dashOf(k),
          ...column(data, choice.component),
        },
      ]
    }),
  )
}

/** The channels of one run as the plots list them, the variables of its expressions. */
function runChannels(run: OverlaidRun): Channel[] {
  return overlayChoices([run]).flatMap((choice) => {
    const data = run.sensors.get(choice.sensor)
    return data ? [{ ...choice, ...column(data, choice.component) }] : []
  })
}

/**
 * Each chosen expression of each run's own channels, "RUN: expression" in the run's colour, dashed
 * after the `dashFrom` chosen components; a run without the channels it names is left out.
 */
export function overlayExpressionColumns(
  runs: readonly OverlaidRun[],
  sources: readonly string[],
  dashFrom: number,
): OverlaidColumn[] {
  return sources.flatMap((source, k) =>
    runs.flatMap((run) => {
      const r = evaluateChannelExpression(source, runChannels(run))
      if (!r.ok) return []
      const { t, values, quantity } = r
      const [label, color, dash] = [`${run.name}: ${source}`, run.color, dashOf(dashFrom + k)]
      return [{ key: `${run.id}|expr:${source}`, label, quantity, color, dash, t, values }]
    }),
  )
}
