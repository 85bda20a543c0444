// Limits on what a model file may hold, checked once after parsing and before any other work, so
// that nothing later (validation, hints, cloning, canonical writing, recursion) scales with hostile
// input. Each limit is far above any real model: the 100 x 100 lattice is ~10 MB and 12 levels deep.
import type { JsonValue, Problem } from './types'

export const INPUT_LIMITS = {
  /** Characters of a project text. */
  textLength: 64 << 20,
  /** Nesting of objects and arrays. */
  depth: 64,
  /** Characters of one string or key. */
  stringLength: 1 << 20,
  /** Entries of one array or object. */
  listLength: 1 << 22,
} as const

/** Strings longer than this get no "did you mean" hint, and echoed values are cut to it. */
export const SHORT_STRING = 64

/** Text for a message, cut at SHORT_STRING characters. */
export function shorten(text: string): string {
  return text.length <= SHORT_STRING ? text : `${text.slice(0, SHORT_STRING)}... (${text.length} characters)`
}

/** A value for a message: its JSON, cut at SHORT_STRING characters. */
export function echo(value: unknown): string {
  return shorten(JSON.stringify(value) ?? String(value))
}

/**
 * The first limit a parsed document exceeds, as a problem naming its path; undefined within limits.
 * Iterative (an explicit stack of containers), so a document nested beyond any stack is reported,
 * not crashed on; scalars are checked in place (a large model is mostly numbers).
 */
export function inputBoundsProblem(doc: JsonValue, rootPath = '(file)'): Problem | undefined {
  const rootProblem = scalarProblem(doc, rootPath)
  if (rootProblem || doc === null || typeof doc !== 'object') return rootProblem
  // A container's path is made only for a problem, from its parent's and its key: a large model has
  // a container per item and per vector.
  const stack: Container[] = [{ value: doc, parent: undefined, key: rootPath, depth: 1 }]
  while (stack.length > 0) {
    const container = stack.pop()!
    const { value, depth } = container
    if (depth > INPUT_LIMITS.depth)
      return { path: pathOf(container), message: `nested deeper than ${INPUT_LIMITS.depth} levels` }
    const keys = Array.isArray(value) ? null : Object.keys(value)
    const count = keys ? keys.length : (value as JsonValue[]).length
    if (count > INPUT_LIMITS.listLength)
      return {
        path: pathOf(container),
        message: `${count} entries in one list or dictionary; at most ${INPUT_LIMITS.listLength}`,
      }
    for (let i = 0; i < count; i++) {
      const key = keys ? keys[i] : i
      if (typeof key === 'string' && key.length > INPUT_LIMITS.stringLength)
        return {
          path: pathOf(container),
          message: `a key of ${key.length} characters; at most ${INPUT_LIMITS.stringLength}`,
        }
      const child = keys ? (value as { [key: string]: JsonValue })[key] : (value as JsonValue[])[i]
      if (child === null || typeof child !== 'object') {
        const problem = typeof child === 'string' ? scalarProblem(child, '') : undefined
        if (problem) return { ...problem, path: childPath(pathOf(container), key) }
        continue
      }
      stack.push({ value: child, parent: container, key, depth: depth + 1 })
    }
  }
  return undefined
}

interface Container {
  value: JsonValue[] | { [key: string]: JsonValue }
  /** undefined for the root, whose key is its path. */
  parent: Container | undefined
  key: string | number
  depth: number
}

function pathOf(c: Container): string {
  return c.parent === undefined ? String(c.key) : childPath(pathOf(c.parent), c.key)
}

function scalarProblem(value: JsonValue, path: string): Problem | undefined {
  if (typeof value !== 'string' || value.length <= INPUT_LIMITS.stringLength) return undefined
  return { path, message: `a string of ${value.length} characters; at most ${INPUT_LIMITS.stringLength}` }
}

function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`
  return path === '(file)' ? shorten(key) : `${path}.${shorten(key)}`
}
