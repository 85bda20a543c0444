// The patch (src/shared/modelPatch.ts) that turns one project spec into another, so the solver
// process follows every edit, undo and redo. The solver validates a patch only as a whole, so
// intermediate dangling references are fine; item order must end up identical, because frames
// address nodes by their index.
import type { ItemSpec, ModelSpec } from '../../core'
import type { JsonValue, ModelPatch, ModelPatchOperation } from '../../shared/modelPatch'
import { LIST_KEYS, type ProjectSpec } from './projectSpec'

export function diffProjects(before: ProjectSpec, after: ProjectSpec): ModelPatch {
  const patch: ModelPatch = []
  for (const kind of LIST_KEYS) patch.push(...diffList(kind, before.model[kind], after.model[kind]))
  if (!jsonEqual(before.simulationSettings, after.simulationSettings))
    patch.push({ op: 'settings', simulationSettings: after.simulationSettings })
  return patch
}

function diffList(kind: keyof ModelSpec, before: ItemSpec[], after: ItemSpec[]): ModelPatchOperation[] {
  const operations: ModelPatchOperation[] = []
  // Items keep their place while name and type agree; from the first disagreement on, the tail is
  // rebuilt (deleted and added in the new order), which keeps indices identical on both sides.
  let common = 0
  while (
    common < before.length &&
    common < after.length &&
    before[common].name === after[common].name &&
    before[common].type === after[common].type
  ) {
    const modify = diffItem(kind, before[common], after[common])
    if (modify) operations.push(modify)
    common++
  }
  for (const item of before.slice(common)) operations.push({ op: 'delete', kind, name: item.name })
  for (const item of after.slice(common)) operations.push({ op: 'add', kind, item: item as ItemSpecJson })
  return operations
}

type ItemSpecJson = { type: string; name: string; [parameter: string]: JsonValue }

function diffItem(kind: keyof ModelSpec, before: ItemSpec, after: ItemSpec): ModelPatchOperation | null {
  const set: Record<string, JsonValue> = {}
  const unset: string[] = []
  for (const [key, value] of Object.entries(after)) {
    if (key !== 'type' && key !== 'name' && !jsonEqual(before[key], value)) set[key] = value
  }
  for (const key of Object.keys(before)) if (!(key in after)) unset.push(key)
  if (Object.keys(set).length === 0 && unset.length === 0) return null
  return {
    op: 'modify',
    kind,
    name: after.name,
    ...(Object.keys(set).length ? { set } : {}),
    ...(unset.length ? { unset } : {}),
  }
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
