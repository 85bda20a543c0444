// Packed storage for the small per-item arrays that the residual sweeps read (node kinematics caches,
// joint rows, coordinate indices). Each `new Float64Array(n)` has its own backing store wherever the
// allocator puts it, so a sweep over hundreds of items touches scattered cache lines; views into one shared
// chunk, handed out in build order, put the arrays of consecutive items next to each other in memory.
// A chunk lives as long as any of its views; the views are ordinary typed arrays.

/** Bytes per chunk (64 KiB); larger arrays get their own buffer. */
const CHUNK_BYTES = 65536
/** Views start on 64-byte (cache line) boundaries within the chunk. */
const ALIGN_BYTES = 64

let chunk = new ArrayBuffer(CHUNK_BYTES)
let used = 0

/** Byte offset of n bytes in the current chunk (a new chunk when it is full). */
function reserve(bytes: number): number {
  if (used + bytes > CHUNK_BYTES) {
    chunk = new ArrayBuffer(CHUNK_BYTES)
    used = 0
  }
  const at = used
  used += Math.ceil(bytes / ALIGN_BYTES) * ALIGN_BYTES
  return at
}

/** A zero-filled Float64Array of length n; small ones are views into a shared chunk. */
export function packedFloat64(n: number): Float64Array<ArrayBuffer> {
  if (8 * n > CHUNK_BYTES / 8) return new Float64Array(n)
  const at = reserve(8 * n) // first: it may start a new chunk
  return new Float64Array(chunk, at, n)
}

/** A packed copy of src. */
export function packedCopy(src: ArrayLike<number>): Float64Array<ArrayBuffer> {
  const out = packedFloat64(src.length)
  for (let i = 0; i < src.length; i++) out[i] = src[i]
  return out
}

/** A zero-filled Int32Array of length n; small ones are views into a shared chunk. */
export function packedInt32(n: number): Int32Array<ArrayBuffer> {
  if (4 * n > CHUNK_BYTES / 8) return new Int32Array(n)
  const at = reserve(4 * n)
  return new Int32Array(chunk, at, n)
}
