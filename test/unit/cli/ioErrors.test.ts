// `mbs run` when the disk fails: exit 73 with the path and the system's message, never 70; no stub
// results file (one without a complete frame) and no open descriptor. A full disk is /dev/full
// (ENOSPC on every write) and, where this process may mount one (root on Linux), a 4 KiB tmpfs.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/cli/main'
import { ResultsReader } from '../../../src/core'
import { FileSource } from '../../../src/node/runFiles'
import { canMountSmallDisk, hasDevFull, removeSmallDisks, smallDisk } from '../node/smallDisk'
import { REPO_ROOT } from './spawnCli'

const example = (name: string) => path.join(REPO_ROOT, 'resources', 'examples', name)
const openDescriptors = () => fs.readdirSync('/proc/self/fd').length

function mbs(...argv: string[]): { code: number; err: string[] } {
  const err: string[] = []
  const code = main(argv, { out: () => undefined, err: (l) => err.push(l) })
  return { code, err }
}

afterAll(removeSmallDisks)
const canMount = canMountSmallDisk()

describe('mbs run: I/O errors are exit 73 naming the path', () => {
  it.runIf(hasDevFull)('--results on a disk full from the start (/dev/full)', () => {
    const before = openDescriptors()
    const { code, err } = mbs('run', example('pendulum.mbsproj'), '--results', '/dev/full')
    expect(code).toBe(73)
    expect(err).toEqual([
      'mbs run: cannot write the results file "/dev/full": no space left on device (ENOSPC)',
    ])
    expect(openDescriptors()).toBe(before)
  })

  it.runIf(canMount)('a header that does not fit leaves no results file behind', () => {
    // The cable-over-pulley project (25 kB) makes a header larger than the 4 KiB disk.
    const dir = smallDisk(4096)!
    const results = path.join(dir, 'run.mbsres')
    const before = openDescriptors()
    const { code, err } = mbs('run', example('cableOverPulley.mbsproj'), '--results', results)
    expect(code).toBe(73)
    expect(err).toEqual([
      `mbs run: cannot write the results file "${results}": no space left on device (ENOSPC)`,
    ])
    expect(fs.readdirSync(dir)).toEqual([])
    expect(openDescriptors()).toBe(before)
  })

  it.runIf(canMount)('a disk that fills during the run keeps every complete frame readable', () => {
    // 12 KiB hold the header and a few dozen pendulum frames of the 201 the run writes.
    const dir = smallDisk(12288)!
    const results = path.join(dir, 'run.mbsres')
    const before = openDescriptors()
    const { code, err } = mbs('run', example('pendulum.mbsproj'), '--results', results)
    expect(code).toBe(73)
    expect(err).toEqual([
      `mbs run: cannot write the results file "${results}": no space left on device (ENOSPC)`,
    ])
    expect(openDescriptors()).toBe(before)
    const source = new FileSource(results)
    const reader = ResultsReader.open(source)
    expect(reader.frameCount).toBeGreaterThan(0)
    expect(reader.frameCount).toBeLessThan(201)
    expect(reader.frameTime(0)).toBe(0)
    source.close()
  })

  it.runIf(canMount)('sensor files on a full disk', () => {
    const dir = smallDisk(4096)!
    fs.writeFileSync(path.join(dir, 'filler'), Buffer.alloc(4096))
    const { code, err } = mbs('run', example('pendulum.mbsproj'), '--sensors-dir', dir)
    expect(code).toBe(73)
    expect(err[0]).toMatch(
      new RegExp(
        /^mbs run: cannot write the sensor file ".*bobPositionSensor\.csv"/.source +
          /: no space left on device \(ENOSPC\)$/.source,
      ),
    )
  })
})
