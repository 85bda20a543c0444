// The bundled example projects: resources/examples/NAME.mbsproj.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ApiError } from '../shared/protocol'

const EXTENSION = '.mbsproj'
// A name is a plain file stem, so a request can never reach outside the examples folder.
const SAFE_NAME = /^[A-Za-z0-9_-]+$/

export function createExampleLibrary(dir: string) {
  return {
    async list(): Promise<string[]> {
      const files = await readdir(dir).catch(() => [])
      return files
        .filter((file) => file.endsWith(EXTENSION))
        .map((file) => file.slice(0, -EXTENSION.length))
        .sort()
    },
    async read(name: string): Promise<string> {
      if (!SAFE_NAME.test(name)) throw new ApiError('invalid-params', `Invalid example name "${name}"`)
      try {
        return await readFile(join(dir, name + EXTENSION), 'utf8')
      } catch {
        throw new ApiError('not-found', `Example "${name}" not found in ${dir}`)
      }
    },
  }
}
