// V8's optimizing compiler (TurboFan) for code a process runs once. Loading, validating and building a
// model call their per-item functions a few thousand times: enough for V8 to compile them optimized on
// its background threads, too late for that code to pay back (perf3D, 2000 items: ~0.1 s of compiler
// CPU, docs/performance.md "What is left"). The interpreter and the baseline compiler run it instead.
// The flag is set back when done: V8's code cache records the flags in force (src/node/heap.ts).
import { setFlagsFromString } from 'node:v8'

/** f() with V8's optimizing compiler off; JavaScript's arithmetic is the same in every tier. */
export function withoutOptimizingCompiler<T>(f: () => T): T {
  setFlagsFromString('--no-turbofan')
  try {
    return f()
  } finally {
    setFlagsFromString('--turbofan')
  }
}
