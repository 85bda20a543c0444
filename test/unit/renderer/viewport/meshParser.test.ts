// The mesh parser gives the file's triangles whether its base64 comes whole or in pieces of whole
// 3-byte groups, and parses in this thread when there are no workers or the worker cannot run (a host
// that does not load its script): the same arrays each way (reference: the box's 12 triangles of 3
// points each, as the STL lists them).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { binaryStl, boxTriangles } from '../../../fixtures/meshFiles'

const bytes = Buffer.from(binaryStl(boxTriangles([0, 0, 0], [1, 2, 3])))
const whole = bytes.toString('base64')
// 684 bytes in parts of 300: each but the last a whole number of 3-byte groups.
const pieces = [0, 300, 600].map((o) => bytes.subarray(o, o + 300).toString('base64'))

async function parser() {
  vi.resetModules()
  return import('../../../../src/renderer/viewport/meshParser')
}

afterEach(() => vi.unstubAllGlobals())

describe('mesh parser', () => {
  it('pieces give the triangles of the whole file, in this thread without workers', async () => {
    const { parseMeshFileOffThread } = await parser()
    const a = await parseMeshFileOffThread([whole], 'stl', true)
    const b = await parseMeshFileOffThread(pieces, 'stl', true)
    // The STL's points as listed (exact in float32), each triangle its own three, which the loader
    // indexes 0, 2, 1 (Babylon's clockwise front faces).
    expect(Array.from(a.positions)).toEqual(boxTriangles([0, 0, 0], [1, 2, 3]).flat(2))
    expect(Array.from(a.indices)).toEqual(
      Array.from({ length: 36 }, (_, k) => k - (k % 3) + [0, 2, 1][k % 3]),
    )
    expect(b).toEqual(a)
  })

  it('parses in this thread when the worker fails to run', async () => {
    const { parseMeshFileOffThread } = await parser()
    const reference = await parseMeshFileOffThread(pieces, 'stl', true)
    const created: unknown[] = []
    vi.stubGlobal(
      'Worker',
      class {
        onerror: ((event: { preventDefault(): void }) => void) | null = null
        constructor() {
          created.push(this)
          setTimeout(() => this.onerror?.({ preventDefault: () => undefined }), 0)
        }
        postMessage() {}
        terminate() {}
      },
    )
    const { parseMeshFileOffThread: withWorker } = await parser()
    expect(await withWorker(pieces, 'stl', true)).toEqual(reference)
    // Once failed, the next file is parsed here without another worker.
    expect(await withWorker([whole], 'stl', false)).toEqual({
      positions: reference.positions,
      indices: reference.indices,
    })
    expect(created.length).toBe(1)
  })
})
