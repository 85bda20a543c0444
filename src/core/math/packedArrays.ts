// Packed storage for the small per-item arrays that the residual sweeps read (node kinematics caches,
// joint rows, coordinate indices). Each `new Float64Array(n)` has its own backing store wherever the
// allocator puts it, so a sweep over hundreds of items touches scattered cache lines; views into one shared
// chunk, handed out in build order, put the arrays of consecutive items next to each other in memory.
// A chunk lives as long as any of its views; the views are ordinary typed arrays.
//
// Packed views start on cache lines (64 bytes). Compact ones start on 16 bytes (an array of up to 16
// bytes never straddles a cache line), for the per-item arrays of large models: a 2-vector or a spring's
// 4 indices take 16 bytes, not 64, and no ArrayBuffer of their own (~200 B on and off V8's heap each).

/** Bytes per chunk (64 KiB); larger arrays get their own buffer. */
const CHUNK_BYTES = 65536
const ALIGN_BYTES = 64
const COMPACT_ALIGN_BYTES = 16

let chunk = new ArrayBuffer(CHUNK_BYTES)
let used = 0

/** Byte offset, a multiple of align, of n bytes in the current chunk (a new chunk when it is full). */
function reserve(bytes: number, align: number): number {
  let at = Math.ceil(used / align) * align
  if (at + bytes > CHUNK_BYTES) {
    chunk = new ArrayBuffer(CHUNK_BYTES)
    at = 0
  }
  used = at + bytes
  return at
}

function float64View(n: number, align: number): Float64Array<ArrayBuffer> {
  if (8 * n > CHUNK_BYTES / 8) return new Float64Array(n)
  const at = reserve(8 * n, align) // first: it may start a new chunk
  return new Float64Array(chunk, at, n)
}

function int32View(n: number, align: number): Int32Array<ArrayBuffer> {
  if (4 * n > CHUNK_BYTES / 8) return new Int32Array(n)
  const at = reserve(4 * n, align)
  return new Int32Array(chunk, at, n)
}

function copied(out: Float64Array<ArrayBuffer>, src: ArrayLike<number>): Float64Array<ArrayBuffer> {
  for (let i = 0; i < src.length; i++) out[i] = src[i]
  return out
}

/** A zero-filled Float64Array of length n; small ones are views into a shared chunk. */
export const packedFloat64 = (n: number): Float64Array<ArrayBuffer> => float64View(n, ALIGN_BYTES)

/** A packed copy of src. */
export const packedCopy = (src: ArrayLike<number>): Float64Array<ArrayBuffer> =>
  copied(packedFloat64(src.length), src)

/** A zero-filled Int32Array of length n; small ones are views into a shared chunk. */
export const packedInt32 = (n: number): Int32Array<ArrayBuffer> => int32View(n, ALIGN_BYTES)

/** A zero-filled Float64Array of length n, compact. */
export const compactFloat64 = (n: number): Float64Array<ArrayBuffer> => float64View(n, COMPACT_ALIGN_BYTES)

/** A compact copy of src. */
export const compactCopy = (src: ArrayLike<number>): Float64Array<ArrayBuffer> =>
  copied(compactFloat64(src.length), src)

/** A zero-filled Int32Array of length n, compact. */
export const compactInt32 = (n: number): Int32Array<ArrayBuffer> => int32View(n, COMPACT_ALIGN_BYTES)
