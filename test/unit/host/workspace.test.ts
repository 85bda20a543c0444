// The workspace confinement of the web host: every path is checked after its links are followed, so
// `..`, absolute paths and links pointing out are refused, naming the path, while links that stay
// inside and a workspace reached through a link itself work (real files in a temporary folder).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createWorkspace, MAX_LISTED_ENTRIES, type Workspace } from '../../../src/host/workspace'

let base: string
let root: string
let outside: string
let workspace: Workspace

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'mbs-workspace-')))
  root = join(base, 'ws')
  outside = join(base, 'outside')
  mkdirSync(join(root, 'models'), { recursive: true })
  mkdirSync(outside)
  writeFileSync(join(root, 'models', 'a.mbsproj'), '{}')
  writeFileSync(join(outside, 'secret.mbsproj'), '{}')
  workspace = createWorkspace(root)
})
afterEach(() => rmSync(base, { recursive: true, force: true }))

const refusal = (path: string) => ({
  code: 'forbidden',
  message: expect.stringContaining(`Refused ${path}: it is outside the workspace ${root}`),
})

describe('workspace paths', () => {
  it('resolves existing files inside, relative to the workspace or absolute', () => {
    expect(workspace.existing('models/a.mbsproj')).toBe(join(root, 'models', 'a.mbsproj'))
    expect(workspace.existing(join(root, 'models', 'a.mbsproj'))).toBe(join(root, 'models', 'a.mbsproj'))
    expect(workspace.target('models/new.mbsproj')).toBe(join(root, 'models', 'new.mbsproj'))
  })

  it.each([['../outside/secret.mbsproj'], ['models/../../outside/secret.mbsproj'], ['/etc/passwd'], ['/']])(
    'refuses %s, before and after following links',
    (path) => {
      expect(() => workspace.existing(path)).toThrow(expect.objectContaining(refusal(path)))
      expect(() => workspace.target(path)).toThrow(expect.objectContaining(refusal(path)))
    },
  )

  it('refuses a file that does not exist outside with the same message as one that does', () => {
    expect(() => workspace.existing(join(outside, 'none.mbsproj'))).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    )
  })

  it('refuses links pointing out: to a file, to a folder, and a new file in a linked folder', () => {
    symlinkSync(join(outside, 'secret.mbsproj'), join(root, 'link.mbsproj'))
    symlinkSync(outside, join(root, 'linkedDir'))
    expect(() => workspace.existing('link.mbsproj')).toThrow(expect.objectContaining(refusal('link.mbsproj')))
    expect(() => workspace.target('link.mbsproj')).toThrow(expect.objectContaining(refusal('link.mbsproj')))
    expect(() => workspace.existing('linkedDir/secret.mbsproj')).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    )
    expect(() => workspace.target('linkedDir/new.mbsproj')).toThrow(
      expect.objectContaining(refusal('linkedDir/new.mbsproj')),
    )
    expect(() => workspace.list('linkedDir')).toThrow(expect.objectContaining({ code: 'forbidden' }))
  })

  it('refuses writing through a link to a missing file (its target is unknown until written)', () => {
    symlinkSync(join(outside, 'created.mbsproj'), join(root, 'dangling.mbsproj'))
    expect(() => workspace.target('dangling.mbsproj')).toThrow(
      expect.objectContaining({ code: 'io-error', message: expect.stringContaining('dangling.mbsproj') }),
    )
  })

  it('follows links that stay inside to their target (a save writes the target)', () => {
    symlinkSync(join(root, 'models', 'a.mbsproj'), join(root, 'alias.mbsproj'))
    expect(workspace.existing('alias.mbsproj')).toBe(join(root, 'models', 'a.mbsproj'))
    expect(workspace.target('alias.mbsproj')).toBe(join(root, 'models', 'a.mbsproj'))
  })

  it('accepts a workspace reached through a link, by either name', () => {
    symlinkSync(root, join(base, 'wsLink'))
    const linked = createWorkspace(join(base, 'wsLink'))
    expect(linked.root).toBe(root)
    expect(linked.existing(join(base, 'wsLink', 'models', 'a.mbsproj'))).toBe(
      join(root, 'models', 'a.mbsproj'),
    )
    expect(linked.existing(join(root, 'models', 'a.mbsproj'))).toBe(join(root, 'models', 'a.mbsproj'))
    expect(() => linked.existing(join(base, 'wsLink', '..', 'outside', 'secret.mbsproj'))).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    )
  })

  it('names a missing file and a workspace that is no folder', () => {
    expect(() => workspace.existing('models/none.mbsproj')).toThrow(
      expect.objectContaining({
        code: 'io-error',
        message: 'Cannot read models/none.mbsproj: no such file or folder',
      }),
    )
    expect(() => workspace.target('none/x.mbsproj')).toThrow(
      expect.objectContaining({
        code: 'io-error',
        message: 'Cannot write none/x.mbsproj: no such file or folder',
      }),
    )
    expect(() => createWorkspace(join(root, 'models', 'a.mbsproj'))).toThrow(/a\.mbsproj: not a folder/)
    expect(() => createWorkspace(join(base, 'missing'))).toThrow(/missing: no such file or folder/)
  })
})

describe('workspace listing', () => {
  it('lists folders first, then the app files, with sizes and times; hides other and hidden files', () => {
    writeFileSync(join(root, 'run.mbsres'), 'x'.repeat(10))
    writeFileSync(join(root, 'b.mbsckpt'), 'xy')
    writeFileSync(join(root, 'notes.txt'), '')
    writeFileSync(join(root, '.a.mbsproj.1.tmp'), '')
    utimesSync(join(root, 'run.mbsres'), 1_000, 1_000)
    symlinkSync(outside, join(root, 'away'))
    symlinkSync(join(root, 'models'), join(root, 'modelsLink'))
    const listing = workspace.list()
    expect(listing.root).toBe(root)
    expect(listing.dir).toBe(root)
    expect(listing.truncated).toBe(false)
    expect(listing.entries.map((e) => [e.name, e.kind, e.size])).toEqual([
      ['models', 'folder', 0],
      ['modelsLink', 'folder', 0],
      ['b.mbsckpt', 'checkpoint', 2],
      ['run.mbsres', 'results', 10],
    ])
    expect(listing.entries.find((e) => e.name === 'run.mbsres')?.modified).toBe(1_000_000)
    expect(workspace.list('models').entries.map((e) => e.path)).toEqual([join(root, 'models', 'a.mbsproj')])
  })

  it(`holds at most ${MAX_LISTED_ENTRIES} entries and says when it left some out`, () => {
    for (let i = 0; i <= MAX_LISTED_ENTRIES; i++) writeFileSync(join(root, `m${i}.mbsproj`), '')
    const listing = workspace.list()
    expect(listing.entries).toHaveLength(MAX_LISTED_ENTRIES)
    expect(listing.truncated).toBe(true)
  })
})
