// Choices for reference fields: the names of the items of the referenced kind whose type fits.
import type { ParamSpec } from '../../core'
import { listKeyOf, type ItemRef, type ProjectSpec } from './projectSpec'

export function referenceOptions(spec: ProjectSpec, param: ParamSpec, self?: ItemRef): string[] {
  if (param.type !== 'ref' && param.type !== 'refList') return []
  const kind = listKeyOf(param.kind)
  return spec.model[kind]
    .filter((item) => !param.types || param.types.includes(item.type))
    .filter((item) => !(self && self.kind === kind && self.name === item.name))
    .map((item) => item.name)
}

/** The message of the problem about `parameter` of the item at `path`, else the first message. */
export function messageFor(
  problems: { path: string; message: string }[],
  itemPath: string,
  parameter: string,
): string {
  const own = problems.find(
    (p) => p.path === `${itemPath}.${parameter}` || p.path.startsWith(`${itemPath}.${parameter}[`),
  )
  return (own ?? problems[0]).message
}
