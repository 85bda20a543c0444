// The Electron shell's document workflow over the backend: New, Open, Save, Save As, Revert, the
// unsaved-changes prompt (on close and before replacing the model) and Open Recent. Dialogs are
// injected, so this is tested without Electron. The offer to recover autosaved changes after a crash
// is the renderer's, the same in both hosts (getRecovery / resolveRecovery).
import type { Backend } from '../host/backend'
import { ApiError } from '../shared/protocol'
import type { RecentFiles } from './recentFiles'

export type UnsavedChoice = 'save' | 'discard' | 'cancel'

export interface DocumentDialogs {
  /** A project file to open, or null when cancelled. */
  chooseFileToOpen(): Promise<string | null>
  /** Where to save, or null when cancelled. */
  chooseFileToSave(suggestedName: string): Promise<string | null>
  /** "TITLE has unsaved changes. Save them before ACTION?" */
  askUnsaved(title: string, action: string): Promise<UnsavedChoice>
  /** "Discard the unsaved changes of TITLE and reload the file?" */
  confirmRevert(title: string): Promise<boolean>
  /** "TITLE was changed by another program": Overwrite it, Reload it (dropping the edits) or Cancel. */
  askChangedOnDisk(title: string): Promise<'overwrite' | 'reload' | 'cancel'>
  showError(message: string): void
}

export interface DocumentControllerOptions {
  backend: Pick<Backend, 'call' | 'document'>
  dialogs: DocumentDialogs
  recent: RecentFiles
}

export interface DocumentController {
  newModel(): Promise<void>
  /** Opens `path`, or asks for a file; returns whether a model was opened. */
  open(path?: string): Promise<boolean>
  save(): Promise<boolean>
  saveAs(): Promise<boolean>
  revert(): Promise<void>
  /** Resolves true when the window may close (saved, discarded or unmodified). */
  confirmClose(): Promise<boolean>
}

export function createDocumentController(options: DocumentControllerOptions): DocumentController {
  const { backend, dialogs, recent } = options

  async function attempt(action: () => Promise<unknown>): Promise<boolean> {
    try {
      await action()
      return true
    } catch (error) {
      return failed(error)
    }
  }

  function failed(error: unknown): false {
    dialogs.showError(error instanceof ApiError || error instanceof Error ? error.message : String(error))
    return false
  }

  /** True when the current model may be replaced or closed. */
  async function resolveUnsaved(action: string): Promise<boolean> {
    const document = backend.document()
    if (!document.modified) return true
    const choice = await dialogs.askUnsaved(document.title, action)
    if (choice === 'cancel') return false
    return choice === 'discard' || (await controller.save())
  }

  async function saveTo(path: string): Promise<boolean> {
    let saved: boolean
    try {
      await backend.call('saveFile', { path })
      saved = true
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'file-changed')) return failed(error)
      saved = await resolveChangedOnDisk(path)
    }
    if (saved) recent.add(path)
    return saved
  }

  /** The save found the file changed by another program: ask, then overwrite or reload it. */
  async function resolveChangedOnDisk(path: string): Promise<boolean> {
    const choice = await dialogs.askChangedOnDisk(backend.document().title)
    if (choice === 'overwrite') return attempt(() => backend.call('saveFile', { path, overwrite: true }))
    if (choice === 'reload') await attempt(() => backend.call('revertFile', undefined))
    return false
  }

  const controller: DocumentController = {
    async newModel() {
      if (await resolveUnsaved('creating a new model'))
        await attempt(() => backend.call('newModel', undefined))
    },
    async open(path) {
      if (!(await resolveUnsaved('opening another model'))) return false
      const file = path ?? (await dialogs.chooseFileToOpen())
      if (!file) return false
      const opened = await attempt(() => backend.call('openFile', { path: file }))
      if (opened) recent.add(file)
      return opened
    },
    async save() {
      const path = backend.document().path
      return path ? saveTo(path) : controller.saveAs()
    },
    async saveAs() {
      const document = backend.document()
      const suggested = document.title.endsWith('.mbsproj') ? document.title : `${document.title}.mbsproj`
      const path = await dialogs.chooseFileToSave(suggested)
      return path ? saveTo(path) : false
    },
    async revert() {
      const document = backend.document()
      if (!document.path) return
      if (document.modified && !(await dialogs.confirmRevert(document.title))) return
      await attempt(() => backend.call('revertFile', undefined))
    },
    confirmClose: () => resolveUnsaved('closing'),
  }
  return controller
}
