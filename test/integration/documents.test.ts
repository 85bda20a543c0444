// Files through the backend and the Electron shell's document controller (dialogs faked): open,
// save (atomic), save as, revert, the unsaved-changes prompt, autosave and recovery after a crash
// (which the renderer offers through getRecovery / resolveRecovery in both hosts).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackend, type Backend } from '../../src/host/backend'
import { nodeSolverLauncher, sourceSolverEntry } from '../../src/host/nodeSolverLauncher'
import { createRecoveryStore, type RecoveryStore } from '../../src/host/recovery'
import {
  createDocumentController,
  type DocumentDialogs,
  type UnsavedChoice,
} from '../../src/main/documentController'
import { createRecentFiles } from '../../src/main/recentFiles'
import { EXAMPLES_DIR, PENDULUM, temporaryDir } from './helpers'

let dir: string
let backend: Backend
let recovery: RecoveryStore
beforeAll(() => {
  dir = temporaryDir()
  recovery = createRecoveryStore(join(dir, 'recovery.json'), 0)
  backend = createBackend({
    host: 'electron',
    version: '0.0.0-test',
    examplesDir: EXAMPLES_DIR,
    launchSolver: nodeSolverLauncher(sourceSolverEntry()),
    recovery,
  })
})
afterAll(() => backend.dispose())

/** Dialogs that answer from a script and record what they were asked. */
function scriptedDialogs(answers: {
  unsaved?: UnsavedChoice
  open?: string
  save?: string
  changed?: 'overwrite' | 'reload' | 'cancel'
}) {
  const asked: string[] = []
  const errors: string[] = []
  const dialogs: DocumentDialogs = {
    chooseFileToOpen: async () => (asked.push('open'), answers.open ?? null),
    chooseFileToSave: async (name) => (asked.push(`save ${name}`), answers.save ?? null),
    askUnsaved: async (title, action) => (
      asked.push(`unsaved ${title} ${action}`),
      answers.unsaved ?? 'cancel'
    ),
    confirmRevert: async () => (asked.push('revert'), true),
    askChangedOnDisk: async (title) => (asked.push(`changed ${title}`), answers.changed ?? 'cancel'),
    showError: (message) => errors.push(message),
  }
  return { dialogs, asked, errors }
}

const controllerWith = (answers: Parameters<typeof scriptedDialogs>[0]) => {
  const script = scriptedDialogs(answers)
  const recent = createRecentFiles(join(dir, 'recent.json'))
  return {
    ...script,
    recent,
    documents: createDocumentController({ backend, dialogs: script.dialogs, recent }),
  }
}

const modify = (mass: number) =>
  backend.call('applyChange', {
    patch: [{ op: 'modify', kind: 'objects', name: 'bob', set: { physicsMass: mass } }],
  })

