// The typed API the renderer uses, whatever host it runs in (window.mbs in Electron, a WebSocket
// client in the browser). A new request is one entry in ApiRequests plus its handler in src/host
// (and, for engine work, in src/solver-process). docs/protocol.md describes every message.
import type { JsonObject, StudyRow } from '../core'
import type { ModelPatch } from './modelPatch'
import type { ModeResultsRequest, ModesRequest, ModesResult } from './modes'
import type { Problem } from './protocol'

export const API_VERSION = 3

export type HostKind = 'electron' | 'web'

export interface HostInfo {
  version: string
  host: HostKind
  apiVersion: number
}

/** Where a run stands. 'empty': no model; 'idle': model loaded, no run; 'finished': reached its end time. */
export type RunState = 'empty' | 'idle' | 'running' | 'paused' | 'finished'

export interface ModelSummary {
  name: string
  /** Items per kind list, e.g. { nodes: 1, objects: 3, ... }. */
  counts: Record<string, number>
  /** Increases with every accepted change. */
  revision: number
}

export interface DocumentState {
  /** The file the model was opened from or last saved to; null for a new or example model. */
  path: string | null
  /** A display name: the file name, "NAME.mbsproj" of an example, or "Untitled". */
  title: string
  /** Changed since it was opened or saved. */
  modified: boolean
}

export interface OpenedModel {
  summary: ModelSummary
  document: DocumentState
  /** The project file text as the solver accepted it. */
  text: string
  /** The host's model revision of this text; every accepted edit, undo and redo adds one. */
  revision: number
}

/** What the host's undo and redo would do next. */
export interface EditHistoryState {
  canUndo: boolean
  canRedo: boolean
  undoLabel?: string
  redoLabel?: string
}

/** An accepted edit (or undo, redo): the patch that turns revision - 1 into revision. */
export interface ModelChange {
  revision: number
  patch: ModelPatch
  label: string
  history: EditHistoryState
}

/** The autosaved model of a session that ended without saving, as getRecovery describes it. */
export interface RecoveryOffer {
  /** The file the model belonged to, or null for one never saved. */
  path: string | null
  title: string
  /** When it was autosaved (ISO 8601). */
  savedAt: string
}

export interface AssemblySummary {
  nODE2: number
  nODE1: number
  nAE: number
  nData: number
  /** Nodes with a position, by model node index (frames carry 3 numbers for every model node). */
  nodeCount: number
}

export interface RunStatistics {
  steps: number
  newtonIterations: number
  jacobians: number
  rejectedSteps: number
  /** Seconds of wall time spent solving. */
  wallTime: number
}

export interface RunStatus {
  state: RunState
  time: number
  step: number
}

export interface SolverStatus extends RunStatus {
  revision: number
  /** Frame batches sent and not yet acknowledged by the consumer. */
  framesInFlight: number
  /** Heap of the solver process in bytes (flat memory under a slow consumer is tested with it). */
  heapUsed: number
}

export interface SessionState extends SolverStatus {
  document: DocumentState
  model: ModelSummary | null
  /** The host's model revision (OpenedModel.revision); `revision` is the one the solver process holds. */
  modelRevision: number
}

export interface RunOptions {
  /** Overrides the model's timeIntegration.endTime (keeping its step size). */
  endTime?: number
  /** At most this many frames per second of wall time reach the consumer (default 60). */
  maxFrameRate?: number
  /** Writes the full-rate solution (every solutionWritePeriod) and the sensor rows to this results file. */
  resultsPath?: string
  /** The run's pace (as setPace; default: the last one set, initially as fast as possible). */
  realTimeFactor?: number
}

export interface ResultsSummary {
  frames: number
  startTime: number
  endTime: number
  /** The project text stored in the results file. */
  project: string
  /** Sensor rows sent with the replay. */
  sensorRows: number
}

