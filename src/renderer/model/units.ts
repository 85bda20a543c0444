// Units typed into number fields: "10 mm", "5 deg", "2 kN", "3 N m/deg" converted to the SI unit
// of the parameter's definition, refused when the dimension differs. Dimensions are exponents of
// metre, kilogram, second and radian (the angle kept as a dimension so that "5 m" is no angle).

/** Exponents of [m, kg, s, rad]. */
type Dimension = readonly number[]

export interface Quantity {
  /** Multiplier to SI (metre, kilogram, second, radian). */
  factor: number
  dimension: Dimension
}

const BASE = ['m', 'kg', 's', 'rad'] as const
/** The order SI writes base units in: kg m^2 s^-2. */
const WRITTEN = [1, 0, 2, 3]
const dim = (m: number, kg: number, s: number, rad: number): Dimension => [m, kg, s, rad]

/** Units that take an SI prefix, with their value in SI base units (the gram: 1e-3 kg). */
const PREFIXABLE: Record<string, Quantity> = {
  m: { factor: 1, dimension: dim(1, 0, 0, 0) },
  g: { factor: 1e-3, dimension: dim(0, 1, 0, 0) },
  s: { factor: 1, dimension: dim(0, 0, 1, 0) },
  rad: { factor: 1, dimension: dim(0, 0, 0, 1) },
  N: { factor: 1, dimension: dim(1, 1, -2, 0) },
  Nm: { factor: 1, dimension: dim(2, 1, -2, 0) },
  Pa: { factor: 1, dimension: dim(-1, 1, -2, 0) },
  J: { factor: 1, dimension: dim(2, 1, -2, 0) },
  W: { factor: 1, dimension: dim(2, 1, -3, 0) },
  Hz: { factor: 1, dimension: dim(0, 0, -1, 0) },
}
/** Units without prefixes: degree, revolution, minute, hour, revolutions per minute. */
const PLAIN: Record<string, Quantity> = {
  deg: { factor: Math.PI / 180, dimension: dim(0, 0, 0, 1) },
  '°': { factor: Math.PI / 180, dimension: dim(0, 0, 0, 1) },
  rev: { factor: 2 * Math.PI, dimension: dim(0, 0, 0, 1) },
  min: { factor: 60, dimension: dim(0, 0, 1, 0) },
  h: { factor: 3600, dimension: dim(0, 0, 1, 0) },
  rpm: { factor: (2 * Math.PI) / 60, dimension: dim(0, 0, -1, 1) },
}
const PREFIXES: Record<string, number> = {
  G: 1e9,
  M: 1e6,
  k: 1e3,
  c: 1e-2,
  m: 1e-3,
  u: 1e-6,
  µ: 1e-6,
  μ: 1e-6,
  n: 1e-9,
}

const DIMENSION_NAMES: [Dimension, string][] = [
  [dim(1, 0, 0, 0), 'a length'],
  [dim(0, 1, 0, 0), 'a mass'],
  [dim(0, 0, 1, 0), 'a time'],
  [dim(0, 0, 0, 1), 'an angle'],
  [dim(1, 1, -2, 0), 'a force'],
  [dim(2, 1, -2, 0), 'a torque or energy'],
  [dim(1, 0, -1, 0), 'a velocity'],
  [dim(1, 0, -2, 0), 'an acceleration'],
  [dim(0, 0, -1, 1), 'an angular velocity'],
  [dim(0, 1, -2, 0), 'a stiffness'],
  [dim(0, 1, -1, 0), 'a damping'],
  [dim(2, 1, 0, 0), 'an inertia'],
  [dim(0, 0, 0, 0), 'a plain number'],
]

/** A bare symbol in SI ("mm" -> 1e-3 m; an exact name before a prefixed one: "min", "Pa"). */
function symbol(name: string): Quantity | undefined {
  if (name in PLAIN) return PLAIN[name]
  if (name in PREFIXABLE) return PREFIXABLE[name]
  const prefix = PREFIXES[name[0]]
  const unit = PREFIXABLE[name.slice(1)]
  return prefix !== undefined && unit
    ? { factor: prefix * unit.factor, dimension: unit.dimension }
    : undefined
}

const power = (q: Quantity, n: number): Quantity => ({
  factor: q.factor ** n,
  dimension: q.dimension.map((d) => d * n),
})
const times = (a: Quantity, b: Quantity): Quantity => ({
  factor: a.factor * b.factor,
  dimension: a.dimension.map((d, i) => d + b.dimension[i]),
})

/**
 * A unit expression: symbols with optional ^exponent, multiplied by spaces, * or ·, divided by /
 * (which takes the next factor only: "N m s/rad" = N m s rad^-1); "1/m" starts from a one.
 * Throws an Error naming the part it does not know.
 */
export function parseUnit(text: string): Quantity {
  const tokens = text.trim().match(/[A-Za-zµμ°]+(\^-?\d+)?|1|[*·/]|\S/g) ?? []
  if (tokens.length === 0) throw new Error('expected a unit, got nothing')
  let result: Quantity = { factor: 1, dimension: dim(0, 0, 0, 0) }
  let divide = false
  for (const token of tokens) {
    if (token === '*' || token === '·') continue
    if (token === '/') {
      divide = true
      continue
    }
    const [name, exponent] = token.split('^')
    const unit = token === '1' ? { factor: 1, dimension: dim(0, 0, 0, 0) } : symbol(name)
    if (!unit) throw new Error(`unknown unit "${token}"`)
    result = times(result, power(unit, (exponent === undefined ? 1 : Number(exponent)) * (divide ? -1 : 1)))
    divide = false
  }
  return result
}

const sameDimension = (a: Dimension, b: Dimension) => a.every((d, i) => d === b[i])

/** "a length (m)", or the SI base units of a dimension without a name. */
export function describeDimension(dimension: Dimension): string {
  const named = DIMENSION_NAMES.find(([d]) => sameDimension(d, dimension))?.[1]
  const si = WRITTEN.map((i) => [dimension[i], BASE[i]] as const)
    .map(([d, base]) => (d === 0 ? '' : d === 1 ? base : `${base}^${d}`))
    .filter((part) => part !== '')
    .join(' ')
  return named ? `${named}${si ? ` (${si})` : ''}` : si
}

/**
 * The factor that turns a value typed in `typed` into the parameter's unit `target` (a definition's
 * unit; "N/m, N m/rad" lists the units of a vector's components, any of which a typed unit may
 * match). Throws an Error saying which dimension was expected when none matches.
 */
export function conversionFactor(typed: string, target: string): number {
  const from = parseUnit(typed)
  const targets = target.split(',').map((t) => parseUnit(t))
  const match = targets.find((t) => sameDimension(t.dimension, from.dimension))
  if (match) return from.factor / match.factor
  const expected = targets.map((t) => describeDimension(t.dimension)).join(' or ')
  throw new Error(`"${typed.trim()}" is ${describeDimension(from.dimension)}, expected ${expected}`)
}
