// Host-neutral request handling: the Electron main process and the web host both route the
// renderer's requests here, so the two hosts answer identically. The backend owns the document (the
// model's project text, its file and whether it is modified) and forwards engine work to the solver
// process; after a solver crash it reloads the document into the new process.
import { basename, join } from 'node:path'
import {
  API_VERSION,
  methodsRoutedTo,
  type ApiMethod,
  type ApiParams,
  type ApiResult,
  type BranchRequest,
  type DocumentState,
  type EventListener,
  type EventMessage,
  type HostKind,
  type MethodsRoutedTo,
  type ModelSummary,
  type OpenedModel,
} from '../shared/api'
import type { Edit, JsonObject, ModelPatch } from '../core'
import {
  ApiError,
  errorPayload,
  isRequestMessage,
  requestIdOf,
  type ResponseMessage,
} from '../shared/protocol'
import { serviceClient } from '../shared/serviceProxy'
import { SOLVER_REQUESTS } from '../shared/solverService'
import { echo } from '../core/model/inputBounds'
import { writeFileAtomic } from '../node/atomicWrite'
import { stampFile, unchangedSince, type FileStamp } from '../node/fileStamp'
import { readInputText } from '../node/inputFiles'
import { createExampleLibrary } from './exampleLibrary'
import { importUrdfToFile, readMeshFile, urdfPackages } from './importFiles'
import { ModelOwner } from './modelOwner'
import type { RecoveredModel, RecoveryStore } from './recovery'
import { createSolverSupervisor, type SolverChannel, type SolverLauncher } from './solverSupervisor'
import { fileSystemWorkspace, type Workspace } from './workspace'
import { createStudyRunner, type StudyRunnerOptions } from './studyRunner'
import { createBranchRunner, type BranchRunnerOptions } from './branchRunner'
import { createMediaFileWrites } from './mediaFileWrites'
import { createRunCache, type RunCacheOptions } from './runCache'

export interface BackendOptions {
  host: HostKind
  version: string
  examplesDir: string
  launchSolver: SolverLauncher
  /** Autosave of unsaved changes; the renderer offers a recovered model with getRecovery at start. */
  recovery?: RecoveryStore
  /** Every started solver process (Electron hands it the renderer's event port). */
  onSolverStarted?(channel: SolverChannel): void
  /**
   * The files requests may name (open, save, results, checkpoints, listFiles); the web host's
   * workspace folder. Default: the whole file system (Electron, whose native dialogs reach any file).
   */
  workspace?: Workspace
  /** The Study tab's worker script and cache folder (studyRunner.ts has the defaults). */
  studies?: Omit<StudyRunnerOptions, 'emit'>
  /** The what-if branches' script and cache folder (branchRunner.ts has the defaults). */
  branches?: BranchRunnerOptions
  /** Where runs of a model without a file write their results (runCache.ts has the defaults). */
  runCache?: RunCacheOptions
}

export interface Backend {
  /** Answers one request; never throws, failures become an error response. */
  respond(request: unknown): Promise<ResponseMessage>
  /** The same as a typed call; throws ApiError. */
  call<M extends ApiMethod>(method: M, params: ApiParams<M>): Promise<ApiResult<M>>
  onEvent(listener: EventListener): () => void
  document(): DocumentState
  /**
   * Ends the solver process. The recovery file goes unless the user has not decided on it yet, or
   * `keepUnsaved` (a web host stopped while a tab has unsaved changes nobody was asked about).
   */
  dispose(keepUnsaved?: boolean): void
}

const EMPTY_PROJECT = '{"format": "mbs-studio-project", "version": 1, "name": "", "model": {}}'
const UNTITLED = 'Untitled'

type Handlers = { [M in ApiMethod]: (params: ApiParams<M>) => Promise<ApiResult<M>> }

/** Requests the backend passes to the solver process unchanged. */
const FORWARDED = methodsRoutedTo('forward')

