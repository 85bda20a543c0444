// The colours of plot series and of runs. A run keeps the colour it was listed with (the Runs tab's
// swatch, its lines in the plots, its ghost in the 3D view), so removing another run changes none.

const PALETTE = ['#4a90e2', '#e0b050', '#6abe6a', '#e06c6c', '#b07ce0', '#50c8c8', '#e08a50', '#c0c0c0']

/** The colour of series `index` of a plot of one run, as CSS hex. */
export const seriesColor = (index: number): string => PALETTE[index % PALETTE.length]

/** A new run's colour: the first of the palette no listed run holds (cycling once all are held). */
export function freeRunColor(held: readonly string[]): string {
  return PALETTE.find((color) => !held.includes(color)) ?? seriesColor(held.length)
}

/** A CSS hex colour "#rrggbb" as r, g, b in 0 ... 1. */
export function hexRgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number]
}
