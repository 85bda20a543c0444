// Canonical, diff-friendly JSON: two-space indentation, arrays of numbers (and matrices) on one line,
// numbers printed so they parse back to the identical double. Key order is the caller's.
import type { JsonValue } from './types'

function isFlat(v: JsonValue[]): boolean {
  return v.every(
    (e) =>
      e === null ||
      typeof e !== 'object' ||
      (Array.isArray(e) && e.every((x) => x === null || typeof x !== 'object')),
  )
}

/** Deeper documents are refused: the writer recurses once per level (loaded files have at most 64). */
export const MAX_CANONICAL_DEPTH = 1000

export function canonicalJson(value: JsonValue, indent = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (indent.length > 2 * MAX_CANONICAL_DEPTH)
    throw new RangeError(`canonical JSON: the document is nested deeper than ${MAX_CANONICAL_DEPTH} levels`)
  const inner = indent + '  '
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    if (isFlat(value)) return '[' + value.map((e) => canonicalJson(e)).join(', ') + ']'
    return '[\n' + value.map((e) => inner + canonicalJson(e, inner)).join(',\n') + '\n' + indent + ']'
  }
  const keys = Object.keys(value)
  if (keys.length === 0) return '{}'
  return (
    '{\n' +
    keys.map((k) => `${inner}${JSON.stringify(k)}: ${canonicalJson(value[k], inner)}`).join(',\n') +
    '\n' +
    indent +
    '}'
  )
}