/** A what-if branch to run (branchFromCheckpoint). */
export interface BranchRequest {
  /** The checkpoint file the branch continues. */
  checkpoint: string
  /** The results file of the run the checkpoint was saved from: the branch's file starts with its records. */
  results?: string
  /** The branch's changes: 'modify' operations setting live parameters, mass or drawing parameters. */
  patch: ModelPatch
  /** The branch's end time (default: the model's). */
  endTime?: number
}

/** A finished branch: its results file and its name ("branch of RUN at t=T"). */
export interface BranchRun {
  resultsPath: string
  name: string
  /** The checkpoint's time, where the branch leaves the original run. */
  time: number
  /** Why the results file starts at the checkpoint, not with the original's records (absent: it does not). */
  note?: string
}
/**
 * A results file read whole (readResults): its model and every frame and sensor row, as a run the
 * renderer keeps (timeline, compare overlays, ghosts). Frames are laid out as in FramesEventData.
 */
export interface ResultsData {
  /** The project text stored in the file (the model and settings the run was computed with). */
  project: string
  /** Frames in the file; the answer holds every `frameStride`-th of them (1 below READ_RESULTS_LIMIT). */
  frames: number
  frameStride: number
  nodeCount: number
  coordinateCount: number
  times: Float64Array
  positions: Float64Array
  coordinates: Float64Array
  sensors: SensorEventData['series']
}

/** A readResults answer holds at most this many frame numbers (32 MB: one WebSocket message). */
export const READ_RESULTS_LIMIT = 4 << 20

/**
 * What the file browser shows: folders, the app's own files, its images (.png) and videos (.mp4,
 * .webm), mesh files and URDF robots.
 */
export type FileKind = 'folder' | 'project' | 'results' | 'checkpoint' | 'image' | 'video' | 'mesh' | 'urdf'

/** readMeshFile's request: a file, all of it or `length` bytes from `offset`. */
export interface MeshFileRequest {
  file: string
  offset?: number
  length?: number
}

/** A mesh file as readMeshFile answers it. */
export interface MeshFileData {
  /** The host's path of the file (absolute). */
  path: string
  /** The reference a project stores for it: relative to the document's folder, else absolute. */
  reference: string
  /** The file's bytes in base64 (those of the range asked for, else all). */
  data: string
  /** The file's size in bytes. */
  size: number
}

/** A ROS package a URDF's meshes name (package://NAME/...) and the folder found for it, or null. */
export interface UrdfPackage {
  name: string
  folder: string | null
}

/** importUrdf's request: the URDF, the project to write and the options of `mbs import`. */
export interface UrdfImportRequest {
  urdf: string
  /** The project file written (mesh references are relative to its folder); it is then opened. */
  output: string
  formulation: 'tree' | 'bodies'
  gravity?: number[]
  jointSensors?: boolean
  /** Joint limits kept as limit stops of this stiffness and damping (mbs import --limit-stops K,D). */
  limitStops?: { stiffness: number; damping: number }
  /** Folders of ROS packages by name (package://NAME/...), relative to the URDF's folder or absolute. */
  packageDirs?: Record<string, string>
  /** Mesh files copied into the project (mbs import --embed-meshes). */
  embedMeshes?: boolean
  /** Replace an existing output file (else 'file-exists'). */
  overwrite?: boolean
}

export interface FileEntry {
  name: string
  /** The host's path of the entry (absolute). */
  path: string
  kind: FileKind
  /** Bytes (0 for a folder). */
  size: number
  /** Last modification, milliseconds since 1970. */
  modified: number
}

/** One folder of the host's workspace (web host) or file system (Electron), as listFiles answers. */
export interface FileListing {
  /** The workspace folder (real path): nothing above it is listed, opened or written. */
  root: string
  /** The folder listed (real path, inside root). */
  dir: string
  /** Folders first, then files, each by name; hidden entries and other files are left out. */
  entries: FileEntry[]
  /** More entries than a listing holds were left out. */
  truncated: boolean
}

