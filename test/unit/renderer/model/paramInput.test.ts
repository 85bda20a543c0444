// The property editor's input rules: what a typed text becomes, and which values the item
// definition refuses (with the definition's own message), independent of any component.
import { describe, expect, it } from 'vitest'
import type { ParamSpec } from '../../../../src/core'
import {
  checkValue,
  colorToHex,
  compactNumberText,
  hexToColor,
  parseNumber,
  parseNumberList,
} from '../../../../src/renderer/model/paramInput'

describe('parseNumber', () => {
  it('reads decimal and exponent notation', () => {
    expect(parseNumber(' 2.5 ')).toEqual({ ok: true, value: 2.5 })
    expect(parseNumber('-1e-3')).toEqual({ ok: true, value: -0.001 })
  })

  it('refuses empty fields, words and non-finite values with a message', () => {
    expect(parseNumber('')).toEqual({ ok: false, message: 'expected a number, got an empty field' })
    expect(parseNumber('abc')).toMatchObject({ ok: false, message: /got "abc": unknown name 'abc'/ })
    expect(parseNumber('Infinity').ok).toBe(false)
    expect(parseNumber('1/0')).toMatchObject({ ok: false, message: /not a finite number/ })
  })

  it('evaluates arithmetic with pi, e and functions (the time-function parser, without t)', () => {
    expect(parseNumber('2*3')).toEqual({ ok: true, value: 6 })
    // The same double as the JavaScript expression: one rounding per operation, in the same order.
    expect(parseNumber('pi/4')).toEqual({ ok: true, value: Math.PI / 4 })
    expect(parseNumber('2^-1 + sqrt(2)')).toEqual({ ok: true, value: 0.5 + Math.SQRT2 })
    expect(parseNumber(' e ')).toEqual({ ok: true, value: Math.E })
    expect(parseNumber('2*t')).toMatchObject({ ok: false, message: /unknown name 't'/ })
  })
})

describe('parseNumberList', () => {
  it('accepts commas, spaces, semicolons and brackets', () => {
    expect(parseNumberList('[1, 2 3;4]')).toEqual({ ok: true, value: [1, 2, 3, 4] })
    expect(parseNumberList(' [ ] ')).toEqual({ ok: true, value: [] })
  })

  it('takes expressions as components, commas outside parentheses separating them', () => {
    expect(parseNumberList('[2 * pi, atan2(1, 1), -1/4]')).toEqual({
      ok: true,
      value: [2 * Math.PI, Math.PI / 4, -0.25],
    })
  })

  it('names the component that is not a number', () => {
    expect(parseNumberList('1, x, 3')).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^component 1: expected a number or an expression like 2\*pi\/3, got "x"/,
      ),
    })
  })
})

describe('checkValue against the definition', () => {
  const mass: ParamSpec = { type: 'number', doc: 'mass', unit: 'kg', min: 0, exclusiveMin: true }

  it('passes values inside the range and refuses the rest with the unit in the message', () => {
    expect(checkValue(mass, 2)).toEqual({ ok: true, value: 2 })
    const refused = checkValue(mass, -1)
    expect(refused.ok).toBe(false)
    expect((refused as { message: string }).message).toMatch(/> 0 kg/)
  })

  it('checks vector sizes, matrix shapes, enumerations and colours', () => {
    expect(checkValue({ type: 'vector', doc: '', size: 3 }, [1, 2]).ok).toBe(false)
    expect(checkValue({ type: 'vector', doc: '', size: 3 }, [1, 2, 3]).ok).toBe(true)
    expect(checkValue({ type: 'matrix', doc: '', rows: 2, cols: 2 }, [[1, 0], [0]]).ok).toBe(false)
    expect(checkValue({ type: 'enum', doc: '', values: ['a', 'b'] }, 'c').ok).toBe(false)
    expect(checkValue({ type: 'color', doc: '' }, [-1, -1, -1, -1]).ok).toBe(true)
    expect(checkValue({ type: 'color', doc: '' }, [2, 0, 0, 1]).ok).toBe(false)
  })
})

describe('colour conversion', () => {
  it('round-trips through #rrggbb to 1/255 (the colour input has 8 bits per channel)', () => {
    const color = [0.45, 0.6, 0.85, 0.5]
    const back = hexToColor(colorToHex(color), color[3])
    color.forEach((c, i) => expect(Math.abs(back[i] - c)).toBeLessThanOrEqual(0.5 / 255 + 1e-3))
    expect(colorToHex([1, 0, 2, 1])).toBe('#ff00ff')
  })
})

describe('compact number text (a number field not being edited)', () => {
  it('keeps the exponent and as many significant digits as fit (9 characters by default)', () => {
    expect(compactNumberText(String(-1.7347e-18))).toBe('-1.73e-18')
    expect(compactNumberText(String(1 / 3))).toBe('0.3333333')
    expect(compactNumberText(String(-2.5e-7 / 3))).toBe('-8.333e-8')
    // Independent check: the shown text, read back, is within half a unit of its 3rd digit (0.5 %) at least.
    for (const v of [-1.7347e-18, 1 / 3, 123456.789, 9.87654321e21, -0.00012345678, 2 ** 0.5 * 1e-300]) {
      const shown = compactNumberText(String(v))
      expect(shown.length).toBeLessThanOrEqual(10)
      expect(Math.abs(Number(shown) - v)).toBeLessThanOrEqual(0.005 * Math.abs(v))
    }
  })

  it('fits a narrower field with fewer digits, the exponent still shown', () => {
    expect(compactNumberText('-1.7347e-18', 8)).toBe('-1.7e-18')
    expect(compactNumberText('-1.7347e-18', 7)).toBe('-2e-18')
    expect(compactNumberText('0.123456789', 6)).toBe('0.1235')
    expect(compactNumberText('123456.789', 7)).toBe('123457')
    expect(compactNumberText('123456.789', 5)).toBe('1e+5')
  })

  it('leaves short numbers and text that is not a plain number as typed', () => {
    for (const text of ['0', '-9.81', '0.001', '1e-20', '123456789', '2 cm', 'x', '0.1 + 0.2e-300'])
      expect(compactNumberText(text)).toBe(text)
  })
})
