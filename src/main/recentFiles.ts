// The Open Recent list: newest first, at most MAX_RECENT, kept in a small JSON file (atomic writes).
import { readFileSync } from 'node:fs'
import { writeFileAtomic } from '../node/atomicWrite'

const MAX_RECENT = 10

export interface RecentFiles {
  list(): string[]
  add(path: string): void
  clear(): void
}

export function createRecentFiles(file: string): RecentFiles {
  let paths = read(file)
  const save = () => writeFileAtomic(file, JSON.stringify(paths))
  return {
    list: () => [...paths],
    add(path) {
      paths = [path, ...paths.filter((p) => p !== path)].slice(0, MAX_RECENT)
      save()
    },
    clear() {
      paths = []
      save()
    },
  }
}

function read(file: string): string[] {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'))
    return Array.isArray(value)
      ? value.filter((p): p is string => typeof p === 'string').slice(0, MAX_RECENT)
      : []
  } catch {
    return []
  }
}
