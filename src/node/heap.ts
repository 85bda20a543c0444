// V8 heap settings for a process that loads a large model (`mbs run`), for its peak memory: V8 grows
// the young generation to 16 MB semi-spaces during a large load, and collects the load's promoted
// garbage (the text, the parsed document, validation records) only when the old generation reaches a
// limit set from the heap before the load (docs/performance.md, "Where the lattice's memory goes").
// Flags are set back when done (v8Flags.ts).
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { withV8Flag } from './v8Flags'

/**
 * Projects at least this large (characters of text; items of a model) get a full collection after the
 * load and after the build: ~1 ms per 2 MB of live heap, against tens of MB of garbage freed on the
 * 10,000-node lattice (6.3 MB of text, 70,000 items); below it the collection costs more than it frees.
 */
export const LARGE_PROJECT_CHARS = 1 << 20
export const LARGE_MODEL_ITEMS = 10_000

/**
 * f() with the young generation kept at its initial 1 MB semi-spaces (V8's growth factor 1 instead of
 * 2): a solve allocates next to nothing per step, and a load's objects live until its end, so a larger
 * young generation only copies them longer.
 */
export function withSmallYoungGeneration<T>(f: () => T): T {
  return withV8Flag('--semi-space-growth-factor=1', '--semi-space-growth-factor=2', f)
}

let gc: (() => void) | undefined

/** A full garbage collection now (V8's gc, exposed to a context of its own on the first call). */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as () => void
    setFlagsFromString('--no-expose-gc')
  }
  gc()
}
