// Ratios of alternating pairs (ours / the peer's time): the median and the range the bench prints.

export const median = (x: readonly number[]): number => [...x].sort((a, b) => a - b)[Math.floor(x.length / 2)]

/** "median (min-max), n pairs", two decimals. */
export function ratioText(r: readonly number[]): string {
  const f = (x: number): string => x.toFixed(2)
  return `${f(median(r))} (${f(Math.min(...r))}-${f(Math.max(...r))}), ${r.length} pairs`
}
