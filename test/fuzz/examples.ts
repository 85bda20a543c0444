// The inputs the file fuzz properties mutate: the example projects, and a way to put a value at
// a chosen place of a parsed document.
import fs from 'node:fs'
import path from 'node:path'

/** The examples folder. */
export const EXAMPLES = path.resolve(__dirname, '../../resources/examples')
/** The example projects' texts, the inputs every mutation starts from. */
export const examples = fs
  .readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.mbsproj'))
  .map((f) => fs.readFileSync(path.join(EXAMPLES, f), 'utf8'))

export function replaceAt(doc: unknown, pick: number, value: unknown): unknown {
  const containers: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = []
  const stack: unknown[] = [doc]
  while (stack.length > 0 && containers.length < 5000) {
    const v = stack.pop()
    if (v === null || typeof v !== 'object') continue
    for (const [key, child] of Object.entries(v)) {
      containers.push({ parent: v as Record<string, unknown>, key })
      stack.push(child)
    }
  }
  if (containers.length === 0) return value
  const { parent, key } = containers[pick % containers.length]
  ;(parent as Record<string, unknown>)[key as string] = value
  return doc
}
