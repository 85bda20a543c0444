// Electron main: one window and the IPC bridge to the host-neutral backend (src/host). App logic
// belongs in src/host so that the web host behaves the same.
import { app, BrowserWindow, ipcMain, session } from 'electron'
import { join } from 'node:path'
import { createBackend } from '../host/backend'
import { CONTENT_SECURITY_POLICY } from '../shared/contentSecurityPolicy'
import { IPC_EVENT, IPC_REQUEST } from '../shared/ipcChannels'

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    backgroundColor: '#1e1f22',
    title: 'MBS Studio',
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    },
  })
  // The renderer never opens windows or navigates away from itself.
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  window.webContents.on('will-navigate', (event) => event.preventDefault())

  const devServerUrl = process.env.ELECTRON_RENDERER_URL
  if (devServerUrl) void window.loadURL(devServerUrl)
  else void window.loadFile(join(__dirname, '../renderer/index.html'))
  return window
}

function startBackend(): void {
  const backend = createBackend({
    host: 'electron',
    version: app.getVersion(),
    examplesDir: join(app.getAppPath(), 'resources/examples'),
  })
  ipcMain.handle(IPC_REQUEST, (_event, request: unknown) => backend.respond(request))
  backend.onEvent((event) => {
    for (const window of BrowserWindow.getAllWindows()) window.webContents.send(IPC_EVENT, event)
  })
}

void app.whenReady().then(() => {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    })
  })
  startBackend()
  createWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow()
  })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
