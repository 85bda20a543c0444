// Image and video files written in parts (startFileWrite / writeFilePart / endFileWrite): parts at
// any position give the bytes written, a discarded write leaves no file and an old one unchanged,
// and bad requests (another kind of file, outside the workspace, bad base64, no such write) are
// refused naming what was expected (real files in a temporary folder).
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createMediaFileWrites,
  MAX_OPEN_WRITES,
  type MediaFileWrites,
} from '../../../src/host/mediaFileWrites'
import { createWorkspace } from '../../../src/host/workspace'

let root: string
let writes: MediaFileWrites

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'mbs-media-')))
  writes = createMediaFileWrites(createWorkspace(root))
})
afterEach(() => {
  writes.dispose()
  rmSync(root, { recursive: true, force: true })
})

const base64 = (bytes: number[]) => Buffer.from(bytes).toString('base64')

describe('media file writes', () => {
  it('writes parts at their positions (a later one patching an earlier) and keeps the file', async () => {
    const { handle, path } = await writes.startFileWrite({ path: 'clip.mp4' })
    expect(path).toBe(join(root, 'clip.mp4'))
    await writes.writeFilePart({ handle, position: 0, data: base64([0, 0, 0, 0, 5, 6]) })
    await writes.writeFilePart({ handle, position: 6, data: base64([7, 8]) })
    // A muxer goes back to fill in a size once it knows it.
    await writes.writeFilePart({ handle, position: 0, data: base64([1, 2, 3, 4]) })
    // Staged in a hidden file: nothing at the target yet.
    expect(readdirSync(root).filter((name) => !name.startsWith('.'))).toEqual([])
    expect(await writes.endFileWrite({ handle, keep: true })).toEqual({ path, bytes: 8 })
    expect([...readFileSync(path)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(readdirSync(root)).toEqual(['clip.mp4'])
  })

  it('a discarded write leaves no file, and an existing one as it was', async () => {
    writeFileSync(join(root, 'old.png'), 'old')
    for (const name of ['new.webm', 'old.png']) {
      const { handle } = await writes.startFileWrite({ path: name })
      await writes.writeFilePart({ handle, position: 0, data: base64([9, 9, 9]) })
      expect(await writes.endFileWrite({ handle, keep: false })).toBeNull()
    }
    expect(readdirSync(root)).toEqual(['old.png'])
    expect(readFileSync(join(root, 'old.png'), 'utf8')).toBe('old')
  })

  it('refuses other kinds of files and paths outside the workspace', async () => {
    await expect(writes.startFileWrite({ path: 'model.mbsproj' })).rejects.toMatchObject({
      code: 'invalid-params',
      message: expect.stringContaining('written as .png, .mp4, .webm files only'),
    })
    await expect(writes.startFileWrite({ path: '../outside.png' })).rejects.toMatchObject({
      code: 'forbidden',
    })
  })

  it('refuses bad parts and unknown writes, naming what was expected', async () => {
    const { handle } = await writes.startFileWrite({ path: 'a.png' })
    await expect(writes.writeFilePart({ handle, position: -1, data: '' })).rejects.toMatchObject({
      message: expect.stringContaining('position: a byte offset >= 0'),
    })
    await expect(writes.writeFilePart({ handle, position: 0, data: 'not base64!' })).rejects.toMatchObject({
      message: expect.stringContaining('data: base64'),
    })
    await writes.endFileWrite({ handle, keep: false })
    await expect(writes.writeFilePart({ handle, position: 0, data: '' })).rejects.toMatchObject({
      code: 'invalid-state',
      message: expect.stringContaining(`No file write ${handle} is open`),
    })
  })

  it(`keeps at most ${MAX_OPEN_WRITES} writes open, and dispose removes their staged files`, async () => {
    for (let i = 0; i < MAX_OPEN_WRITES; i++) await writes.startFileWrite({ path: `f${i}.png` })
    await expect(writes.startFileWrite({ path: 'more.png' })).rejects.toMatchObject({ code: 'busy' })
    expect(readdirSync(root)).toHaveLength(MAX_OPEN_WRITES)
    writes.dispose()
    expect(readdirSync(root)).toEqual([])
  })
})
