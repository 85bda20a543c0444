// readMeshFile sends a large mesh file in parts: the parts' base64 joined is the whole file's (each
// part but the last holds whole 3-byte groups), the size comes with every part, and a malformed
// range is refused with the parameter named.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readMeshFile } from '../../../src/host/importFiles'
import { createWorkspace } from '../../../src/host/workspace'

const root = realpathSync(mkdtempSync(join(tmpdir(), 'mbs-mesh-read-')))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 37) % 256))
writeFileSync(join(root, 'part.stl'), bytes)
const files = createWorkspace(root)
const documentPath = join(root, 'model.mbsproj')

describe('readMeshFile', () => {
  it('answers the whole file, or its parts, whose base64 joins into the whole', () => {
    const whole = readMeshFile(files, documentPath, { file: 'part.stl' })
    expect(whole).toEqual({
      path: join(root, 'part.stl'),
      reference: 'part.stl',
      data: bytes.toString('base64'),
      size: 1000,
    })
    const pieces: string[] = []
    for (let offset = 0; offset < 1000; offset += 300) {
      const part = readMeshFile(files, documentPath, { file: 'part.stl', offset, length: 300 })
      expect(part.size).toBe(1000)
      pieces.push(part.data)
    }
    expect(pieces.join('')).toBe(whole.data)
    expect(readMeshFile(files, documentPath, { file: 'part.stl', offset: 2000, length: 300 }).data).toBe('')
  })

  it('refuses a range that is not two byte counts', () => {
    for (const range of [{ offset: -1, length: 3 }, { offset: 0 }, { offset: 0.5, length: 3 }])
      expect(() => readMeshFile(files, documentPath, { file: 'part.stl', ...range })).toThrow(
        'readMeshFile: offset and length must be byte counts, both or neither',
      )
  })
})