/** A study of the open model started by runStudy: its folder and the number of cases. */
export interface StudyStarted {
  folder: string
  cases: number
}

/** One finished case of the running study, with the counts so far. */
export interface StudyProgressEventData {
  row: StudyRow
  done: number
  failed: number
  total: number
  /** Seconds since the study started. */
  elapsed: number
}

export interface StudyFinishedEventData {
  reason: 'completed' | 'cancelled' | 'failed'
  /** Why a study failed (a worker process that could not start, the folder not writable). */
  message?: string
  folder: string
}

export interface ApiRequests {
  info: { params: void; result: HostInfo }
  /** Names of the bundled example projects (file names without .mbsproj). */
  listExamples: { params: void; result: string[] }
  /** The project JSON text of one example (does not open it). */
  openExample: { params: { name: string }; result: string }
  /** An empty model; the current one is replaced. */
  newModel: { params: void; result: OpenedModel }
  /** Opens or replaces the model from project text (e.g. an example); the document gets no path. */
  openModel: { params: { text: string; title?: string }; result: OpenedModel }
  /**
   * One folder of the files the host lets the renderer open and write (dir: default the workspace
   * folder); the web host refuses a folder outside its workspace.
   */
  listFiles: { params: { dir?: string } | void; result: FileListing }
  /** Reads a project file and opens it. */
  openFile: { params: { path: string }; result: OpenedModel }
  /**
   * A mesh file's bytes (VgraphicsData "Mesh" entries): `file` relative to the document's folder (a
   * model without a file: the workspace's start folder) or absolute, inside the workspace; `offset`
   * and `length` (bytes) ask for a part, so that a large file comes in messages the page parses in a
   * moment each.
   */
  readMeshFile: { params: MeshFileRequest; result: MeshFileData }
  /**
   * Imports a URDF robot as `mbs import` does, writes the project to `output` and opens it; `notes`
   * lists what the project cannot represent.
   */
  importUrdf: { params: UrdfImportRequest; result: { opened: OpenedModel; notes: string[] } }
  /**
   * The ROS packages a URDF's visual meshes name, each with the folder importUrdf finds for it
   * without packageDirs (the URDF's nearest ancestor folder of that name), for the user to map.
   */
  urdfPackages: { params: { urdf: string }; result: { packages: UrdfPackage[] } }
  /**
   * Writes the model atomically to path (default: the document's path); the document takes that path.
   * 'file-changed' when another program changed the document's file since it was opened or saved,
   * unless overwrite is true.
   */
  saveFile: { params: { path?: string; overwrite?: boolean }; result: DocumentState }
  /** Reopens the document's file, dropping unsaved changes. */
  revertFile: { params: void; result: OpenedModel }
  /** The model as project file text (what a save writes). */
  getModelText: { params: void; result: string }
  /** Applies a patch of item dictionaries (all or nothing); an undoable edit labelled "Change". */
  applyChange: { params: { patch: ModelPatch }; result: ModelSummary }
  /**
   * An undoable edit (a patch from the edit commands of src/core/model/edits.ts): validated for the
   * items it touches, answered with the new revision, announced as a 'modelChanged' event. A refused
   * edit is an invalid-model error with details.problems and changes nothing.
   */
  edit: { params: { patch: ModelPatch; label?: string }; result: { revision: number } }
  /** Undoes the last edit (the host's history, shared by the menu and the toolbar); null when none. */
  undo: { params: void; result: { revision: number } | null }
  redo: { params: void; result: { revision: number } | null }
  validate: { params: void; result: { problems: Problem[] } }
  assemble: { params: void; result: AssemblySummary }
  /** Solves for static equilibrium; answers when done (pause/stop still work meanwhile). */
  staticSolve: { params: void; result: RunStatus & { statistics: RunStatistics } }
  /** Starts a dynamic run from the initial conditions; progress, frames and 'finished' follow as events. */
  run: { params: RunOptions | void; result: RunStatus }
  pause: { params: void; result: RunStatus }
  resume: { params: void; result: RunStatus }
  /**
   * Paces the dynamic run going on and the next ones: simulated time advances at realTimeFactor
   * seconds per wall second (0 or null: as fast as possible). The steps are the same either way.
   */
  setPace: { params: { realTimeFactor: number | null }; result: RunStatus }
  /** Stops the run; the model returns to its initial state. */
  stop: { params: void; result: RunStatus }
  /** Advances a paused (or not yet started) run by `count` steps (default 1). */
  step: { params: { count?: number } | void; result: RunStatus }
  /** `resultsPath`: the results file of the run, when it writes one (a branch starts with its frames). */
  saveCheckpoint: { params: { path: string }; result: { path: string; time: number; resultsPath?: string } }
  /**
   * A paused run of the current model at the checkpoint's state, to endTime (default: the model's); resume
   * continues it.
   */
  loadCheckpoint: { params: { path: string; endTime?: number }; result: RunStatus }
  /**
   * Opens a results file for replay: its frames follow as 'frames' events and its sensor histories as
   * one 'sensors' event (both before this answer); `project` is the model the results were computed
   * with (project text), which the frames' coordinates belong to.
   */
  openResults: { params: { path: string }; result: ResultsSummary }
  /**
   * Reads a results file whole without replaying it (the run going on, the edited model and the
   * timeline stay): the runs of the Runs tab, a finished run's full-rate frames.
   */
  readResults: { params: { path: string }; result: ResultsData }
  /**
   * Natural frequencies and mode shapes of the model linearized at a state (src/shared/modes.ts);
   * answered when computed ('busy' while a run is going).
   */
  computeModes: { params: ModesRequest; result: ModesResult }
  /**
   * One cycle of a mode of the last computeModes answer written as a results file (openResults replays it).
   */
  writeModeResults: { params: ModeResultsRequest; result: { path: string; frames: number } }
  getState: { params: void; result: SessionState }
  /**
   * Ends the solver process (if it runs) and starts a new one with the model at its current revision,
   * also after the crash-loop guard stopped the automatic restarts; the run is lost, as in a crash.
   */
  restartSolver: { params: void; result: void }
  /** The autosave a session that ended without saving left, or null; kept until resolveRecovery. */
  getRecovery: { params: void; result: RecoveryOffer | null }
  /** Opens the recovered model as a modified document of its file (recover: true) or discards it. */
  resolveRecovery: { params: { recover: boolean }; result: OpenedModel | null }
  /**
   * Runs a study of the model as it is now (docs/studies.md, "In the app"): `study` is a study file
   * without "project" and "output" (the host writes the folder next to the project file, or in its
   * cache folder for a model without one); each finished case follows as a 'studyProgress' event, the
   * end as 'studyFinished'. A bad study is an invalid-params error with details.problems.
   */
  runStudy: { params: { study: JsonObject; workers?: number }; result: StudyStarted }
  /** Stops the running study: the cases in flight are dropped, finished rows stay in the folder. */
  cancelStudy: { params: void; result: void }
  /** Runs one case of the last study again with a results file (`mbs run --set`) and answers its path. */
  runStudyCase: { params: { case: number }; result: { resultsPath: string } }
  /**
   * A what-if branch (docs/engine.md, "What-if branches"): the checkpoint continued with the patch's
   * changes of the model as it is now, in a process of its own (`mbs run --branch-of`), as a results
   * file in the branches folder. A change a branch cannot take is an invalid-model error whose
   * details.problems name the parameter and why; the model and the run going on are not touched.
   */
  branchFromCheckpoint: { params: BranchRequest; result: BranchRun }
  /**
   * Starts writing an image or a video file (.png, .mp4, .webm only) in parts: staged in a hidden
   * temporary file next to `path` until endFileWrite; an existing file stays as it is until then.
   */
  startFileWrite: { params: { path: string }; result: { handle: number; path: string } }
  /** Writes `data` (base64, at most 16 MiB decoded) at byte `position` of the staged file. */
  writeFilePart: { params: { handle: number; position: number; data: string }; result: void }
  /**
   * keep: the staged file replaces `path` atomically (flushed, renamed) and the answer is its path and
   * length; else it is removed and nothing at `path` changed (a cancelled export), answered with null.
   */
  endFileWrite: {
    params: { handle: number; keep: boolean }
    result: { path: string; bytes: number } | null
  }
  /**
   * Flow control: the consumer has handled frame batches up to seq (sent automatically by the API clients).
   */
  ackFrames: { params: { seq: number }; result: void }
}

