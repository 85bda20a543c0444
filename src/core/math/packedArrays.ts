// Packed storage for the small per-item arrays that the residual sweeps read (node kinematics caches,
// joint rows). Each `new Float64Array(n)` has its own backing store wherever the allocator puts it, so
// a sweep over hundreds of items touches scattered cache lines; views into one shared chunk, handed
// out in build order, put the arrays of consecutive items next to each other in memory.
// A chunk lives as long as any of its views.

/** Doubles per chunk (64 KiB). */
const CHUNK = 8192
/** Views start on 64-byte (cache line) boundaries within the chunk. */
const ALIGN = 8

let chunk = new Float64Array(CHUNK)
let used = 0

/** A zero-filled Float64Array of length n; small ones are views into a shared chunk. */
export function packedFloat64(n: number): Float64Array {
  if (n > CHUNK / 8) return new Float64Array(n)
  if (used + n > CHUNK) {
    chunk = new Float64Array(CHUNK)
    used = 0
  }
  const view = chunk.subarray(used, used + n)
  used += Math.ceil(n / ALIGN) * ALIGN
  return view
}
