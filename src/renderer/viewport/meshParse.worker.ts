// The worker that parses mesh files (meshParse.ts) off the main thread, so that a large file does not
// freeze the UI: the pieces of request `id` are kept until its last message names the format, then
// parsed (or says to drop them); the answer {id, mesh} has its arrays transferred (not copied), or
// it is {id, error}.
import { parseMeshFile } from './meshParse'
import type { MeshParseAnswer, MeshParseRequest } from './meshParser'

const pieces = new Map<number, string[]>()
const post = (answer: MeshParseAnswer, transfer: Transferable[] = []) =>
  self.postMessage(answer, { transfer })

self.onmessage = async ({ data }: MessageEvent<MeshParseRequest>) => {
  if ('piece' in data) {
    const list = pieces.get(data.id) ?? []
    list.push(data.piece)
    pieces.set(data.id, list)
    return
  }
  const base64 = (pieces.get(data.id) ?? []).join('')
  pieces.delete(data.id)
  if ('drop' in data) return
  try {
    const mesh = await parseMeshFile(base64, data.format, data.withNormals)
    const arrays = [mesh.positions, mesh.indices, ...(mesh.normals ? [mesh.normals] : [])]
    post(
      { id: data.id, mesh },
      arrays.map((a) => a.buffer),
    )
  } catch (error) {
    post({ id: data.id, error: (error as Error).message })
  }
}
