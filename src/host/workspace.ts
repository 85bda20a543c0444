// The folder whose files the renderer may open, write and list. Every path a request names is made
// absolute, its links are followed (realpath; for a file not written yet, its folder's) and it is
// refused unless the result lies inside the workspace's own real path, so neither `..`, an absolute
// path nor a link pointing out reaches another file (docs/security.md). The web host confines the
// renderer to its workspace; Electron's is the whole file system, as its native dialogs are.
import { existsSync, lstatSync, readdirSync, realpathSync, statSync, type Stats } from 'node:fs'
import { homedir } from 'node:os'
import { basename, dirname, extname, join, parse, resolve, sep } from 'node:path'
import type { FileEntry, FileKind, FileListing } from '../shared/api'
import { ApiError } from '../shared/protocol'

export interface Workspace {
  /** The real path of the workspace folder. */
  readonly root: string
  /** Where listFiles starts and relative paths are resolved from (real path, inside root). */
  readonly start: string
  /** The real path of an existing file or folder named by `path`. */
  existing(path: string): string
  /** Where writing `path` lands: a link's target, else the real path of its folder plus its name. */
  target(path: string): string
  /** The folders and the listed kinds of files in `dir` (default: start). */
  list(dir?: string): FileListing
}

/** The file kinds by extension (the app's own files, screenshots, videos); no others are listed. */
const KINDS: Record<string, FileKind> = {
  '.mbsproj': 'project',
  '.mbsres': 'results',
  '.mbsckpt': 'checkpoint',
  '.png': 'image',
  '.mp4': 'video',
  '.webm': 'video',
  '.stl': 'mesh',
  '.obj': 'mesh',
  '.gltf': 'mesh',
  '.glb': 'mesh',
  '.urdf': 'urdf',
}
/** A listing holds at most this many entries (a folder of thousands of files stays one message). */
export const MAX_LISTED_ENTRIES = 2000

/** `dir` as the workspace (its real path); throws naming it when it is no folder. */
export function createWorkspace(dir: string, start = dir): Workspace {
  let root: string
  try {
    root = realpathSync(dir)
  } catch (error) {
    throw new Error(`Workspace ${dir}: ${reason(error)}`)
  }
  if (!statSync(root).isDirectory()) throw new Error(`Workspace ${dir}: not a folder`)
  // The paths as given (a workspace reached through a link) also count as inside, before resolving.
  const roots = [root, resolve(dir)]
  const inside = (path: string, base: string) =>
    path === base || path.startsWith(base.endsWith(sep) ? base : base + sep)
  const insideAny = (path: string) => roots.some((base) => inside(path, base))
  const startDir = resolve(start)
  if (!insideAny(startDir)) throw new Error(`Workspace ${dir}: the start folder ${start} is outside it`)

  const outside = (path: string) =>
    new ApiError(
      'forbidden',
      `Refused ${path}: it is outside the workspace ${root} (files are opened and written only there; ` +
        'start the web host with --workspace DIR for another folder)',
    )

  /** `path` made absolute, refused at once when it names a place outside before any link is followed. */
  function absolute(path: string): string {
    const full = resolve(startDir, path)
    if (!insideAny(full)) throw outside(path)
    return full
  }

  function checked(path: string, real: string): string {
    if (!inside(real, root)) throw outside(path)
    return real
  }

  function existing(path: string): string {
    const full = absolute(path)
    try {
      return checked(path, realpathSync(full))
    } catch (error) {
      if (error instanceof ApiError) throw error
      throw new ApiError('io-error', `Cannot read ${path}: ${reason(error)}`)
    }
  }

  function target(path: string): string {
    const full = absolute(path)
    let real: string
    try {
      real = lstatSync(full, { throwIfNoEntry: false })
        ? realpathSync(full)
        : join(realpathSync(dirname(full)), basename(full))
    } catch (error) {
      throw new ApiError('io-error', `Cannot write ${path}: ${reason(error)}`)
    }
    return checked(path, real)
  }

  const workspace: Workspace = {
    root,
    start: existing(startDir),
    existing,
    target,
    list(dir) {
      const folder = existing(dir ?? workspace.start)
      let names: string[]
      try {
        names = readdirSync(folder)
      } catch (error) {
        throw new ApiError('io-error', `Cannot list ${dir ?? folder}: ${reason(error)}`)
      }
      const entries: FileEntry[] = []
      for (const name of names) {
        const entry = name.startsWith('.') ? null : describe(join(folder, name), name)
        if (entry) entries.push(entry)
      }
      entries.sort(
        (a, b) => Number(b.kind === 'folder') - Number(a.kind === 'folder') || a.name.localeCompare(b.name),
      )
      return {
        root,
        dir: folder,
        entries: entries.slice(0, MAX_LISTED_ENTRIES),
        truncated: entries.length > MAX_LISTED_ENTRIES,
      }
    },
  }

  /** A listed entry, or null for another kind of file, one that cannot be read or a link pointing out. */
  function describe(path: string, name: string): FileEntry | null {
    let stats: Stats
    try {
      if (!inside(realpathSync(path), root)) return null
      stats = statSync(path)
    } catch {
      return null
    }
    const kind = stats.isDirectory()
      ? 'folder'
      : stats.isFile()
        ? KINDS[extname(name).toLowerCase()]
        : undefined
    if (!kind) return null
    return { name, path, kind, size: kind === 'folder' ? 0 : stats.size, modified: stats.mtimeMs }
  }

  return workspace
}

/** The whole file system, starting in the home folder: Electron's, whose native dialogs reach any file. */
export function fileSystemWorkspace(): Workspace {
  const home = homedir()
  return createWorkspace(parse(home).root, existsSync(home) ? home : parse(home).root)
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return 'no such file or folder'
  if (code === 'EACCES') return 'permission denied'
  if (code === 'ENOTDIR') return 'a part of the path is not a folder'
  if (code === 'ELOOP') return 'too many levels of links'
  return (error as Error).message
}
