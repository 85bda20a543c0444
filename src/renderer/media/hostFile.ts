// An image or video file on the host's disk written from the renderer (startFileWrite, writeFilePart,
// endFileWrite): parts go as base64, the file appears at its path only when kept.
import type { StreamTargetChunk } from 'mediabunny'
import { api } from '../api'

/** Bytes per writeFilePart (the host takes up to 16 MiB). */
export const PART_BYTES = 8 << 20

export interface HostFile {
  /** The host's path of the file (links followed). */
  readonly path: string
  /** A stream for mediabunny's StreamTarget: each chunk is written at its position. */
  readonly writable: WritableStream<StreamTargetChunk>
  write(position: number, data: Blob | Uint8Array<ArrayBuffer>): Promise<void>
  /** Puts the file in place; answers its length. */
  keep(): Promise<number>
  /** Drops what was written: nothing at the path changes. */
  discard(): Promise<void>
}

export async function startHostFile(path: string): Promise<HostFile> {
  const { handle, path: hostPath } = await api.startFileWrite({ path })
  const write = async (position: number, data: Blob | Uint8Array<ArrayBuffer>) =>
    api.writeFilePart({ handle, position, data: await base64Of(data) })
  return {
    path: hostPath,
    writable: new WritableStream<StreamTargetChunk>({ write: (chunk) => write(chunk.position, chunk.data) }),
    write,
    keep: async () => (await api.endFileWrite({ handle, keep: true }))?.bytes ?? 0,
    discard: async () => void (await api.endFileWrite({ handle, keep: false })),
  }
}

/** Writes a whole file (a PNG) in parts; answers the host's path and the length. */
export async function writeHostFile(path: string, blob: Blob): Promise<{ path: string; bytes: number }> {
  const file = await startHostFile(path)
  try {
    for (let at = 0; at < blob.size; at += PART_BYTES) await file.write(at, blob.slice(at, at + PART_BYTES))
    return { path: file.path, bytes: await file.keep() }
  } catch (error) {
    await file.discard().catch(() => undefined)
    throw error
  }
}

/** base64 of the bytes, through a data URL (FileReader: no string built byte by byte). */
function base64Of(data: Blob | Uint8Array<ArrayBuffer>): Promise<string> {
  const blob = data instanceof Blob ? data : new Blob([data])
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1))
    reader.onerror = () => reject(reader.error ?? new Error('The file data could not be read'))
    reader.readAsDataURL(blob)
  })
}