export type ApiMethod = keyof ApiRequests
export type ApiParams<M extends ApiMethod> = ApiRequests[M]['params']
export type ApiResult<M extends ApiMethod> = ApiRequests[M]['result']

/**
 * Who answers each request: the host alone ('host': documents, examples; it may call the solver
 * process's methods of other names), the solver process's method of the same name with work of the
 * host's around it ('solver'), or the solver process with the request passed on unchanged ('forward').
 * The method lists of the solver protocol and the host's backend derive from this table.
 */
export const API_ROUTES = {
  info: 'host',
  listExamples: 'host',
  openExample: 'host',
  newModel: 'host',
  openModel: 'solver',
  listFiles: 'host',
  openFile: 'host',
  readMeshFile: 'host',
  importUrdf: 'host',
  urdfPackages: 'host',
  saveFile: 'host',
  revertFile: 'host',
  getModelText: 'host',
  applyChange: 'solver',
  edit: 'host',
  undo: 'host',
  redo: 'host',
  validate: 'forward',
  assemble: 'forward',
  staticSolve: 'forward',
  run: 'solver',
  pause: 'forward',
  resume: 'forward',
  setPace: 'forward',
  stop: 'forward',
  step: 'forward',
  saveCheckpoint: 'forward',
  loadCheckpoint: 'forward',
  openResults: 'forward',
  readResults: 'forward',
  computeModes: 'forward',
  writeModeResults: 'forward',
  getState: 'host',
  restartSolver: 'host',
  getRecovery: 'host',
  resolveRecovery: 'host',
  runStudy: 'host',
  cancelStudy: 'host',
  runStudyCase: 'host',
  branchFromCheckpoint: 'host',
  startFileWrite: 'host',
  writeFilePart: 'host',
  endFileWrite: 'host',
  ackFrames: 'forward',
} as const satisfies { [M in ApiMethod]: 'host' | 'solver' | 'forward' }

