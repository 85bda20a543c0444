// The engine build id (scripts/engineBuild.cjs): SHA-256 of every file under src/core, each as its
// path, NUL, byte length, NUL and bytes in sorted path order, recomputed here by hand over a small tree;
// a changed byte, a renamed or an added file gives another id. Run from the sources, the engine has none.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { ENGINE_BUILD } from '../../../src/core/engineVersion'

const { engineBuildId, engineSources } = createRequire(import.meta.url)(
  '../../../scripts/engineBuild.cjs',
) as {
  engineBuildId(root: string): string
  engineSources(root: string): { dirs: string[]; files: string[] }
}

const root = mkdtempSync(join(tmpdir(), 'mbs-engine-build-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

it('hashes each file of src/core as path, NUL, length, NUL, bytes, in sorted path order', () => {
  mkdirSync(join(root, 'src/core/solvers'), { recursive: true })
  mkdirSync(join(root, 'src/cli'), { recursive: true })
  const tree: Record<string, string> = {
    'src/core/solvers/implicit.ts': 'export const a = 1\n',
    'src/core/index.ts': "export * from './solvers/implicit'\n",
    'src/core/Z.ts': 'é\n', // 3 bytes: the length is in bytes, and 'Z' sorts before 'i'
    'src/cli/run.ts': 'not the engine\n',
  }
  for (const [file, text] of Object.entries(tree)) writeFileSync(join(root, file), text)
  const order = ['src/core/Z.ts', 'src/core/index.ts', 'src/core/solvers/implicit.ts']
  expect(engineSources(root)).toEqual({ dirs: ['src/core', 'src/core/solvers'], files: order })
  const hash = createHash('sha256')
  for (const file of order) hash.update(`${file}\0${Buffer.byteLength(tree[file])}\0${tree[file]}`)
  const id = engineBuildId(root)
  expect(id).toBe(hash.digest('hex').slice(0, 16))

  writeFileSync(join(root, 'src/cli/run.ts'), 'still not the engine\n')
  expect(engineBuildId(root)).toBe(id)
  writeFileSync(join(root, 'src/core/index.ts'), "export * from './solvers/implicit' \n")
  const edited = engineBuildId(root)
  expect(edited).not.toBe(id)
  renameSync(join(root, 'src/core/Z.ts'), join(root, 'src/core/Y.ts'))
  const renamed = engineBuildId(root)
  expect([id, edited]).not.toContain(renamed)
  writeFileSync(join(root, 'src/core/solvers/empty.ts'), '')
  expect([id, edited, renamed]).not.toContain(engineBuildId(root))
})

it('is not known when the engine runs from its sources', () => {
  expect(ENGINE_BUILD).toBe('source')
})
