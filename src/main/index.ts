// Electron main: wires Electron to the host-neutral backend (src/host) and the modules of this
// folder (menu, documents, solver process, window). App logic belongs in src/host so that the web
// host behaves the same; Electron specifics are injected into small modules tested under Node.
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  MessageChannelMain,
  session,
  utilityProcess,
  type MenuItemConstructorOptions,
} from 'electron'
import { join } from 'node:path'
import { createBackend, type Backend } from '../host/backend'
import { createRecoveryStore } from '../host/recovery'
import { CONTENT_SECURITY_POLICY } from '../shared/contentSecurityPolicy'
import { IPC_EVENT, IPC_EVENT_PORT, IPC_REQUEST } from '../shared/ipcChannels'
import { projectFilesFromArgv } from './commandLine'
import { createDocumentController, type DocumentController, type DocumentDialogs } from './documentController'
import { electronSolverLauncher, handOverEventPort, type ElectronSolverChannel } from './electronSolver'
import { buildMenuTemplate, type MenuCommand } from './menu'
import { createRecentFiles } from './recentFiles'
import { guardClose, guardNavigation, secureWebPreferences, WINDOW_OPTIONS } from './window'

let window: BrowserWindow | null = null
let solverChannel: ElectronSolverChannel | null = null

function sendPortToRenderer(): void {
  if (!window || !solverChannel || window.webContents.isLoading()) return
  const target = window.webContents
  handOverEventPort(
    solverChannel,
    () => new MessageChannelMain(),
    (port) => target.postMessage(IPC_EVENT_PORT, null, [port]),
  )
}

function createWindow(documents: DocumentController): BrowserWindow {
  const win = new BrowserWindow({
    ...WINDOW_OPTIONS,
    webPreferences: secureWebPreferences(join(__dirname, '../preload/index.js')),
  })
  guardNavigation(win.webContents, (path) => void documents.open(path))
  win.webContents.on('did-finish-load', sendPortToRenderer)
  guardClose(win, () => documents.confirmClose())
  const devServerUrl = process.env.ELECTRON_RENDERER_URL
  if (devServerUrl) void win.loadURL(devServerUrl)
  else void win.loadFile(join(__dirname, '../renderer/index.html'))
  return win
}

function electronDialogs(): DocumentDialogs {
  const filters = [{ name: 'MBS Studio project', extensions: ['mbsproj'] }]
  const parent = () => window ?? undefined
  return {
    async chooseFileToOpen() {
      const result = await dialog.showOpenDialog(parent()!, { filters, properties: ['openFile'] })
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
    async chooseFileToSave(suggestedName) {
      const result = await dialog.showSaveDialog(parent()!, { filters, defaultPath: suggestedName })
      return result.canceled ? null : (result.filePath ?? null)
    },
    async askUnsaved(title, action) {
      const { response } = await dialog.showMessageBox(parent()!, {
        type: 'warning',
        message: `"${title}" has unsaved changes.`,
        detail: `Save them before ${action}?`,
        buttons: ['Save', "Don't Save", 'Cancel'],
        defaultId: 0,
        cancelId: 2,
      })
      return (['save', 'discard', 'cancel'] as const)[response]
    },
    async confirmRevert(title) {
      const { response } = await dialog.showMessageBox(parent()!, {
        type: 'warning',
        message: `Discard the unsaved changes of "${title}" and reload the file?`,
        buttons: ['Revert', 'Cancel'],
        cancelId: 1,
      })
      return response === 0
    },
    async askChangedOnDisk(title) {
      const { response } = await dialog.showMessageBox(parent()!, {
        type: 'warning',
        message: `"${title}" was changed by another program.`,
        detail: 'Overwrite replaces it with this model; Reload opens it and drops your changes.',
        buttons: ['Overwrite', 'Reload', 'Cancel'],
        defaultId: 2,
        cancelId: 2,
      })
      return (['overwrite', 'reload', 'cancel'] as const)[response]
    },
    showError: (message) => dialog.showErrorBox('MBS Studio', message),
  }
}

function installMenu(
  backend: Backend,
  documents: DocumentController,
  recent: ReturnType<typeof createRecentFiles>,
): void {
  const solverCommands: Partial<Record<MenuCommand, () => Promise<unknown>>> = {
    // Like the toolbar: Run on a paused model continues it.
    run: async () =>
      (await backend.call('getState', undefined)).state === 'paused'
        ? backend.call('resume', undefined)
        : backend.call('run', undefined),
    pause: () => backend.call('pause', undefined),
    stop: () => backend.call('stop', undefined),
    step: () => backend.call('step', undefined),
    static: () => backend.call('staticSolve', undefined),
    restartSolver: () => backend.call('restartSolver', undefined),
  }
  const commands: Record<MenuCommand, () => unknown> = {
    new: () => documents.newModel(),
    open: () => documents.open(),
    save: () => documents.save(),
    saveAs: () => documents.saveAs(),
    revert: () => documents.revert(),
    // The host owns the history: the menu and the toolbar run the same request.
    undo: () => backend.call('undo', undefined),
    redo: () => backend.call('redo', undefined),
    about: () => dialog.showMessageBox({ message: `MBS Studio ${app.getVersion()}` }),
    ...solverCommands,
  } as Record<MenuCommand, () => unknown>
  const rebuild = () => {
    const template = buildMenuTemplate({
      run: (command) =>
        void Promise.resolve(commands[command]()).catch((e: Error) =>
          dialog.showErrorBox('MBS Studio', e.message),
        ),
      openRecent: (path) => void documents.open(path).then(rebuild),
      clearRecent: () => {
        recent.clear()
        rebuild()
      },
      recentFiles: recent.list(),
      platform: process.platform,
    })
    Menu.setApplicationMenu(Menu.buildFromTemplate(template as MenuItemConstructorOptions[]))
  }
  backend.onEvent((event) => event.event === 'document' && rebuild())
  rebuild()
}

function start(): void {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    })
  })
  const userData = app.getPath('userData')
  const recovery = createRecoveryStore(join(userData, 'recovery.json'))
  const recent = createRecentFiles(join(userData, 'recent-files.json'))
  const backend = createBackend({
    host: 'electron',
    version: app.getVersion(),
    examplesDir: join(app.getAppPath(), 'resources/examples'),
    launchSolver: electronSolverLauncher(
      (path, args, options) => utilityProcess.fork(path, args, options),
      join(__dirname, 'solver-process.js'),
    ),
    recovery,
    onSolverStarted: (channel) => {
      solverChannel = channel as ElectronSolverChannel
      sendPortToRenderer()
    },
  })
  ipcMain.handle(IPC_REQUEST, (_event, request: unknown) => backend.respond(request))
  // Host events (document, log, restarts); the solver's own events take the port.
  backend.onEvent((event) => window?.webContents.send(IPC_EVENT, event))
  const documents = createDocumentController({ backend, dialogs: electronDialogs(), recent })
  installMenu(backend, documents, recent)
  window = createWindow(documents)
  window.on('closed', () => (window = null))
  void window.webContents.once('did-finish-load', async () => {
    for (const file of projectFilesFromArgv(process.argv.slice(1))) await documents.open(file)
  })
  app.on('second-instance', (_event, argv) => {
    for (const file of projectFilesFromArgv(argv.slice(1))) void documents.open(file)
    window?.focus()
  })
  app.on('open-file', (event, path) => {
    event.preventDefault()
    void documents.open(path)
  })
  app.on('will-quit', () => backend.dispose())
}

if (!app.requestSingleInstanceLock()) app.quit()
else void app.whenReady().then(start)

app.on('window-all-closed', () => app.quit())
