// The application menu as a plain template (Electron's MenuItemConstructorOptions shape), built from
// the actions it triggers, so it is tested without Electron.
export type MenuCommand =
  | 'new'
  | 'open'
  | 'save'
  | 'saveAs'
  | 'revert'
  | 'undo'
  | 'redo'
  | 'run'
  | 'pause'
  | 'stop'
  | 'step'
  | 'static'
  | 'restartSolver'
  | 'about'

export interface MenuItemTemplate {
  label?: string
  role?: string
  type?: 'separator' | 'submenu'
  accelerator?: string
  enabled?: boolean
  click?: () => void
  submenu?: MenuItemTemplate[]
}

export interface MenuInput {
  run(command: MenuCommand): void
  openRecent(path: string): void
  clearRecent(): void
  recentFiles: readonly string[]
  platform: NodeJS.Platform
}

const separator: MenuItemTemplate = { type: 'separator' }

export function buildMenuTemplate(input: MenuInput): MenuItemTemplate[] {
  const item = (label: string, command: MenuCommand, accelerator?: string): MenuItemTemplate => ({
    label,
    accelerator,
    click: () => input.run(command),
  })
  const recent: MenuItemTemplate[] =
    input.recentFiles.length === 0
      ? [{ label: 'No recent files', enabled: false }]
      : [
          ...input.recentFiles.map((path) => ({ label: path, click: () => input.openRecent(path) })),
          separator,
          { label: 'Clear Recent', click: () => input.clearRecent() },
        ]
  const isMac = input.platform === 'darwin'
  return [
    ...(isMac ? [{ role: 'appMenu' }] : []),
    {
      label: 'File',
      submenu: [
        item('New', 'new', 'CmdOrCtrl+N'),
        item('Open…', 'open', 'CmdOrCtrl+O'),
        { label: 'Open Recent', submenu: recent },
        separator,
        item('Save', 'save', 'CmdOrCtrl+S'),
        item('Save As…', 'saveAs', 'CmdOrCtrl+Shift+S'),
        item('Revert', 'revert'),
        separator,
        { role: isMac ? 'close' : 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        item('Undo', 'undo', 'CmdOrCtrl+Z'),
        item('Redo', 'redo', isMac ? 'Cmd+Shift+Z' : 'Ctrl+Y'),
        separator,
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'Simulation',
      submenu: [
        item('Run', 'run', 'F5'),
        item('Pause', 'pause', 'F6'),
        item('Stop', 'stop', 'Shift+F5'),
        item('Step', 'step', 'F10'),
        separator,
        item('Static Equilibrium', 'static', 'F7'),
        separator,
        // Also after the crash-loop guard stopped the automatic restarts (src/host/solverSupervisor.ts).
        item('Restart Solver', 'restartSolver'),
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'toggleDevTools' },
        separator,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        separator,
        { role: 'togglefullscreen' },
      ],
    },
    { label: 'Help', submenu: [item('About MBS Studio', 'about')] },
  ]
}
