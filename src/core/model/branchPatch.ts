// Which model changes a what-if branch from a checkpoint takes: the checkpoint's state must keep its
// meaning in the changed model. A branch rebuilds the system with the new values and loads the
// checkpoint into it, so the coordinates, equations and reference configuration must stay as they
// are (the checkpoint's fingerprint checks the layout, not the meaning). Allowed: live parameters
// (spring-damper coefficients, load values), mass properties (new mass-matrix values only) and
// drawing parameters. Refused, each with its reason: references to other items, the reference
// configuration, initial conditions, anything else an item builds from, added, deleted or renamed
// items and the simulation settings.
import { KIND_OF_LIST, type ModelPatch, type ModelPatchOperation } from './patch'
import type { ParamSpec } from './parameters'
import { getItemType } from './registry'
import type { ModelSpec, Problem } from './types'

const ALLOWED = 'a branch takes live parameters, mass properties and drawing parameters'

/** Why a branch cannot change the parameter `key` of spec `spec` (undefined: it can). */
function refusal(key: string, spec: ParamSpec | undefined): string | undefined {
  if (!spec) return 'is not a parameter of this item type'
  if (spec.live || spec.massProperty || spec.visualization) return undefined
  if (spec.type === 'ref' || spec.type === 'refList')
    return 'connects the item to other items: the assembly and its coordinate maps change'
  if (key.startsWith('initial'))
    return "is an initial condition: a branch starts from the checkpoint's state, not from initial values"
  if (key.startsWith('reference'))
    return "changes the reference configuration the checkpoint's coordinates are displacements from"
  return 'changes how the item is built (its coordinates, equations or precomputed data)'
}

function operationProblems(operation: ModelPatchOperation, path: string, model: ModelSpec): Problem[] {
  switch (operation.op) {
    case 'setting':
      return [
        {
          path,
          message:
            `the simulation settings cannot change in a branch (${operation.path}): it continues with the ` +
            'solver and step of the checkpoint (its end time is an option of the branch)',
        },
      ]
    case 'add':
    case 'delete':
    case 'rename': {
      const what = operation.op === 'add' ? operation.item.name : operation.name
      const verb = { add: 'adding', delete: 'deleting', rename: 'renaming' }[operation.op]
      return [
        {
          path,
          message:
            `${verb} ${KIND_OF_LIST[operation.kind]} "${String(what)}" changes the model's structure ` +
            "(the state vector's layout): not possible in a branch; " +
            ALLOWED,
        },
      ]
    }
    case 'modify': {
      const kind = KIND_OF_LIST[operation.kind]
      const item = model[operation.kind]?.find((it) => it.name === operation.name)
      if (!item) return [{ path, message: `there is no ${kind} "${operation.name}" in the model` }]
      const parameters = getItemType(kind, item.type)?.parameters ?? {}
      const keys = [...Object.keys(operation.set ?? {}), ...(operation.unset ?? [])]
      return keys.flatMap((key) => {
        const why = refusal(key, Object.hasOwn(parameters, key) ? parameters[key] : undefined)
        return why
          ? [
              {
                path: `${path}.${key}`,
                message: `${operation.name}.${key} ${why}: not a parameter a branch can change; ${ALLOWED}`,
              },
            ]
          : []
      })
    }
  }
}

/**
 * The reasons `patch` cannot be a branch's change of `model` (the model the checkpoint was taken
 * from), one per refused operation or parameter; empty when a branch can take it.
 */
export function branchPatchProblems(patch: ModelPatch, model: ModelSpec): Problem[] {
  return patch.flatMap((operation, i) => operationProblems(operation, `patch[${i}]`, model))
}
