// A full disk for I/O error tests: a tmpfs of a few KiB, where this process may mount one (root on
// Linux); /dev/full (ENOSPC on every write) needs no mount.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const mounted: string[] = []

/** A fresh tmpfs of `size` bytes, or undefined where mounting is not allowed. */
export function smallDisk(size: number): string | undefined {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-full-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' })
  } catch {
    fs.rmdirSync(dir)
    return undefined
  }
  mounted.push(dir)
  return dir
}

/** Unmounts and removes every disk smallDisk made (call in afterAll). */
export function removeSmallDisks(): void {
  for (const dir of mounted.splice(0)) {
    execFileSync('umount', [dir])
    fs.rmdirSync(dir)
  }
}

export const canMountSmallDisk = (): boolean => smallDisk(4096) !== undefined
export const hasDevFull = fs.existsSync('/dev/full')
