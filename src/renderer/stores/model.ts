// The model being edited: the project spec, its undo history, the selection and the document.
// Every change is validated by the engine (src/core) before it becomes the model, then sent to the
// solver process as a patch, so what the tree shows is what Run solves. While a results file is
// replayed, the tree and the editor show the file's model instead (`shownSpec`), read-only; the edited
// model, its history and its selection wait untouched until the replay ends.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import {
  addItems,
  applyPatch,
  deleteItems,
  duplicateItems,
  PatchError,
  patchedProject,
  renameItem,
  setParameters,
  setSetting as settingEdit,
  validateEdit,
  type Edit,
  type ItemSpec,
  type JsonValue,
  type ModelPatch,
  type Problem,
  type Project,
} from '../../core'
import type {
  DocumentState,
  EditHistoryState,
  ModelChange,
  OpenedModel,
  UrdfImportRequest,
} from '../../shared/api'
import { api } from '../api'
import type { Addition } from '../model/createActions'
import {
  emptyProjectSpec,
  findItem,
  sameRef,
  specFromText,
  validateSpec,
  type ItemRef,
  type ProjectSpec,
} from '../model/projectSpec'
import { useLogStore } from './log'
import { usePromptStore } from './prompts'
import { useReplayStore } from './replay'
import { useSimulationStore } from './simulation'

export type ChangeResult = { ok: true } | { ok: false; problems: Problem[] }

