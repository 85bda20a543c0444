// writeFileAtomic: the target holds either the old or the complete new content, and a failed write
// leaves the old file intact with no temporary file behind. Failures are injected into node:fs
// (tests run as root here, so a read-only directory would not stop the write).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { writeFileAtomic } from '../../../src/node/atomicWrite'

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-atomic-'))
}

afterEach(() => vi.restoreAllMocks())

describe('writeFileAtomic', () => {
  it('writes strings as UTF-8 and bytes as they are, replacing an existing file', () => {
    const dir = tempDir()
    const file = path.join(dir, 'a.txt')
    writeFileAtomic(file, 'first')
    writeFileAtomic(file, 'zweite Größe ✓')
    expect(fs.readFileSync(file, 'utf8')).toBe('zweite Größe ✓')
    writeFileAtomic(file, new Uint8Array([0, 255, 10]))
    expect([...fs.readFileSync(file)]).toEqual([0, 255, 10])
    expect(fs.readdirSync(dir)).toEqual(['a.txt'])
  })

  it.each([
    ['writeSync', 'ENOSPC: no space left on device'],
    ['fsyncSync', 'EIO: i/o error'],
    ['renameSync', 'EXDEV: cross-device link'],
  ] as const)('keeps the old file and removes the temporary file when %s fails', (fn, message) => {
    const dir = tempDir()
    const file = path.join(dir, 'project.mbsproj')
    fs.writeFileSync(file, 'old content')
    let calls = 0
    const original = fs[fn] as (...a: unknown[]) => unknown
    vi.spyOn(fs, fn).mockImplementation(((...args: unknown[]) => {
      // The first writeSync writes half of the data, then the disk is "full": a torn write.
      if (fn === 'writeSync' && calls++ === 0) return original(args[0], args[1], args[2], 5)
      throw new Error(message)
    }) as never)
    expect(() => writeFileAtomic(file, 'new content that never fully arrives')).toThrow(message)
    vi.restoreAllMocks()
    expect(fs.readFileSync(file, 'utf8')).toBe('old content')
    expect(fs.readdirSync(dir)).toEqual(['project.mbsproj'])
  })

  it('fails without touching anything when the directory does not exist', () => {
    const missing = path.join(tempDir(), 'no', 'such', 'dir', 'x.csv')
    expect(() => writeFileAtomic(missing, 'x')).toThrow(/ENOENT/)
  })

  it('refuses to replace a directory and leaves it as it was', () => {
    const dir = tempDir()
    const target = path.join(dir, 'results')
    fs.mkdirSync(target)
    fs.writeFileSync(path.join(target, 'keep'), 'k')
    expect(() => writeFileAtomic(target, 'x')).toThrow()
    expect(fs.readFileSync(path.join(target, 'keep'), 'utf8')).toBe('k')
    expect(fs.readdirSync(dir)).toEqual(['results'])
  })
})

describe('writeFileAtomic updates the file the user has', () => {
  it('keeps the mode of an existing file (0600 stays 0600)', () => {
    const file = path.join(tempDir(), 'secret.mbsproj')
    fs.writeFileSync(file, 'old', { mode: 0o600 })
    fs.chmodSync(file, 0o600)
    writeFileAtomic(file, 'new')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(fs.readFileSync(file, 'utf8')).toBe('new')
  })

  it('writes through a symbolic link to its target and keeps the link', () => {
    const dir = tempDir()
    const real = path.join(dir, 'real.mbsproj')
    const link = path.join(dir, 'link.mbsproj')
    fs.writeFileSync(real, 'old')
    fs.symlinkSync('real.mbsproj', link)
    writeFileAtomic(link, 'new')
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true)
    expect(fs.readFileSync(real, 'utf8')).toBe('new')
  })

  it('refuses a read-only file and leaves it as it was', () => {
    const file = path.join(tempDir(), 'frozen.mbsproj')
    fs.writeFileSync(file, 'old')
    fs.chmodSync(file, 0o444)
    expect(() => writeFileAtomic(file, 'new')).toThrow(/read-only; it is not overwritten/)
    expect(fs.readFileSync(file, 'utf8')).toBe('old')
  })

  it('removes temporary files an interrupted save of the same file left behind', () => {
    const dir = tempDir()
    const file = path.join(dir, 'a.mbsproj')
    // PID 2^22 + 1 is above Linux's pid_max limit, so no process has it.
    const stale = path.join(dir, `.a.mbsproj.${(1 << 22) + 1}.3.tmp`)
    const other = path.join(dir, `.b.mbsproj.${(1 << 22) + 1}.3.tmp`)
    fs.writeFileSync(stale, 'half')
    fs.writeFileSync(other, 'half')
    writeFileAtomic(file, 'new')
    expect(fs.readdirSync(dir).sort()).toEqual([path.basename(other), 'a.mbsproj'].sort())
  })
})

describe('writeFileAtomic keeps hard links', () => {
  it('updates a hard-linked file in place: both names see the new content, one inode, no temporary', () => {
    const dir = tempDir()
    const file = path.join(dir, 'model.mbsproj')
    const other = path.join(dir, 'backup-link.mbsproj')
    fs.writeFileSync(file, 'old content, longer than the new one')
    fs.chmodSync(file, 0o600)
    fs.linkSync(file, other)
    const inode = fs.statSync(file).ino
    writeFileAtomic(file, 'new')
    expect(fs.readFileSync(other, 'utf8')).toBe('new')
    expect(fs.statSync(file).ino).toBe(inode)
    expect(fs.statSync(file).nlink).toBe(2)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(dir).sort()).toEqual(['backup-link.mbsproj', 'model.mbsproj'])
  })

  it('a failed copy into the hard-linked file names where the complete new content is', () => {
    const dir = tempDir()
    const file = path.join(dir, 'model.mbsproj')
    fs.writeFileSync(file, 'old')
    fs.linkSync(file, path.join(dir, 'link.mbsproj'))
    vi.spyOn(fs, 'ftruncateSync').mockImplementation(() => {
      throw new Error('EIO: i/o error')
    })
    expect(() => writeFileAtomic(file, 'new content')).toThrow(
      new RegExp(
        /model\.mbsproj: the update of the hard-linked file failed \(EIO: i\/o error\)/.source +
          /; the new content is in .*\.model\.mbsproj\.\d+\.\d+\.tmp$/.source,
      ),
    )
    vi.restoreAllMocks()
    const kept = fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'))
    expect(kept).toHaveLength(1)
    expect(fs.readFileSync(path.join(dir, kept[0]), 'utf8')).toBe('new content')
  })
})
