// MBS_PROFILE: `mbs run` reports the CPU, wall and main-thread CPU time of its phases on standard error,
// in order, and the same run without it prints nothing extra (the values are not checked: tests never
// time).
import { describe, expect, it } from 'vitest'
import { spawnCli } from './spawnCli'

const RUN = ['run', 'resources/examples/pendulum.mbsproj', '--end-time', '0.01', '--json']
const PHASES = [
  'start (bundle loaded)',
  'read, parse, validate',
  'checks before the run',
  'build the system',
  'create the solver',
  'initialize the solver',
  'first step',
  'steps',
  'outputs',
]

describe('MBS_PROFILE', () => {
  it('lists the phases of a run with their CPU and wall milliseconds, and nothing when unset', async () => {
    const profiled = await spawnCli(RUN, { MBS_PROFILE: '1' })
    expect(profiled.code).toBe(0)
    const lines = profiled.stderr.trim().split('\n')
    expect(lines.map((l) => l.slice(0, 24).trim())).toEqual(PHASES)
    for (const l of lines)
      expect(l).toMatch(/ cpu +\d+\.\d ms {2}wall +\d+\.\d ms {2}main thread +\d+\.\d ms$/)
    const plain = await spawnCli(RUN, { MBS_PROFILE: '' })
    expect(plain.code).toBe(0)
    expect(plain.stderr).toBe('')
    expect(JSON.parse(plain.stdout).steps).toBe(JSON.parse(profiled.stdout).steps)
  }, 60_000)
})
