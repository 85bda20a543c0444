// `mbs modes`: the --json contract (last stdout line, every mode with rigid-body ones, sorted), the
// table, and the exit codes; frequencies against the closed form of a two-mass chain.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { hangingChain } from '../../../bench/modesModels'
import { mbs } from '../../fixtures/cli'
import { projectFile, springChain } from '../../fixtures/coordinateSprings'
import { loadProjectJson, modalAnalysis, modesAt } from '../../../src/core'
import { spawnCli } from './spawnCli'

const m = 2,
  k = 50

/**
 * Two Mass1D on a fixed-free chain of coordinate springs (omega^2 = (k/m)(3 -+ sqrt 5)/2), and a free
 * third Mass1D without any spring: one rigid-body mode.
 */
const chainFile = (): string => projectFile('chain', springChain(2, m, k, { loose: true }))

const exact = [(3 - Math.sqrt(5)) / 2, (3 + Math.sqrt(5)) / 2].map(
  (r) => Math.sqrt((r * k) / m) / (2 * Math.PI),
)

describe('mbs modes', () => {
  it('--json (the real bin): last line {at, modes}, rigid-body mode first, frequencies in Hz', async () => {
    const { code, stdout, stderr } = await spawnCli(['modes', chainFile(), '--at', 'initial', '--json'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const result = JSON.parse(stdout.trimEnd().split('\n').at(-1)!)
    expect(result.at).toBe('initial')
    expect(result.modes).toHaveLength(3)
    expect(result.modes[0]).toMatchObject({ frequency: 0, dampingRatio: null, rigidBody: true })
    expect(result.modes[0].dominant).toEqual([{ item: 'loose', share: 1 }])
    // Dense symmetric eigenvalues: a few eps relative (docs/engine.md).
    for (let i = 0; i < 2; i++)
      expect(Math.abs(result.modes[i + 1].frequency / exact[i] - 1)).toBeLessThan(1e-12)
  })

  it('table with --damped and --count; default --at static', () => {
    const { code, out } = mbs('modes', chainFile(), '--damped', '--count', '2')
    expect(code).toBe(0)
    expect(out[0]).toMatch(/^mode\s+frequency \(Hz\)\s+damping ratio\s+dominant items$/)
    expect(out).toHaveLength(3)
    expect(out[1]).toMatch(/^1\s+0 \(rigid body\)\s+-\s+loose 100%$/)
    expect(Number(out[2].split(/\s+/)[1])).toBeCloseTo(exact[0], 6)
  })

  it('--from-checkpoint: the modes at the checkpoint equal those at --at its time, bit for bit', () => {
    // Exact restarts: the checkpoint holds the run's state at 0.3 s, so the linearization is the same.
    const project = path.join('resources', 'examples', 'doublePendulum.mbsproj')
    const ck = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-modes-')), 'at0.3.mbsck')
    expect(mbs('run', project, '--end-time', '0.3', '--save-checkpoint', ck).code).toBe(0)
    const fromCk = mbs('modes', project, '--from-checkpoint', ck, '--json')
    const atT = mbs('modes', project, '--at', '0.3', '--json')
    expect(fromCk.code).toBe(0)
    const a = JSON.parse(fromCk.out.at(-1)!),
      b = JSON.parse(atT.out.at(-1)!)
    expect(a.at).toEqual({ checkpoint: ck, time: 0.3 })
    expect(a.modes.length).toBeGreaterThan(0)
    expect(a.modes).toEqual(b.modes)
    const both = mbs('modes', project, '--at', '0.3', '--from-checkpoint', ck)
    expect(both.code).toBe(64)
    const other = mbs(
      'modes',
      path.join('resources', 'examples', 'pendulum.mbsproj'),
      '--from-checkpoint',
      ck,
    )
    expect(other.code).toBe(2)
    expect(other.err.join(' ')).toContain(
      `checkpoint ${ck}: the checkpoint was saved from a differently built model`,
    )
  })

  it('bad arguments: exit 64 with the expected forms', () => {
    const at = mbs('modes', chainFile(), '--at', 'later')
    expect(at.code).toBe(64)
    expect(at.err[0]).toContain('--at expects static, initial or a number in seconds, got "later"')
    const count = mbs('modes', chainFile(), '--count', '-1')
    expect(count.code).toBe(64)
    expect(count.err[0]).toContain('--count expects a whole number of modes')
  })

  it('a static state that cannot be found: exit 3 and the hint to use --at initial', () => {
    const r = mbs('modes', path.join('resources', 'examples', 'pendulum.mbsproj'))
    expect(r.code).toBe(3)
    expect(r.err[0]).toContain('--at initial linearizes at the initial state instead')
  })

  it('a large model with --count: the sparse solver, the same frequencies as the dense one', () => {
    const doc = {
      format: 'mbs-studio-project',
      version: 1,
      name: 'chain',
      model: hangingChain(150),
      simulationSettings: {},
    }
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-modes-')), 'chain.mbsproj')
    fs.writeFileSync(file, JSON.stringify(doc))
    const loaded = loadProjectJson(doc)
    if (!loaded.ok) throw new Error('invalid chain')
    expect(modesAt(loaded.project, 'initial', { count: 4 }).method).toBe('sparse')
    const dense = modalAnalysis(loaded.project, 'initial', { count: 4 }).modes
    const { code, out } = mbs('modes', file, '--at', 'initial', '--count', '4', '--json')
    expect(code).toBe(0)
    const result = JSON.parse(out.at(-1)!)
    expect(result.modes).toHaveLength(4)
    // Both solve the same pencil (test/validation/modesSparse.test.ts): 1e-9 relative.
    result.modes.forEach((mode: { frequency: number }, i: number) =>
      expect(Math.abs(mode.frequency / dense[i].frequency - 1)).toBeLessThan(1e-9),
    )
  })
})
