// Zeroing and copying for the hot loops. On the short vectors of small models (3-12 entries) a call
// to the TypedArray builtins fill/set costs 30-50 ns, more than the work; a plain loop that the JIT
// inlines costs a few. On long vectors the loops stay within a small factor of memset/memcpy, which
// is negligible beside the work per entry that follows them - except for long copies, where the
// builtin's memory copy wins (docs/performance.md).

/** x[from .. to) = 0. */
export function zeroRange(x: Float64Array, from: number, to: number): void {
  for (let i = from; i < to; i++) x[i] = 0
}

/** Above this length copyInto calls the builtin memory copy (see the head of this file). */
const COPY_BY_BUILTIN = 64

/** dst[0 .. src.length) = src. */
export function copyInto(dst: Float64Array, src: Float64Array): void {
  if (src.length > COPY_BY_BUILTIN) dst.set(src)
  else for (let i = 0; i < src.length; i++) dst[i] = src[i]
}
