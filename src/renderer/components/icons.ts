// 16x16 icon outlines (SVG path data), drawn with currentColor.
export const ICONS = {
  run: 'M4.5 2.5v11l9-5.5z',
  pause: 'M4 2.5h3v11H4zM9 2.5h3v11H9z',
  stop: 'M3.5 3.5h9v9h-9z',
  step: 'M3 2.5v11l7.5-5.5zM11 2.5h2v11h-2z',
  static: 'M8 2.5l5 8H3zM2 12h12v1.5H2z',
  chevron: 'M6 3.5l4.5 4.5L6 12.5z',
  undo: 'M5 3L1.5 6.5 5 10V7.5h5a2.5 2.5 0 010 5H7V14h3a4 4 0 000-8H5z',
  redo: 'M11 3l3.5 3.5L11 10V7.5H6a2.5 2.5 0 000 5h3V14H6a4 4 0 010-8h5z',
  body: 'M2 5l6-3 6 3v6l-6 3-6-3zM8 8.2L3.5 6v4.4L8 12.6z',
  joint: 'M8 5a3 3 0 110 6 3 3 0 010-6zM1 7h4v2H1zM11 7h4v2h-4z',
  spring: 'M1 8h2l1.5-4 2 8 2-8 2 8 1.5-4h3v1.5h-2l-2 5-2-8-2 8-2-8-1 4H1z',
  gravity: 'M7 1.5h2v9h3L8 15l-4-4.5h3z',
  sensor: 'M8 3a5 5 0 015 5h-1.5A3.5 3.5 0 008 4.5zM8 6a2 2 0 11 0 4 2 2 0 010-4zM2 13.5h12V15H2z',
  file: 'M3 1.5h6l4 4v9H3zM9 2v4h4',
  save: 'M2 2h10l2 2v10H2zM4 3.5v3h7v-3zM5 9.5h6v3.5H5z',
  open: 'M1.5 3h5l1.5 1.5h6.5V13h-13z',
  import: 'M7 1.5h2v5h2.5L8 10 4.5 6.5H7zM1.5 9h2v3.5h9V9h2v5.5h-13z',
  restart: 'M8 2.5V.5l3.5 3L8 6.5V4a4 4 0 104 4h1.5A5.5 5.5 0 118 2.5z',
  results: 'M2 2h1.5v10.5H14V14H2zM5 10l2.5-4 2 2.5L13 3.5l1 .8-4.5 6-2-2.5L6.2 10.8z',
  checkpoint: 'M4 1.5h8v13l-4-3-4 3z',
  image: 'M1.5 4h3l1.5-2h4l1.5 2h3v9.5h-13zM8 6a2.5 2.5 0 110 5 2.5 2.5 0 010-5z',
  video: 'M1.5 4h9v8h-9zM11 7l3.5-2.5v7L11 9z',
  mesh:
    'M8 1.5l6 3.5v6L8 14.5 2 11V5zM8 3.2L3.5 5.8 8 8.4l4.5-2.6zM3.5 7.2v3L7.2 12.4V9.3z' +
    'M12.5 7.2L8.8 9.3v3.1l3.7-2.2z',
} as const

export type IconName = keyof typeof ICONS
