// The solver session when the results file's disk fails: at the run's start (/dev/full) the run
// request is answered 'io-error' naming the path and ENOSPC; a disk that fills during the run
// (a 12 KiB tmpfs, where this process may mount one) fails the run with an 'io-error' event, the
// complete frames before it readable. Never 'internal' or 'solver-error'.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ResultsReader } from '../../../src/core'
import { FileSource } from '../../../src/node/runFiles'
import type { ApiEventName, ApiEvents } from '../../../src/shared/api'
import { SolverSession } from '../../../src/solver-process/solverSession'
import { canMountSmallDisk, hasDevFull, removeSmallDisks, smallDisk } from '../node/smallDisk'

const PENDULUM = fs.readFileSync(
  path.resolve(__dirname, '../../../resources/examples/pendulum.mbsproj'),
  'utf8',
)
afterAll(removeSmallDisks)
const canMount = canMountSmallDisk()

function session() {
  const errors: ApiEvents['error'][] = []
  const finished: ApiEvents['finished'][] = []
  const emit = <E extends ApiEventName>(event: E, data: ApiEvents[E]): void => {
    if (event === 'error') errors.push(data as ApiEvents['error'])
    if (event === 'finished') finished.push(data as ApiEvents['finished'])
  }
  const s = new SolverSession(emit)
  s.openModel({ text: PENDULUM, revision: 1 })
  return { s, errors, finished }
}

describe('solver session: results file I/O errors', () => {
  it.runIf(hasDevFull)("a disk full at the start: the run request is answered 'io-error'", () => {
    const { s } = session()
    expect(() => s.run({ resultsPath: '/dev/full' })).toThrow(
      expect.objectContaining({
        code: 'io-error',
        message: 'cannot write the results file "/dev/full": no space left on device (ENOSPC)',
      }),
    )
  })

  it.runIf(canMount)("a disk that fills during the run fails it with an 'io-error' event", async () => {
    const file = path.join(smallDisk(12288)!, 'run.mbsres')
    const { s, errors, finished } = session()
    s.run({ resultsPath: file })
    while (finished.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    expect(finished[0].reason).toBe('failed')
    expect(errors).toEqual([
      {
        code: 'io-error',
        message: `cannot write the results file "${file}": no space left on device (ENOSPC)`,
      },
    ])
    const source = new FileSource(file)
    expect(ResultsReader.open(source).frameCount).toBeGreaterThan(0)
    source.close()
  })
})
