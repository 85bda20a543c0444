// Hostile project files are refused with a message naming the path and the limit, quickly and
// without a stack overflow: the limits are checked before any validation work.
import { describe, expect, it } from 'vitest'
import { compileTimeFunction, expressionProblem, INPUT_LIMITS, parseProject } from '../../../../src/core'

const project = (model: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ format: 'mbs-studio-project', version: 1, name: '', model, ...extra })

function problemsOf(text: string): string[] {
  const r = parseProject(text)
  expect(r.ok).toBe(false)
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`)
}

describe('input bounds at load', () => {
  it('refuses nesting deeper than the limit, however deep, naming the path', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    const [problem] = problemsOf(`{"format": "mbs-studio-project", "version": 1, "view": ${deep}}`)
    expect(problem).toMatch(/^view(\[0\])+: nested deeper than 64 levels$/)
  })

  it('refuses an overlong string and cuts it in the message', () => {
    const name = 'x'.repeat(INPUT_LIMITS.stringLength + 1)
    const [problem] = problemsOf(project({ nodes: [{ type: 'NodePoint', name }] }))
    expect(problem).toBe(
      `model.nodes[0].name: a string of ${name.length} characters; at most ${INPUT_LIMITS.stringLength}`,
    )
  })

  it('gives no edit-distance hint for a long type name, and echoes it cut', () => {
    const type = 'NodePoint'.repeat(10_000)
    const [problem] = problemsOf(project({ nodes: [{ type }] }))
    expect(problem).not.toMatch(/did you mean/)
    expect(problem.length).toBeLessThan(2000)
    expect(problem).toMatch(/\(90000 characters\)/)
  })

  it('still hints for a short misspelt type', () => {
    expect(problemsOf(project({ nodes: [{ type: 'Piont' }] }))[0]).toMatch(/did you mean "Point"/)
  })

  it('refuses a text over the size limit before parsing it', () => {
    const text = ' '.repeat(INPUT_LIMITS.textLength + 1)
    expect(problemsOf(text)[0]).toMatch(/^\(file\): the file has \d+ characters; at most/)
  })

  it('treats __proto__, constructor and toString as unknown parameters', () => {
    const text =
      '{"format": "mbs-studio-project", "version": 1, "model": {"nodes": [{"type": "Point", ' +
      '"__proto__": 1, "constructor": 2, "toString": 3}]}}'
    const problems = problemsOf(text)
    for (const key of ['__proto__', 'constructor', 'toString'])
      expect(problems).toContainEqual(expect.stringMatching(new RegExp(`unknown parameter "${key}"`)))
  })

  it('accepts a UTF-8 byte order mark', () => {
    expect(parseProject('\ufeff' + project({})).ok).toBe(true)
  })

  it('reports 200,000 bad items (beyond any argument spread) without overflowing the stack', () => {
    const nodes = '{"type": 1},'.repeat(200_000).slice(0, -1)
    const text = `{"format": "mbs-studio-project", "version": 1, "model": {"nodes": [${nodes}]}}`
    expect(problemsOf(text)).toHaveLength(200_000)
  })
})

describe('expression limits', () => {
  it('refuses an expression longer than the limit', () => {
    expect(expressionProblem('t+'.repeat(100_000) + 't')).toMatch(/at most 4096 are allowed/)
  })
  it('refuses nesting deeper than 64 levels, of parentheses, signs and powers', () => {
    expect(expressionProblem('('.repeat(65) + 't' + ')'.repeat(65))).toMatch(/nested deeper than 64/)
    expect(expressionProblem('-'.repeat(65) + 't')).toMatch(/signs in a row/)
    expect(expressionProblem('t' + '^t'.repeat(65))).toMatch(/powers in a chain/)
  })
  it('evaluates the longest allowed sum: 2048 terms of t at t = 0.5 give 1024', () => {
    expect(compileTimeFunction(Array(2048).fill('t').join('+'))(0.5)).toBe(1024)
  })
  it('does not call Object.prototype members as functions', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(expressionProblem(`${name}(t)`)).toMatch(/unknown name/)
  })
})
