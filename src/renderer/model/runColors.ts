// One colour per listed run (the Runs tab's swatch, its plot lines, its ghost in the 3D view).

const RUN_COLORS = ['#4a90e2', '#e0b050', '#6abe6a', '#e06c6c', '#b07ce0', '#50c8c8', '#e08a50', '#c0c0c0']

/** The colour of the run at `index` in the list, as CSS hex. */
export const runColor = (index: number): string => RUN_COLORS[index % RUN_COLORS.length]

/** The same colour as r, g, b in 0 ... 1. */
export function runColorRgb(index: number): [number, number, number] {
  const hex = runColor(index)
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number]
}
