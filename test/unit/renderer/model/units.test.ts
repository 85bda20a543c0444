// Units typed into number fields, against the SI definitions of the units (BIPM SI brochure,
// 9th ed.: prefixes exact powers of ten, 1 deg = pi/180 rad, 1 min = 60 s, 1 N = 1 kg m s^-2).
// Tolerance 1e-15 relative: one or two roundings of a double (the product of typed value and factor).
import { describe, expect, it } from 'vitest'
import { conversionFactor, describeDimension, parseUnit } from '../../../../src/renderer/model/units'
import { parseNumber, parseNumberList } from '../../../../src/renderer/model/paramInput'

const close = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-15 * Math.abs(expected))
const value = (text: string, unit?: string) => {
  const parsed = parseNumber(text, unit)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.value as number
}

describe('parseUnit', () => {
  it('reads prefixed symbols, exponents, products and quotients', () => {
    expect(parseUnit('mm')).toEqual({ factor: 1e-3, dimension: [1, 0, 0, 0] })
    expect(parseUnit('kN')).toEqual({ factor: 1e3, dimension: [1, 1, -2, 0] })
    expect(parseUnit('kg m^2').dimension).toEqual([2, 1, 0, 0])
    close(parseUnit('kg m^2').factor, 1)
    expect(parseUnit('N m s/rad').dimension).toEqual([2, 1, -1, -1])
    expect(parseUnit('m/s^2').dimension).toEqual([1, 0, -2, 0])
    expect(parseUnit('1/m').dimension).toEqual([-1, 0, 0, 0])
    close(parseUnit('g cm^2').factor, 1e-7)
  })

  it('takes an exact name before a prefix: min is a minute, Pa a pascal, ms a millisecond', () => {
    expect(parseUnit('min')).toEqual({ factor: 60, dimension: [0, 0, 1, 0] })
    expect(parseUnit('Pa').dimension).toEqual([-1, 1, -2, 0])
    expect(parseUnit('ms')).toEqual({ factor: 1e-3, dimension: [0, 0, 1, 0] })
  })

  it('names what it does not know', () => {
    expect(() => parseUnit('furlong')).toThrow('unknown unit "furlong"')
    expect(() => parseUnit('')).toThrow('expected a unit')
  })
})

describe('conversionFactor', () => {
  it('converts to the definition unit, also to one of a vector of mixed units', () => {
    close(conversionFactor('deg', 'rad'), Math.PI / 180)
    close(conversionFactor('rpm', 'rad/s'), (2 * Math.PI) / 60)
    close(conversionFactor('N mm/deg', 'N/m, N m/rad'), 1e-3 / (Math.PI / 180))
  })

  it('refuses another dimension, saying which was expected', () => {
    expect(() => conversionFactor('deg', 'm')).toThrow('"deg" is an angle (rad), expected a length (m)')
    expect(() => conversionFactor('kg', 'N/m, N m/rad')).toThrow(
      'expected a stiffness (kg s^-2) or kg m^2 s^-2 rad^-1',
    )
    expect(describeDimension([0, 0, 0, 0])).toBe('a plain number')
  })
})

describe('parseNumber with units', () => {
  it('converts "10 mm", "5 deg", "2 kN" and expressions with units', () => {
    close(value('10 mm', 'm'), 0.01)
    close(value('5 deg', 'rad'), (5 * Math.PI) / 180)
    close(value('5°', 'rad'), (5 * Math.PI) / 180)
    expect(value('2 kN', 'N')).toBe(2000)
    close(value('pi/4 rad', 'rad'), Math.PI / 4)
    close(value('2*3 cm', 'm'), 0.06)
    close(value('1e-3 km', 'm'), 1)
    close(value('1.5 min', 's'), 90)
    expect(value('3', 'm')).toBe(3)
  })

  it('refuses a wrong dimension, an unknown unit, and a unit for a parameter without one', () => {
    expect(parseNumber('5 deg', 'm')).toEqual({
      ok: false,
      message: '"deg" is an angle (rad), expected a length (m)',
    })
    expect(parseNumber('5 furlong', 'm')).toMatchObject({
      ok: false,
      message: /got "5 furlong" \(unknown unit "furlong"\)/,
    })
    expect(parseNumber('5 mm')).toMatchObject({ ok: false, message: /without a unit .*got "5 mm"/ })
    expect(parseNumber('2*e', 'm')).toEqual({ ok: true, value: 2 * Math.E })
  })

  it('converts each component of a list', () => {
    const parsed = parseNumberList('10 mm, 0.2, 3 cm', 'm')
    expect(parsed.ok).toBe(true)
    const [a, b, c] = (parsed as { value: number[] }).value
    close(a, 0.01)
    expect(b).toBe(0.2)
    close(c, 0.03)
  })
})
