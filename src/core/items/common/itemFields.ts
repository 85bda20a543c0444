// Shared building blocks of item definitions: parameter specs that many items repeat, and small
// kinematics classes for points on nodes and bodies.
import type { ItemDefinition } from '../../model/definition'
import type { ParamSchema } from '../../model/parameters'
import type { ItemKind } from '../../model/types'

const V_SHOW = {
  Vshow: { type: 'boolean', default: true, doc: 'show the item in the viewport', visualization: true },
} satisfies ParamSchema

/** Exudyn's visualization parameters (V-prefixed in item dictionaries). */
export function visualizationParams(): typeof V_SHOW
export function visualizationParams<E extends ParamSchema>(extra: E): typeof V_SHOW & E
export function visualizationParams(extra: ParamSchema = {}): ParamSchema {
  return { ...V_SHOW, ...extra }
}

export const V_COLOR = {
  Vcolor: {
    type: 'color',
    default: [-1, -1, -1, -1],
    doc: 'RGBA colour; [-1,-1,-1,-1] = default',
    visualization: true,
  },
} satisfies ParamSchema

export const V_DRAW_SIZE = {
  VdrawSize: {
    type: 'number',
    default: -1,
    doc: 'drawing size; -1 = default',
    unit: 'm',
    visualization: true,
  },
} satisfies ParamSchema

export const NAME_DOC = 'unique name within its kind'

/** What an item definition gives when itemFactory fills in the rest. */
export type ItemFields<K extends ItemKind, S extends ParamSchema = ParamSchema> = Omit<
  ItemDefinition<K, S>,
  'kind' | 'exudynName' | 'supportsCheckpoint'
>

/**
 * Definitions of the built-in items of one kind whose Exudyn name is the kind's prefix and the type
 * (LoadForceVector, MarkerNodeRigid, SensorBody) and that carry nothing from step to step, so
 * checkpoints support them. `shared` parameters, which every item of the kind has, follow its own.
 */
export function itemFactory<K extends ItemKind, H extends ParamSchema>(
  kind: K,
  exudynPrefix: string,
  shared: H,
): <S extends ParamSchema>(
  fields: Omit<ItemFields<K, S & H>, 'parameters'> & { parameters: S },
) => ItemDefinition<K, S & H> {
  return (fields) => ({
    kind,
    exudynName: exudynPrefix + fields.type,
    supportsCheckpoint: true,
    ...fields,
    parameters: { ...fields.parameters, ...shared },
  })
}
