// Exudyn's data node of an object (nodeNumber: a NodeGenericData, or -1 for none): the object's
// switching and history variables live in that node's data coordinates, in Exudyn's layout, instead
// of in data coordinates of the object. The object reads them at dataNodeIndex (set in setupLTG); what
// an object keeps beyond Exudyn's layout (start-of-step copies) stays in its own data coordinates.
import type { BuildContext, ModelView, ResolvedItem } from '../../model/definition'
import type { NodeComputation } from '../../system/computation'
import { dataCoordinateCount } from '../nodes/GenericData'

/** The nodeNumber parameter; `layout` says what the data coordinates hold. */
export function dataNodeParam(layout: string) {
  return {
    nodeNumber: {
      type: 'ref' as const,
      kind: 'node' as const,
      types: ['GenericData'],
      optional: true as const,
      default: -1,
      doc: `a GenericData node for the internal state, -1 for none (kept in the object then): ${layout}`,
    },
  }
}

/**
 * The problem of a data node with a number of data coordinates other than `expected` (a count, or a
 * test with what it expects); none without a node.
 */
export function dataNodeProblems(
  it: ResolvedItem,
  m: ModelView,
  expected: number | { ok: (n: number) => boolean; what: string },
  layout: string,
): { parameter: string; message: string }[] {
  const index = it.params.values.nodeNumber as number
  if (index === -1) return []
  const node = m.item('node', index)
  const n = dataCoordinateCount(node) ?? 0
  const ok = typeof expected === 'number' ? n === expected : expected.ok(n)
  if (ok) return []
  const what = typeof expected === 'number' ? String(expected) : expected.what
  return [
    {
      parameter: 'nodeNumber',
      message:
        `node "${node.name}" has ${n} data coordinates (numberOfDataCoordinates); expected ${what} ` +
        `(${layout})`,
    },
  ]
}

/** The data node's computation, or undefined without one. */
export function dataNodeOf(it: ResolvedItem, ctx: BuildContext): NodeComputation | undefined {
  const index = it.params.values.nodeNumber as number
  return index === -1 ? undefined : ctx.node(index)
}