export const useModelStore = defineStore('model', () => {
  const log = useLogStore()
  /** What the host's undo and redo would do (the host owns the history). */
  const history = shallowRef<EditHistoryState>({ canUndo: false, canRedo: false })
  const spec = shallowRef<ProjectSpec>(emptyProjectSpec())
  const initial = validateSpec(spec.value)
  /** The resolved project of `spec` (settings with defaults, references as indices). */
  const project = shallowRef<Project | null>(initial.ok ? initial.project : null)
  /** The host's revision `spec` is at: the replica follows the host's patches one revision at a time. */
  const revision = ref(0)
  const selection = ref<ItemRef[]>([])
  /** The edited model's selection while a replayed file's model is shown. */
  let editingSelection: ItemRef[] = []
  const document = ref<DocumentState>({ path: null, title: 'Untitled', modified: false })
  /** Why the model cannot be edited right now (a run holds it), or null. */
  const editLock = ref<string | null>(null)
  const replay = useReplayStore()
  /** What the tree and the editor show: the replayed results file's model, or the edited one. */
  const shownSpec = computed(() => replay.file?.spec ?? spec.value)
  const shownProject = computed(() => replay.file?.project ?? project.value)
  /**
   * Why nothing can be changed right now (a replayed file's model is shown, or a run holds the model), or
   * null.
   */
  const readOnly = computed(() =>
    replay.file
      ? `The model of the results file ${replay.file.path} is shown, read-only: go back to editing to ` +
        `change your model`
      : editLock.value,
  )

  const dirty = computed(() => document.value.modified)
  const canUndo = computed(() => history.value.canUndo)
  const canRedo = computed(() => history.value.canRedo)
  const undoLabel = computed(() => history.value.undoLabel)
  const redoLabel = computed(() => history.value.redoLabel)
  const primary = computed(() => selection.value.at(-1) ?? null)
  const primaryItem = computed<ItemSpec | undefined>(() =>
    primary.value ? findItem(shownSpec.value, primary.value) : undefined,
  )
  const timeRange = computed(() => {
    const ti = shownProject.value?.settings.timeIntegration
    return { start: ti?.startTime ?? 0, end: ti?.endTime ?? 1 }
  })

  // Edits, undos and redos go to the host one after another, in the order they were made; the
  // replica changes only with the host's modelChanged events.
  let sync: Promise<unknown> = Promise.resolve()
  function send(what: string, request: () => Promise<unknown>): void {
    sync = sync.then(request).catch((error: Error) => log.add('error', `${what}: ${error.message}`))
  }

  /** Waits until the host has answered every edit made so far (before a run or a save). */
  const synced = () => sync

  function show(next: ProjectSpec, resolved: Project): void {
    spec.value = next
    project.value = resolved
    // The selection follows the model: items that no longer exist drop out.
    selection.value = selection.value.filter((ref) => findItem(next, ref))
  }

  /** The patch that made `project` from the one before (null: the model was loaded whole). */
  const lastStep = shallowRef<{ from: Project; to: Project; patch: ModelPatch } | null>(null)

  /**
   * The host's accepted change: applied when it follows the replica's revision, else the model is fetched.
   */
  async function follow(change: ModelChange): Promise<void> {
    history.value = change.history
    const from = project.value
    if (change.revision === revision.value + 1 && from) {
      // Only what the patch touches is resolved again (the host validated it).
      const next = applyPatch(spec.value, change.patch).doc
      const result = patchedProject(from, next, change.patch)
      if (result.ok) {
        revision.value = change.revision
        lastStep.value = { from, to: result.project, patch: change.patch }
        return show(next, result.project)
      }
    }
    const result = specFromText(await api.getModelText())
    if (!result.ok) return log.add('error', `The model of revision ${change.revision} could not be shown`)
    revision.value = change.revision
    lastStep.value = null
    show(result.spec, result.project)
  }

  /** The patch that turned project `from` into `to` when they are consecutive replicas, else undefined. */
  const patchBetween = (from: Project | null, to: Project | null): ModelPatch | undefined =>
    lastStep.value?.from === from && lastStep.value?.to === to ? lastStep.value.patch : undefined

  /**
   * Makes an edit and sends it to the host when the items it touches are valid (the same check the
   * host makes); a refused edit is answered with its problems and the model is unchanged.
   */
  function commit<E extends Edit>(make: () => E): { ok: true; edit: E } | { ok: false; problems: Problem[] } {
    if (readOnly.value) return { ok: false, problems: [{ path: '(model)', message: readOnly.value }] }
    let edit: E
    try {
      edit = make()
    } catch (error) {
      if (error instanceof PatchError) return { ok: false, problems: [error.problem] }
      throw error
    }
    const problems = validateEdit(applyPatch(spec.value, edit.patch).doc, edit.patch)
    if (problems.length > 0) return { ok: false, problems }
    send(`The host refused "${edit.label}"`, () => api.edit({ patch: edit.patch, label: edit.label }))
    return { ok: true, edit }
  }

  /**
   * Queued behind the edits made so far, and its label read then: Ctrl+Z pressed before the host
   * answered an edit undoes that edit (the host's modelChanged precedes its answer).
   */
  function moveInHistory(direction: 'undo' | 'redo'): void {
    if (readOnly.value) return log.add('warning', readOnly.value)
    send(`Could not ${direction}`, async () => {
      const label = direction === 'undo' ? history.value.undoLabel : history.value.redoLabel
      if (!label) return
      try {
        if (await api[direction]()) log.add('info', `${direction === 'undo' ? 'Undid' : 'Redid'}: ${label}`)
      } catch (error) {
        throw new Error(`"${label}": ${(error as Error).message}`)
      }
    })
  }

  function load(opened: OpenedModel): void {
    const result = specFromText(opened.text)
    if (!result.ok) throw new Error(result.problems.map((p) => `${p.path}: ${p.message}`).join('; '))
    history.value = { canUndo: false, canRedo: false }
    selection.value = []
    editingSelection = []
    document.value = opened.document
    revision.value = opened.revision
    lastStep.value = null
    show(result.spec, result.project)
    // The run state of the new model (the solver reports it on request, not as an event).
    void useSimulationStore().refresh()
  }

  /**
   * Opens started so far (New, Open, an example, the start example): an open that a later one overtook
   * while it waited for the host is dropped, so the model shown is the one asked for last.
   */
  let opens = 0
  const opensStarted = () => opens

  async function openExample(name: string): Promise<void> {
    const open = ++opens
    try {
      const text = await api.openExample({ name })
      if (open !== opens) return
      const opened = await api.openModel({ text, title: `${name}.mbsproj` })
      if (open !== opens) return
      load(opened)
      log.add('info', `Opened example "${name}"`)
    } catch (error) {
      log.add('error', `Could not open example "${name}": ${(error as Error).message}`)
      usePromptStore().reportError(`Could not open example "${name}"`, error)
    }
  }

  /**
   * Opens a project file of the host; false when a later open overtook it. A failure is logged and
   * thrown on (the caller shows it).
   */
  async function openFile(path: string): Promise<boolean> {
    const open = ++opens
    try {
      const opened = await api.openFile({ path })
      if (open !== opens) return false
      load(opened)
      log.add('info', `Opened ${path}`)
      return true
    } catch (error) {
      log.add('error', `Could not open ${path}: ${(error as Error).message}`)
      throw error
    }
  }

  /** Imports a URDF (written as a project, then opened); answers what it could not represent. */
  async function importUrdf(request: UrdfImportRequest): Promise<string[]> {
    const open = ++opens
    const { opened, notes } = await api.importUrdf(request)
    if (open === opens) load(opened)
    log.add('info', `Imported ${request.urdf} as ${opened.document.path ?? request.output}`)
    for (const note of notes) log.add('warning', `${request.urdf}: ${note}`)
    return notes
  }

  async function newModel(): Promise<void> {
    const open = ++opens
    try {
      const opened = await api.newModel()
      if (open !== opens) return
      load(opened)
      log.add('info', 'New model')
    } catch (error) {
      log.add('error', `Could not create a new model: ${(error as Error).message}`)
    }
  }

  /**
   * Saves to `path` (Save As) or the document's file; false when the user did not save after all
   * (the file changed on disk), a failure is logged and thrown on.
   */
  async function save(path?: string, overwrite = false): Promise<boolean> {
    try {
      await synced()
      document.value = await api.saveFile(path ? { path, overwrite } : { overwrite })
      log.add('info', `Saved ${document.value.path ?? document.value.title}`)
      return true
    } catch (error) {
      if ((error as { code?: string }).code === 'file-changed') return saveChangedOnDisk(path)
      log.add('error', `Could not save: ${(error as Error).message}`)
      throw error
    }
  }

  /**
   * Another program changed the file: Overwrite it with this model, Reload it (dropping edits), or Cancel.
   */
  async function saveChangedOnDisk(path?: string): Promise<boolean> {
    const choice = await usePromptStore().askChangedOnDisk(document.value.title)
    if (choice === 'save') return save(path, true)
    if (choice === 'discard') {
      try {
        load(await api.revertFile())
        log.add('info', `Reloaded ${document.value.path} as another program changed it`)
      } catch (error) {
        log.add('error', `Could not reload: ${(error as Error).message}`)
      }
    }
    return false
  }

  // Edits (each one undo step, labelled by its command).
  const setItemParameters = (ref: ItemRef, values: Record<string, JsonValue | undefined>) =>
    commit(() => setParameters(spec.value, ref, values))

  function add(additions: Addition[], label: string, select: ItemRef | null): ChangeResult {
    const result = commit(() => addItems(spec.value, additions, label))
    if (result.ok && select) selection.value = [select]
    return result
  }

  const remove = (refs: ItemRef[]): ChangeResult => commit(() => deleteItems(spec.value, refs))

  function duplicate(refs: ItemRef[]): ChangeResult {
    const result = commit(() => duplicateItems(spec.value, refs))
    if (result.ok) selection.value = result.edit.copies
    return result
  }

  function rename(ref: ItemRef, newName: string): ChangeResult {
    const result = commit(() => renameItem(spec.value, ref, newName))
    if (result.ok)
      selection.value = selection.value.map((r) => (sameRef(r, ref) ? { ...ref, name: newName } : r))
    return result
  }

  /**
   * Sets one solver setting by its path: the host applies it to the settings it has then, so settings
   * typed before the host answered the last one all hold.
   */
  const setSetting = (path: string, value: JsonValue | undefined): ChangeResult =>
    commit(() => settingEdit(spec.value, path, value))

  /** Selects one item; with `extend` (Ctrl/Cmd-click) toggles it in a multi-selection. */
  function select(ref: ItemRef | null, extend = false): void {
    if (!ref) selection.value = []
    else if (!extend) selection.value = [ref]
    else if (selection.value.some((r) => sameRef(r, ref)))
      selection.value = selection.value.filter((r) => !sameRef(r, ref))
    else selection.value = [...selection.value, ref]
  }

  const isSelected = (ref: ItemRef) => selection.value.some((r) => sameRef(r, ref))

  api.on('document', (state) => (document.value = state))
  api.on('modelChanged', (change) => void follow(change))

  // The selection belongs to the model shown: the edited model's waits while a file's model is shown.
  watch(
    () => replay.file !== null,
    (replaying) => {
      if (replaying) [editingSelection, selection.value] = [selection.value, []]
      else selection.value = editingSelection.filter((ref) => findItem(spec.value, ref))
    },
  )

  return {
    spec,
    shownSpec,
    patchBetween,
    shownProject,
    readOnly,
    project,
    selection,
    primary,
    primaryItem,
    document,
    editLock,
    dirty,
    canUndo,
    canRedo,
    undoLabel,
    redoLabel,
    timeRange,
    commit,
    undo: () => moveInHistory('undo'),
    redo: () => moveInHistory('redo'),
    load,
    opensStarted,
    openExample,
    openFile,
    importUrdf,
    newModel,
    save,
    synced,
    setItemParameters,
    add,
    remove,
    duplicate,
    rename,
    setSetting,
    select,
    isSelected,
  }
})
