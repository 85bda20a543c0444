// Standard output of the real bin (src/cli/io.ts writes it to the descriptor at once): complete through
// a pipe, and a reader that has gone (EPIPE, as in `mbs help | head -1`) ends the output quietly
// instead of an unhandled stream error with a stack trace and exit 1.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { generalHelp } from '../../../src/cli/help'
import { REPO_ROOT, spawnCli } from './spawnCli'

const BIN = path.join(REPO_ROOT, 'bin', 'mbs.cjs')

describe('mbs on standard output', () => {
  it('writes the whole help through a pipe', async () => {
    const r = await spawnCli(['--help'])
    expect(r).toEqual({ code: 0, stdout: generalHelp() + '\n', stderr: '' })
  })

  it('stops quietly, exit 0, when the reader has gone', async () => {
    const child = spawn(process.execPath, [BIN, 'help', 'run'], { stdio: ['ignore', 'pipe', 'pipe'] })
    // Closed long before Node has started the bin and writes: its write fails with EPIPE.
    child.stdout.destroy()
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
  })
})
