// Mesh files parsed in one worker (meshParse.worker.ts): a file's base64 comes in pieces (the host
// sends a large file in parts), each posted as it arrives so that no message is large, then the
// request to parse them joined; answers come in turn. Where there are no workers (tests in Node) the
// file is parsed in this thread.
import type { MeshFormat } from '../../core'
import { parseMeshFile, type MeshTriangles } from './meshParse'

/**
 * A piece of the file of request `id` (base64 of a multiple of 3 bytes); the end: parse them; or drop
 * them (the file could not be read to its end).
 */
export type MeshParseRequest =
  | { id: number; piece: string }
  | { id: number; format: MeshFormat; withNormals: boolean }
  | { id: number; drop: true }

export type MeshParseAnswer = { id: number; mesh: MeshTriangles } | { id: number; error: string }

/** The base64 of a file in pieces; the pieces of all but the last one encode whole 3-byte groups. */
export type Base64Pieces = Iterable<string> | AsyncIterable<string>

let worker: Worker | undefined
let nextId = 0
const waiting = new Map<number, { resolve(mesh: MeshTriangles): void; reject(error: Error): void }>()

function parser(): Worker {
  if (worker) return worker
  worker = new Worker(new URL('./meshParse.worker.ts', import.meta.url), { type: 'module' })
  worker.onmessage = ({ data }: MessageEvent<MeshParseAnswer>) => {
    const request = waiting.get(data.id)
    waiting.delete(data.id)
    if ('mesh' in data) request?.resolve(data.mesh)
    else request?.reject(new Error(data.error))
  }
  // A worker that cannot start (or dies) fails what it was asked; the next request starts another.
  worker.onerror = (event) => {
    event.preventDefault()
    for (const request of waiting.values()) request.reject(new Error(event.message || 'the parser failed'))
    waiting.clear()
    worker?.terminate()
    worker = undefined
  }
  return worker
}

/** The triangles of a mesh file given as base64 pieces, parsed off the main thread. */
export async function parseMeshFileOffThread(
  pieces: Base64Pieces,
  format: MeshFormat,
  withNormals: boolean,
): Promise<MeshTriangles> {
  if (typeof Worker === 'undefined') {
    const all: string[] = []
    for await (const piece of pieces) all.push(piece)
    return parseMeshFile(all.join(''), format, withNormals)
  }
  const id = nextId++
  const answer = new Promise<MeshTriangles>((resolve, reject) => waiting.set(id, { resolve, reject }))
  try {
    for await (const piece of pieces) parser().postMessage({ id, piece } satisfies MeshParseRequest)
  } catch (error) {
    waiting.delete(id)
    parser().postMessage({ id, drop: true } satisfies MeshParseRequest)
    throw error
  }
  parser().postMessage({ id, format, withNormals } satisfies MeshParseRequest)
  return answer
}
