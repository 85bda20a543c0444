// SHA-256 against the FIPS 180-2 example vectors and against Node's crypto (OpenSSL) on random input
// of every length around the padding boundaries (55/56/64 bytes) and beyond one block.
import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sha256 } from '../../../../src/core/results/sha256'

describe('sha256', () => {
  it('gives the published digests', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    )
  })

  it('equals Node crypto for lengths 0..200 and UTF-8 text', () => {
    for (let n = 0; n <= 200; n++) {
      const bytes = randomBytes(n)
      expect(sha256(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'))
    }
    const text = 'Größe ✓ 质量'
    expect(sha256(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'))
  })
})
