// Mesh files parsed in one worker (meshParse.worker.ts): a file's base64 comes in pieces (the host
// sends a large file in parts), each posted as it arrives so that no message is large, then the
// request to parse them joined; answers come in turn. Where there are no workers (tests in Node), or
// the worker cannot run (a host that does not load its script), the file is parsed in this thread.
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
/** A worker could not run (a host that does not load worker scripts, or it died): parse in this thread. */
let workerFailed = false
let nextId = 0
const waiting = new Map<number, { resolve(mesh: MeshTriangles): void; reject(error: Error): void }>()

class WorkerFailure extends Error {}

function parser(): Worker {
  if (worker) return worker
  worker = new Worker(new URL('./meshParse.worker.ts', import.meta.url), { type: 'module' })
  worker.onmessage = ({ data }: MessageEvent<MeshParseAnswer>) => {
    const request = waiting.get(data.id)
    waiting.delete(data.id)
    if ('mesh' in data) request?.resolve(data.mesh)
    else request?.reject(new Error(data.error))
  }
  worker.onerror = (event) => {
    event.preventDefault()
    workerFailed = true
    for (const request of waiting.values()) request.reject(new WorkerFailure('the parser worker failed'))
    waiting.clear()
    worker?.terminate()
    worker = undefined
  }
  return worker
}

/**
 * The triangles of a mesh file given as base64 pieces, parsed off the main thread (in it when no
 * worker runs: drawn late rather than not at all).
 */
export async function parseMeshFileOffThread(
  pieces: Base64Pieces,
  format: MeshFormat,
  withNormals: boolean,
): Promise<MeshTriangles> {
  const all: string[] = []
  const inThread = async () => {
    for await (const piece of pieces) all.push(piece)
    return parseMeshFile(all.join(''), format, withNormals)
  }
  if (workerFailed || typeof Worker === 'undefined') return inThread()
  const id = nextId++
  const answer = new Promise<MeshTriangles>((resolve, reject) => waiting.set(id, { resolve, reject }))
  const post = (request: MeshParseRequest) => workerFailed || parser().postMessage(request)
  try {
    for await (const piece of pieces) {
      all.push(piece)
      post({ id, piece })
    }
  } catch (error) {
    waiting.delete(id)
    post({ id, drop: true })
    throw error
  }
  post({ id, format, withNormals })
  try {
    return await answer
  } catch (error) {
    if (!(error instanceof WorkerFailure)) throw error
    return parseMeshFile(all.join(''), format, withNormals)
  }
}