describe('documents', () => {
  it('opens a file, saves changes atomically and reverts', async () => {
    const file = join(dir, 'pendulum.mbsproj')
    writeFileSync(file, PENDULUM)
    const { documents, recent } = controllerWith({})
    expect(await documents.open(file)).toBe(true)
    expect(backend.document()).toEqual({ path: file, title: 'pendulum.mbsproj', modified: false })
    expect(recent.list()).toEqual([file])
    await modify(4)
    expect(backend.document().modified).toBe(true)
    expect(await documents.save()).toBe(true)
    expect(readFileSync(file, 'utf8')).toContain('"physicsMass": 4')
    // No temporary file is left next to the saved one.
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([])
    await modify(5)
    await documents.revert()
    expect(await backend.call('getModelText', undefined)).toContain('"physicsMass": 4')
    expect(backend.document().modified).toBe(false)
  })

  it('a change another program made since open is answered file-changed, not overwritten', async () => {
    const file = join(dir, 'shared.mbsproj')
    writeFileSync(file, PENDULUM)
    await backend.call('openFile', { path: file })
    await modify(7)
    const foreign = PENDULUM.replace('"Pendulum"', '"Edited elsewhere"')
    writeFileSync(file, foreign)
    await expect(backend.call('saveFile', {})).rejects.toMatchObject({
      code: 'file-changed',
      message:
        `${file} was changed by another program since it was opened or saved: ` +
        'overwrite it, or reload it',
    })
    expect(readFileSync(file, 'utf8')).toBe(foreign)
    // Overwrite: the user's version replaces it, and the next save (nothing changed meanwhile) asks nothing.
    await backend.call('saveFile', { overwrite: true })
    expect(readFileSync(file, 'utf8')).toContain('"physicsMass": 7')
    await modify(9)
    await backend.call('saveFile', {})
    expect(readFileSync(file, 'utf8')).toContain('"physicsMass": 9')
    // Reload: revert reads the other program's version and records it as the file's new state.
    writeFileSync(file, foreign)
    await backend.call('revertFile', undefined)
    expect(await backend.call('getModelText', undefined)).toContain('"Edited elsewhere"')
    await modify(10)
    await backend.call('saveFile', {})
    expect(readFileSync(file, 'utf8')).toContain('"physicsMass": 10')
    await backend.call('openFile', { path: join(dir, 'pendulum.mbsproj') })
  })

  it('the Electron shell asks Overwrite / Reload / Cancel when the file changed on disk', async () => {
    const file = join(dir, 'shell.mbsproj')
    writeFileSync(file, PENDULUM)
    const foreign = PENDULUM.replace('"Pendulum"', '"Changed by an editor"')
    // What the file holds afterwards: the editor's version unless the user overwrote it.
    for (const [changed, expected] of [
      ['cancel', '"Changed by an editor"'],
      ['overwrite', '"physicsMass": 11'],
      ['reload', '"Changed by an editor"'],
    ] as const) {
      const { documents, asked, errors } = controllerWith({ changed })
      expect(await documents.open(file)).toBe(true)
      await modify(11)
      writeFileSync(file, foreign)
      expect(await documents.save()).toBe(changed === 'overwrite')
      expect(asked).toEqual(['changed shell.mbsproj'])
      expect(errors).toEqual([])
      expect(readFileSync(file, 'utf8')).toContain(
        expected.startsWith('"') ? expected : '"Changed by an editor"',
      )
      if (changed === 'reload') expect(backend.document().modified).toBe(false)
      else expect(backend.document().modified).toBe(changed === 'cancel')
      writeFileSync(file, PENDULUM)
      await backend.call('revertFile', undefined)
    }
    await backend.call('openFile', { path: join(dir, 'pendulum.mbsproj') })
  })

  it('asks before replacing a modified model; cancel keeps it, save writes it first', async () => {
    await modify(6)
    const cancel = controllerWith({ unsaved: 'cancel', open: join(dir, 'other.mbsproj') })
    expect(await cancel.documents.open()).toBe(false)
    expect(cancel.asked).toEqual(['unsaved pendulum.mbsproj opening another model'])
    expect(backend.document().modified).toBe(true)

    const other = join(dir, 'other.mbsproj')
    writeFileSync(other, PENDULUM)
    const save = controllerWith({ unsaved: 'save', open: other })
    expect(await save.documents.open()).toBe(true)
    expect(readFileSync(join(dir, 'pendulum.mbsproj'), 'utf8')).toContain('"physicsMass": 6')
    expect(backend.document().path).toBe(other)
    expect(await save.documents.confirmClose()).toBe(true)
  })

  it('closing the window with unsaved changes asks: cancel keeps it open, discard closes', async () => {
    await modify(8)
    const cancel = controllerWith({ unsaved: 'cancel' })
    expect(await cancel.documents.confirmClose()).toBe(false)
    expect(cancel.asked).toEqual(['unsaved other.mbsproj closing'])
    const discard = controllerWith({ unsaved: 'discard' })
    expect(await discard.documents.confirmClose()).toBe(true)
    expect(backend.document().modified).toBe(true) // nothing was saved
    expect(readFileSync(join(dir, 'other.mbsproj'), 'utf8')).not.toContain('"physicsMass": 8')
    await discard.documents.revert() // the next test starts from the file
    expect(backend.document().modified).toBe(false)
  })

  it('saves a new model under a chosen name; a broken file is an error and keeps the model', async () => {
    const target = join(dir, 'new.mbsproj')
    const { documents, asked, errors } = controllerWith({ save: target, unsaved: 'discard' })
    await documents.newModel()
    expect(backend.document()).toMatchObject({ path: null, title: 'Untitled' })
    expect(await documents.save()).toBe(true)
    expect(asked).toEqual(['save Untitled.mbsproj'])
    expect(JSON.parse(readFileSync(target, 'utf8'))).toMatchObject({
      format: 'mbs-studio-project',
      version: 1,
    })

    const broken = join(dir, 'broken.mbsproj')
    writeFileSync(broken, '{"format": "mbs-studio-project", "version": 99}')
    expect(await documents.open(broken)).toBe(false)
    expect(errors[0]).toMatch(/newer than this program knows/)
    expect(backend.document().path).toBe(target)
  })

  it('autosaves unsaved changes and offers them to the next session', async () => {
    const file = join(dir, 'pendulum.mbsproj')
    await controllerWith({ unsaved: 'discard' }).documents.open(file)
    await modify(7)
    recovery.flush()
    const autosaved = readFileSync(join(dir, 'recovery.json'), 'utf8')
    expect(JSON.parse(autosaved)).toMatchObject({ path: file, title: 'pendulum.mbsproj' })
    // The next session (the host killed, started again) finds the file and keeps it until the user
    // decides, also when it opens a model meanwhile (the start example).
    const next = sessionWith(recovery)
    try {
      expect(await next.call('getRecovery', undefined)).toEqual({
        path: file,
        title: 'pendulum.mbsproj',
        savedAt: expect.any(String),
      })
      await next.call('newModel', undefined)
      expect(readFileSync(join(dir, 'recovery.json'), 'utf8')).toBe(autosaved)
      const opened = await next.call('resolveRecovery', { recover: true })
      expect(opened?.document).toEqual({ path: file, title: 'pendulum.mbsproj', modified: true })
      expect(await next.call('getModelText', undefined)).toContain('"physicsMass": 7')
      expect(await next.call('getRecovery', undefined)).toBeNull()
      // Saving clears the recovery file.
      await next.call('saveFile', {})
      expect(existsSync(join(dir, 'recovery.json'))).toBe(false)
      expect(readFileSync(file, 'utf8')).toContain('"physicsMass": 7')
    } finally {
      next.dispose()
    }
  })

  it('drops a recovered model the user discards', async () => {
    const file = join(dir, 'recovery.json')
    writeFileSync(file, JSON.stringify({ path: null, title: 'Untitled', text: PENDULUM, savedAt: 'then' }))
    const next = sessionWith(recovery)
    try {
      expect(await next.call('getRecovery', undefined)).toEqual({
        path: null,
        title: 'Untitled',
        savedAt: 'then',
      })
      expect(await next.call('resolveRecovery', { recover: false })).toBeNull()
      expect(existsSync(file)).toBe(false)
      await expect(next.call('resolveRecovery', { recover: true })).rejects.toThrow(/no recovered model/)
    } finally {
      next.dispose()
    }
  })
})

function sessionWith(store: RecoveryStore): Backend {
  return createBackend({
    host: 'web',
    version: '0.0.0-test',
    examplesDir: EXAMPLES_DIR,
    launchSolver: nodeSolverLauncher(sourceSolverEntry()),
    recovery: store,
  })
}
