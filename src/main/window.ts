// The one application window: a sandboxed renderer (contextIsolation on, nodeIntegration off), no
// new windows, no navigation away. A project file dropped on the window would navigate to its
// file:// URL; that navigation is cancelled and the file opened instead. Closing the window asks
// about unsaved changes first.
import { projectFileFromUrl } from './commandLine'

export const WINDOW_OPTIONS = {
  width: 1440,
  height: 900,
  backgroundColor: '#1e1f22',
  title: 'MBS Studio',
} as const

export function secureWebPreferences(preload: string) {
  return {
    preload,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    webSecurity: true,
  } as const
}

/** What we use of a BrowserWindow's webContents. */
export interface WebContentsLike {
  setWindowOpenHandler(handler: () => { action: 'deny' }): void
  on(event: 'will-navigate', listener: (event: { preventDefault(): void }, url: string) => void): void
}

/** Locks the window's content in place and routes dropped project files to onOpenFile. */
export function guardNavigation(contents: WebContentsLike, onOpenFile: (path: string) => void): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  contents.on('will-navigate', (event, url) => {
    event.preventDefault()
    const file = projectFileFromUrl(url)
    if (file) onOpenFile(file)
  })
}

/** What we use of a BrowserWindow for closing it. */
export interface ClosableWindow {
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): void
  close(): void
}

/**
 * Every close waits for `confirm` (Save / Don't save / Cancel when the model has unsaved changes):
 * the close is held back, and made again once confirm resolves true.
 */
export function guardClose(win: ClosableWindow, confirm: () => Promise<boolean>): void {
  let confirmed = false
  let asking = false
  win.on('close', (event) => {
    if (confirmed) return
    event.preventDefault()
    if (asking) return
    asking = true
    void confirm()
      .catch(() => false)
      .then((ok) => {
        asking = false
        if (!ok) return
        confirmed = true
        win.close()
      })
  })
}