export type ApiRoute = (typeof API_ROUTES)[ApiMethod]
export type MethodsRoutedTo<R extends ApiRoute> = {
  [M in ApiMethod]: (typeof API_ROUTES)[M] extends R ? M : never
}[ApiMethod]

export const API_METHODS = Object.keys(API_ROUTES) as readonly ApiMethod[]

/** The API methods with one of the given routes, in API_ROUTES order. */
export function methodsRoutedTo<R extends ApiRoute>(...routes: R[]): MethodsRoutedTo<R>[] {
  return API_METHODS.filter((m): m is MethodsRoutedTo<R> => (routes as ApiRoute[]).includes(API_ROUTES[m]))
}

export interface LogEventData {
  level: 'info' | 'warning' | 'error'
  message: string
}

export interface ProgressEventData {
  state: RunState
  time: number
  endTime: number
  step: number
  newtonIterations: number
  /** Simulated seconds per wall-clock second since the run (or resume) began. */
  realTimeFactor: number
}

/**
 * A batch of step frames: `times.length` samples, throttled to maxFrameRate. Per sample, sample-major:
 * `positions` holds 3 numbers (x, y, z) per model node (NaN for nodes without a position; traces and
 * consumers without the model use them), `coordinates` the system's ODE2 coordinates q
 * (`coordinateCount` of them, displacements from the nodes' reference values), from which a renderer
 * holding the same model rebuilds the full state: rotations and deformations included.
 */
