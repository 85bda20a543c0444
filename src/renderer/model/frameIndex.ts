// Which recorded frame shows a time: the last one at or before it (binary search over ascending times).

/** Index among the first `count` of `times` of the last at or before t (0 before the first, -1 if none). */
export function frameIndexAt(times: Float64Array, count: number, t: number): number {
  let lo = 0
  let hi = count - 1
  if (hi < 0) return -1
  if (t <= times[0]) return 0
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (times[mid] <= t) lo = mid
    else hi = mid - 1
  }
  return lo
}
