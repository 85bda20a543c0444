// References between items (ref and refList parameters, by name or 0-based index), and the items of
// an edit as the project file addresses them: kind list and name.
import { KIND_OF_LIST, MODEL_LIST_KEYS } from './patch'
import { getItemType } from './registry'
import { KIND_LIST_KEY, type JsonValue, type ModelListKey, type ModelSpec } from './types'

export interface ItemRef {
  kind: ModelListKey
  name: string
}

export const sameRef = (a: ItemRef, b: ItemRef): boolean => a.kind === b.kind && a.name === b.name

/** A reference parameter of one item that names another. */
export interface Reference {
  from: ItemRef
  parameter: string
  to: ItemRef
}

/** Every reference in the model. */
export function allReferences({ model }: { model: ModelSpec }): Reference[] {
  const references: Reference[] = []
  for (const kind of MODEL_LIST_KEYS) {
    for (const item of model[kind]) {
      const definition = getItemType(KIND_OF_LIST[kind], item.type)
      for (const [parameter, param] of Object.entries(definition?.parameters ?? {})) {
        if (param.type !== 'ref' && param.type !== 'refList') continue
        const targetKind = KIND_LIST_KEY[param.kind]
        const value = item[parameter]
        const targets = param.type === 'ref' ? [value] : Array.isArray(value) ? value : []
        for (const target of targets) {
          const name = targetName(model, targetKind, target)
          if (name !== undefined)
            references.push({ from: { kind, name: item.name }, parameter, to: { kind: targetKind, name } })
        }
      }
    }
  }
  return references
}

function targetName(model: ModelSpec, kind: ModelListKey, value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return model[kind][value]?.name
  return undefined
}

/** Items outside `refs` that reference any of them (what a delete would leave dangling). */
export function referencesTo(doc: { model: ModelSpec }, refs: ItemRef[]): Reference[] {
  const inSet = (ref: ItemRef) => refs.some((r) => sameRef(r, ref))
  return allReferences(doc).filter((reference) => inSet(reference.to) && !inSet(reference.from))
}

/** A name not used in the kind's list: base, or base plus the first free number. */
export function uniqueName(
  { model }: { model: ModelSpec },
  kind: ModelListKey,
  base: string,
  taken: Set<string> = new Set(),
): string {
  const used = new Set([...model[kind].map((item) => item.name), ...taken])
  if (!used.has(base)) return base
  const stem = base.replace(/\d+$/, '')
  for (let n = 1; ; n++) if (!used.has(`${stem}${n}`)) return `${stem}${n}`
}
