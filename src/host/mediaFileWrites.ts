// The renderer's image and video files (a screenshot of the 3D view, a video of a replay): written
// in parts through startFileWrite / writeFilePart / endFileWrite, staged next to the target until
// the end keeps them (docs/protocol.md). Only PNG, MP4 and WebM files, inside the workspace: these
// requests never write a project, results or checkpoint file.
import { extname } from 'node:path'
import type { ApiParams, ApiResult } from '../shared/api'
import { ApiError } from '../shared/protocol'
import { StagedFile } from '../node/stagedFile'
import type { Workspace } from './workspace'

/** The extensions these requests write. */
export const MEDIA_EXTENSIONS = ['.png', '.mp4', '.webm']
/** Decoded bytes of one part at most (base64 in a JSON message: well under the web host's 64 MiB). */
export const MAX_PART_BYTES = 16 << 20
/** The furthest byte a media file may reach. */
export const MAX_MEDIA_FILE_BYTES = 2 ** 32
/** Writes open at once (a renderer that never ends its writes cannot pile up temporary files). */
export const MAX_OPEN_WRITES = 4

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

export interface MediaFileWrites {
  startFileWrite(params: ApiParams<'startFileWrite'>): Promise<ApiResult<'startFileWrite'>>
  writeFilePart(params: ApiParams<'writeFilePart'>): Promise<ApiResult<'writeFilePart'>>
  endFileWrite(params: ApiParams<'endFileWrite'>): Promise<ApiResult<'endFileWrite'>>
  /** Discards the writes still open (the host stops). */
  dispose(): void
}

export function createMediaFileWrites(files: Workspace): MediaFileWrites {
  const open = new Map<number, StagedFile>()
  let nextHandle = 1

  function staged(params: unknown, method: string): StagedFile {
    const handle = (params as { handle?: unknown } | undefined)?.handle
    if (typeof handle !== 'number')
      throw new ApiError('invalid-params', `${method} expects {handle: number} from startFileWrite`)
    const file = open.get(handle)
    if (!file)
      throw new ApiError('invalid-state', `No file write ${handle} is open (it was ended, or never started)`)
    return file
  }

  const ioError = (file: StagedFile, error: unknown) =>
    new ApiError('io-error', `Cannot write ${file.file}: ${(error as Error).message}`)

  return {
    async startFileWrite(params) {
      const requested = (params as { path?: unknown } | undefined)?.path
      if (typeof requested !== 'string' || requested === '')
        throw new ApiError('invalid-params', 'startFileWrite expects {path: string}')
      if (!MEDIA_EXTENSIONS.includes(extname(requested).toLowerCase()))
        throw new ApiError(
          'invalid-params',
          `Refused ${requested}: images and videos are written as ${MEDIA_EXTENSIONS.join(', ')} files only`,
        )
      if (open.size >= MAX_OPEN_WRITES)
        throw new ApiError('busy', `${MAX_OPEN_WRITES} file writes are open already: end one first`)
      const path = files.target(requested)
      let file: StagedFile
      try {
        file = StagedFile.create(path)
      } catch (error) {
        throw new ApiError('io-error', `Cannot write ${path}: ${(error as Error).message}`)
      }
      const handle = nextHandle++
      open.set(handle, file)
      return { handle, path }
    },
    async writeFilePart(params) {
      const file = staged(params, 'writeFilePart')
      const { position, data } = (params ?? {}) as { position?: unknown; data?: unknown }
      if (typeof position !== 'number' || !Number.isSafeInteger(position) || position < 0)
        throw new ApiError('invalid-params', 'writeFilePart expects {position: a byte offset >= 0}')
      if (typeof data !== 'string' || data.length > Math.ceil(MAX_PART_BYTES / 3) * 4 || !BASE64.test(data))
        throw new ApiError(
          'invalid-params',
          `writeFilePart expects {data: base64 of at most ${MAX_PART_BYTES} bytes}`,
        )
      const bytes = Buffer.from(data, 'base64')
      if (position + bytes.length > MAX_MEDIA_FILE_BYTES)
        throw new ApiError('invalid-params', `${file.file} would grow past ${MAX_MEDIA_FILE_BYTES} bytes`)
      try {
        file.write(position, bytes)
      } catch (error) {
        throw ioError(file, error)
      }
    },
    async endFileWrite(params) {
      const file = staged(params, 'endFileWrite')
      const keep = (params as { keep?: unknown }).keep
      if (typeof keep !== 'boolean')
        throw new ApiError('invalid-params', 'endFileWrite expects {handle: number, keep: boolean}')
      open.delete((params as { handle: number }).handle)
      if (!keep) {
        file.discard()
        return null
      }
      try {
        file.commit()
      } catch (error) {
        throw ioError(file, error)
      }
      return { path: file.file, bytes: file.length }
    },
    dispose() {
      for (const file of open.values()) file.discard()
      open.clear()
    },
  }
}
