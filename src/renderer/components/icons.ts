// 16x16 icon outlines (SVG path data), drawn with currentColor.
export const ICONS = {
  run: 'M4.5 2.5v11l9-5.5z',
  pause: 'M4 2.5h3v11H4zM9 2.5h3v11H9z',
  stop: 'M3.5 3.5h9v9h-9z',
  step: 'M3 2.5v11l7.5-5.5zM11 2.5h2v11h-2z',
  static: 'M8 2.5l5 8H3zM2 12h12v1.5H2z',
  chevron: 'M6 3.5l4.5 4.5L6 12.5z',
} as const

export type IconName = keyof typeof ICONS
