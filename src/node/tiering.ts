// V8's optimizing compiler (TurboFan) for code a process runs once. Loading, validating and building a
// model call their per-item functions a few thousand times: enough for V8 to compile them optimized on
// its background threads, too late for that code to pay back (perf3D, 2000 items: ~0.1 s of compiler
// CPU, docs/performance.md "What is left"). The interpreter and the baseline compiler run it instead.
// The flag is set back when done (v8Flags.ts).
import { withV8Flag } from './v8Flags'

/** f() with V8's optimizing compiler off; JavaScript's arithmetic is the same in every tier. */
export function withoutOptimizingCompiler<T>(f: () => T): T {
  return withV8Flag('--no-turbofan', '--turbofan', f)
}