export interface FramesEventData {
  seq: number
  /**
   * The host's model revision the samples belong to (a run's model; a replay: the model open when it
   * started, the frames being of the results file's own model).
   */
  revision: number
  nodeCount: number
  times: Float64Array
  positions: Float64Array
  coordinateCount: number
  coordinates: Float64Array
}

/** New sensor rows since the previous batch: row-major [t, v0, v1, ...], `size` values per row. */
export interface SensorEventData {
  /** The model revision the rows belong to (as FramesEventData.revision). */
  revision: number
  series: { sensor: string; size: number; rows: Float64Array }[]
}

export interface FinishedEventData {
  reason: 'completed' | 'stopped' | 'failed'
  state: RunState
  time: number
  statistics: RunStatistics
  /** The run's results file, every frame of it from its start (absent: none, or it ended early). */
  resultsPath?: string
}

export interface ErrorEventData {
  code: string
  message: string
  details?: { time?: number; step?: number; items?: string[]; problems?: Problem[] }
}

export interface ApiEvents {
  log: LogEventData
  progress: ProgressEventData
  frames: FramesEventData
  sensors: SensorEventData
  finished: FinishedEventData
  error: ErrorEventData
  /** The run state changed (started, paused, resumed, stopped, finished). */
  runState: RunStatus
  /** The solver process died and was restarted; the model was reloaded, the run is lost. */
  solverRestarted: { reason: string; modelReloaded: boolean }
  /** The document changed (opened, saved, modified). */
  document: DocumentState
  /**
   * Web host: another tab opened the app on this host and now holds the document (one document per
   * host); this tab's connection is closed after this event.
   */
  openedElsewhere: { message: string }
  /** The model changed by an edit, undo or redo; replicas apply the patch at revision - 1. */
  modelChanged: ModelChange
  studyProgress: StudyProgressEventData
  studyFinished: StudyFinishedEventData
}

export type ApiEventName = keyof ApiEvents
export type EventMessage = { [E in ApiEventName]: { event: E; data: ApiEvents[E] } }[ApiEventName]

export type EventListener = (event: EventMessage) => void

/** What a host provides: one generic request and one event stream. */
export interface ApiTransport {
  request(method: string, params?: unknown): Promise<unknown>
  onEvent(listener: EventListener): () => void
}

type MethodFunctions = {
  [M in ApiMethod]: ApiParams<M> extends void
    ? () => Promise<ApiResult<M>>
    : undefined extends ApiParams<M>
      ? (params?: ApiParams<M>) => Promise<ApiResult<M>>
      : (params: ApiParams<M>) => Promise<ApiResult<M>>
}

export interface MbsApi extends MethodFunctions {
  request<M extends ApiMethod>(method: M, params: ApiParams<M>): Promise<ApiResult<M>>
  /** Subscribes to all host events; returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void
  /** Subscribes to one event type. */
  on<E extends ApiEventName>(event: E, listener: (data: ApiEvents[E]) => void): () => void
}

/** Builds the typed API over a transport. Results are typed by ApiRequests, which the host implements too. */
export function createMbsApi(transport: ApiTransport): MbsApi {
  const request = <M extends ApiMethod>(method: M, params: ApiParams<M>) =>
    transport.request(method, params) as Promise<ApiResult<M>>
  const methods = Object.fromEntries(
    API_METHODS.map((method) => [method, (params?: unknown) => request(method, params as never)]),
  ) as unknown as MethodFunctions
  return {
    ...methods,
    request,
    onEvent: (listener) => transport.onEvent(listener),
    on(event, listener) {
      return transport.onEvent((message) => {
        if (message.event === event) listener(message.data as ApiEvents[typeof event])
      })
    },
  }
}
