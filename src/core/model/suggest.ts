// "Did you mean" hints for a misspelt name, parameter or type (also in the command line's argument
// errors, hence a module of its own: the `mbs` entry loads it without the model code).
import { SHORT_STRING } from './inputBounds'

/** Levenshtein distance, for "did you mean" hints on misspelt parameters and types. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) d[0][j] = j
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
  return d[a.length][b.length]
}

/** Beyond these sizes the hint would cost more than it helps (the edit distance is quadratic). */
const MAX_SUGGESTION_CANDIDATES = 1000

export function suggest(word: string, candidates: readonly string[]): string {
  if (word.length > SHORT_STRING || candidates.length > MAX_SUGGESTION_CANDIDATES) return ''
  let best = ''
  let bestD = Infinity
  for (const c of candidates) {
    if (c.length > SHORT_STRING || Math.abs(c.length - word.length) >= bestD) continue
    const dist = editDistance(word.toLowerCase(), c.toLowerCase())
    if (dist < bestD) {
      bestD = dist
      best = c
    }
  }
  return bestD <= Math.max(2, Math.floor(word.length / 3)) ? ` (did you mean "${best}"?)` : ''
}
