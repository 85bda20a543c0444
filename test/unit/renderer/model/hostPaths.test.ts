// Host paths in the renderer: joined, split and cut into breadcrumbs the way the host's path module
// would (node:path posix and win32 are the reference).
import { posix, win32 } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  breadcrumbs,
  isAbsolutePath,
  joinPath,
  splitPath,
  withExtension,
} from '../../../../src/renderer/model/hostPaths'

describe('host paths', () => {
  it.each([
    ['/ws', 'a.mbsproj'],
    ['/ws/', 'a.mbsproj'],
    ['/', 'a.mbsproj'],
    ['/ws', 'sub/a.mbsproj'],
  ])('joins %s and %s as path.posix.join does', (dir, name) => {
    expect(joinPath(dir, name)).toBe(posix.join(dir, name))
  })

  it('joins Windows folders with a backslash and keeps absolute names', () => {
    expect(joinPath('C:\\ws', 'a.mbsproj')).toBe(win32.join('C:\\ws', 'a.mbsproj'))
    expect(joinPath('/ws', '/etc/passwd')).toBe('/etc/passwd')
    expect(joinPath('C:\\ws', 'D:\\x.mbsproj')).toBe('D:\\x.mbsproj')
  })

  it.each(['/', '/a', 'C:\\a', 'C:/a', '\\\\server\\share'])('%s is absolute', (path) => {
    expect(isAbsolutePath(path)).toBe(true)
  })

  it.each(['a', 'a/b', '../a', 'C:a'])('%s is relative', (path) => {
    expect(isAbsolutePath(path)).toBe(false)
  })

  it.each(['/ws/a.mbsproj', '/a.mbsproj', '/ws/sub/'])(
    'splits %s as path.posix dirname and basename',
    (path) => {
      const { dir, name } = splitPath(path)
      expect(dir).toBe(posix.dirname(path.endsWith('/') ? path + 'x' : path))
      expect(name).toBe(path.endsWith('/') ? '' : posix.basename(path))
    },
  )

  it('splits Windows paths and plain names', () => {
    expect(splitPath('C:\\ws\\a.mbsproj')).toEqual({ dir: 'C:\\ws', name: 'a.mbsproj' })
    expect(splitPath('C:\\a.mbsproj')).toEqual({ dir: 'C:\\', name: 'a.mbsproj' })
    expect(splitPath('a.mbsproj')).toEqual({ dir: '', name: 'a.mbsproj' })
  })

  it('cuts the breadcrumbs from the root down', () => {
    expect(breadcrumbs('/home/u/ws', '/home/u/ws/models/old')).toEqual([
      { name: 'ws', path: '/home/u/ws' },
      { name: 'models', path: '/home/u/ws/models' },
      { name: 'old', path: '/home/u/ws/models/old' },
    ])
    expect(breadcrumbs('/', '/tmp')).toEqual([
      { name: '/', path: '/' },
      { name: 'tmp', path: '/tmp' },
    ])
    expect(breadcrumbs('/ws', '/ws')).toEqual([{ name: 'ws', path: '/ws' }])
  })

  it('adds an extension a name lacks and refuses another one', () => {
    expect(withExtension('/ws/shot', '.png')).toBe('/ws/shot.png')
    expect(withExtension('/ws/shot.PNG', '.png')).toBe('/ws/shot.PNG')
    expect(withExtension('C:\\ws\\.hidden', '.mp4')).toBe('C:\\ws\\.hidden.mp4')
    expect(() => withExtension('/ws.d/clip.webm', '.mp4')).toThrow(
      'clip.webm: expected a file name ending in .mp4',
    )
  })
})
