// Errors name the items involved as the engine labels them ('object "rod" (ConnectorDistance)',
// 'node "n1" (Point) coordinate 0'): the item each label refers to, to select it.
import { LIST_KEYS, type ItemRef } from './projectSpec'

const LABEL = /^(node|object|marker|load|sensor) "([^"]+)"/

/** The item an engine label names, or null for a label that names none (an ODE2 coordinate). */
export function itemOfLabel(label: string): ItemRef | null {
  const match = LABEL.exec(label)
  const kind = match && LIST_KEYS.find((k) => k === `${match[1]}s`)
  return kind ? { kind, name: match[2] } : null
}

export const itemsOfLabels = (labels: readonly string[]): ItemRef[] =>
  labels.flatMap((label) => itemOfLabel(label) ?? [])
