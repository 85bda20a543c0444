// Equal aspect for x-y plots: one data unit spans as many pixels along x as along y, so a circle
// stays round and lengths compare across the axes.

export type Range = [number, number]

/**
 * Ranges around the data (x, y) for a plot area of width x height pixels with equal units per pixel
 * on both axes: the axis with the smaller span per pixel widens about its centre; margin is the
 * share of the larger span added on each side.
 */
export function equalAspectRanges(
  x: Range,
  y: Range,
  width: number,
  height: number,
  margin = 0.05,
): { x: Range; y: Range } {
  // A constant series still gets a finite range (its span taken as 1e-9 of its size, or 1e-9).
  const span = ([a, b]: Range) => Math.max(b - a, 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)))
  const perPixel = Math.max(span(x) / width, span(y) / height) * (1 + 2 * margin)
  const around = ([a, b]: Range, pixels: number): Range => {
    const centre = (a + b) / 2,
      half = (perPixel * pixels) / 2
    return [centre - half, centre + half]
  }
  return { x: around(x, width), y: around(y, height) }
}