export function createBackend(options: BackendOptions): Backend {
  const listeners = new Set<EventListener>()
  const emit = (event: EventMessage) => {
    for (const listener of listeners) listener(event)
  }
  const log = (level: 'info' | 'warning' | 'error', message: string) =>
    emit({ event: 'log', data: { level, message } })
  const examples = createExampleLibrary(options.examplesDir)
  const files = options.workspace ?? fileSystemWorkspace()

  // The model (it survives solver crashes) and the document it belongs to.
  const owner = new ModelOwner()
  let summary: ModelSummary | null = null
  let documentState: DocumentState = { path: null, title: UNTITLED, modified: false }
  // The autosave a previous session left: kept on disk, and not overwritten, until the user decides.
  let pendingRecovery: RecoveredModel | null = options.recovery?.read() ?? null
  // The document's file as this host last read or wrote it: a save asks before overwriting a change
  // another program made meanwhile.
  let documentStamp: FileStamp | null = null

  const supervisor = createSolverSupervisor({
    launch: options.launchSolver,
    onEvent: emit,
    onStarted: options.onSolverStarted,
    // A new solver process gets the model at its current revision.
    reload: async () => {
      if (!owner.isOpen) return false
      await solver.openModel({ text: owner.text(), revision: owner.revision })
      return true
    },
  })
  const solver = serviceClient(SOLVER_REQUESTS, (method, params) => supervisor.request(method, params))
  // A model without a file studies in a cache folder the replay may open: inside the web host's workspace.
  const studyCache = options.workspace ? { cacheDir: join(options.workspace.root, '.mbs-studies') } : {}
  const studies = createStudyRunner({ ...studyCache, ...options.studies, emit })
  const runCacheDir = options.workspace ? { dir: join(options.workspace.root, '.mbs-runs') } : {}
  const runCache = createRunCache({ ...runCacheDir, ...options.runCache })
  // Branches of a model without a file are runs of the cache too (its size limit, removed at the end).
  const branches = createBranchRunner({ cache: runCache, ...options.branches })
  const mediaFiles = createMediaFileWrites(files)

  function setDocument(next: DocumentState): void {
    documentState = next
    emit({ event: 'document', data: next })
    if (!options.recovery || pendingRecovery) return
    if (next.modified && owner.isOpen)
      options.recovery.schedule(() => ({ path: next.path, title: next.title, text: owner.text() }))
    else options.recovery.clear()
  }

  async function openText(modelText: string, document: DocumentState): Promise<OpenedModel> {
    // owner.open makes the next revision the text's.
    const result = await solver.openModel({ text: modelText, revision: owner.revision + 1 })
    owner.open(result.text, !document.modified)
    summary = result.summary
    documentStamp = null
    setDocument(document)
    return { summary: result.summary, document, text: result.text, revision: owner.revision }
  }

  async function openFile(requested: string, modified = false): Promise<OpenedModel> {
    const path = files.existing(requested)
    let fileText: string
    try {
      fileText = readInputText(path)
    } catch (error) {
      throw new ApiError('io-error', `Cannot read ${path}: ${(error as Error).message}`)
    }
    const opened = await openText(fileText, { path, title: basename(path), modified })
    documentStamp = stampFile(path)
    return opened
  }

  // Changes reach owner and solver one after another, so a refusal can be taken back in order.
  let changes: Promise<unknown> = Promise.resolve()
  function serialized<T>(change: () => Promise<T>): Promise<T> {
    const next = changes.then(change)
    changes = next.catch(() => undefined)
    return next
  }

  /** Sends an applied edit, undo or redo to the solver; takes it back when the solver refuses it. */
  async function follow(edit: Edit, direction?: 'undo' | 'redo'): Promise<{ revision: number }> {
    try {
      summary = (await solver.applyChange({ patch: edit.patch, revision: owner.revision })).summary
    } catch (error) {
      owner.rollback(edit, direction)
      throw error
    }
    if (!direction) owner.record(edit)
    const { revision } = owner
    // The document first: a window showing the changed model already shows whether it is saved.
    setDocument({ ...documentState, modified: owner.dirty })
    emit({
      event: 'modelChanged',
      data: { revision, patch: edit.patch, label: edit.label, history: owner.historyState() },
    })
    return { revision }
  }

  const change = (patch: ModelPatch, label: string) => serialized(() => follow(owner.edit(patch, label)))
  const moveInHistory = (direction: 'undo' | 'redo') =>
    serialized(async () => {
      const edit = owner[direction]()
      return edit ? follow(edit, direction) : null
    })

  // The solver service's forwarded requests have the API's params and answers (solverService.ts).
  const forwarded: Pick<Handlers, MethodsRoutedTo<'forward'>> = pick(solver, FORWARDED)

  /** A forwarded request naming a file: the path resolved inside the workspace goes on. */
  const withPath =
    <M extends 'saveCheckpoint' | 'loadCheckpoint' | 'openResults' | 'readResults' | 'writeModeResults'>(
      method: M,
      resolvePath: (path: string) => string,
    ) =>
    (params: ApiParams<M>) =>
      forwarded[method]({ ...params, path: resolvePath(readString(params, 'path', method)) })

  const handlers: Handlers = {
    ...forwarded,
    saveCheckpoint: withPath('saveCheckpoint', files.target),
    loadCheckpoint: withPath('loadCheckpoint', files.existing),
    openResults: withPath('openResults', files.existing),
    readResults: withPath('readResults', files.existing),
    writeModeResults: withPath('writeModeResults', files.target),
    listFiles: async (params) => {
      const dir = (params as { dir?: unknown } | undefined)?.dir
      if (dir !== undefined && typeof dir !== 'string')
        throw new ApiError('invalid-params', 'listFiles expects {dir?: string}')
      return files.list(dir)
    },
    info: async () => ({ version: options.version, host: options.host, apiVersion: API_VERSION }),
    listExamples: () => examples.list(),
    openExample: async (params) => {
      const name = readString(params, 'name', 'openExample')
      const exampleText = await examples.read(name)
      log('info', `Host read example "${name}" (${exampleText.length} bytes)`)
      return exampleText
    },
    newModel: () => openText(EMPTY_PROJECT, { path: null, title: UNTITLED, modified: false }),
    openModel: (params) => {
      const modelText = readString(params, 'text', 'openModel')
      const title = (params as { title?: unknown }).title
      return openText(modelText, {
        path: null,
        title: typeof title === 'string' ? title : UNTITLED,
        modified: false,
      })
    },
    openFile: (params) => openFile(readString(params, 'path', 'openFile')),
    readMeshFile: async (params) => readMeshFile(files, documentState.path, params),
    importUrdf: async (params) => {
      const { path, notes } = importUrdfToFile(files, params)
      return { opened: await openFile(path), notes }
    },
    urdfPackages: async (params) => urdfPackages(files, params),
    saveFile: async (params) => {
      const requested = (params as { path?: unknown } | undefined)?.path ?? documentState.path
      if (typeof requested !== 'string' || requested === '')
        throw new ApiError('invalid-state', 'The model has no file yet: save it under a name (Save As)')
      const path = files.target(requested)
      await changes
      const text = owner.text()
      const overwrite = (params as { overwrite?: unknown } | undefined)?.overwrite === true
      if (!overwrite && documentStamp && path === documentState.path && !unchangedSince(path, documentStamp))
        throw new ApiError(
          'file-changed',
          `${path} was changed by another program since it was opened or saved: overwrite it, or reload it`,
        )
      try {
        writeFileAtomic(path, text)
      } catch (error) {
        throw new ApiError('io-error', `Cannot save ${path}: ${(error as Error).message}`)
      }
      documentStamp = stampFile(path)
      owner.markSaved()
      setDocument({ path, title: basename(path), modified: false })
      return documentState
    },
    revertFile: async () => {
      if (!documentState.path) throw new ApiError('invalid-state', 'The model has no file to revert to')
      return openFile(documentState.path)
    },
    getModelText: async () => owner.text(),
    applyChange: async (params) => {
      await change(readPatch(params, 'applyChange'), 'Change')
      return summary!
    },
    edit: (params) => {
      const label = (params as { label?: unknown }).label
      return change(readPatch(params, 'edit'), typeof label === 'string' ? label : 'Change')
    },
    undo: () => moveInHistory('undo'),
    redo: () => moveInHistory('redo'),
    // Every run writes a results file (Exudyn writes its solution file by default too;
    // writeSolutionToFile: false turns it off): NAME.mbsres next to a document with a file, else one
    // in the run cache. The timeline replays it at full rate after the run.
    run: (params) => {
      const options = params ?? {}
      const path = documentState.path
      const requested =
        options.resultsPath ??
        (path ? path.replace(/\.mbsproj$/i, '') + '.mbsres' : runCache.nextPath(documentState.title))
      return solver.run({ ...options, resultsPath: files.target(requested) })
    },
    getRecovery: async () => {
      if (!pendingRecovery) return null
      const { path, title, savedAt } = pendingRecovery
      return { path, title, savedAt }
    },
    resolveRecovery: async (params) => {
      const recover = (params as { recover?: unknown } | undefined)?.recover
      if (typeof recover !== 'boolean')
        throw new ApiError('invalid-params', 'resolveRecovery expects {recover: boolean}')
      const recovered = pendingRecovery
      if (!recovered) throw new ApiError('invalid-state', 'There is no recovered model')
      pendingRecovery = null
      if (!recover) {
        options.recovery?.clear()
        return null
      }
      // Opened as a modified document of its original file: the autosave goes on from here.
      return openText(recovered.text, { path: recovered.path, title: recovered.title, modified: true })
    },
    restartSolver: () => supervisor.restart(),
    runStudy: async (params) => {
      const study = (params as { study?: unknown } | undefined)?.study
      if (typeof study !== 'object' || study === null || Array.isArray(study))
        throw new ApiError('invalid-params', 'runStudy expects {study: {parameters, design, outputs}}')
      if (!owner.isOpen) throw new ApiError('invalid-state', 'There is no model to run a study of')
      await changes
      return studies.start(owner.text(), documentState.path, study as JsonObject, params.workers)
    },
    cancelStudy: async () => studies.cancel(),
    runStudyCase: async (params) => {
      const index = (params as { case?: unknown } | undefined)?.case
      if (typeof index !== 'number' || !Number.isInteger(index))
        throw new ApiError('invalid-params', 'runStudyCase expects {case: integer}')
      return { resultsPath: await studies.runCase(index) }
    },
    startFileWrite: mediaFiles.startFileWrite,
    writeFilePart: mediaFiles.writeFilePart,
    endFileWrite: mediaFiles.endFileWrite,
    branchFromCheckpoint: async (params) => {
      const request = readBranchRequest(params)
      await changes
      owner.checkBranch(request.patch)
      const model = { text: owner.text(), path: documentState.path, title: documentState.title }
      return branches.run(model, {
        ...request,
        checkpoint: files.existing(request.checkpoint),
        ...(request.results !== undefined ? { results: files.existing(request.results) } : {}),
      })
    },
    getState: async () => {
      const status = await solver.getStatus()
      return { ...status, document: documentState, model: summary, modelRevision: owner.revision }
    },
  }

  async function call<M extends ApiMethod>(method: M, params: ApiParams<M>): Promise<ApiResult<M>> {
    const handler = handlers[method] as (params: ApiParams<M>) => Promise<ApiResult<M>>
    return handler(params)
  }

  return {
    async respond(request) {
      const id = requestIdOf(request)
      try {
        if (!isRequestMessage(request)) throw new ApiError('bad-request', 'Expected {id, method, params}')
        if (!Object.hasOwn(handlers, request.method))
          throw new ApiError('unknown-method', `Unknown method ${echo(request.method)}`)
        return { id, result: await call(request.method as ApiMethod, request.params as never) }
      } catch (error) {
        return { id, error: errorPayload(error) }
      }
    },
    call,
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    document: () => documentState,
    dispose(keepUnsaved = false) {
      if (keepUnsaved && documentState.modified && !pendingRecovery) options.recovery?.flush()
      else if (!pendingRecovery) options.recovery?.clear()
      studies.cancel()
      mediaFiles.dispose()
      supervisor.dispose()
      runCache.dispose()
    },
  }
}

function pick<T, K extends keyof T & string>(object: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, object[key]])) as Pick<T, K>
}

function readPatch(params: unknown, method: string): ModelPatch {
  const patch = (params as { patch?: unknown } | undefined)?.patch
  if (!Array.isArray(patch)) throw new ApiError('invalid-params', `${method} expects {patch: [operations]}`)
  return patch as ModelPatch
}

function readBranchRequest(params: unknown): BranchRequest {
  const p = (params ?? {}) as Record<string, unknown>
  const shape =
    'branchFromCheckpoint expects {checkpoint: string, results?: string, patch: [operations], ' +
    'endTime?: number}'
  if (
    typeof p.checkpoint !== 'string' ||
    (p.results !== undefined && typeof p.results !== 'string') ||
    (p.endTime !== undefined && !Number.isFinite(p.endTime))
  )
    throw new ApiError('invalid-params', shape)
  return { ...(p as unknown as BranchRequest), patch: readPatch(params, 'branchFromCheckpoint') }
}

function readString(params: unknown, key: string, method: string): string {
  const value = (params as Record<string, unknown> | undefined)?.[key]
  if (typeof value !== 'string') throw new ApiError('invalid-params', `${method} expects {${key}: string}`)
  return value
}
