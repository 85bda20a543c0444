// Input files: a FIFO is refused at once (it used to block the process), a Latin-1 file is refused
// with the offset of its first non-UTF-8 byte, a BOM file loads; the same through `mbs validate`.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/cli/main'
import { InputFileError, readInputBytes, readInputText } from '../../../src/node/inputFiles'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbs-input-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function validate(file: string): { code: number; out: string } {
  const lines: string[] = []
  const code = main(['validate', file], { out: (l) => lines.push(l), err: (l) => lines.push(l) })
  return { code, out: lines.join('\n') }
}

describe('input files', () => {
  it('refuses a FIFO without blocking on it', () => {
    const fifo = path.join(dir, 'pipe.mbsproj')
    execFileSync('mkfifo', [fifo])
    expect(() => readInputBytes(fifo)).toThrow(/is a named pipe \(FIFO\); expected a file/)
    expect(validate(fifo)).toMatchObject({ code: 66, out: expect.stringMatching(/named pipe/) })
  })

  it('refuses a folder', () => {
    expect(() => readInputBytes(dir)).toThrow(InputFileError)
  })

  it('refuses Latin-1 text naming the offset of the first bad byte', () => {
    const file = path.join(dir, 'latin1.mbsproj')
    const text = '{"format": "mbs-studio-project", "version": 1, "name": "Pendel f\u00fcr"}'
    fs.writeFileSync(file, Buffer.from(text, 'latin1'))
    expect(() => readInputText(file)).toThrow(/not UTF-8 text \(byte 0xfc at offset 64;/)
    const result = validate(file)
    expect(result.code).toBe(1)
    expect(result.out).toMatch(/save it as UTF-8/)
  })

  it('reads UTF-8 with and without a byte order mark', () => {
    const text = '{"format": "mbs-studio-project", "version": 1, "name": "Pendel f\u00fcr"}'
    for (const [name, prefix] of [
      ['plain.mbsproj', ''],
      ['bom.mbsproj', '\ufeff'],
    ]) {
      const file = path.join(dir, name)
      fs.writeFileSync(file, prefix + text, 'utf8')
      expect(validate(file).code).toBe(0)
    }
  })
})
