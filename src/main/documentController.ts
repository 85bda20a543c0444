// The Electron shell's document workflow over the backend: New, Open, Save, Save As, Revert, the
// unsaved-changes prompt (on close and before replacing the model), Open Recent and the offer to
// recover autosaved changes after a crash. Dialogs are injected, so this is tested without Electron.
import type { Backend } from '../host/backend'
import type { RecoveredModel, RecoveryStore } from '../host/recovery'
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
  /** Offers the autosaved model of a session that ended without saving. */
  offerRecovery(recovered: RecoveredModel): Promise<boolean>
  showError(message: string): void
}

export interface DocumentControllerOptions {
  backend: Pick<Backend, 'call' | 'document' | 'restore'>
  dialogs: DocumentDialogs
  recent: RecentFiles
  recovery?: Pick<RecoveryStore, 'read' | 'clear'>
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
  offerRecovery(): Promise<void>
}

export function createDocumentController(options: DocumentControllerOptions): DocumentController {
  const { backend, dialogs, recent } = options

  async function attempt(action: () => Promise<unknown>): Promise<boolean> {
    try {
      await action()
      return true
    } catch (error) {
      dialogs.showError(error instanceof ApiError || error instanceof Error ? error.message : String(error))
      return false
    }
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
    const saved = await attempt(() => backend.call('saveFile', { path }))
    if (saved) recent.add(path)
    return saved
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
    async offerRecovery() {
      const recovered = options.recovery?.read()
      if (!recovered) return
      if (await dialogs.offerRecovery(recovered)) await attempt(() => backend.restore(recovered))
      else options.recovery?.clear()
    },
  }
  return controller
}
